import AuthTesting
import Crypto
import Foundation
import GRDB
import GRPCCore
import GymAPI
import GymMessaging
import GymPush
import GymTesting
import PushTesting
import Testing

extension MessagingRPC {
  /// Push notifications through APNs' protocol, to a local server that checks what APNs
  /// checks (the ES256 provider token against the key's public half, the headers, the
  /// payload, HTTP/2 over TLS).
  @Suite struct PushTests {
    static let topic = "app.gym.member"

    /// Messaging with APNs pointed at a fake that trusts a fresh key, written to a .p8 file
    /// as an operator would.
    static func run(devicesPerUser: Int = 10, _ body: @Sendable (MessagingFixture.Env, FakeAPNs) async throws -> Void) async throws {
      try await run(devicesPerUser: devicesPerUser, fcm: false) { env, apns, _ in try await body(env, apns) }
    }

    /// With `fcm`, FCM too, pointed at a fake trusting a fresh service account, whose key
    /// file is written as the Firebase console hands it out.
    static func run(
      devicesPerUser: Int = 10, fcm: Bool, _ body: @Sendable (MessagingFixture.Env, FakeAPNs, FakeFCM?) async throws -> Void
    ) async throws {
      let key = P256.Signing.PrivateKey()
      let apns = try await FakeAPNs(keyID: "KEY1234567", teamID: "TEAM123456", publicKey: key.publicKey, topic: topic)
      let google = fcm ? try await FakeFCM() : nil
      let directory = try temporaryDirectory("gym-push")
      let keyFile = directory + "/AuthKey_KEY1234567.p8"
      let accountFile = directory + "/service-account.json"
      let caFile = directory + "/providers-ca.pem"
      try key.pemRepresentation.write(toFile: keyFile, atomically: true, encoding: .utf8)
      try ([apns.caCertificatePEM] + (google.map { [$0.caCertificatePEM] } ?? [])).joined(separator: "\n").write(
        toFile: caFile, atomically: true, encoding: .utf8)
      if let google { try google.account.json.write(to: URL(fileURLWithPath: accountFile)) }
      let port = apns.port
      let fcmEndpoint = google?.endpoint
      do {
        try await MessagingFixture.run(configure: { settings in
          var push = PushSettings()
          push.apns = .init(
            keyFile: keyFile, keyID: "KEY1234567", teamID: "TEAM123456", topic: topic, endpoint: .init(host: "localhost", port: port))
          if let fcmEndpoint { push.fcm = .init(serviceAccountFile: accountFile, endpoint: fcmEndpoint) }
          push.caFile = caFile
          push.devicesPerUser = devicesPerUser
          settings.push = push
        }) { env in try await body(env, apns, google) }
      } catch {
        await apns.stop()
        await google?.stop()
        throw error
      }
      await apns.stop()
      await google?.stop()
    }

    static func token(_ n: Int) -> String { String(format: "%064x", n) }

    @discardableResult
    static func register(_ env: MessagingFixture.Env, _ user: MessagingFixture.User, _ token: String, appVersion: String = "1.4.0")
      async throws -> Gym_Messaging_V1_Device
    {
      try await env.messaging.registerDevice(
        .with {
          $0.platform = .ios; $0.token = token; $0.appVersion = appVersion; $0.locale = "en-GB"
        }, metadata: user.metadata
      ).device
    }

    static func send(_ env: MessagingFixture.Env, from: MessagingFixture.User, to: String, _ text: String) async throws
      -> Gym_Messaging_V1_Message
    {
      try await env.messaging.sendDirectMessage(
        .with {
          $0.username = to; $0.text = text
        }, metadata: from.metadata
      ).message
    }

    /// What reached the device `token`, answered 200.
    static func delivered(_ fake: FakeAPNs, to token: String) -> [FakeAPNs.Request] {
      fake.delivered.filter { $0.deviceToken == token }
    }

