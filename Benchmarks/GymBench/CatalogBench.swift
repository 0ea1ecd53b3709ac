import ArgumentParser
import Foundation
import GRDB
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymCatalog
import GymService

/// Words that make synthetic exercises and programs look like a real marketplace's.
enum CatalogWords {
  static let variants = ["Tempo", "Paused", "Banded", "Single-Arm", "Deficit", "Isometric", "Wide-Grip", "Close-Grip", "Eccentric", "Alternating"]
  static let adjectives = ["Ultimate", "Simple", "Classic", "Brutal", "Minimal", "Complete", "Smart", "Old-School", "Modern", "Total"]
  static let themes = ["Strength", "Hypertrophy", "Powerbuilding", "Fat Loss", "Athlete", "Home", "Barbell", "Dumbbell", "Beginner", "Bodyweight"]
  static let splits = ["Full Body", "Upper Lower", "Push Pull Legs", "Bro Split", "Conditioning", "Core Blast", "Leg Day", "Arms"]
  static let queries = ["bench", "romanian", "squat dumbbell", "curl", "press", "row", "lunge", "deadlift", "plank", "pull up", "calf", "stretch"]
}

/// Fills a running stack's catalog to marketplace size through its real RPCs: exercises
/// through ImportExercises (service credential), programs through CreateProgram by a
/// set of registered authors; then gives the programs a spread of vote counts by
/// writing the counts and their Wilson scores into catalog.sqlite (voting 100,000
/// programs one RPC at a time would take hours; vote throughput is measured by
/// `catalog-vote`).
struct CatalogFill: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Fill the catalog with N exercises and M programs.")
  @Option(help: "HOST:PORT of gym-catalog (direct).") var catalogAddr = "127.0.0.1:7002"
  @Option(help: "HOST:PORT of the gateway (to register authors).") var registerAddr = "127.0.0.1:7000"
  @Option(help: "The stack's data directory (service credential, catalog.sqlite).") var dataDir = "./.gym-data"
  @Option var exercises = 10_000
  @Option var programs = 100_000
  @Option var authors = 20
  @Option var concurrency = 8

  func run() async throws {
    let credential = try ServiceCredential.load(path: dataDir + "/service-credential")
    guard let address = HostPort(catalogAddr) else { throw ValidationError("bad address") }
    let transport = try HTTP2ClientTransport.Posix(target: .ipv4(address: address.host, port: address.port), transportSecurity: .plaintext)
    let library = try ExerciseLibrary.exercises()
    let ids = try await withGRPCClient(transport: transport, interceptors: [credential.clientInterceptor]) { client in
      let catalog = Gym_Catalog_V1_CatalogService.Client(wrapping: client)
      // 1. Exercises: library variants until the library holds `exercises`.
      let existing = Int(try await catalog.listExercises(.with { $0.pageSize = 1 }).totalSize)
      let missing = max(0, exercises - existing)
      let started = ContinuousClock.now
      let imported = try await catalog.importExercises { writer in
        for i in 0..<missing {
          var e = library[i % library.count]
          let variant = CatalogWords.variants[(i / library.count) % CatalogWords.variants.count]
          e.name = "\(variant) \(e.name) \(i / library.count / CatalogWords.variants.count + 1)"
          e.slug = "\(e.slug)-bench-\(i)"
          e.aliases = []
          try await writer.write(.with { $0.exercise = e })
        }
      }
      print("exercises: \(imported.created) created in \(seconds(since: started)) s (\(imported.rejected.count) rejected)")
      var ids: [String] = []
      var token = ""
      repeat {
        let page = try await catalog.listExercises(.with { $0.pageSize = 100; $0.pageToken = token })
        ids += page.exercises.map(\.id)
        token = page.nextPageToken
      } while !token.isEmpty
      return ids
    }

    // 2. Programs, by several authors at once, over the whole library; a client without
    // the credential, since authors are users.
    let userTransport = try HTTP2ClientTransport.Posix(target: .ipv4(address: address.host, port: address.port), transportSecurity: .plaintext)
    try await withGRPCClient(transport: userTransport) { client in
      let catalog = Gym_Catalog_V1_CatalogService.Client(wrapping: client)
      var tokens: [String] = []
      for _ in 0..<authors { tokens.append(try await Load.registerUser(at: registerAddr).token) }
      let started = ContinuousClock.now
      let exerciseIDs = ids, authorTokens = tokens, total = programs, workers = concurrency
      try await withThrowingTaskGroup(of: Void.self) { group in
        for worker in 0..<workers {
          group.addTask {
            for n in stride(from: worker, to: total, by: workers) {
              _ = try await catalog.createProgram(.with { $0.program = Self.program(n, exercises: exerciseIDs) },
                metadata: Load.bearer(authorTokens[n % authorTokens.count]))
            }
          }
        }
        try await group.waitForAll()
      }
      let elapsed = seconds(since: started)
      print(String(format: "programs: %d created in %.1f s = %.0f programs/s", total, elapsed, Double(total) / elapsed))
    }

    // 3. A spread of votes: most programs have few, some many; a few are disliked.
    let database = try DatabaseQueue(path: dataDir + "/catalog.sqlite")
    try await database.write { db in
      var generator = SystemRandomNumberGenerator()
      let rids = try Int64.fetchAll(db, sql: "SELECT rid FROM programs")
      for rid in rids {
        let n = Int(pow(Double.random(in: 0...1, using: &generator), 3) * 400)
        let share = Double.random(in: 0.3...0.98, using: &generator)
        let up = Int(Double(n) * share), down = n - up
        try db.execute(
          sql: "UPDATE programs SET up_votes = ?, down_votes = ?, score = ? WHERE rid = ?",
          arguments: [up, down, WilsonScore.lowerBound(up: up, down: down), rid])
      }
    }
    print("vote counts spread over the programs")
  }

  static func program(_ n: Int, exercises: [String]) -> Gym_Catalog_V1_Program {
    var generator = SystemRandomNumberGenerator()
    let w = CatalogWords.self
    return .with {
      $0.name = "\(w.adjectives[n % 10]) \(w.themes[(n / 10) % 10]) \(w.splits[(n / 100) % 8]) \(n)"
      $0.description_p = "A \(w.splits[(n / 100) % 8].lowercased()) program for \(w.themes[(n / 10) % 10].lowercased()) goals."
      $0.goal = Gym_Catalog_V1_Goal(rawValue: 1 + n % 7) ?? .generalFitness
      $0.difficulty = Gym_Catalog_V1_Difficulty(rawValue: 1 + (n / 7) % 3) ?? .beginner
      $0.durationWeeks = Int32(4 + n % 9)
      $0.sessionMinutes = Int32(30 + 15 * (n % 5))
      $0.tags = [w.themes[(n / 10) % 10].lowercased()]
      $0.days = (0..<(2 + n % 3)).map { day in
        .with {
          $0.name = "Day \(day + 1)"
          $0.exercises = (0..<5).map { _ in
            .with {
              $0.exerciseID = exercises[Int.random(in: 0..<exercises.count, using: &generator)]
              $0.sets = 3; $0.repsMin = 6; $0.repsMax = 12; $0.restSeconds = 90
            }
          }
        }
      }
    }
  }
}

