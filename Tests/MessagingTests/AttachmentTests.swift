import Crypto
import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension MessagingRPC {
  /// Attachments: typed from their bytes, limited in size, stored once by content,
  /// downloadable only by those who can see where they were sent.
  @Suite struct AttachmentTests {
    @Test func aPhotoSentInAConversationReachesOnlyItsMembers() async throws {
      try await MessagingFixture.run { env in
        let bytes = jpeg(size: 300_000)
        let uploaded = try await upload(env.messaging, bytes, as: env.ana)
        #expect(uploaded.mimeType == "image/jpeg")
        #expect(uploaded.sizeBytes == Int64(bytes.count))
        #expect(uploaded.sha256 == SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined())

        // Before it is sent, only its uploader may fetch it.
        let early = await rpcError { _ = try await download(env.messaging, uploaded.id, as: env.ben) }
        #expect(early?.code == .notFound)

        let sent = try await env.messaging.sendDirectMessage(
          .with {
            $0.userID = env.ben.id; $0.text = "form check"; $0.attachmentIds = [uploaded.id]
          }, metadata: env.ana.metadata
        ).message
        #expect(sent.attachments.map(\.id) == [uploaded.id])
        let listed = try await env.messaging.listDirectMessages(.with { $0.peerUserID = env.ana.id }, metadata: env.ben.metadata).messages
        #expect(listed[0].attachments.first?.filename == "photo.jpg")
        let (described, received) = try await download(env.messaging, uploaded.id, as: env.ben)
        #expect(received == bytes)
        #expect(described.id == uploaded.id)
        let outsider = await rpcError { _ = try await download(env.messaging, uploaded.id, as: env.cat) }
        #expect(outsider?.code == .notFound)

        // Someone else's upload cannot be attached.
        let stolen = await rpcError {
          _ = try await env.messaging.sendDirectMessage(
            .with {
              $0.userID = env.ana.id; $0.attachmentIds = [uploaded.id]
            }, metadata: env.cat.metadata)
        }
        #expect(stolen?.fieldViolations.map(\.field) == ["attachment_ids[0]"])
      }
    }

    @Test func theTypeComesFromTheBytesAndTheSizeIsLimited() async throws {
      try await MessagingFixture.run(maxAttachmentBytes: 50_000) { env in
        let lying = await rpcError { _ = try await upload(env.messaging, jpeg(size: 100), mimeType: "application/pdf", as: env.ana) }
        #expect(lying?.fieldViolations.map(\.field) == ["start.mime_type"])
        let script = await rpcError { _ = try await upload(env.messaging, Array("#!/bin/sh\nrm -rf /".utf8), as: env.ana) }
        #expect(script?.code == .invalidArgument)
        let big = await rpcError { _ = try await upload(env.messaging, jpeg(size: 60_000), as: env.ana) }
        #expect(big?.code == .resourceExhausted)
        let pdf = try await upload(env.messaging, Array("%PDF-1.7\n".utf8) + Array(repeating: 0x20, count: 100), filename: "plan.pdf", as: env.ana)
        #expect(pdf.mimeType == "application/pdf")
        // The same bytes again: a new attachment, the same stored file.
        let again = try await upload(env.messaging, Array("%PDF-1.7\n".utf8) + Array(repeating: 0x20, count: 100), filename: "copy.pdf", as: env.ben)
        #expect(again.id != pdf.id && again.sha256 == pdf.sha256)
        let (_, bytes) = try await download(env.messaging, again.id, as: env.ben)
        #expect(bytes.count == 109)
      }
    }

    @Test func roomAndPostAttachmentsFollowWhoCanSeeThem() async throws {
      try await MessagingFixture.run { env in
        let room = try await env.messaging.createRoom(.with { $0.name = "Form checks" }, metadata: env.ana.metadata).room
        let roomPhoto = try await upload(env.messaging, jpeg(size: 1000), as: env.ana)
        _ = try await env.messaging.postRoomMessage(
          .with {
            $0.roomID = room.id; $0.attachmentIds = [roomPhoto.id]
          }, metadata: env.ana.metadata)
        let notMember = await rpcError { _ = try await download(env.messaging, roomPhoto.id, as: env.ben) }
        #expect(notMember?.code == .notFound)
        _ = try await env.messaging.joinRoom(.with { $0.roomID = room.id }, metadata: env.ben.metadata)
        _ = try await download(env.messaging, roomPhoto.id, as: env.ben)

        let postPhoto = try await upload(env.messaging, jpeg(size: 1000), as: env.ana)
        let post = try await env.messaging.createPost(
          .with {
            $0.text = "PR!"; $0.attachmentIds = [postPhoto.id]
          }, metadata: env.ana.metadata
        ).post
        #expect(post.attachments.map(\.id) == [postPhoto.id])
        _ = try await download(env.messaging, postPhoto.id, as: env.cat)
        _ = try await env.messaging.blockUser(.with { $0.userID = env.cat.id }, metadata: env.ana.metadata)
        let blocked = await rpcError { _ = try await download(env.messaging, postPhoto.id, as: env.cat) }
        #expect(blocked?.code == .notFound)
      }
    }
  }
}
