import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import Testing

@testable import GymAuth

/// A public profile shows the user's trainers and home gym when the user chooses; the
/// trainers come from auth's copy of plan's coaching relations (plan's outbox).
@Suite struct ProfileCoachingTests {
  @Test func aMemberChoosesToShowTheirTrainersAndHomeGymAndOnlyCurrentUnbannedTrainersShow() async throws {
    try await withRunningAuth { running in
      let member = try await running.register("lifting_lia")
      let coach = try await running.register("coach_cora", role: .trainer)
      let former = try await running.register("coach_finn", role: .trainer)
      let viewer = try await running.register("neighbour_ned")
      @Sendable func coaching(_ trainer: RunningAuth.User, active: Bool, version: Int64) async throws -> Bool {
        try await running.internalAuth.setCoaching(
          .with {
            $0.trainerID = trainer.id; $0.clientID = member.id; $0.active = active; $0.version = version
          }
        ).applied
      }
      @Sendable func profile() async throws -> Gym_Auth_V1_PublicProfile {
        try await running.auth.getProfile(.with { $0.userID = member.id }, metadata: viewer.metadata).profile
      }
      _ = try await running.auth.updateProfile(
        .with {
          $0.profile.homeGymID = "gym-riverside"
          $0.updateMask = .with { $0.paths = ["home_gym_id"] }
        }, metadata: member.metadata)
      #expect(try await coaching(coach, active: true, version: 5))
      #expect(try await coaching(former, active: true, version: 6))

      // Neither is shown until the member chooses.
      var seen = try await profile()
      #expect(seen.homeGymID.isEmpty && seen.trainers.isEmpty)

      let updated = try await running.auth.updateProfile(
        .with {
          $0.profile.showHomeGym = true; $0.profile.showTrainers = true
          $0.updateMask = .with { $0.paths = ["show_home_gym", "show_trainers"] }
        }, metadata: member.metadata)
      #expect(updated.user.profile.showHomeGym && updated.user.profile.showTrainers)
      seen = try await profile()
      #expect(seen.homeGymID == "gym-riverside")
      #expect(seen.trainers.map(\.username) == ["coach_cora", "coach_finn"])

      // One relation ends; its older "active" change, redelivered late, does not revive it.
      #expect(try await coaching(former, active: false, version: 9))
      #expect(try await !coaching(former, active: true, version: 6))
      seen = try await profile()
      #expect(seen.trainers.map(\.userID) == [coach.id])
      #expect(seen.trainers.first?.displayName == "Coach_Cora")

      // A banned trainer is not shown.
      let admin = try await running.makeAdmin()
      _ = try await running.auth.banUser(
        .with {
          $0.userID = coach.id; $0.reason = "fake certificates"
        }, metadata: admin.metadata)
      #expect(try await profile().trainers.isEmpty)
    }
  }

  @Test func aPrivateProfileKeepsItsTrainersFromStrangersAndSetCoachingChecksItsInput() async throws {
    try await withRunningAuth { running in
      let member = try await running.register("quiet_quinn")
      let coach = try await running.register("coach_kit", role: .trainer)
      let stranger = try await running.register("stranger_sam")
      _ = try await running.auth.updateProfile(
        .with {
          $0.profile.visibility = .private; $0.profile.showTrainers = true
          $0.updateMask = .with { $0.paths = ["visibility", "show_trainers"] }
        }, metadata: member.metadata)
      #expect(
        try await running.internalAuth.setCoaching(
          .with {
            $0.trainerID = coach.id; $0.clientID = member.id; $0.active = true; $0.version = 1
          }
        ).applied)
      let asStranger = try await running.auth.getProfile(.with { $0.userID = member.id }, metadata: stranger.metadata).profile
      #expect(asStranger.limited && asStranger.trainers.isEmpty)
      let asSelf = try await running.auth.getProfile(.with { $0.userID = member.id }, metadata: member.metadata).profile
      #expect(asSelf.trainers.map(\.userID) == [coach.id])

      // An account that is gone: nothing is stored.
      #expect(
        try await !running.internalAuth.setCoaching(
          .with {
            $0.trainerID = "deleted-long-ago"; $0.clientID = member.id; $0.active = true; $0.version = 2
          }
        ).applied)
      let invalid = await rpcError {
        _ = try await running.internalAuth.setCoaching(
          .with {
            $0.trainerID = coach.id; $0.clientID = coach.id
          })
      }
      #expect(invalid?.code == .invalidArgument)
      #expect(Set(invalid?.fieldViolations.map(\.field) ?? []) == ["client_id", "version"])
      let noCredential = await rpcError {
        _ = try await running.internalWithoutCredential.setCoaching(
          .with {
            $0.trainerID = coach.id; $0.clientID = member.id; $0.active = true; $0.version = 3
          })
      }
      #expect(noCredential?.code == .unauthenticated)
    }
  }
}
