import Foundation
import GRDB
import GRPCCore
import GymAPI
import GymTesting
import Logging
import Synchronization
import Testing

@testable import GymMessaging

extension MessagingRPC {
  /// One account cannot fill the disk: a quota on what it holds, a cap on uploads open
  /// at once.
  @Suite struct AttachmentQuotaTests {
    @Test func anUploadPastTheQuotaIsRefusedNamingWhatIsUsed() async throws {
      try await MessagingFixture.run(configure: { $0.attachments.quotaBytes = 250_000 }) { env in
        let first = try await upload(env.messaging, jpeg(size: 150_000), as: env.ana)
        let refused = await rpcError { _ = try await upload(env.messaging, jpeg(size: 150_000), filename: "second.jpg", as: env.ana) }
        #expect(refused?.code == .resourceExhausted)
        #expect(refused?.message.contains("quota") == true)
        #expect(refused?.message.contains("you hold \(first.sizeBytes) of your 250000 bytes") == true)
        // Nothing was kept: the first is still all Ana holds, and another user has their own quota.
        let sent = try await env.messaging.sendDirectMessage(
          .with {
            $0.userID = env.ben.id; $0.text = "one"; $0.attachmentIds = [first.id]
          }, metadata: env.ana.metadata
        ).message
        #expect(sent.attachments.map(\.id) == [first.id])
        _ = try await upload(env.messaging, jpeg(size: 150_000), as: env.ben)
        let small = try await upload(env.messaging, jpeg(size: 50_000), filename: "small.jpg", as: env.ana)
        #expect(small.sizeBytes < 100_000)
      }
    }

    @Test func deletingWhatCarriedAnUploadGivesItsBytesBack() async throws {
      try await MessagingFixture.run(configure: { $0.attachments.quotaBytes = 250_000 }) { env in
        let photo = try await upload(env.messaging, jpeg(size: 150_000), as: env.ana)
        let post = try await env.messaging.createPost(
          .with {
            $0.text = "new PR"; $0.attachmentIds = [photo.id]
          }, metadata: env.ana.metadata
        ).post
        let refused = await rpcError { _ = try await upload(env.messaging, jpeg(size: 150_000), filename: "second.jpg", as: env.ana) }
        #expect(refused?.code == .resourceExhausted)
        // The post is gone, and with it what its picture held of Ana's quota.
        _ = try await env.messaging.deletePost(.with { $0.id = post.id }, metadata: env.ana.metadata)
        let again = try await upload(env.messaging, jpeg(size: 150_000), filename: "again.jpg", as: env.ana)
        #expect(again.filename == "again.jpg")
      }
    }

    @Test func anotherUploadWaitsWhileTheMostAllowedAreInFlight() async throws {
      try await MessagingFixture.run(configure: { $0.attachments.inFlight = 1 }) { env in
        let bytes = jpeg(size: 1000)
        let probe = Mutex<RPCError?>(nil)
        // Upload A stays open while B is tried. The server admits A when its start
        // arrives, which this side cannot see: B is tried until it is refused. Should B
        // get in first, A is the one refused (and its producer, trying B, is cancelled):
        // either way, of two uploads in flight at once, exactly one is refused.
        let refusedA = await rpcError {
          _ = try await env.messaging.uploadAttachment(metadata: env.ana.metadata) { writer in
            try await writer.write(.with { $0.start = .with { $0.filename = "open.jpg" } })
            try await writer.write(.with { $0.chunk = Data(bytes.prefix(500)) })
            for _ in 0..<50 {
              let error = await rpcError { _ = try await upload(env.messaging, bytes, filename: "second.jpg", as: env.ana) }
              if error?.code == .resourceExhausted { probe.withLock { $0 = error } }
              if error != nil || Task.isCancelled { break }
              try await Task.sleep(for: .milliseconds(10))
            }
            // Another user is not held up by Ana's uploads.
            _ = try await upload(env.messaging, bytes, as: env.ben)
            try await writer.write(.with { $0.chunk = Data(bytes.dropFirst(500)) })
          }
        }
        let refusedB = probe.withLock { $0 }
        let refused = try #require(refusedA ?? refusedB)
        #expect((refusedA == nil) != (refusedB == nil))
        #expect(refused.code == .resourceExhausted)
        #expect(refused.message == "you have 1 uploads in flight, the most allowed; wait for one to finish")
        // Once none is open, the next is admitted. A cancelled call's server side ends a
        // moment after the client's: a refusal for that moment is retried, boundedly.
        var admitted: Gym_Messaging_V1_Attachment?
        for _ in 0..<50 where admitted == nil {
          do {
            admitted = try await upload(env.messaging, bytes, filename: "after.jpg", as: env.ana)
          } catch let error as RPCError where error.code == .resourceExhausted {
            try await Task.sleep(for: .milliseconds(20))
          }
        }
        #expect(admitted?.filename == "after.jpg")
      }
    }
  }
}

