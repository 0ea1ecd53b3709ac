import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import SwiftProtobuf
import Testing

extension MessagingRPC {
  /// Text is bounded in UTF-8 bytes as well as characters, and pages in bytes as well as
  /// in count: one account cannot make another's inbox too large to serve (issue 26).
  @Suite struct TextSizeTests {
    /// "a" and 450,000 combining accents: one character, 900 KB. Eight of them made the
    /// recipient's every ListDirectMessages page pass the response limit.
    @Test func oneCharacterOfStackedAccentsIsRefusedNamingTextAndItsByteBound() async throws {
      try await MessagingFixture.run { env in
        let text = "a" + String(repeating: "\u{0301}", count: 450_000)
        #expect(text.count == 1)
        let refused = await rpcError {
          _ = try await env.messaging.sendDirectMessage(
            .with {
              $0.userID = env.ben.id; $0.text = text
            }, metadata: env.ana.metadata)
        }
        #expect(refused?.code == .invalidArgument)
        #expect(refused?.fieldViolations.map(\.field) == ["text"])
        #expect(refused?.fieldViolations.first?.description.contains("16384 bytes (UTF-8)") == true)
        let inbox = try await env.messaging.listDirectMessages(.with { $0.peerUserID = env.ana.id }, metadata: env.ben.metadata)
        #expect(inbox.messages.isEmpty)

        // Within the characters but over the bytes: refused the same way, in posts too.
        let overBytes = String(repeating: "e\u{0301}\u{0301}", count: 4000)
        #expect(overBytes.count == 4000 && overBytes.utf8.count == 20_000)
        let post = await rpcError { _ = try await env.messaging.createPost(.with { $0.text = overBytes }, metadata: env.ana.metadata) }
        #expect(post?.code == .invalidArgument)
        #expect(post?.fieldViolations.map(\.field) == ["text"])
      }
    }

    /// A full page of the largest messages allowed is more than a page's byte budget: the
    /// page holds fewer, and the token continues after the last one without a gap.
    @Test func aRecipientOfManyLargestMessagesPagesThroughThemAll() async throws {
      try await MessagingFixture.run { env in
        let count = 100
        // With a three-digit number, 4,000 characters and 15,991 bytes: at both bounds.
        let body = String(repeating: "\u{1F4AA}", count: 3997)
        for index in 0..<count {
          _ = try await env.messaging.sendDirectMessage(
            .with {
              $0.userID = env.ben.id; $0.text = String(format: "%03d", index) + body
            }, metadata: env.ana.metadata)
        }
        var seen: [String] = []
        var token = ""
        var pages = 0
        repeat {
          let page = try await env.messaging.listDirectMessages(
            .with {
              $0.peerUserID = env.ana.id; $0.pageSize = 100; $0.pageToken = token
            }, metadata: env.ben.metadata)
          let bytes: [UInt8] = try page.serializedBytes()
          #expect(bytes.count <= (1 << 20) + (64 << 10), "a page of \(page.messages.count) messages is \(bytes.count) bytes")
          #expect(!page.messages.isEmpty)
          seen += page.messages.map { String($0.text.prefix(3)) }
          token = page.nextPageToken
          pages += 1
        } while !token.isEmpty && pages < 10
        #expect(pages > 1)
        #expect(seen == (0..<count).reversed().map { String(format: "%03d", $0) })

        // The inbox shows the conversation with its last message.
        let inbox = try await env.messaging.listConversations(.with { $0.pageSize = 100 }, metadata: env.ben.metadata)
        #expect(inbox.conversations.count == 1)
        #expect(inbox.conversations.first?.lastMessage.text.hasPrefix(String(format: "%03d", count - 1)) == true)
      }
    }
  }
}
