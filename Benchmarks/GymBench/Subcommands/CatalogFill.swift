import ArgumentParser
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymCatalog
import GymService

/// Fills a running stack's catalog to marketplace size through its real RPCs: exercises
/// through ImportExercises (service credential), programs through CreateProgram by a
/// set of registered authors; then gives those programs a spread of vote counts
/// through the catalog store's `importVoteTallies` on catalog.sqlite (voting 100,000
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
        let page = try await catalog.listExercises(
          .with {
            $0.pageSize = 100; $0.pageToken = token
          })
        ids += page.exercises.map(\.id)
        token = page.nextPageToken
      } while !token.isEmpty
      return ids
    }

    // 2. Programs, by several authors at once, over the whole library; a client without
    // the credential, since authors are users.
    let userTransport = try HTTP2ClientTransport.Posix(target: .ipv4(address: address.host, port: address.port), transportSecurity: .plaintext)
    let programIDs: [String] = try await withGRPCClient(transport: userTransport) { client in
      let catalog = Gym_Catalog_V1_CatalogService.Client(wrapping: client)
      var tokens: [String] = []
      for _ in 0..<authors { tokens.append(try await Load.registerUser(at: registerAddr).token) }
      let started = ContinuousClock.now
      let exerciseIDs = ids, authorTokens = tokens, total = programs, workers = concurrency
      let created: [String] = try await withThrowingTaskGroup(of: [String].self) { group in
        for worker in 0..<workers {
          group.addTask {
            var mine: [String] = []
            for n in stride(from: worker, to: total, by: workers) {
              let response = try await catalog.createProgram(
                .with { $0.program = Self.program(n, exercises: exerciseIDs) },
                metadata: Load.bearer(authorTokens[n % authorTokens.count]))
              mine.append(response.program.id)
            }
            return mine
          }
        }
        return try await group.reduce(into: [String]()) { $0 += $1 }
      }
      let elapsed = seconds(since: started)
      print(String(format: "programs: %d created in %.1f s = %.0f programs/s", total, elapsed, Double(total) / elapsed))
      return created
    }

    // 3. A spread of votes: most programs have few, some many; a few are disliked. The
    // store computes the Wilson scores; WAL and its busy timeout let it write beside the
    // running service.
    let store = try CatalogStore(path: dataDir + "/catalog.sqlite")
    var generator = SystemRandomNumberGenerator()
    let tallies = programIDs.map { id -> CatalogStore.VoteTally in
      let n = Int(pow(Double.random(in: 0...1, using: &generator), 3) * 400)
      let share = Double.random(in: 0.3...0.98, using: &generator)
      let up = Int(Double(n) * share)
      return CatalogStore.VoteTally(programID: id, upVotes: up, downVotes: n - up)
    }
    try await store.importVoteTallies(tallies)
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