/// Uploads never attached go after a day, files and rows, on a real database.
@Suite struct UnattachedUploadTests {
  @Test func uploadsNeverAttachedAreDeletedAfterADayWithTheirFiles() async throws {
    let directory = try temporaryDirectory("gym-messaging-uploads")
    let store = try MessagingStore(path: (directory as NSString).appendingPathComponent("messaging.sqlite")) { _ in }
    let files = try AttachmentFiles(directory: (directory as NSString).appendingPathComponent("attachments"))
    let now = Date()
    func record(_ id: String, sha: String, age: TimeInterval) throws -> MessagingStore.AttachmentRecord {
      try Data(sha.utf8).write(to: URL(fileURLWithPath: files.path(sha256: sha)))
      return .init(id: id, ownerID: "ana", sha256: sha, mimeType: "image/jpeg", sizeBytes: 10, filename: "\(id).jpg", createdAt: now - age)
    }
    let stale = try record("stale", sha: "aa", age: 25 * 3600)
    let sentLongAgo = try record("sent", sha: "bb", age: 25 * 3600)
    let fresh = try record("fresh", sha: "cc", age: 3600)
    // The same bytes as the stale upload, uploaded again recently: the file stays for it.
    let sharedFile = MessagingStore.AttachmentRecord(
      id: "again", ownerID: "ben", sha256: "aa", mimeType: "image/jpeg", sizeBytes: 10, filename: "again.jpg", createdAt: now)
    for attachment in [stale, sentLongAgo, fresh, sharedFile] { try await store.insertAttachment(attachment) }
    let room = try await store.createRoom(id: "r1", name: "Room", topic: "", programID: nil, ownerID: "ana", now: now - 25 * 3600)
    _ = try await store.postRoomMessage(
      messageID: "m1", roomID: room.id, senderID: "ana", text: "", attachmentIDs: ["sent"], now: now - 25 * 3600
    ) { _ in MessagingStore.EventDraft(userID: "", kind: 2, payload: Data()) }

    #expect(try await store.deleteUnattachedUploads(madeBefore: now - 24 * 3600, files: files) == 1)
    let left = try await store.writer.read { db in try String.fetchAll(db, sql: "SELECT id FROM attachments ORDER BY id") }
    #expect(left == ["again", "fresh", "sent"])
    #expect(FileManager.default.fileExists(atPath: files.path(sha256: "aa")))

    // A day after the shared upload too, its file goes with it; the sent one stays.
    #expect(try await store.deleteUnattachedUploads(madeBefore: now + 24 * 3600, files: files) == 2)
    #expect(!FileManager.default.fileExists(atPath: files.path(sha256: "aa")))
    #expect(!FileManager.default.fileExists(atPath: files.path(sha256: "cc")))
    #expect(FileManager.default.fileExists(atPath: files.path(sha256: "bb")))
    #expect(try await store.attachmentBytes(of: "ana") == 10)

    // Once the message that carried it is deleted, the sent one no longer counts and
    // goes with its file like an upload never sent.
    try await store.writer.write { db in try db.execute(sql: "UPDATE messages SET deleted_reason = 'by its sender' WHERE id = 'm1'") }
    #expect(try await store.attachmentBytes(of: "ana") == 0)
    #expect(try await store.deleteUnattachedUploads(madeBefore: now, files: files) == 1)
    #expect(!FileManager.default.fileExists(atPath: files.path(sha256: "bb")))
  }
}
