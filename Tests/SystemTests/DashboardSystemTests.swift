import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymCtl
import GymService
import GymTesting
import Testing

extension SystemTests {
  /// The trainers' dashboard end to end in Chromium (Tests/SystemTests/dashboard): on the
  /// running stack, a trainer with two clients who consented signs in, reads one client's
  /// overview (what the page shows must be what the API answers), assigns her a routine
  /// and a nutrition plan, writes to her and sees her answer arrive live. The assignments
  /// and the message are then checked from the client's side, as she would see them.
  @Test func aTrainerManagesAClientInTheDashboardInChromium() async throws {
    try await Self.withStack(environment: ["GYM_REQUIRE_VERIFIED_EMAIL": "false"]) { supervisor, gateway in
      let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"
      let stack = ["--base-port", "\(supervisor.layout.basePort)", "--data-dir", supervisor.layout.dataDirectory]
      let (created, output) = try await Self.run(
        gymctl, ["users", "create-admin", "--email", "admin@example.com", "--username", "dash_admin"] + stack, input: Self.jsonPassword + "\n")
      try #require(created == 0, "\(output)")

      let directory = try temporaryDirectory("dashboard")
      defer { try? FileManager.default.removeItem(atPath: directory) }
      // Kept where GYM_DASHBOARD_SCREENSHOT says, to look at; else thrown away with the rest.
      let screenshot = ProcessInfo.processInfo.environment["GYM_DASHBOARD_SCREENSHOT"] ?? directory + "/dashboard.png"
      let setup = try await withClient(to: gateway) { client in
        try await DashboardSetup.make(client, base: "http://\(gateway)", screenshot: screenshot)
      }
      let flowFile = directory + "/flow.json"
      try setup.flow.write(to: URL(fileURLWithPath: flowFile))

      let outputPath = directory + "/output"
      let status = try await ChildProcess(
        "/bin/bash", [Self.repositoryRoot + "/Tests/SystemTests/dashboard/run-dashboard.sh", flowFile], outputPath: outputPath
      ).status()
      let report = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
      print("dashboard in chromium:\n\(report.suffix(3000))")
      try #require(status == 0, "the dashboard flow failed:\n\(report.suffix(8000))")
      #expect(FileManager.default.fileExists(atPath: screenshot))

      // What the trainer did in the browser, as the client sees it.
      try await withClient(to: gateway) { client in
        let plan = Gym_Plan_V1_PlanService.Client(wrapping: client)
        let messaging = Gym_Messaging_V1_MessagingService.Client(wrapping: client)
        let lena = setup.lena
        let routines = try await plan.listRoutines(.init(), metadata: lena.metadata).routines
        #expect(routines.map(\.name) == [DashboardSetup.routineName] && routines.first?.assignedBy == setup.trainerID, "\(routines)")
        let day = try await plan.getNutritionDay(.init(), metadata: lena.metadata)
        let plans = try await plan.listNutritionPlans(.init(), metadata: lena.metadata).plans
        #expect(plans.contains { $0.id == day.planID && $0.name == DashboardSetup.planName && $0.assignedBy == setup.trainerID }, "\(plans)")
        let messages = try await messaging.listDirectMessages(.with { $0.peerUserID = setup.trainerID }, metadata: lena.metadata).messages
        #expect(messages.map(\.text) == [DashboardSetup.clientMessage, DashboardSetup.trainerMessage], "\(messages.map(\.text))")
      }
    }
  }
}

/// The accounts and data the dashboard flow starts from, made through the gateway's gRPC
/// API: an administrator grants the trainer role (who reads in pounds); two members ask
/// the trainer to coach them and the trainer accepts; one client has weighed in and trained.
struct DashboardSetup {
  static let routineName = "Strength A"
  static let planName = "Lean bulk 2400 kcal"
  static let trainerMessage = "Great week! Add 2.5 kg to the squat on Monday."
  static let clientMessage = "Will do, thanks coach"
  static let photoNote = "Week 4, front"

  struct Account {
    let id: String
    let token: String
    var metadata: Metadata { ["authorization": "Bearer \(token)"] }
  }

  let trainerID: String
  let lena: Account
  /// What dashboard_flow.py reads, as JSON.
  let flow: Data

