import Foundation
import GymAPI
import GymService
import GymStore

/// Checks what a direct message, a room message or a post carries, and a reaction to a
/// post; each problem is named by its request field.
enum MessageInput {
  /// A message's or post's text: 16 KiB keeps a message with its attachments and
  /// sender under 32 KB, so a full page of them fits the response limit.
  static let textBound = TextBound(characters: 4000, bytes: 16 << 10)

  static let maximumAttachments = 10

  /// The text of a message or post; it may be empty only when attachments carry it.
  static func text(_ text: String, attachments: [String] = []) throws(GymError) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    if attachments.count > maximumAttachments {
      throw .invalid([.init("attachment_ids", "at most \(maximumAttachments) attachments")])
    }
    guard textBound.allows(trimmed), !trimmed.isEmpty || !attachments.isEmpty else {
      throw .invalid([.init("text", "\(textBound.rule), and not empty without attachments")])
    }
    return trimmed
  }

  /// A reaction as stored: 0 none, 1 like, 2 dislike (`MessagingMapping.reaction` is the way back).
  static func reaction(_ reaction: Gym_Messaging_V1_Reaction) throws(GymError) -> Int {
    switch reaction {
    case .like: 1
    case .dislike: 2
    case .none: 0
    default: throw .invalid([.init("reaction", "must be LIKE, DISLIKE or NONE")])
    }
  }
}
