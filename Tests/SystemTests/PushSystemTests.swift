import Crypto
import Foundation
import GRPCCore
import GymAPI
import GymCtl
import GymService
import GymTesting
import PushTesting
import Testing

extension SystemTests {
  /// Phones that are asleep, on the real executables: gym-messaging configured with an
  /// APNs key file and an FCM service account sends a trainer's invitation made in
  /// gym-plan, a direct message, and a workout reminder gym-plan's worker sends to the
  /// member's iPhone through a local APNs (HTTP/2 over TLS, checking the ES256 provider
  /// token against the key's public half) and to her Android phone through a local FCM
  /// (checking the RS256 grant against the service account's public key and the access
  /// token it granted). Both phones are registered through the gateway.
  @Test func anInvitationADirectMessageAndAWorkoutReminderReachAnIPhoneAndAnAndroidPhone() async throws {
    let key = P256.Signing.PrivateKey()
    let topic = "app.gym.member"
    let fake = try await FakeAPNs(keyID: "KEY1234567", teamID: "TEAM123456", publicKey: key.publicKey, topic: topic)
    let fcm = try await FakeFCM()
    defer {
      Task {
        await fake.stop()
        await fcm.stop()
      }
    }
    let directory = try temporaryDirectory("gym-push-system")
    try key.pemRepresentation.write(toFile: directory + "/AuthKey.p8", atomically: true, encoding: .utf8)
    try (fake.caCertificatePEM + "\n" + fcm.caCertificatePEM).write(toFile: directory + "/providers-ca.pem", atomically: true, encoding: .utf8)
    try fcm.account.json.write(to: URL(fileURLWithPath: directory + "/service-account.json"))
    let environment = [
      "GYM_REQUIRE_VERIFIED_EMAIL": "false", "GYM_MESSAGING_APNS_KEY_FILE": directory + "/AuthKey.p8",
      "GYM_MESSAGING_APNS_KEY_ID": "KEY1234567", "GYM_MESSAGING_APNS_TEAM_ID": "TEAM123456", "GYM_MESSAGING_APNS_TOPIC": topic,
      "GYM_MESSAGING_APNS_ENDPOINT": "localhost:\(fake.port)", "GYM_MESSAGING_FCM_SERVICE_ACCOUNT_FILE": directory + "/service-account.json",
      "GYM_MESSAGING_FCM_ENDPOINT": "localhost:\(fcm.port)", "GYM_MESSAGING_PUSH_CA_FILE": directory + "/providers-ca.pem",
      "GYM_PLAN_REMINDER_INTERVAL_SECONDS": "1",
    ]
    try await Self.withStack(environment: environment) { supervisor, gateway in
      let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"
      let stack = ["--base-port", "\(supervisor.layout.basePort)", "--data-dir", supervisor.layout.dataDirectory]
      let (created, output) = try await Self.run(
        gymctl, ["users", "create-admin", "--email", "admin@example.com", "--username", "push_admin"] + stack,
        input: Self.jsonPassword + "\n")
      try #require(created == 0, "\(output)")
      try await withClient(to: gateway) { client in
        let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
        let plan = Gym_Plan_V1_PlanService.Client(wrapping: client)
        let messaging = Gym_Messaging_V1_MessagingService.Client(wrapping: client)
        let catalog = Gym_Catalog_V1_CatalogService.Client(wrapping: client)
        func register(_ name: String, trainer: Bool = false) async throws -> (id: String, metadata: Metadata) {
          let registered = try await auth.register(
            .with {
              $0.email = "\(name)@example.com"; $0.username = name; $0.password = Self.jsonPassword; $0.displayName = name.capitalized
              $0.acceptTerms = true; $0.termsVersion = "1"; $0.role = trainer ? .trainer : .member
            })
          return (registered.user.id, ["authorization": "Bearer \(registered.tokens.accessToken)"])
        }
        func login(_ name: String) async throws -> (id: String, metadata: Metadata) {
          let answer = try await auth.login(
            .with {
              $0.identifier = name; $0.password = Self.jsonPassword
            })
          return (answer.user.id, ["authorization": "Bearer \(answer.tokens.accessToken)"])
        }
        let lena = try await register("lena")
        let ana = try await register("ana")
        _ = try await register("tess", trainer: true)
        let admin = try await login("push_admin")
        let asked = try await auth.listTrainerRoleRequests(.with { $0.state = .pending }, metadata: admin.metadata).requests
        _ = try await auth.decideTrainerRole(
          .with {
            $0.requestID = try #require(asked.first { $0.username == "tess" }).id; $0.approve = true
          }, metadata: admin.metadata)
        let tess = try await login("tess")

        let phone = String(repeating: "0f", count: 32)
        let device = try await messaging.registerDevice(
          .with {
            $0.platform = .ios; $0.token = phone; $0.appVersion = "2.3.1"; $0.locale = "en-GB"
          }, metadata: lena.metadata
        ).device
        #expect(device.tokenSuffix == String(phone.suffix(8)))
        let android = "fcm:APA91b-lena_pixel-0123456789"
        _ = try await messaging.registerDevice(
          .with {
            $0.platform = .android; $0.token = android; $0.appVersion = "2.3.1"; $0.locale = "en-GB"
          }, metadata: lena.metadata)

        // A workout today, reminded a minute before: due at the next whole minute (lena
        // has no time zone, so UTC), at least 5 s from now so it is after the entry is made.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let remindAt = utc.nextDate(after: Date().addingTimeInterval(5), matching: DateComponents(second: 0), matchingPolicy: .nextTime)!
        let workout = remindAt.addingTimeInterval(60)
        let parts = utc.dateComponents([.year, .month, .day, .hour, .minute], from: workout)
        let squat = try #require(try await catalog.listExercises(.with { $0.query = "squat" }, metadata: lena.metadata).exercises.first).id
        let routine = try await plan.createRoutine(
          .with {
            $0.routine = .with {
              $0.name = "Legs"
              $0.days = [
                .with {
                  $0.name = "Squat day"
                  $0.exercises = [
                    .with {
                      $0.exerciseID = squat;
                      $0.sets = [
                        .with {
                          $0.targetReps = 5; $0.targetWeightKg = 80
                        }
                      ]
                    }
                  ]
                }
              ]
            }
          }, metadata: lena.metadata
        ).routine
        _ = try await plan.scheduleRoutine(
          .with {
            $0.entry = .with {
              $0.routineID = routine.id
              $0.date = .with {
                $0.year = Int32(parts.year!); $0.month = Int32(parts.month!); $0.day = Int32(parts.day!)
              }
              $0.time = .with {
                $0.hours = Int32(parts.hour!); $0.minutes = Int32(parts.minute!)
              }
              $0.reminderMinutesBefore = 1
            }
          }, metadata: lena.metadata)

        _ = try await plan.inviteClient(
          .with {
            $0.email = "lena@example.com"; $0.message = "Let's get you to a 100 kg squat"
          }, metadata: tess.metadata)
        let dm = try await messaging.sendDirectMessage(
          .with {
            $0.userID = lena.id; $0.text = "Gym at six?"
          }, metadata: ana.metadata
        ).message

        func pushes(_ kind: String) -> [FakeAPNs.Request] {
          fake.delivered.filter { $0.deviceToken == phone && $0.payload["kind"] as? String == kind }
        }
        #expect(try await eventually(within: .seconds(30)) { !pushes("trainer_invitation").isEmpty }, "\(fake.requests.map(\.status))")
        #expect(pushes("trainer_invitation").first?.alert["title"] as? String == "Tess invites you to train with them")
        #expect(try await eventually(within: .seconds(30)) { !pushes("direct-message").isEmpty })
        let message = try #require(pushes("direct-message").first)
        #expect(message.alert["title"] as? String == "Ana" && message.alert["body"] as? String == "Gym at six?")
        #expect(message.headers["apns-collapse-id"] == "dm:" + dm.conversationID)
        // Due at `remindAt`; the worker looks every second.
        let wait = max(Duration.seconds(30), .seconds(remindAt.timeIntervalSinceNow + 30))
        #expect(try await eventually(within: wait) { !pushes("workout-reminder").isEmpty }, "\(fake.requests.map { $0.payload["kind"] ?? "" })")
        let reminder = try #require(pushes("workout-reminder").first)
        #expect((reminder.alert["title"] as? String)?.hasPrefix("Legs: Squat day at") == true, "\(reminder.alert)")
        // Every request carried a token APNs accepts, for the configured app.
        #expect(fake.requests.allSatisfy { $0.status == 200 && $0.headers["apns-topic"] == topic }, "\(fake.requests.map(\.status))")

        // The Android phone heard the same three through FCM, with one access token.
        func androidPushes(_ kind: String) -> [FakeFCM.Request] {
          fcm.delivered.filter { $0.token == android && $0.data["kind"] == kind }
        }
        #expect(
          try await eventually(within: .seconds(30)) { ["trainer_invitation", "direct-message", "workout-reminder"].allSatisfy { !androidPushes($0).isEmpty } })
        #expect(androidPushes("direct-message").first?.notification["body"] as? String == "Gym at six?")
        #expect(androidPushes("trainer_invitation").first?.notification["title"] as? String == "Tess invites you to train with them")
        #expect(fcm.requests.allSatisfy { $0.status == 200 } && fcm.grants == 1, "\(fcm.requests.map(\.status)), \(fcm.grants) grants")

        // The operator's view: what each provider took, and nothing waiting.
        let (status, report) = try await Self.run(gymctl, ["push", "--json"] + stack)
        #expect(status == 0, "\(report)")
        let processes = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [[String: Any]], "\(report)")
        let providers = try #require(processes.first?["push"] as? [[String: Any]], "\(report)")
        func sent(_ provider: String) -> Int? {
          (providers.first { $0["provider"] as? String == provider }?["sent"] as? String).flatMap { Int($0) }
        }
        #expect(sent("apns") == fake.delivered.count && sent("fcm") == fcm.delivered.count, "\(report)")
        #expect(providers.allSatisfy { $0["backlog"] == nil }, "\(report)")
        let (_, table) = try await Self.run(gymctl, ["push"] + stack)
        #expect(table.contains("PROVIDER") && table.contains("apns") && table.contains("fcm"), "\(table)")
      }
    }
  }

  /// Push settings that cannot work stop gym-messaging before it listens, with exit
  /// status 2 and a line that names the key and what to fix.
  @Test func pushSettingsThatCannotWorkStopMessagingWithWhatToFix() async throws {
    let directory = try temporaryDirectory("gym-push-config")
    let notAKey = directory + "/AuthKey.p8"
    try "not a key".write(toFile: notAKey, atomically: true, encoding: .utf8)
    let account = directory + "/service-account.json"
    try
      #"{"type":"service_account","project_id":"gym","client_email":"push@gym.iam.gserviceaccount.com","private_key_id":"k1","token_uri":"https://oauth2.googleapis.com/token"}"#
      .write(toFile: account, atomically: true, encoding: .utf8)
    let messaging = Supervisor.defaultBinDirectory() + "/gym-messaging"
    let credential = directory + "/service-credential"
    let (made, madeOutput) = try await Self.run(Supervisor.defaultBinDirectory() + "/gymctl", ["credential", "init", "--path", credential])
    try #require(made == 0, "\(madeOutput)")
    let base = [
      "GYM_AUTH_ADDR=127.0.0.1:1", "GYM_DATA_DIR=\(directory)/data", "GYM_MESSAGING_LISTEN=127.0.0.1:0",
      "GYM_SERVICE_CREDENTIAL_FILE=\(credential)",
    ]
    let cases: [([String], String)] = [
      (
        ["GYM_MESSAGING_APNS_KEY_FILE=\(notAKey)"],
        "GYM_MESSAGING_APNS_KEY_FILE is set, so GYM_MESSAGING_APNS_KEY_ID and GYM_MESSAGING_APNS_TEAM_ID and GYM_MESSAGING_APNS_TOPIC must be too"
      ),
      (
        [
          "GYM_MESSAGING_APNS_KEY_FILE=\(notAKey)", "GYM_MESSAGING_APNS_KEY_ID=KEY1234567", "GYM_MESSAGING_APNS_TEAM_ID=TEAM123456",
          "GYM_MESSAGING_APNS_TOPIC=app.gym",
        ],
        "GYM_MESSAGING_APNS_KEY_FILE=\(notAKey): the APNs key is not a PEM-encoded P-256 private key (.p8)"
      ),
      (["GYM_MESSAGING_FCM_SERVICE_ACCOUNT_FILE=\(account)"], "the FCM service account file has no private_key"),
      (["GYM_MESSAGING_FCM_SERVICE_ACCOUNT_FILE=\(directory)/missing.json"], "GYM_MESSAGING_FCM_SERVICE_ACCOUNT_FILE=\(directory)/missing.json cannot be read"),
    ]
    for (environment, message) in cases {
      let (status, output) = try await Self.run("/usr/bin/env", base + environment + [messaging])
      #expect(status == 2 && output.contains(message), "\(environment): \(status) \(output)")
    }
  }
}