  static func make(_ client: GRPCClient<HTTP2ClientTransport.Posix>, base: String, screenshot: String) async throws -> DashboardSetup {
    let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
    let plan = Gym_Plan_V1_PlanService.Client(wrapping: client)
    let catalog = Gym_Catalog_V1_CatalogService.Client(wrapping: client)
    let password = SystemTests.jsonPassword

    func register(_ username: String, _ displayName: String, trainer: Bool = false) async throws -> Account {
      let registered = try await auth.register(
        .with {
          $0.email = "\(username)@example.com"; $0.username = username; $0.password = password; $0.displayName = displayName
          $0.acceptTerms = true; $0.termsVersion = "1"; $0.role = trainer ? .trainer : .member
        })
      return Account(id: registered.user.id, token: registered.tokens.accessToken)
    }
    func login(_ identifier: String) async throws -> Account {
      let answer = try await auth.login(
        .with {
          $0.identifier = identifier; $0.password = password
        })
      return Account(id: answer.user.id, token: answer.tokens.accessToken)
    }

    // The trainer's role, granted by an administrator; her next token carries it.
    _ = try await register("tess", "Tess Trainer", trainer: true)
    let admin = try await login("dash_admin")
    let pending = try await auth.listTrainerRoleRequests(.with { $0.state = .pending }, metadata: admin.metadata).requests
    let request = try #require(pending.first { $0.username == "tess" })
    _ = try await auth.decideTrainerRole(
      .with {
        $0.requestID = request.id; $0.approve = true
      }, metadata: admin.metadata)
    let tess = try await login("tess")
    // She weighs in pounds: the dashboard shows her figures in her unit, once plan has
    // heard of her profile's unit system through auth's outbox.
    _ = try await auth.updateProfile(
      .with {
        $0.profile.unitSystem = .imperial; $0.updateMask.paths = ["unit_system"]
      }, metadata: tess.metadata)
    #expect(
      try await eventually { try await plan.getUnitSettings(.init(), metadata: tess.metadata).settings.imperial },
      "plan heard that the trainer's profile is imperial")

    // Two members ask her to coach them; she accepts both. A third is no one's client.
    let lena = try await register("lena", "Lena Lindqvist")
    let omar = try await register("omar", "Omar Haddad")
    _ = try await register("mia", "Mia Member")
    for member in [lena, omar] {
      let asked = try await plan.requestTrainer(
        .with {
          $0.trainerID = tess.id; $0.message = "Coach me?"
        }, metadata: member.metadata)
      _ = try await plan.respondTrainerRequest(
        .with {
          $0.requestID = asked.request.id; $0.accept = true
        }, metadata: tess.metadata)
    }