    @Test func aDirectMessageToSomeoneWithNoStreamOpenReachesTheirPhone() async throws {
      try await Self.run { env, fake in
        let phone = Self.token(1)
        try await Self.register(env, env.ben, phone)
        let message = try await Self.send(env, from: env.ana, to: "ben", "Squats at six?")
        #expect(try await eventually(within: .seconds(20)) { !Self.delivered(fake, to: phone).isEmpty })
        let push = try #require(Self.delivered(fake, to: phone).first)
        #expect(push.alert["title"] as? String == "Ana")
        #expect(push.alert["body"] as? String == "Squats at six?")
        #expect(push.headers["apns-topic"] == Self.topic && push.headers["apns-push-type"] == "alert")
        #expect(push.headers["apns-collapse-id"] == "dm:" + message.conversationID)
        #expect(push.payload["kind"] as? String == "direct-message")
        #expect(push.payload["reference"] as? String == message.conversationID)
        #expect((push.payload["aps"] as? [String: Any])?["badge"] as? Int == 1)

        // The badge counts what is unread; the sender, with no device, hears nothing.
        _ = try await Self.send(env, from: env.cat, to: "ben", "Me too")
        #expect(try await eventually(within: .seconds(20)) { Self.delivered(fake, to: phone).count == 2 })
        let second = try #require(Self.delivered(fake, to: phone).last)
        #expect((second.payload["aps"] as? [String: Any])?["badge"] as? Int == 2)
        #expect(fake.requests.allSatisfy { $0.deviceToken == phone })
      }
    }

    /// The stream told them; push is for when no stream is open.
    @Test func someoneWithAStreamOpenIsToldOnTheStreamAndNotOnThePhone() async throws {
      try await Self.run { env, fake in
        let (bens, cats) = (Self.token(2), Self.token(20))
        try await Self.register(env, env.ben, bens)
        try await Self.register(env, env.cat, cats)
        let (stream, _) = try await OpenStream.live(env, env.ben)
        let live = try await Self.send(env, from: env.ana, to: "ben", "seen live")
        #expect(try await stream.wait { $0.contains { $0.message.id == live.id } })
        // Cat has no stream: her message is pushed, after Ben's would have been.
        _ = try await Self.send(env, from: env.ana, to: "cat", "while away")
        #expect(try await eventually(within: .seconds(20)) { !Self.delivered(fake, to: cats).isEmpty })
        #expect(try await eventually(within: .seconds(20)) { try env.pushBacklog() == 0 })
        // (The pings that made Ben's stream live may have reached his phone before it was.)
        #expect(!fake.requests.contains { $0.deviceToken == bens && $0.payload["kind"] as? String == "direct-message" })
        #expect(Self.delivered(fake, to: cats).map { $0.alert["body"] as? String } == ["while away"])
        await stream.close()
      }
    }

    /// What plan sends through Notify (a trainer's invitation, a workout reminder) reaches the phone too.
    @Test func aTrainerInvitationAndAWorkoutReminderReachThePhone() async throws {
      try await Self.run { env, fake in
        let phone = Self.token(3)
        try await Self.register(env, env.cat, phone)
        _ = try await env.messagingInternal.notify(
          .with {
            $0.userID = env.cat.id; $0.kind = "trainer_invitation"; $0.title = "Ben invites you to train with them"
            $0.body = "Let's get you to a 100 kg squat"; $0.reference = "invitation-1"; $0.aboutUserID = env.ben.id
          })
        _ = try await env.messagingInternal.notify(
          .with {
            $0.userID = env.cat.id; $0.kind = "workout-reminder"; $0.title = "Push day: Monday at 18:00"; $0.reference = "entry-7"
          })
        #expect(try await eventually(within: .seconds(20)) { Self.delivered(fake, to: phone).count == 2 })
        let pushes = Self.delivered(fake, to: phone)
        let invitation = try #require(pushes.first { $0.payload["kind"] as? String == "trainer_invitation" })
        #expect(invitation.alert["title"] as? String == "Ben invites you to train with them")
        #expect(invitation.alert["body"] as? String == "Let's get you to a 100 kg squat")
        #expect(invitation.headers["apns-collapse-id"] == "trainer_invitation:invitation-1")
        let reminder = try #require(pushes.first { $0.payload["kind"] as? String == "workout-reminder" })
        #expect(reminder.alert["title"] as? String == "Push day: Monday at 18:00")
        #expect(reminder.payload["reference"] as? String == "entry-7")
        #expect((reminder.payload["aps"] as? [String: Any])?["badge"] as? Int == 2)
      }
    }

