import AuthTesting
import Foundation
import GRDB
import GRPCCore
import GymAPI
import GymService
import GymTesting
import Testing

@testable import GymAuth

/// Auth keeps a copy of messaging's friendships, sent by messaging's outbox, so a
/// PRIVATE profile opens to friends without auth asking messaging on a request.
@Suite struct FriendshipCopyTests {
  @Test func aFriendSeesAPrivateProfileInFullFromAuthsCopyWithMessagingDown() async throws {
    // Messaging's address leads nowhere: every answer below is auth's own.
    let nowhere = HostPort(host: "127.0.0.1", port: try freePort())
    try await withRunningAuth(outboxReceivers: ["messaging": nowhere]) { running in
      let owner = try await running.register("private_pia")
      let friend = try await running.register("friend_fay")
      let stranger = try await running.register("curious_cal")
      _ = try await running.auth.updateProfile(
        .with {
          $0.profile.visibility = .private; $0.profile.bio = "Deadlifts on Fridays"
          $0.updateMask = .with { $0.paths = ["visibility", "bio"] }
        }, metadata: owner.metadata)
      @Sendable func profile(seenBy viewer: RunningAuth.User) async throws -> Gym_Auth_V1_PublicProfile {
        try await running.auth.getProfile(.with { $0.userID = owner.id }, metadata: viewer.metadata).profile
      }
      @Sendable func set(_ friends: Bool, version: Int64) async throws -> Bool {
        try await running.internalAuth.setFriendship(
          .with {
            $0.userID = friend.id; $0.otherUserID = owner.id; $0.friends = friends; $0.version = version
          }
        ).applied
      }
      #expect(try await profile(seenBy: friend).limited)

      #expect(try await set(true, version: 10))
      let asFriend = try await profile(seenBy: friend)
      #expect(!asFriend.limited && asFriend.bio == "Deadlifts on Fridays")
      let asStranger = try await profile(seenBy: stranger)
      #expect(asStranger.limited && asStranger.bio.isEmpty)

      // Unfriended; the older "friends" change, redelivered late, does not reopen it.
      #expect(try await set(false, version: 12))
      #expect(try await !set(true, version: 10))
      #expect(try await profile(seenBy: friend).limited)
      #expect(try await set(true, version: 13))
      #expect(try await !profile(seenBy: friend).limited)
    }
  }

  @Test func setFriendshipNeedsTheCredentialAndTwoUsersAndAVersion() async throws {
    try await withRunningAuth { running in
      let ana = try await running.register("ana_sf")
      let noCredential = await rpcError {
        _ = try await running.internalWithoutCredential.setFriendship(
          .with {
            $0.userID = ana.id; $0.otherUserID = "someone"; $0.friends = true; $0.version = 1
          })
      }
      #expect(noCredential?.code == .unauthenticated)
      let invalid = await rpcError {
        _ = try await running.internalAuth.setFriendship(
          .with {
            $0.userID = ana.id; $0.otherUserID = ana.id; $0.friends = true
          })
      }
      #expect(invalid?.code == .invalidArgument)
      #expect(Set(invalid?.fieldViolations.map(\.field) ?? []) == ["other_user_id", "version"])
    }
  }

  @Test func aFriendshipNamingADeletedAccountIsDroppedAndAPurgeTakesTheCopy() async throws {
    let store = try AuthStore(path: try temporaryDirectory() + "/auth.sqlite")
    let ana = VisibilityOutboxTests.user("ana", visibility: 0)
    let ben = VisibilityOutboxTests.user("ben", visibility: 0)
    for user in [ana, ben] { _ = try await store.createUser(user, firstSession: nil) }
    #expect(try await !store.setFriendship(ana.id, "deleted-long-ago", friends: true, version: 1))
    #expect(try await store.setFriendship(ben.id, ana.id, friends: true, version: 2))
    #expect(try await store.profile(id: ana.id, username: nil, viewerID: ben.id, now: Date())?.viewerIsFriend == true)
    try await store.deleteAccount(userID: ben.id, purgeDestinations: [], now: Date())
    let rows = try await store.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM friendships") }
    #expect(rows == 0)
  }
}
