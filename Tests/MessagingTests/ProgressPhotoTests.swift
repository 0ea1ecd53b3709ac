import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

@testable import GymMessaging

extension MessagingRPC {
  /// Progress photos: private to their owner, seen by the trainers coaching them when
  /// shared, never across a block.
  @Suite struct ProgressPhotoTests {
    static func day(_ year: Int32, _ month: Int32, _ day: Int32) -> Gym_Common_V1_Date {
      .with {
        $0.year = year; $0.month = month; $0.day = day
      }
    }

    static func add(
      _ env: MessagingFixture.Env, as user: MessagingFixture.User, on date: Gym_Common_V1_Date, note: String = "", shared: Bool = false,
      seed: Int = 0
    ) async throws -> Gym_Messaging_V1_ProgressPhoto {
      let picture = try await upload(env.messaging, TestImages.png(size: 500, seed: seed), filename: "front.png", as: user)
      return try await env.messaging.addProgressPhoto(
        .with {
          $0.attachmentID = picture.id; $0.takenOn = date; $0.note = note; $0.sharedWithTrainer = shared
        }, metadata: user.metadata
      ).photo
    }

    static func setCoaching(_ env: MessagingFixture.Env, trainer: MessagingFixture.User, client: MessagingFixture.User, active: Bool, version: Int64)
      async throws -> Bool
    {
      try await env.messagingInternal.setCoaching(
        .with {
          $0.trainerID = trainer.id; $0.clientID = client.id; $0.active = active; $0.version = version
        }
      ).applied
    }

    @Test func aPhotoIsPrivateUntilSharedAndOnlyACurrentUnblockedTrainerSeesIt() async throws {
      try await MessagingFixture.run { env in
        let photo = try await Self.add(env, as: env.ana, on: Self.day(2026, 11, 1), note: "  week one  ")
        #expect(photo.note == "week one" && photo.takenOn == Self.day(2026, 11, 1) && !photo.sharedWithTrainer)
        #expect(photo.attachment.mimeType == "image/png" && photo.userID == env.ana.id)
        #expect(try await env.messaging.listProgressPhotos(.init(), metadata: env.ana.metadata).photos.map(\.id) == [photo.id])

        @Sendable func bensView() async throws -> [String]? {
          do {
            return try await env.messaging.listProgressPhotos(.with { $0.userID = env.ana.id }, metadata: env.ben.metadata).photos.map(\.id)
          } catch let error as RPCError where error.code == .notFound {
            return nil
          }
        }
        @Sendable func bensDownload() async -> RPCError.Code? {
          await rpcError { _ = try await download(env.messaging, photo.attachment.id, as: env.ben) }?.code
        }
        // Not her trainer: nothing, as for a stranger.
        #expect(try await bensView() == nil)
        #expect(await bensDownload() == .notFound)
        // Her trainer sees only what she shares.
        #expect(try await Self.setCoaching(env, trainer: env.ben, client: env.ana, active: true, version: 1))
        #expect(try await bensView() == [])
        #expect(await bensDownload() == .notFound)
        let shared = try await env.messaging.updateProgressPhoto(
          .with {
            $0.photoID = photo.id; $0.takenOn = Self.day(2026, 11, 2); $0.note = "front"; $0.sharedWithTrainer = true
          }, metadata: env.ana.metadata
        ).photo
        #expect(shared.takenOn == Self.day(2026, 11, 2) && shared.note == "front" && shared.sharedWithTrainer)
        #expect(try await bensView() == [photo.id])
        #expect(await bensDownload() == nil)
        // Another member, and another's edit, get nothing.
        #expect(
          await rpcError { _ = try await env.messaging.listProgressPhotos(.with { $0.userID = env.ana.id }, metadata: env.cat.metadata) }?.code == .notFound)
        #expect(await rpcError { _ = try await download(env.messaging, photo.attachment.id, as: env.cat) }?.code == .notFound)
        let othersEdit = await rpcError {
          _ = try await env.messaging.updateProgressPhoto(
            .with {
              $0.photoID = photo.id; $0.takenOn = Self.day(2026, 11, 2)
            }, metadata: env.ben.metadata)
        }
        #expect(othersEdit?.code == .notFound)
        #expect(
          await rpcError { _ = try await env.messaging.deleteProgressPhoto(.with { $0.photoID = photo.id }, metadata: env.ben.metadata) }?.code == .notFound)

        // A block either way ends the trainer's view.
        _ = try await env.messaging.blockUser(.with { $0.userID = env.ana.id }, metadata: env.ben.metadata)
        #expect(try await bensView() == nil)
        #expect(await bensDownload() == .notFound)
        _ = try await env.messaging.unblockUser(.with { $0.userID = env.ana.id }, metadata: env.ben.metadata)
        #expect(try await bensView() == [photo.id])

        // The relation's end ends it too; a late, older change does not bring it back.
        #expect(try await Self.setCoaching(env, trainer: env.ben, client: env.ana, active: false, version: 3))
        #expect(try await !Self.setCoaching(env, trainer: env.ben, client: env.ana, active: true, version: 2))
        #expect(try await bensView() == nil)
        #expect(await bensDownload() == .notFound)
        #expect(try await Self.setCoaching(env, trainer: env.ben, client: env.ana, active: true, version: 4))
        #expect(try await bensView() == [photo.id])