    @Test func aTokenAPNsReportsUnregisteredIsForgotten() async throws {
      try await Self.run { env, fake in
        let phone = Self.token(4)
        try await Self.register(env, env.ben, phone)
        fake.script(phone, [.unregistered(since: Date())])
        _ = try await Self.send(env, from: env.ana, to: "ben", "anyone there?")
        #expect(try await eventually(within: .seconds(20)) { try await env.messaging.listDevices(.init(), metadata: env.ben.metadata).devices.isEmpty })
        #expect(fake.requests.map(\.status) == [410])
      }
    }

    /// APNs' 410 says since when the token has been invalid: an app that registered it
    /// again after that instant (reinstalled, say) keeps its device.
    @Test func aTokenRegisteredAgainAfterAPNsLastSawItInvalidIsKept() async throws {
      try await Self.run { env, fake in
        let phone = Self.token(14)
        let before = Date().addingTimeInterval(-60)
        try await Self.register(env, env.ben, phone)
        fake.script(phone, [.unregistered(since: before)])
        _ = try await Self.send(env, from: env.ana, to: "ben", "still there?")
        #expect(try await eventually(within: .seconds(20)) { fake.requests.contains { $0.status == 410 } })
        // The answer is recorded in the pass that got it: a later message is the check.
        _ = try await Self.send(env, from: env.cat, to: "ben", "and now?")
        #expect(try await eventually(within: .seconds(20)) { Self.delivered(fake, to: phone).count == 1 })
        #expect(try await env.messaging.listDevices(.init(), metadata: env.ben.metadata).devices.count == 1)
      }
    }

    /// A phone belongs to the session that registered it: signing that session out (or
    /// revoking it from another device, as after a theft) stops its notifications at once.
    @Test func aRevokedSessionsPhoneHearsNothingMore() async throws {
      try await Self.run { env, fake in
        let lost = Self.token(15)
        try await Self.register(env, env.ben, lost)
        let other = try await env.running.auth.login(
          .with {
            $0.identifier = "ben"; $0.password = RunningAuth.password; $0.clientDescription = "laptop"
          }
        ).tokens
        let laptop = bearer(other.accessToken)
        let kept = Self.token(16)
        _ = try await env.messaging.registerDevice(
          .with {
            $0.platform = .ios; $0.token = kept; $0.appVersion = "1.4.0"; $0.locale = "en-GB"
          }, metadata: laptop)
        let sessions = try await env.running.auth.listSessions(.init(), metadata: laptop).sessions
        let stolen = try #require(sessions.first { !$0.current })
        _ = try await env.running.auth.revokeSession(.with { $0.sessionID = stolen.id }, metadata: laptop)
        #expect(
          try await eventually(within: .seconds(20)) {
            try await env.messaging.listDevices(.init(), metadata: laptop).devices.map(\.tokenSuffix) == [String(kept.suffix(8))]
          })
        _ = try await Self.send(env, from: env.ana, to: "ben", "meet at 6?")
        #expect(try await eventually(within: .seconds(20)) { Self.delivered(fake, to: kept).count == 1 })
        #expect(Self.delivered(fake, to: lost).isEmpty)
      }
    }

