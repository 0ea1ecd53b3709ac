import Foundation
import GymAPI
import GymService
import SwiftProtobuf
import Testing

@testable import GymMessaging

/// The bounds on what a message holds keep the largest one small: a full page of 100
/// of them fits the 4 MiB a gRPC client accepts by default, and a page's byte budget
/// holds many (issue 26).
@Suite struct LargestMessageTests {
  @Test func theLargestAcceptableMessageLeavesAFullPageUnderTheResponseLimit() throws {
    // 4,000 characters and 16,384 bytes: at both bounds.
    let text = String(repeating: "e\u{0301}\u{0301}", count: 384) + String(repeating: "\u{1F4AA}", count: 3616)
    #expect(text.count == 4000 && text.utf8.count == 16384)
    #expect(MessageInput.textBound.allows(text))
    let now = Date()
    var record = MessageRecord(
      rid: 1, id: ID.make(now: now), conversationID: ID.make(now: now), roomID: nil, senderID: ID.make(now: now), text: text,
      sentAt: now, deleted: false)
    record.attachments = (0..<MessageInput.maximumAttachments).map { _ in
      MessagingStore.AttachmentRecord(
        id: ID.make(now: now), ownerID: record.senderID, sha256: String(repeating: "f", count: 64), mimeType: "application/pdf",
        sizeBytes: 10 << 20, filename: String(repeating: "\u{1F4AA}", count: AttachmentFilename.maximumBytes / 4), createdAt: now)
    }
    let sender = Gym_Messaging_V1_UserRef.with {
      $0.userID = record.senderID
      $0.username = String(repeating: "a", count: 30)
      $0.displayName = String(repeating: "\u{1F4AA}", count: 100)
    }
    let largest: [UInt8] = try MessagingMapping.message(record, sender: sender).serializedBytes()
    #expect(largest.count < 32 << 10, "the largest message is \(largest.count) bytes")
    #expect(100 * (largest.count + 6) < 4 << 20)
    #expect(Paging.fitting(Array(repeating: MessagingMapping.message(record, sender: sender), count: 100)).count >= 30)
  }
}