        // Deleted: gone from her list and from his.
        _ = try await env.messaging.deleteProgressPhoto(.with { $0.photoID = photo.id }, metadata: env.ana.metadata)
        #expect(try await env.messaging.listProgressPhotos(.init(), metadata: env.ana.metadata).photos.isEmpty)
        #expect(try await bensView() == [])
        #expect(await bensDownload() == .notFound)
        #expect(
          await rpcError { _ = try await env.messaging.deleteProgressPhoto(.with { $0.photoID = photo.id }, metadata: env.ana.metadata) }?.code == .notFound)

        // Her copy of her data holds her photos, with their notes.
        let kept = try await Self.add(env, as: env.ana, on: Self.day(2026, 11, 3), note: "side", shared: true, seed: 3)
        let exported = try await exportedRows(env.messagingLifecycle, of: env.ana.id, table: "progress_photos")
        #expect(exported.contains(kept.id) && exported.contains(kept.attachment.id) && exported.contains("2026-11-03"), "\(exported)")
        #expect(try await exportedRows(env.messagingLifecycle, of: env.ben.id, table: "progress_photos") == "[]")

        // An erased member's photos and relations go.
        #expect(try await bensView()?.count == 1)
        _ = try await env.messagingLifecycle.purgeUser(.with { $0.userID = env.ana.id })
        #expect(try await bensView() == nil)
      }
    }

    @Test func photosAreListedByDayInRangesAndPages() async throws {
      try await MessagingFixture.run { env in
        var ids: [String] = []
        for (index, day) in [Int32(3), 1, 2].enumerated() {
          ids.append(try await Self.add(env, as: env.ana, on: Self.day(2026, 10, day), seed: index).id)
        }
        let newestFirst = [ids[0], ids[2], ids[1]]
        #expect(try await env.messaging.listProgressPhotos(.init(), metadata: env.ana.metadata).photos.map(\.id) == newestFirst)
        let ranged = try await env.messaging.listProgressPhotos(
          .with {
            $0.from = Self.day(2026, 10, 2); $0.to = Self.day(2026, 10, 2)
          }, metadata: env.ana.metadata)
        #expect(ranged.photos.map(\.id) == [ids[2]])
        let first = try await env.messaging.listProgressPhotos(.with { $0.pageSize = 2 }, metadata: env.ana.metadata)
        #expect(first.photos.map(\.id) == Array(newestFirst.prefix(2)) && !first.nextPageToken.isEmpty)
        let second = try await env.messaging.listProgressPhotos(
          .with {
            $0.pageSize = 2; $0.pageToken = first.nextPageToken
          }, metadata: env.ana.metadata)
        #expect(second.photos.map(\.id) == [ids[1]] && second.nextPageToken.isEmpty)
        let badRange = await rpcError {
          _ = try await env.messaging.listProgressPhotos(.with { $0.from = Self.day(2026, 2, 30) }, metadata: env.ana.metadata)
        }
        #expect(badRange?.code == .invalidArgument && badRange?.message.contains("from") == true)
      }
    }

    @Test func everyBadFieldIsNamedAndAMemberHoldsAtMostTheCap() async throws {
      try await MessagingFixture.run(configure: { $0.progressPhotosPerUser = 2 }) { env in
        let picture = try await upload(env.messaging, TestImages.png(size: 300), filename: "side.png", as: env.ana)
        @Sendable func add(_ id: String, _ date: Gym_Common_V1_Date, note: String = "", as user: MessagingFixture.User = env.ana) async -> RPCError? {
          await rpcError {
            _ = try await env.messaging.addProgressPhoto(
              .with {
                $0.attachmentID = id; $0.takenOn = date; $0.note = note
              }, metadata: user.metadata)
          }
        }
        let bad = await add(picture.id, .init(), note: String(repeating: "n", count: 501))
        #expect(bad?.code == .invalidArgument)
        #expect(bad?.message.contains("taken_on") == true && bad?.message.contains("note") == true)
        let future = await add(picture.id, Self.day(2099, 1, 1))
        #expect(future?.code == .invalidArgument && future?.message.contains("after today") == true)
        let document = try await upload(env.messaging, ProfilePictureTests.pdf(), filename: "plan.pdf", as: env.ana)
        #expect(await add(document.id, Self.day(2026, 1, 1))?.code == .invalidArgument)
        #expect(await add(picture.id, Self.day(2026, 1, 1), as: env.ben)?.code == .notFound)
        #expect(await add("", Self.day(2026, 1, 1))?.code == .invalidArgument)

        #expect(await add(picture.id, Self.day(2026, 1, 1)) == nil)
        let twice = await add(picture.id, Self.day(2026, 1, 2))
        #expect(twice?.code == .invalidArgument && twice?.message.contains("another progress photo") == true)
        _ = try await Self.add(env, as: env.ana, on: Self.day(2026, 1, 3), seed: 5)
        let third = try await upload(env.messaging, TestImages.png(size: 300, seed: 6), filename: "back.png", as: env.ana)
        let capped = await add(third.id, Self.day(2026, 1, 4))
        #expect(capped?.code == .resourceExhausted && capped?.message.contains("2 progress photos") == true)

        // The coaching copy takes only what plan sends, from a service.
        let missing = await rpcError {
          _ = try await env.messagingInternal.setCoaching(
            .with {
              $0.clientID = env.ana.id; $0.version = 1
            })
        }
        #expect(missing?.code == .invalidArgument && missing?.message.contains("trainer_id") == true)
        let stranger = await rpcError {
          _ = try await env.messagingInternalWithoutCredential.setCoaching(
            .with {
              $0.trainerID = env.ben.id; $0.clientID = env.ana.id; $0.active = true; $0.version = 1
            })
        }
        #expect(stranger?.code == .unauthenticated)
      }
    }
  }
}