    /// An outage delays and never loses; what piles up in one conversation meanwhile is
    /// one notification, the newest.
    @Test func messagesSentWhileAPNsIsDownArriveAsOneNotificationOnceItIsBack() async throws {
      try await Self.run { env, fake in
        let phone = Self.token(5)
        try await Self.register(env, env.ben, phone)
        fake.setUnavailable(true)
        _ = try await Self.send(env, from: env.ana, to: "ben", "message 1")
        #expect(try await eventually(within: .seconds(20)) { fake.requests.contains { $0.status == 503 } })
        for n in 2...10 { _ = try await Self.send(env, from: env.ana, to: "ben", "message \(n)") }
        fake.setUnavailable(false)
        #expect(try await eventually(within: .seconds(60)) { !Self.delivered(fake, to: phone).isEmpty })
        // Nothing more is waiting: the outbox is empty once the one notification is out.
        #expect(try await eventually(within: .seconds(20)) { try env.pushBacklog() == 0 })
        // One notification on the phone: every push carries the conversation's collapse id.
        // Mostly one is sent; a retry already in flight with an older text when APNs came
        // back is followed by the newest.
        let pushes = Self.delivered(fake, to: phone)
        #expect((1...2).contains(pushes.count), "\(pushes.map { $0.alert["body"] ?? "" })")
        #expect(Set(pushes.map { $0.headers["apns-collapse-id"] ?? "" }).count == 1)
        #expect(pushes.last?.alert["body"] as? String == "message 10")
        #expect((pushes.last?.payload["aps"] as? [String: Any])?["badge"] as? Int == 10)
      }
    }

    @Test func aProviderThatSaysRetryAfterIsNotAskedAgainSooner() async throws {
      try await Self.run { env, fake in
        let phone = Self.token(6)
        try await Self.register(env, env.ben, phone)
        fake.script(phone, [.tooManyRequests(retryAfterSeconds: 2)])
        _ = try await Self.send(env, from: env.ana, to: "ben", "patience")
        #expect(try await eventually(within: .seconds(20)) { !Self.delivered(fake, to: phone).isEmpty })
        let requests = fake.requests
        #expect(requests.map(\.status) == [429, 200])
        #expect(requests[1].receivedAt - requests[0].receivedAt >= .seconds(2))
      }
    }

    @Test func registeringChecksTheTokenAndKeepsEachDeviceTheAccountsOwn() async throws {
      try await Self.run(devicesPerUser: 3) { env, _ in
        let m = env.messaging
        let bad = await rpcError {
          _ = try await m.registerDevice(
            .with {
              $0.platform = .ios; $0.token = "not-hex"; $0.locale = "en GB!"
            }, metadata: env.ben.metadata)
        }
        #expect(bad?.code == .invalidArgument)
        #expect(bad?.message.contains("token") == true && bad?.message.contains("locale") == true, "\(String(describing: bad))")
        let noPlatform = await rpcError { _ = try await m.registerDevice(.with { $0.token = Self.token(7) }, metadata: env.ben.metadata) }
        #expect(noPlatform?.code == .invalidArgument && noPlatform?.message.contains("platform") == true)
        // No FCM credentials configured: Android devices are refused with the reason.
        let android = await rpcError {
          _ = try await m.registerDevice(
            .with {
              $0.platform = .android; $0.token = "fcm-token:abc"
            }, metadata: env.ben.metadata)
        }
        #expect(android?.code == .failedPrecondition && android?.message.contains("Android") == true, "\(String(describing: android))")

        // The same token again is the same device, refreshed, in whichever case its hex comes.
        let first = try await Self.register(env, env.ben, Self.token(7).uppercased(), appVersion: "1.0")
        let again = try await Self.register(env, env.ben, Self.token(7), appVersion: "1.1")
        #expect(again.id == first.id && again.appVersion == "1.1" && again.tokenSuffix == String(Self.token(7).suffix(8)))
        // The whole token is never sent back.
        let listed = try await m.listDevices(.init(), metadata: env.ben.metadata).devices
        #expect(listed.map(\.id) == [first.id])
        let bytes: [UInt8] = try listed[0].serializedBytes()
        #expect(!String(decoding: bytes, as: UTF8.self).contains(Self.token(7)))

        // A phone signed in to another account is that account's now.
        let moved = try await Self.register(env, env.cat, Self.token(7))
        #expect(try await m.listDevices(.init(), metadata: env.ben.metadata).devices.isEmpty)
        #expect(try await m.listDevices(.init(), metadata: env.cat.metadata).devices.map(\.id) == [moved.id])
        // Nobody unregisters another's device.
        let foreign = await rpcError { _ = try await m.unregisterDevice(.with { $0.deviceID = moved.id }, metadata: env.ben.metadata) }
        #expect(foreign?.code == .notFound)

        // Past the limit, the device registered longest ago goes.
        for n in 10...13 { try await Self.register(env, env.ben, Self.token(n)) }
        let kept = try await m.listDevices(.init(), metadata: env.ben.metadata).devices.map(\.tokenSuffix)
        #expect(kept == [13, 12, 11].map { String(Self.token($0).suffix(8)) })
        _ = try await m.unregisterDevice(.with { $0.deviceID = moved.id }, metadata: env.cat.metadata)
        #expect(try await m.listDevices(.init(), metadata: env.cat.metadata).devices.isEmpty)
      }
    }

