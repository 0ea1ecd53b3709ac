import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymCtl
import GymService
import GymTesting
import Testing

extension SystemTests {
  /// A member with something in every service, and another whose data must never show
  /// in the first one's export.
  struct ExportScene: Sendable {
    let ana: Metadata
    let anaID: String
    let ben: Metadata
    /// Words only Ana wrote, by the service that keeps them; Ben's own words.
    let anaWords: [String: String]
    let benWords: String
    let photo: [UInt8]
    let benPhoto: [UInt8]
  }

  static let password = "violet staircase under a quiet harbour"

  /// Ana (a trainer, approved through gymctl) fills every service through the gateway;
  /// Ben keeps a routine, a post and a photo of his own.
  static func exportScene(_ client: GRPCClient<HTTP2ClientTransport.Posix>, gymctl: @Sendable ([String]) async throws -> String) async throws
    -> ExportScene
  {
    let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
    for name in ["ana", "ben"] {
      _ = try await auth.register(
        .with {
          $0.email = "\(name)@example.com"; $0.username = name; $0.password = password
          $0.acceptTerms = true; $0.termsVersion = "1"; $0.wantsTrainerRole = name == "ana"
        })
    }
    _ = try await gymctl(["users", "approve-trainer", "ana"])
    func signIn(_ name: String) async throws -> (Metadata, String) {
      let signedIn = try await auth.login(
        .with {
          $0.identifier = name; $0.password = password
        })
      return (["authorization": "Bearer \(signedIn.tokens.accessToken)"], signedIn.user.id)
    }
    let (ana, anaID) = try await signIn("ana")
    let (ben, _) = try await signIn("ben")
    let words = [
      "auth": "zq-ana-town", "catalog": "zq-ana-program", "plan": "zq-ana-routine", "messaging": "zq-ana-post", "places": "zq-ana-bio",
    ]
    let benWords = "zq-ben-private"

    _ = try await auth.updateProfile(
      .with {
        $0.profile.city = words["auth"]!; $0.updateMask = .with { $0.paths = ["city"] }
      }, metadata: ana)
    let catalog = Gym_Catalog_V1_CatalogService.Client(wrapping: client)
    let squat = try #require(try await catalog.listExercises(.with { $0.query = "squat" }, metadata: ana).exercises.first)
    _ = try await catalog.createProgram(
      .with {
        $0.program = .with {
          $0.name = "Squats \(words["catalog"]!)"; $0.goal = .strengthGoal; $0.difficulty = .beginner; $0.durationWeeks = 4
          $0.sessionMinutes = 30
          $0.days = [
            .with {
              $0.exercises = [
                .with {
                  $0.exerciseID = squat.id; $0.sets = 5; $0.repsMin = 5
                }
              ]
            }
          ]
        }
      }, metadata: ana)
    let plan = Gym_Plan_V1_PlanService.Client(wrapping: client)
    func routine(_ name: String) -> Gym_Plan_V1_Routine {
      .with {
        $0.name = name
        $0.days = [
          .with {
            $0.name = "A";
            $0.exercises = [
              .with {
                $0.exerciseID = squat.id; $0.sets = [.with { $0.targetReps = 5 }]
              }
            ]
          }
        ]
      }
    }
    _ = try await plan.createRoutine(.with { $0.routine = routine("Mine \(words["plan"]!)") }, metadata: ana)
    _ = try await plan.createRoutine(.with { $0.routine = routine("Ben's \(benWords)") }, metadata: ben)
    _ = try await plan.logBodyWeight(.with { $0.weightKg = 61.5 }, metadata: ana)
    let messaging = Gym_Messaging_V1_MessagingService.Client(wrapping: client)
    func upload(_ bytes: [UInt8], as user: Metadata) async throws -> Gym_Messaging_V1_Attachment {
      try await messaging.uploadAttachment(metadata: user) { writer in
        try await writer.write(.with { $0.start = .with { $0.filename = "photo.jpg" } })
        for start in stride(from: 0, to: bytes.count, by: 100 * 1024) {
          try await writer.write(.with { $0.chunk = Data(bytes[start..<min(start + 100 * 1024, bytes.count)]) })
        }
      }.attachment
    }
    // Larger than a chunk, so it arrives in several.
    let photo = TestImages.jpeg(size: 200_000)
    let benPhoto = TestImages.jpeg(size: 5_000, seed: 3)
    let attached = try await upload(photo, as: ana)
    _ = try await messaging.createPost(
      .with {
        $0.text = "PR day \(words["messaging"]!)"; $0.attachmentIds = [attached.id]
      }, metadata: ana)
    let bens = try await upload(benPhoto, as: ben)
    _ = try await messaging.createPost(
      .with {
        $0.text = "Ben's \(benWords)"; $0.attachmentIds = [bens.id]
      }, metadata: ben)
    _ = try await Gym_Places_V1_PlacesService.Client(wrapping: client).upsertTrainerListing(
      .with {
        $0.listing = .with {
          $0.location = .with {
            $0.latitude = 51.5; $0.longitude = -0.1
          }
          $0.pricePerSession = 30; $0.currency = "GBP"; $0.bio = words["places"]!
        }
      }, metadata: ana)
    return ExportScene(ana: ana, anaID: anaID, ben: ben, anaWords: words, benWords: benWords, photo: photo, benPhoto: benPhoto)
  }