    // Lena weighed in on three days and trained today; she logged a breakfast.
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    func day(_ offset: Int) -> Gym_Common_V1_Date {
      let parts = calendar.dateComponents([.year, .month, .day], from: Date().addingTimeInterval(Double(offset) * 86_400))
      return .with {
        $0.year = Int32(parts.year!); $0.month = Int32(parts.month!); $0.day = Int32(parts.day!)
      }
    }
    for (offset, kg) in [(-6, 64.8), (-3, 64.1), (0, 63.7)] {
      _ = try await plan.logBodyWeight(
        .with {
          $0.date = day(offset); $0.weightKg = kg
        }, metadata: lena.metadata)
    }
    let squat = try #require(
      try await catalog.listExercises(
        .with {
          $0.query = "squat"; $0.pageSize = 1
        }, metadata: lena.metadata
      ).exercises.first)
    _ = try await plan.logWorkout(
      .with {
        $0.date = day(0)
        $0.entries = [
          .with {
            $0.exerciseID = squat.id;
            $0.sets = [
              .with {
                $0.reps = 5; $0.weightKg = 80
              },
              .with {
                $0.reps = 5; $0.weightKg = 82.5
              },
            ]
          }
        ]
      }, metadata: lena.metadata)
    _ = try await plan.logFood(
      .with {
        $0.entry = .with {
          $0.description_p = "Porridge";
          $0.macros = .with {
            $0.kcal = 400; $0.carbsG = 70; $0.proteinG = 15; $0.fatG = 8
          }
        }
      },
      metadata: lena.metadata)

    // Tess's own routine and plan, to assign in the browser.
    _ = try await plan.createRoutine(
      .with {
        $0.routine = .with {
          $0.name = routineName
          $0.days = [
            .with {
              $0.name = "Monday";
              $0.exercises = [
                .with {
                  $0.exerciseID = squat.id;
                  $0.sets = [
                    .with {
                      $0.targetReps = 5; $0.targetWeightKg = 85
                    }
                  ]
                }
              ]
            }
          ]
        }
      }, metadata: tess.metadata)
    _ = try await plan.createNutritionPlan(
      .with {
        $0.plan = .with {
          $0.name = planName;
          $0.dailyTargets = .with {
            $0.kcal = 2400; $0.proteinG = 160; $0.carbsG = 280; $0.fatG = 70
          }
        }
      }, metadata: tess.metadata)

    // Lena's profile picture, a progress photo she shares with her trainers and one she
    // keeps to herself; the trainer sees the shared one once plan's outbox has told
    // messaging of the coaching.
    let messaging = Gym_Messaging_V1_MessagingService.Client(wrapping: client)
    func upload(_ bytes: [UInt8], _ filename: String) async throws -> Gym_Messaging_V1_Attachment {
      try await messaging.uploadAttachment(metadata: lena.metadata) { writer in
        try await writer.write(.with { $0.start = .with { $0.filename = filename } })
        try await writer.write(.with { $0.chunk = Data(bytes) })
      }.attachment
    }
    let picture = try await upload(TestImages.decodablePNG(width: 100, height: 100, seed: 1), "lena.png")
    _ = try await messaging.setProfilePicture(.with { $0.attachmentID = picture.id }, metadata: lena.metadata)
    for (seed, note, shared) in [(2, photoNote, true), (3, "not for the coach", false)] {
      let photo = try await upload(TestImages.decodablePNG(width: 90, height: 120, seed: seed), "front.png")
      _ = try await messaging.addProgressPhoto(
        .with {
          $0.attachmentID = photo.id; $0.takenOn = day(-1); $0.note = note; $0.sharedWithTrainer = shared
        }, metadata: lena.metadata)
    }
    for (client, shared) in [(lena, 1), (omar, 0)] {
      #expect(
        try await eventually {
          (try? await messaging.listProgressPhotos(.with { $0.userID = client.id }, metadata: tess.metadata).photos.count) == shared
        }, "messaging heard of the coaching")
    }
    let pictureURL = try await auth.getProfile(.with { $0.userID = lena.id }, metadata: tess.metadata).profile.avatarURL

    // What the page must show: what the API answers the trainer.
    let overview = try await plan.getClientOverview(.with { $0.clientID = lena.id }, metadata: tess.metadata)
    let flow: [String: Any] = [
      "base": base, "screenshot": screenshot,
      "member": ["identifier": "mia", "password": password],
      "trainer": ["identifier": "tess", "password": password, "userId": tess.id, "displayName": "Tess Trainer"],
      "clients": [
        ["userId": lena.id, "username": "lena", "displayName": "Lena Lindqvist", "token": lena.token],
        ["userId": omar.id, "username": "omar", "displayName": "Omar Haddad", "token": omar.token],
      ],
      "overview": [
        "sessionsThisWeek": Int(overview.sessionsThisWeek), "foodDaysLogged": Int(overview.foodDaysLogged),
        "kcalDaysMet": Int(overview.kcalDaysMet), "sessions": Int(overview.stats.sessions),
        "weighIns": overview.bodyWeight.map(\.weightLb), "unit": "lb", "sessionNames": overview.recentSessions.map(\.name),
        "volumes": overview.recentSessions.map { String(Int(($0.summary.volumeLb).rounded())) },
      ],
      "routine": routineName, "plan": planName,
      "pictureUrl": pictureURL, "photoNotes": [photoNote],
      "trainerMessage": trainerMessage, "clientMessage": clientMessage,
    ]
    #expect(overview.bodyWeight.count == 3 && overview.recentSessions.count == 1 && overview.foodDaysLogged == 1, "\(overview)")
    return DashboardSetup(trainerID: tess.id, lena: lena, flow: try JSONSerialization.data(withJSONObject: flow))
  }
}