    /// An Android phone hears through FCM: the same message, the badge as the
    /// notification count, the conversation as collapse key and tag; a token FCM calls
    /// UNREGISTERED is forgotten.
    @Test func anAndroidPhoneHearsThroughFCM() async throws {
      try await Self.run(fcm: true) { env, apns, fcm in
        let fcm = try #require(fcm)
        let phone = "fcm:APA91b-ben_phone-0123456789"
        let device = try await env.messaging.registerDevice(
          .with {
            $0.platform = .android; $0.token = phone; $0.appVersion = "3.0"
          }, metadata: env.ben.metadata
        ).device
        #expect(device.platform == .android)
        let message = try await Self.send(env, from: env.ana, to: "ben", "Squats at six?")
        #expect(try await eventually(within: .seconds(20)) { !fcm.delivered.isEmpty })
        let push = try #require(fcm.delivered.first)
        #expect(push.token == phone)
        #expect(push.notification["title"] as? String == "Ana" && push.notification["body"] as? String == "Squats at six?")
        #expect(push.data == ["kind": "direct-message", "reference": message.conversationID])
        #expect(push.android["collapse_key"] as? String == "dm:" + message.conversationID)
        #expect((push.android["notification"] as? [String: Any])?["notification_count"] as? Int == 1)
        #expect(apns.requests.isEmpty)

        fcm.script(phone, [.unregistered])
        _ = try await Self.send(env, from: env.cat, to: "ben", "still there?")
        #expect(
          try await eventually(within: .seconds(20)) {
            try await env.messaging.listDevices(.init(), metadata: env.ben.metadata).devices.isEmpty
          })
        #expect(fcm.requests.map(\.status) == [200, 404])
      }
    }

    @Test func settingsStartAtTheDefaultsAndChangeOnlyWhatIsGiven() async throws {
      try await Self.run { env, _ in
        let m = env.messaging
        let defaults = try await m.getNotificationSettings(.init(), metadata: env.ben.metadata).settings
        #expect(defaults.preferences.map(\.kind) == PushKind.allCases.map(\.rawValue))
        #expect(defaults.preferences.allSatisfy { $0.push == ($0.kind == "room-message" ? .pushNever : .pushWhenAway) })
        #expect(!defaults.quietHours.enabled)

        let updated = try await m.updateNotificationSettings(
          .with {
            $0.preferences = [
              .with {
                $0.kind = "direct-message"; $0.push = .pushAlways
              },
              .with {
                $0.kind = "room-message"; $0.push = .pushWhenAway
              },
            ]
            $0.quietHours = .with {
              $0.enabled = true; $0.start = .with { $0.hours = 22 };
              $0.end = .with {
                $0.hours = 7; $0.minutes = 30
              }
            }
          }, metadata: env.ben.metadata
        ).settings
        let modes = Dictionary(uniqueKeysWithValues: updated.preferences.map { ($0.kind, $0.push) })
        #expect(modes["direct-message"] == .pushAlways && modes["room-message"] == .pushWhenAway && modes["follow"] == .pushWhenAway)
        #expect(updated.quietHours.enabled && updated.quietHours.start.hours == 22 && updated.quietHours.end.minutes == 30)
        // Leaving out the quiet hours keeps them; one kind changes alone.
        let again = try await m.updateNotificationSettings(
          .with {
            $0.preferences = [
              .with {
                $0.kind = "follow"; $0.push = .pushNever
              }
            ]
          }, metadata: env.ben.metadata
        ).settings
        #expect(again.quietHours == updated.quietHours)
        #expect(again.preferences.first { $0.kind == "direct-message" }?.push == .pushAlways)
        #expect(try await m.getNotificationSettings(.init(), metadata: env.cat.metadata).settings == defaults, "each user's own")

        let bad = await rpcError {
          _ = try await m.updateNotificationSettings(
            .with {
              $0.preferences = [
                .with {
                  $0.kind = "gossip"; $0.push = .pushNever
                },
                .with {
                  $0.kind = "follow"; $0.push = .pushNever
                },
                .with {
                  $0.kind = "follow"; $0.push = .pushAlways
                },
              ]
              $0.quietHours = .with {
                $0.enabled = true; $0.start = .with { $0.hours = 24 }; $0.end = .with { $0.hours = 7 }
              }
            }, metadata: env.ben.metadata)
        }
        #expect(bad?.code == .invalidArgument)
        for field in ["preferences[0].kind", "preferences[2].kind", "quiet_hours.start"] {
          #expect(bad?.message.contains(field) == true, "\(field): \(String(describing: bad))")
        }
        let empty = await rpcError {
          _ = try await m.updateNotificationSettings(
            .with {
              $0.quietHours = .with {
                $0.enabled = true; $0.start = .with { $0.hours = 7 }; $0.end = .with { $0.hours = 7 }
              }
            },
            metadata: env.ben.metadata)
        }
        #expect(empty?.code == .invalidArgument && empty?.message.contains("quiet_hours.end") == true)
        // Nothing of a refused update was kept.
        #expect(try await m.getNotificationSettings(.init(), metadata: env.ben.metadata).settings == again)
      }
    }

    /// Off is off; always is even with the app open; room messages when asked for.
    @Test func eachKindIsPushedAsTheUserChose() async throws {
      try await Self.run { env, fake in
        let m = env.messaging
        let (bens, cats) = (Self.token(30), Self.token(31))
        try await Self.register(env, env.ben, bens)
        try await Self.register(env, env.cat, cats)
        _ = try await m.updateNotificationSettings(
          .with {
            $0.preferences = [
              .with {
                $0.kind = "direct-message"; $0.push = .pushNever
              }
            ]
          }, metadata: env.ben.metadata)
        _ = try await m.updateNotificationSettings(
          .with {
            $0.preferences = [
              .with {
                $0.kind = "direct-message"; $0.push = .pushAlways
              },
              .with {
                $0.kind = "room-message"; $0.push = .pushWhenAway
              },
            ]
          }, metadata: env.cat.metadata)

        // Ben switched direct messages off: a friend request still reaches him, the message does not.
        _ = try await Self.send(env, from: env.ana, to: "ben", "pushed? no")
        _ = try await m.sendFriendRequest(.with { $0.userID = env.ben.id }, metadata: env.ana.metadata)
        #expect(try await eventually(within: .seconds(20)) { !Self.delivered(fake, to: bens).isEmpty })
        #expect(try await eventually(within: .seconds(20)) { try env.pushBacklog() == 0 })
        #expect(Self.delivered(fake, to: bens).map { $0.payload["kind"] as? String } == ["friend-request"])

        // Cat wants direct messages always: with her stream open she hears on both.
        let (stream, _) = try await OpenStream.live(env, env.cat)
        let live = try await Self.send(env, from: env.ana, to: "cat", "on both")
        #expect(try await stream.wait { $0.contains { $0.message.id == live.id } })
        #expect(try await eventually(within: .seconds(20)) { Self.delivered(fake, to: cats).contains { $0.alert["body"] as? String == "on both" } })
        await stream.close()

        // Room messages reach Cat, who asked for them, and not Ben, who did not.
        let room = try await m.createRoom(.with { $0.name = "Squat club" }, metadata: env.ana.metadata).room
        _ = try await m.joinRoom(.with { $0.roomID = room.id }, metadata: env.ben.metadata)
        _ = try await m.joinRoom(.with { $0.roomID = room.id }, metadata: env.cat.metadata)
        _ = try await m.postRoomMessage(
          .with {
            $0.roomID = room.id; $0.text = "PRs today?"
          }, metadata: env.ana.metadata)
        #expect(try await eventually(within: .seconds(20)) { Self.delivered(fake, to: cats).contains { $0.payload["kind"] as? String == "room-message" } })
        #expect(try await eventually(within: .seconds(20)) { try env.pushBacklog() == 0 })
        let roomPush = try #require(Self.delivered(fake, to: cats).first { $0.payload["kind"] as? String == "room-message" })
        #expect(roomPush.alert["body"] as? String == "PRs today?" && roomPush.headers["apns-collapse-id"] == "room:" + room.id)
        #expect(!Self.delivered(fake, to: bens).contains { $0.payload["kind"] as? String == "room-message" })
      }
    }

    /// In quiet hours a push arrives silently: passive, no sound, priority 5; outside them as usual.
    @Test func quietHoursMakePushesSilent() async throws {
      try await Self.run(fcm: true) { env, apns, fcm in
        let fcm = try #require(fcm)
        let m = env.messaging
        let iphone = Self.token(40)
        let android = "fcm:APA91b-ben_quiet-0123456789"
        try await Self.register(env, env.ben, iphone)
        _ = try await m.registerDevice(
          .with {
            $0.platform = .android; $0.token = android
          }, metadata: env.ben.metadata)
        // Ben has no time zone: his quiet hours are in UTC, from an hour ago to an hour from now.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let hour = utc.component(.hour, from: Date())
        _ = try await m.updateNotificationSettings(
          .with {
            $0.quietHours = .with {
              $0.enabled = true; $0.start = .with { $0.hours = Int32((hour + 23) % 24) }; $0.end = .with { $0.hours = Int32((hour + 1) % 24) }
            }
          }, metadata: env.ben.metadata)
        _ = try await Self.send(env, from: env.ana, to: "ben", "late night question")
        #expect(try await eventually(within: .seconds(20)) { !Self.delivered(apns, to: iphone).isEmpty && !fcm.delivered.isEmpty })
        let quiet = try #require(Self.delivered(apns, to: iphone).first)
        let aps = try #require(quiet.payload["aps"] as? [String: Any])
        #expect(aps["interruption-level"] as? String == "passive" && aps["sound"] == nil && quiet.headers["apns-priority"] == "5")
        #expect(quiet.alert["body"] as? String == "late night question")
        let quietAndroid = try #require(fcm.delivered.first)
        #expect(quietAndroid.android["priority"] as? String == "NORMAL")
        #expect((quietAndroid.android["notification"] as? [String: Any])?["notification_priority"] as? String == "PRIORITY_LOW")

        // Outside them: sound, priority 10, high priority on Android.
        _ = try await m.updateNotificationSettings(.with { $0.quietHours = .with { $0.enabled = false } }, metadata: env.ben.metadata)
        _ = try await Self.send(env, from: env.cat, to: "ben", "morning!")
        #expect(try await eventually(within: .seconds(20)) { Self.delivered(apns, to: iphone).count == 2 && fcm.delivered.count == 2 })
        let loud = try #require(Self.delivered(apns, to: iphone).last)
        #expect((loud.payload["aps"] as? [String: Any])?["sound"] as? String == "default" && loud.headers["apns-priority"] == "10")
        #expect(fcm.delivered.last?.android["priority"] as? String == "HIGH")
      }
    }

    /// A push still waiting (APNs down) goes when a moderator removes its message or
    /// when the recipient blocks its sender: the words never reach the phone later.
    @Test func aRemovedMessageOrABlockTakesItsWaitingPushAway() async throws {
      try await Self.run { env, fake in
        let m = env.messaging
        let phone = Self.token(50)
        try await Self.register(env, env.ben, phone)
        let admin = try await env.running.makeAdmin()
        fake.setUnavailable(true)
        let abuse = try await Self.send(env, from: env.ana, to: "ben", "abusive words")
        _ = try await Self.send(env, from: env.cat, to: "ben", "from cat")
        #expect(try await eventually(within: .seconds(20)) { fake.requests.filter { $0.status == 503 }.count >= 2 })
        #expect(try env.pushBacklog() == 2)
        _ = try await m.deleteMessage(
          .with {
            $0.id = abuse.id; $0.reason = "harassment"
          }, metadata: admin.metadata)
        #expect(try env.pushBacklog() == 1)
        _ = try await m.blockUser(.with { $0.userID = env.cat.id }, metadata: env.ben.metadata)
        #expect(try env.pushBacklog() == 0)

        fake.setUnavailable(false)
        _ = try await m.sendFriendRequest(.with { $0.userID = env.ben.id }, metadata: env.ana.metadata)
        #expect(try await eventually(within: .seconds(20)) { !Self.delivered(fake, to: phone).isEmpty })
        #expect(try await eventually(within: .seconds(20)) { try env.pushBacklog() == 0 })
        #expect(Self.delivered(fake, to: phone).map { $0.payload["kind"] as? String } == ["friend-request"])
      }
    }

    @Test func aDeletedAccountsDevicesGoWithIt() async throws {
      try await Self.run { env, fake in
        let zed = try await env.running.register("push_zed")
        let phone = Self.token(8)
        try await Self.register(env, zed, phone)
        _ = try await env.messaging.updateNotificationSettings(
          .with {
            $0.preferences = [
              .with {
                $0.kind = "room-message"; $0.push = .pushAlways
              }
            ]
            $0.quietHours = .with {
              $0.enabled = true; $0.start = .with { $0.hours = 23 }; $0.end = .with { $0.hours = 6 }
            }
          }, metadata: zed.metadata)
        try await Self.register(env, env.ana, Self.token(9))
        fake.setUnavailable(true)  // a notification waiting for it, and one with its words for Ana
        _ = try await Self.send(env, from: env.ana, to: "push_zed", "bye")
        _ = try await Self.send(env, from: zed, to: "ana", "zed's last words")
        #expect(try await eventually(within: .seconds(20)) { Set(fake.requests.filter { $0.status == 503 }.map(\.deviceToken)).count == 2 })
        _ = try await env.running.auth.deleteAccount(.with { $0.password = RunningAuth.password }, metadata: zed.metadata)
        #expect(try await eventually { try await env.running.ops.getInfo(.init()).outbox.first { $0.destination == "messaging" } == nil })
        let left = try LeftBehind.rows(
          mentioning: [zed.id, phone, "zed's last words"], inDatabaseAt: env.dataDirectory + "/messaging.sqlite")
        #expect(left.isEmpty, "\(left.map(\.description).joined(separator: "\n"))")
        #expect(try env.pushBacklog() == 0)
      }
    }
  }
}