func seconds(since start: ContinuousClock.Instant) -> Double {
  let d = ContinuousClock.now - start
  return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

/// ListPrograms TOP_RATED with a random combination of filters.
struct CatalogList: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "ListPrograms TOP_RATED with filters, fixed concurrency.")
  @OptionGroup var options: LoadOptions

  func run() async throws {
    let metadata = try await Load.signedIn(at: options.registerAddr)
    let figures = try await Load.run(options) { client in
      _ = try await Gym_Catalog_V1_CatalogService.Client(wrapping: client).listPrograms(.with {
        $0.orderBy = .topRated
        switch Int.random(in: 0..<4) {
        case 0: $0.goal = Gym_Catalog_V1_Goal(rawValue: Int.random(in: 1...7))!
        case 1: $0.difficulty = Gym_Catalog_V1_Difficulty(rawValue: Int.random(in: 1...3))!
        case 2: $0.muscle = Gym_Catalog_V1_Muscle(rawValue: Int.random(in: 1...22))!
        default:
          $0.goal = Gym_Catalog_V1_Goal(rawValue: Int.random(in: 1...7))!
          $0.difficulty = Gym_Catalog_V1_Difficulty(rawValue: Int.random(in: 1...3))!
        }
        $0.pageSize = 20
      }, metadata: metadata)
    }
    figures.report("ListPrograms TOP_RATED+filters via \(options.addr) x\(options.concurrency)")
  }
}

/// ListExercises with text queries lifters type.
struct CatalogSearch: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "ListExercises text search, fixed concurrency.")
  @OptionGroup var options: LoadOptions

  func run() async throws {
    let metadata = try await Load.signedIn(at: options.registerAddr)
    let figures = try await Load.run(options) { client in
      _ = try await Gym_Catalog_V1_CatalogService.Client(wrapping: client).listExercises(.with {
        $0.query = CatalogWords.queries.randomElement()!
        $0.pageSize = 20
      }, metadata: metadata)
    }
    figures.report("ListExercises search via \(options.addr) x\(options.concurrency)")
  }
}

/// RateProgram by many users on random programs: every call is a durable write.
struct CatalogVote: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "RateProgram throughput (UP/DOWN by several users).")
  @OptionGroup var options: LoadOptions
  @Option var voters = 16

  func run() async throws {
    var tokens: [String] = []
    for _ in 0..<voters { tokens.append(try await Load.registerUser(at: options.registerAddr).token) }
    let client = try Load.client(options.addr)
    let programs = try await withThrowingTaskGroup(of: [String].self) { group in
      group.addTask { try await client.runConnections(); return [] }
      defer { client.beginGracefulShutdown() }
      var ids: [String] = []
      var token = ""
      repeat {
        let page = try await Gym_Catalog_V1_CatalogService.Client(wrapping: client).listPrograms(
          .with { $0.orderBy = .newest; $0.pageSize = 100; $0.pageToken = token },
          metadata: Load.bearer(tokens[0]))
        ids += page.programs.map(\.id)
        token = page.nextPageToken
      } while !token.isEmpty && ids.count < 5_000
      return ids
    }
    let voterTokens = tokens
    let figures = try await Load.run(options) { client in
      _ = try await Gym_Catalog_V1_CatalogService.Client(wrapping: client).rateProgram(.with {
        $0.programID = programs.randomElement()!
        $0.vote = Bool.random() ? .up : .down
      }, metadata: Load.bearer(voterTokens.randomElement()!))
    }
    figures.report("RateProgram via \(options.addr) x\(options.concurrency) (\(programs.count) programs, \(voters) voters)")
  }
}
