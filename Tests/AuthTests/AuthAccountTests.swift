import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import SwiftProtobuf
import Testing

@testable import GymAuth

/// Sessions, password changes and resets, profiles, deletion: what an account holder does.
@Suite struct AuthAccountTests {
  static let password = "violet staircase under a quiet harbour"
  static let newPassword = "amber lantern over the winter field"

  @Test func sessionsCanBeListedAndRevokedButOnlyByTheirOwner() async throws {
    try await AuthFixture.run { auth in
      let phone = try await auth.register(newAccount("sam_one")).tokens
      let laptop = try await auth.login(
        .with {
          $0.identifier = "sam_one"; $0.password = Self.password; $0.clientDescription = "laptop"
        }
      ).tokens
      let other = try await auth.register(newAccount("tia_two")).tokens

      let sessions = try await auth.listSessions(.init(), metadata: bearer(phone.accessToken)).sessions
      #expect(sessions.count == 2)
      #expect(sessions.first { $0.current }?.id == phone.sessionID)
      #expect(sessions.contains { $0.clientDescription == "laptop" })

      // Another user's session id is simply not found.
      let foreign = await rpcError { _ = try await auth.revokeSession(.with { $0.sessionID = other.sessionID }, metadata: bearer(phone.accessToken)) }
      #expect(foreign?.code == .notFound)
      _ = try await auth.getMe(.init(), metadata: bearer(other.accessToken))

      _ = try await auth.revokeSession(.with { $0.sessionID = laptop.sessionID }, metadata: bearer(phone.accessToken))
      #expect(await rpcError { _ = try await auth.getMe(.init(), metadata: bearer(laptop.accessToken)) }?.code == .unauthenticated)
      #expect(try await auth.listSessions(.init(), metadata: bearer(phone.accessToken)).sessions.map(\.id) == [phone.sessionID])
    }
  }