  /// The right of access through the gateway: one call streams every service's part,
  /// the attachment's bytes included and nothing of anyone else; once an hour; never
  /// for a deleted account.
  @Test func anExportThroughTheGatewayHoldsEveryServicesPartAndNothingOfAnyoneElse() async throws {
    try await Self.withStack(environment: ["GYM_REQUIRE_VERIFIED_EMAIL": "false"]) { supervisor, gateway in
      let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"
      let stack = ["--base-port", "\(supervisor.layout.basePort)", "--data-dir", supervisor.layout.dataDirectory]
      try await withClient(to: gateway) { client in
        let scene = try await Self.exportScene(client) { arguments in try await Self.runSeparately(gymctl, arguments + stack).1 }
        let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)

        let parts = try await auth.exportMyData(.init(), metadata: scene.ana) { response in
          var parts: [Gym_Common_V1_ExportPart] = []
          for try await message in response.messages { parts.append(message.part) }
          return parts
        }
        let documents = parts.compactMap { if case .document(let document)? = $0.part { document } else { nil } }
        let services = ["auth", "catalog", "plan", "messaging", "places"]
        var order: [String] = []
        for document in documents where order.last != document.service { order.append(document.service) }
        #expect(order == services, "each service's part, whole and in order")
        for (service, words) in scene.anaWords {
          #expect(documents.contains { $0.service == service && $0.rowsJson.contains(words) }, "\(service) holds \(words)")
        }
        for document in documents {
          #expect(try JSONSerialization.jsonObject(with: Data(document.rowsJson.utf8)) is [[String: Any]], "\(document.table)")
        }
        let everything = documents.map(\.rowsJson).joined()
        #expect(!everything.contains(scene.benWords) && !everything.contains("ben@example.com"), "nothing of Ben's")
        #expect(!everything.contains("password_hash") && !everything.contains("code_hash"), "no secrets")

        // The photo: described, then its bytes in chunks; Ben's is not there.
        let files = parts.compactMap { if case .file(let file)? = $0.part { file } else { nil } }
        #expect(files.map(\.service) == ["messaging"] && files.first?.filename == "photo.jpg")
        let bytes: [UInt8] = parts.flatMap { part -> [UInt8] in if case .fileChunk(let chunk)? = part.part { Array(chunk) } else { [] } }
        #expect(bytes == scene.photo)
        #expect(parts.filter { if case .fileChunk? = $0.part { true } else { false } }.count > 1)
        let summary = try #require(parts.last.flatMap { if case .summary(let summary)? = $0.part { summary } else { nil } })
        #expect(summary.services == services && summary.files == 1 && summary.documents == Int64(documents.count))

        // Once an hour: the next is refused, saying when.
        let again = await rpcError {
          try await auth.exportMyData(.init(), metadata: scene.ana) { response in for try await _ in response.messages {} }
        }
        #expect(again?.code == .resourceExhausted && again?.message.contains("one data export an hour") == true, "\(String(describing: again))")
        #expect((again?.retryDelay ?? .zero) > .seconds(3000))

        // A deleted account exports nothing: its tokens are refused at once.
        _ = try await auth.deleteAccount(.with { $0.password = Self.password }, metadata: scene.ana)
        let deleted = await rpcError {
          try await auth.exportMyData(.init(), metadata: scene.ana) { response in for try await _ in response.messages {} }
        }
        #expect(deleted?.code == .unauthenticated)
        let (status, _, errors) = try await Self.runSeparately(gymctl, ["users", "export", scene.anaID, "--out", try temporaryDirectory("gone")] + stack)
        #expect(status == 1 && errors.contains("no account"), "\(errors)")
      }
    }
  }

  /// `gymctl users export`: an operator writes an account's export to a directory,
  /// export.jsonl with a line per table page and the attachment as a file.
  @Test func gymctlExportsAnAccountToADirectory() async throws {
    try await Self.withStack(environment: ["GYM_REQUIRE_VERIFIED_EMAIL": "false"]) { supervisor, gateway in
      let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"
      let stack = ["--base-port", "\(supervisor.layout.basePort)", "--data-dir", supervisor.layout.dataDirectory]
      try await withClient(to: gateway) { client in
        let scene = try await Self.exportScene(client) { arguments in try await Self.runSeparately(gymctl, arguments + stack).1 }
        let out = try temporaryDirectory("gym-export") + "/ana"

        let (status, printed, errors) = try await Self.runSeparately(gymctl, ["users", "export", "ana@example.com", "--out", out] + stack)
        #expect(status == 0, "\(errors)")
        #expect(printed.hasPrefix("exported ana (\(scene.anaID)) to \(out):") && printed.contains("1 files"), "\(printed)")

        let lines = try String(contentsOfFile: out + "/export.jsonl", encoding: .utf8).split(separator: "\n").map {
          try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let tables = lines.compactMap { line in (line["service"] as? String).flatMap { service in (line["table"] as? String).map { "\(service).\($0)" } } }
        for table in ["auth.account", "catalog.programs", "plan.routines", "plan.body_weights", "messaging.posts", "places.trainer_listing"] {
          #expect(tables.contains(table), "\(table) in \(tables)")
        }
        let text = try String(contentsOfFile: out + "/export.jsonl", encoding: .utf8)
        for words in scene.anaWords.values { #expect(text.contains(words)) }
        #expect(!text.contains(scene.benWords))
        let file = try #require(lines.compactMap { $0["file"] as? [String: Any] }.first)
        let path = try #require(file["path"] as? String)
        #expect(path.hasPrefix("files/messaging/") && path.hasSuffix("-photo.jpg"))
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: out + "/" + path))) == scene.photo)
        #expect((lines.last?["summary"] as? [String: Any])?["files"] as? Int == 1)

        // Not over an earlier export, and not for an account that does not exist.
        let (twice, _, refused) = try await Self.runSeparately(gymctl, ["users", "export", "ana", "--out", out] + stack)
        #expect(twice == 1 && refused.contains("is not an empty directory"), "\(refused)")
        let (unknown, _, nobody) = try await Self.runSeparately(gymctl, ["users", "export", "nobody", "--out", out + "-x"] + stack)
        #expect(unknown == 1 && nobody.contains("no account 'nobody'"), "\(nobody)")
      }
    }
  }
}
