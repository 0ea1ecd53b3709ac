import Foundation
import GymStore

/// The words of a daily digest: a subject that says what waits, and a plain-text body
/// listing it, with how to change or stop the digest. Messages are quoted briefly (the
/// mail goes to the user's own address, but a mailbox is not the app).
enum DigestMail {
  /// How much of the newest message of each conversation (and of a notification) is quoted.
  static let quoteLength = 120
  /// The most the listed entries may take: with the greeting and the footer the body
  /// stays well under auth's 20,000-byte limit however long the names and texts are.
  static let entriesBudget = 16_000

  static func compose(_ content: DigestContent, userID: String, id: String) -> UserMail {
    UserMail(
      userID: userID, id: id, subject: subject(content), body: body(content),
      about: content.aboutUserIDs.sorted())
  }

  static func subject(_ content: DigestContent) -> String {
    let messages = content.conversations.reduce(0) { $0 + $1.unread }
    var parts: [String] = []
    if messages > 0 { parts.append(count(messages, "new message", "new messages")) }
    if !content.friendRequests.isEmpty { parts.append(count(content.friendRequests.count, "friend request", "friend requests")) }
    if !content.notifications.isEmpty { parts.append(count(content.notifications.count, "notification", "notifications")) }
    return "You have " + list(parts)
  }

  static func body(_ content: DigestContent) -> String {
    let sections: [(String, [String])] = [
      (
        "Messages",
        content.conversations.map { conversation in
          let latest = conversation.latest.isEmpty ? "an attachment" : "\u{201C}\(quote(conversation.latest))\u{201D}"
          return "- \(quote(conversation.sender)): \(count(conversation.unread, "new message", "new messages")), the latest \(latest)"
        }
      ),
      ("Friend requests", content.friendRequests.map { "- \(quote($0)) wants to be your friend" }),
      ("Notifications", content.notifications.map { $0.body.isEmpty ? "- \(quote($0.title))" : "- \(quote($0.title)): \(quote($0.body))" }),
    ]
    var lines = ["Hello \(quote(content.displayName)),", "", "Here is what is waiting for you:"]
    var budget = entriesBudget
    for (heading, entries) in sections where !entries.isEmpty {
      lines += ["", heading]
      for (index, entry) in entries.enumerated() {
        budget -= entry.utf8.count + 1
        guard budget >= 0 else {
          lines.append("- and \(entries.count - index) more in the app")
          break
        }
        lines.append(entry)
      }
    }
    let time = String(format: "%02d:%02d", content.digestMinute / 60, content.digestMinute % 60)
    lines += [
      "", "Open the app to answer.", "",
      "You get this summary at \(time) your time on days when something is waiting. Choose what it includes, its time,",
      "or turn it off in the app's notification settings.",
    ]
    return lines.joined(separator: "\n")
  }

  private static func quote(_ text: String) -> String {
    let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    return line.count <= quoteLength ? line : String(line.prefix(quoteLength - 1)) + "\u{2026}"
  }

  private static func count(_ n: Int, _ one: String, _ many: String) -> String { n == 1 ? "1 \(one)" : "\(n) \(many)" }

  private static func list(_ parts: [String]) -> String {
    parts.count <= 1 ? parts.joined() : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
  }
}