  @Test func changingThePasswordChecksTheOldOneAndEndsOtherSessions() async throws {
    try await AuthFixture.run { auth in
      let first = try await auth.register(newAccount("uma_pw")).tokens
      let second = try await auth.login(
        .with {
          $0.identifier = "uma_pw"; $0.password = Self.password
        }
      ).tokens

      let wrong = await rpcError {
        _ = try await auth.changePassword(
          .with {
            $0.currentPassword = "not my password at all"; $0.newPassword = Self.newPassword
          }, metadata: bearer(first.accessToken))
      }
      #expect(wrong?.code == .unauthenticated)
      let weak = await rpcError {
        _ = try await auth.changePassword(
          .with {
            $0.currentPassword = Self.password; $0.newPassword = "abc"
          }, metadata: bearer(first.accessToken))
      }
      #expect(weak?.fieldViolations.first?.field == "new_password")

      let fresh = try await auth.changePassword(
        .with {
          $0.currentPassword = Self.password; $0.newPassword = Self.newPassword
        }, metadata: bearer(first.accessToken)
      ).tokens
      _ = try await auth.getMe(.init(), metadata: bearer(fresh.accessToken))
      #expect(await rpcError { _ = try await auth.getMe(.init(), metadata: bearer(second.accessToken)) }?.code == .unauthenticated)
      #expect(
        await rpcError {
          _ = try await auth.login(
            .with {
              $0.identifier = "uma_pw"; $0.password = Self.password
            })
        }?.code == .unauthenticated)
      _ = try await auth.login(
        .with {
          $0.identifier = "uma_pw"; $0.password = Self.newPassword
        })
    }
  }

  @Test func passwordResetAnswersAlikeForUnknownEmailsAndWorksOnce() async throws {
    try await AuthFixture.runAll { c in
      let signedIn = try await c.auth.register(newAccount("vic_reset")).tokens
      let known = try await c.auth.requestPasswordReset(.with { $0.email = "VIC_RESET@example.com" })
      let unknown = try await c.auth.requestPasswordReset(.with { $0.email = "nobody@example.com" })
      #expect(try known.serializedBytes() as [UInt8] == unknown.serializedBytes())
      #expect(try await c.internalAuth.listMailOutbox(.with { $0.to = "nobody@example.com" }).messages.isEmpty)

      let mail = try #require(try await c.internalAuth.listMailOutbox(.with { $0.to = "vic_reset@example.com" }).messages.first)
      let code = try #require(mail.body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.count == 43 })
      // One reset mail (beside the verification code every new account is sent).
      #expect(try await c.internalAuth.listMailOutbox(.init()).messages.filter { $0.subject.lowercased().contains("reset") }.count == 1)

      let weak = await rpcError {
        _ = try await c.auth.resetPassword(
          .with {
            $0.resetCode = code; $0.newPassword = "short"
          })
      }
      #expect(weak?.code == .invalidArgument)
      _ = try await c.auth.resetPassword(
        .with {
          $0.resetCode = code; $0.newPassword = Self.newPassword
        })
      #expect(await rpcError { _ = try await c.auth.getMe(.init(), metadata: bearer(signedIn.accessToken)) }?.code == .unauthenticated)
      _ = try await c.auth.login(
        .with {
          $0.identifier = "vic_reset"; $0.password = Self.newPassword
        })

      let reused = await rpcError {
        _ = try await c.auth.resetPassword(
          .with {
            $0.resetCode = code; $0.newPassword = "a completely different passphrase"
          })
      }
      #expect(reused?.code == .unauthenticated)
      #expect(reused?.message.contains("reset code") == true)
    }
  }

  @Test func anExpiredResetCodeIsRefused() async throws {
    try await AuthFixture.runAll(configure: { _ in }) { c in
      _ = try await c.auth.register(newAccount("wes_late"))
      _ = try await c.auth.requestPasswordReset(.with { $0.email = "wes_late@example.com" })
      let mail = try #require(try await c.internalAuth.listMailOutbox(.init()).messages.first)
      let code = try #require(mail.body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.count == 43 })
      // Age the code in the database: 31 minutes later it has expired.
      let store = try AuthStore(path: try await c.ops.getInfo(.init()).databasePath)
      try await store.writer.write { db in
        try db.execute(sql: "UPDATE password_resets SET expires_at = ?", arguments: [Date().addingTimeInterval(-60)])
      }
      let error = await rpcError {
        _ = try await c.auth.resetPassword(
          .with {
            $0.resetCode = code; $0.newPassword = Self.newPassword
          })
      }
      #expect(error?.code == .unauthenticated)
    }
  }

  @Test func profilesUpdateByFieldMaskWithValidation() async throws {
    try await AuthFixture.run { auth in
      let tokens = try await auth.register(newAccount("xena_p")).tokens
      let updated = try await auth.updateProfile(
        .with {
          $0.profile = .with {
            $0.displayName = "Xena Prince"
            $0.bio = "Powerlifting on weekdays"
            $0.dateOfBirth = .with {
              $0.year = 1990; $0.month = 2; $0.day = 28
            }
            $0.heightM = 1.72
            $0.experienceLevel = .intermediate
            $0.timeZone = "Europe/Paris"
            $0.homeLocation = .with {
              $0.latitude = 48.85; $0.longitude = 2.35
            }
          }
          $0.updateMask = .with { $0.paths = ["display_name", "bio", "date_of_birth", "height_m", "experience_level", "time_zone", "home_location"] }
        }, metadata: bearer(tokens.accessToken)
      ).user.profile
      #expect(updated.displayName == "Xena Prince")
      #expect(updated.dateOfBirth.day == 28)
      #expect(updated.experienceLevel == .intermediate)
      #expect(updated.homeLocation.latitude == 48.85)

      // Fields outside the mask stay as they were.
      let partial = try await auth.updateProfile(
        .with {
          $0.profile = .with {
            $0.bio = "Now also running"; $0.displayName = "ignored"
          }
          $0.updateMask = .with { $0.paths = ["bio"] }
        }, metadata: bearer(tokens.accessToken)
      ).user.profile
      #expect(partial.displayName == "Xena Prince")
      #expect(partial.bio == "Now also running")

      let invalid = await rpcError {
        _ = try await auth.updateProfile(
          .with {
            $0.profile = .with {
              $0.dateOfBirth = .with {
                $0.year = 2999; $0.month = 2; $0.day = 30
              }
              $0.heightM = 7
              $0.timeZone = "Mars/Olympus"
            }
            $0.updateMask = .with { $0.paths = ["date_of_birth", "height_m", "time_zone", "shoe_size"] }
          }, metadata: bearer(tokens.accessToken))
      }
      #expect(invalid?.code == .invalidArgument)
      #expect(Set(invalid?.fieldViolations.map(\.field) ?? []) == ["profile.date_of_birth", "profile.height_m", "profile.time_zone", "update_mask"])
    }
  }

  @Test func privateProfilesShowOnlyNameAndAvatarToOthersAndViewsAreCounted() async throws {
    try await AuthFixture.run(configure: { $0.viewFlushInterval = .milliseconds(100) }) { auth in
      let owner = try await auth.register(newAccount("yara_priv")).tokens
      let viewer = try await auth.register(newAccount("zack_view")).tokens
      _ = try await auth.updateProfile(
        .with {
          $0.profile = .with {
            $0.bio = "secret plans"; $0.visibility = .private
          }
          $0.updateMask = .with { $0.paths = ["bio", "visibility"] }
        }, metadata: bearer(owner.accessToken))

      let seen = try await auth.getProfile(.with { $0.username = "YARA_PRIV" }, metadata: bearer(viewer.accessToken)).profile
      #expect(seen.limited)
      #expect(seen.bio.isEmpty)
      #expect(seen.displayName == "Test yara_priv")
      let own = try await auth.getProfile(.with { $0.username = "yara_priv" }, metadata: bearer(owner.accessToken)).profile
      #expect(!own.limited)
      #expect(own.bio == "secret plans")
      // Views are counted in batches: the viewer's looks, twice more today, count once;
      // the owner's own look not at all.
      for _ in 0..<2 { _ = try await auth.getProfile(.with { $0.username = "yara_priv" }, metadata: bearer(viewer.accessToken)) }
      #expect(
        try await eventually {
          try await auth.getProfile(.with { $0.username = "yara_priv" }, metadata: bearer(owner.accessToken)).profile.viewCount == 1
        })
      // A marker: another viewer's look, counted in a later batch than the repeats would
      // have been. Once it shows, a counted repeat or own look would show too.
      let marker = try await auth.register(newAccount("ulla_view")).tokens
      _ = try await auth.getProfile(.with { $0.username = "yara_priv" }, metadata: bearer(marker.accessToken))
      #expect(
        try await eventually {
          try await auth.getProfile(.with { $0.username = "yara_priv" }, metadata: bearer(owner.accessToken)).profile.viewCount >= 2
        })
      #expect(try await auth.getProfile(.with { $0.username = "yara_priv" }, metadata: bearer(owner.accessToken)).profile.viewCount == 2)

      let missing = await rpcError { _ = try await auth.getProfile(.with { $0.username = "nobody_at_all" }, metadata: bearer(viewer.accessToken)) }
      #expect(missing?.code == .notFound)
    }
  }

  @Test func searchIgnoresCaseAndAccentsFiltersByRoleAndRanksByViews() async throws {
    try await AuthFixture.runAll(configure: { $0.viewFlushInterval = .milliseconds(100) }) { c in
      let auth = c.auth
      var zoe = newAccount("zoe_lifts")
      zoe.displayName = "Zoë Æther"
      let zoeTokens = try await auth.register(zoe).tokens
      var trainer = newAccount("coach_zed")
      trainer.wantsTrainerRole = true
      try await c.approveTrainerRole(of: try await auth.register(trainer).user.id)
      let me = try await auth.register(newAccount("searcher")).tokens

      let byAccent = try await auth.searchProfiles(.with { $0.query = "ZOE" }, metadata: bearer(me.accessToken)).profiles
      #expect(byAccent.map(\.username) == ["zoe_lifts"])
      let trainers = try await auth.searchProfiles(
        .with {
          $0.query = "z"; $0.role = .trainer
        }, metadata: bearer(me.accessToken)
      ).profiles
      #expect(trainers.map(\.username) == ["coach_zed"])

      // Two viewers of the coach (one of them three times: a viewer counts once a day),
      // one of the searcher.
      for _ in 0..<3 { _ = try await auth.getProfile(.with { $0.username = "coach_zed" }, metadata: bearer(me.accessToken)) }
      _ = try await auth.getProfile(.with { $0.username = "coach_zed" }, metadata: bearer(zoeTokens.accessToken))
      _ = try await auth.getProfile(.with { $0.username = "searcher" }, metadata: bearer(zoeTokens.accessToken))
      var popular = Gym_Auth_V1_SearchProfilesResponse()
      #expect(
        try await eventually {
          popular = try await auth.searchProfiles(.with { $0.pageSize = 2 }, metadata: bearer(me.accessToken))
          return popular.profiles.map(\.viewCount) == [2, 1]
        })
      #expect(popular.profiles.map(\.username) == ["coach_zed", "searcher"])
      let next = try await auth.searchProfiles(
        .with {
          $0.pageSize = 2; $0.pageToken = popular.nextPageToken
        }, metadata: bearer(me.accessToken))
      #expect(next.profiles.map(\.username) == ["zoe_lifts"])
      let badToken = await rpcError { _ = try await auth.searchProfiles(.with { $0.pageToken = "garbage" }, metadata: bearer(me.accessToken)) }
      #expect(badToken?.fieldViolations.first?.field == "page_token")
    }
  }

  @Test func changingTheEmailNeedsThePasswordAndAFreeAddress() async throws {
    try await AuthFixture.run { auth in
      let tokens = try await auth.register(newAccount("abe_mail")).tokens
      _ = try await auth.register(newAccount("bea_mail"))
      let wrong = await rpcError {
        _ = try await auth.changeEmail(
          .with {
            $0.password = "not the password at all"; $0.newEmail = "abe2@example.com"
          }, metadata: bearer(tokens.accessToken))
      }
      #expect(wrong?.code == .unauthenticated)
      let taken = await rpcError {
        _ = try await auth.changeEmail(
          .with {
            $0.password = Self.password; $0.newEmail = "BEA_MAIL@example.com"
          }, metadata: bearer(tokens.accessToken))
      }
      #expect(taken?.code == .alreadyExists)
      let changed = try await auth.changeEmail(
        .with {
          $0.password = Self.password; $0.newEmail = "Abe.New@Example.com"
        }, metadata: bearer(tokens.accessToken))
      #expect(changed.user.email == "abe.new@example.com")
      _ = try await auth.login(
        .with {
          $0.identifier = "abe.new@example.com"; $0.password = Self.password
        })
    }
  }

  @Test func deletingTheAccountRemovesItAndQueuesAPurgeForEveryService() async throws {
    try await AuthFixture.runAll { c in
      let tokens = try await c.auth.register(newAccount("cal_gone")).tokens
      #expect(
        await rpcError { _ = try await c.auth.deleteAccount(.with { $0.password = "wrong password here" }, metadata: bearer(tokens.accessToken)) }?.code
          == .unauthenticated)
      _ = try await c.auth.deleteAccount(.with { $0.password = Self.password }, metadata: bearer(tokens.accessToken))
      #expect(await rpcError { _ = try await c.auth.getMe(.init(), metadata: bearer(tokens.accessToken)) }?.code == .unauthenticated)
      #expect(
        await rpcError {
          _ = try await c.auth.login(
            .with {
              $0.identifier = "cal_gone"; $0.password = Self.password
            })
        }?.code == .unauthenticated)
      // The name is free again.
      _ = try await c.auth.register(newAccount("cal_gone"))
      let outbox = try await c.ops.getInfo(.init()).outbox
      #expect(Set(outbox.map(\.destination)) == ["catalog", "messaging", "places", "plan"])
      #expect(outbox.allSatisfy { $0.pending == 1 })
    }
  }
}
