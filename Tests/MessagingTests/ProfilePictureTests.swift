import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

@testable import GymMessaging

extension MessagingRPC {
  /// A member's profile picture: one of their uploads, named on the profile by auth and
  /// downloadable by anyone signed in, blocks and bans applied.
  @Suite struct ProfilePictureTests {
    static func pdf() -> [UInt8] { Array("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n".utf8) }

    @Test func aPictureIsOnTheProfileAndOthersDownloadItUnlessBlockedOrBanned() async throws {
      try await MessagingFixture.run { env in
        let picture = TestImages.png(size: 4000, seed: 7)
        let uploaded = try await upload(env.messaging, picture, filename: "ana.png", as: env.ana)
        let set = try await env.messaging.setProfilePicture(.with { $0.attachmentID = uploaded.id }, metadata: env.ana.metadata)
        #expect(set.avatarURL == "/v1/attachments/\(uploaded.id)/content")
        // Auth's profile names it at once, for its owner and everyone else.
        #expect(try await env.running.auth.getMe(.init(), metadata: env.ana.metadata).user.profile.avatarURL == set.avatarURL)
        let seen = try await env.running.auth.getProfile(.with { $0.userID = env.ana.id }, metadata: env.ben.metadata).profile
        #expect(seen.avatarURL == set.avatarURL)

        // Ben, who shares nothing with Ana, downloads it once messaging has heard of it.
        @Sendable func bensCopy() async throws -> [UInt8]? {
          do {
            return try await download(env.messaging, uploaded.id, as: env.ben).1
          } catch let error as RPCError where error.code == .notFound {
            return nil
          }
        }
        #expect(try await eventually { try await bensCopy() == picture })
        // A copy held already: what it is, and no bytes.
        let revalidated = try await env.messaging.downloadAttachment(
          .with {
            $0.attachmentID = uploaded.id; $0.ifNoneMatch = "W/\"other\", \"\(uploaded.sha256)\""
          }, metadata: env.ben.metadata
        ) { response in
          var parts: [Gym_Messaging_V1_DownloadAttachmentResponse] = []
          for try await part in response.messages { parts.append(part) }
          return parts
        }
        #expect(revalidated.count == 1 && revalidated[0].attachment.sha256 == uploaded.sha256 && revalidated[0].chunk.isEmpty)
        let tooLong = await rpcError {
          _ = try await env.messaging.downloadAttachment(
            .with {
              $0.attachmentID = uploaded.id; $0.ifNoneMatch = String(repeating: "a", count: 1001)
            }, metadata: env.ben.metadata
          ) { response in for try await _ in response.messages {} }
        }
        #expect(tooLong?.code == .invalidArgument && tooLong?.message.contains("if_none_match") == true)

        // A block either way hides it; its end shows it again.
        _ = try await env.messaging.blockUser(.with { $0.userID = env.ben.id }, metadata: env.ana.metadata)
        #expect(try await bensCopy() == nil)
        _ = try await env.messaging.unblockUser(.with { $0.userID = env.ben.id }, metadata: env.ana.metadata)
        #expect(try await bensCopy() == picture)
        // A banned member's picture is hers alone until the ban ends.
        _ = try await env.messagingLifecycle.setUserStanding(
          .with {
            $0.userID = env.ana.id; $0.banned = true; $0.sequence = 100
          })
        #expect(try await bensCopy() == nil)
        #expect(try await download(env.messaging, uploaded.id, as: env.ana).1 == picture)
        _ = try await env.messagingLifecycle.setUserStanding(
          .with {
            $0.userID = env.ana.id; $0.banned = false; $0.sequence = 101
          })
        #expect(try await bensCopy() == picture)

        // A client sending the whole profile back keeps the picture; it cannot name another.
        let other = try await upload(env.messaging, TestImages.png(size: 100, seed: 9), filename: "other.png", as: env.ana)
        _ = try await env.running.auth.updateProfile(
          .with {
            $0.profile.avatarURL = set.avatarURL; $0.profile.bio = "Squats"; $0.updateMask = .with { $0.paths = ["avatar_url", "bio"] }
          }, metadata: env.ana.metadata)
        let named = await rpcError {
          _ = try await env.running.auth.updateProfile(
            .with {
              $0.profile.avatarURL = "/v1/attachments/\(other.id)/content"; $0.updateMask = .with { $0.paths = ["avatar_url"] }
            }, metadata: env.ana.metadata)
        }
        #expect(named?.code == .invalidArgument && named?.message.contains("SetProfilePicture") == true)
        #expect(try await env.running.auth.getMe(.init(), metadata: env.ana.metadata).user.profile.avatarURL == set.avatarURL)
        #expect(try await bensCopy() == picture)

        // A picture of her own elsewhere, or none: the upload is hers alone again.
        _ = try await env.running.auth.updateProfile(
          .with {
            $0.profile.avatarURL = "https://example.com/ana.png"; $0.updateMask = .with { $0.paths = ["avatar_url"] }
          }, metadata: env.ana.metadata)
        #expect(try await eventually { try await bensCopy() == nil })
        _ = try await env.messaging.setProfilePicture(.with { $0.attachmentID = uploaded.id }, metadata: env.ana.metadata)
        #expect(try await eventually { try await bensCopy() == picture })
        let cleared = try await env.messaging.setProfilePicture(.init(), metadata: env.ana.metadata)
        #expect(cleared.avatarURL.isEmpty)
        #expect(try await env.running.auth.getMe(.init(), metadata: env.ana.metadata).user.profile.avatarURL.isEmpty)
        #expect(try await eventually { try await bensCopy() == nil })
      }
    }

    @Test func onlyOnesOwnSmallPictureIsTaken() async throws {
      try await MessagingFixture.run { env in
        @Sendable func set(_ id: String, as user: MessagingFixture.User = env.ana) async -> RPCError? {
          await rpcError { _ = try await env.messaging.setProfilePicture(.with { $0.attachmentID = id }, metadata: user.metadata) }
        }
        let document = try await upload(env.messaging, Self.pdf(), filename: "plan.pdf", as: env.ana)
        let notPicture = await set(document.id)
        #expect(notPicture?.code == .invalidArgument && notPicture?.message.contains("application/pdf") == true)
        let large = try await upload(env.messaging, jpeg(size: 2 * 1024 * 1024 + 10), as: env.ana)
        let tooLarge = await set(large.id)
        #expect(tooLarge?.code == .invalidArgument && tooLarge?.message.contains("resize") == true)
        let bens = try await upload(env.messaging, TestImages.png(size: 100), filename: "ben.png", as: env.ben)
        #expect(await set(bens.id)?.code == .notFound)
        #expect(await set("not-an-id")?.code == .notFound)
        #expect(try await env.running.auth.getMe(.init(), metadata: env.ana.metadata).user.profile.avatarURL.isEmpty)
        // Auth's side takes only an id, from a service.
        let internalRefusal = await rpcError {
          _ = try await env.running.internalAuth.setProfilePicture(
            .with {
              $0.userID = env.ana.id; $0.attachmentID = "../../x"
            })
        }
        #expect(internalRefusal?.code == .invalidArgument)
        let withoutCredential = await rpcError {
          _ = try await env.running.internalWithoutCredential.setProfilePicture(
            .with {
              $0.userID = env.ana.id; $0.attachmentID = bens.id
            })
        }
        #expect(withoutCredential?.code == .unauthenticated)
      }
    }
  }
}
