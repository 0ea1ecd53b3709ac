import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension PlanRPC {
  /// Clients rate their trainers; a coaching relation reaches auth (the trainers a
  /// member's profile shows, by their choice) and the trainer's figures reach places
  /// (their listing), both through plan's outbox, with auth and places running.
  @Suite struct TrainerRatingTests {
    @Test func coachingShowsOnTheProfileAndListingAndOnlyClientsPresentOrFormerRate() async throws {
      try await PlanFixture.run(places: true) { env in
        let plan = env.plan
        let places = try #require(env.places)
        let tess = try await env.running.register("tess", role: .trainer)
        _ = try await places.upsertTrainerListing(
          .with {
            $0.listing = .with {
              $0.location = .with {
                $0.latitude = 51.5; $0.longitude = -0.12
              }
              $0.pricePerSession = 40; $0.currency = "GBP"
            }
          }, metadata: tess.metadata)
        _ = try await env.auth.updateProfile(
          .with {
            $0.profile.showTrainers = true; $0.updateMask = .with { $0.paths = ["show_trainers"] }
          }, metadata: env.lena.metadata)
        @Sendable func rate(_ stars: Int32, as user: PlanFixture.User) async throws -> Int32 {
          try await plan.rateTrainer(
            .with {
              $0.trainerID = tess.id; $0.stars = stars
            }, metadata: user.metadata
          ).stars
        }
        @Sendable func listing() async throws -> Gym_Places_V1_TrainerListing {
          try await places.getTrainerListing(.with { $0.trainerID = tess.id }, metadata: env.omar.metadata).listing
        }
        @Sendable func lenasTrainers() async throws -> [String] {
          try await env.auth.getProfile(.with { $0.userID = env.lena.id }, metadata: env.omar.metadata).profile.trainers.map(\.username)
        }

        // Not coached: nothing to rate.
        #expect(await rpcError { _ = try await rate(5, as: env.lena) }?.code == .notFound)

        try await coach(tess, lena: env, plan: plan)
        #expect(try await eventually(within: .seconds(30)) { try await lenasTrainers() == ["tess"] }, "auth heard of the coaching")
        #expect(try await eventually(within: .seconds(30)) { try await listing().clientCount == 1 }, "places heard of the client")

        #expect(try await rate(5, as: env.lena) == 5)
        #expect(try await plan.listMyTrainers(.init(), metadata: env.lena.metadata).myRatings == [tess.id: 5])
        #expect(try await eventually(within: .seconds(30)) { try await listing().ratingCount == 1 })
        #expect(try await listing().ratingAverage == 0, "one rating alone shows no average")
        // Her export holds the rating she gave; Tess's holds no client's stars.
        @Sendable func exportedRatings(of user: PlanFixture.User) async throws -> String {
          try await exportedRows(env.planLifecycle, of: user.id, table: "trainer_ratings")
        }
        let lenas = try await exportedRatings(of: env.lena)
        #expect(lenas.contains(tess.id) && lenas.contains("\"stars\":5"), "\(lenas)")
        #expect(try await exportedRatings(of: tess) == "[]")

        // She leaves: off her profile, one client fewer, and her rating stays.
        _ = try await plan.leaveTrainer(.with { $0.trainerID = tess.id }, metadata: env.lena.metadata)
        #expect(try await eventually(within: .seconds(30)) { try await lenasTrainers().isEmpty }, "auth heard the coaching ended")
        #expect(try await eventually(within: .seconds(30)) { try await listing().clientCount == 0 })
        #expect(try await listing().ratingCount == 1)

        // A former client may still change or take back her rating; a stranger may not rate.
        #expect(try await rate(3, as: env.lena) == 3)
        #expect(try await rate(0, as: env.lena) == 0)
        #expect(try await eventually(within: .seconds(30)) { try await listing().ratingCount == 0 })
        #expect(await rpcError { _ = try await rate(0, as: env.lena) }?.code == .notFound)
        #expect(await rpcError { _ = try await rate(4, as: env.omar) }?.code == .notFound)
        let invalid = await rpcError { _ = try await rate(6, as: env.lena) }
        #expect(invalid?.fieldViolations.map(\.field) == ["stars"])
      }
    }
  }
}
