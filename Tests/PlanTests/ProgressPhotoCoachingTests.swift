import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension PlanRPC {
  /// Coaching lives in plan; messaging hears of each relation through plan's outbox, so a
  /// trainer sees the progress photos a client shares while coaching her, and no longer.
  @Suite struct ProgressPhotoCoachingTests {
    @Test func aTrainerSeesSharedPhotosWhileCoachingThroughPlansOutbox() async throws {
      try await PlanFixture.run(messaging: true) { env in
        let messaging = try #require(env.messaging)
        let tess = try await env.running.register("tess", role: .trainer)
        let picture = try await messaging.uploadAttachment(metadata: env.lena.metadata) { writer in
          try await writer.write(.with { $0.start = .with { $0.filename = "front.png" } })
          try await writer.write(.with { $0.chunk = Data(TestImages.png(size: 800)) })
        }.attachment
        let photo = try await messaging.addProgressPhoto(
          .with {
            $0.attachmentID = picture.id;
            $0.takenOn = .with {
              $0.year = 2026; $0.month = 11; $0.day = 20
            }; $0.sharedWithTrainer = true
          }, metadata: env.lena.metadata
        ).photo
        @Sendable func tessSees() async throws -> [String]? {
          do {
            return try await messaging.listProgressPhotos(.with { $0.userID = env.lena.id }, metadata: tess.metadata).photos.map(\.id)
          } catch let error as RPCError where error.code == .notFound {
            return nil
          }
        }
        #expect(try await tessSees() == nil)

        try await coach(tess, lena: env, plan: env.plan)
        #expect(try await eventually { try await tessSees() == [photo.id] }, "messaging heard of the coaching")
        _ = try await messaging.downloadAttachment(.with { $0.attachmentID = picture.id }, metadata: tess.metadata) { response in
          for try await _ in response.messages {}
        }

        _ = try await env.plan.leaveTrainer(.with { $0.trainerID = tess.id }, metadata: env.lena.metadata)
        #expect(try await eventually { try await tessSees() == nil }, "messaging heard the coaching end")
      }
    }
  }
}