extension MessagingFixture.Env {
  /// Push jobs waiting, read from messaging's database.
  func pushBacklog() throws -> Int {
    let database = try DatabaseQueue(path: (dataDirectory as NSString).appendingPathComponent("messaging.sqlite"))
    return try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM push_jobs") ?? 0 }
  }
}

/// Quiet hours as the store reads them: within a day, across midnight, in the user's zone.
@Suite struct QuietHoursTests {
  @Test func quietHoursHoldWithinADayAndAcrossMidnight() throws {
    let night = QuietHours(startMinute: 22 * 60, endMinute: 7 * 60 + 30)
    #expect(night.contains(minuteOfDay: 22 * 60) && night.contains(minuteOfDay: 0) && night.contains(minuteOfDay: 7 * 60 + 29))
    #expect(!night.contains(minuteOfDay: 7 * 60 + 30) && !night.contains(minuteOfDay: 12 * 60) && !night.contains(minuteOfDay: 21 * 60 + 59))
    let lunch = QuietHours(startMinute: 12 * 60, endMinute: 13 * 60)
    #expect(lunch.contains(minuteOfDay: 12 * 60 + 30) && !lunch.contains(minuteOfDay: 13 * 60) && !lunch.contains(minuteOfDay: 0))
    // 21:30 UTC is 22:30 in Berlin in winter: quiet there, not in London (UTC+0 then) or UTC.
    let instant = try #require(ISO8601DateFormatter().date(from: "2026-01-15T21:30:00Z"))
    #expect(night.contains(instant, in: try #require(TimeZone(identifier: "Europe/London"))) == false)
    #expect(night.contains(instant, in: try #require(TimeZone(identifier: "Europe/Berlin"))))
    #expect(!night.contains(instant, in: try #require(TimeZone(identifier: "UTC"))))
  }
}
