import ArgumentParser
import Foundation
import GRPCCore
import GymAPI

/// Fills gym-plan through its RPCs with a year of training for many users, then
/// measures LogSet and GetExerciseStats at the configured concurrency and one at a time.
struct PlanLoad: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "plan-load", abstract: "Fill plan with LogWorkout history, then measure LogSet and GetExerciseStats.")
  @OptionGroup var options: LoadOptions
  @Option(help: "Users with history.") var users = 1000
  @Option(help: "Weeks of history per user.") var weeks = 52
  @Option(help: "Sessions per week.") var sessionsPerWeek = 4
  @Option(help: "Sets per session (spread over four exercises).") var setsPerSession = 20
  @Option(help: "LogWorkout calls in flight while filling.") var fillConcurrency = 16
  @Option(help: "Exercises in each live session, LogSet picking one at random (1 to 50; 1 piles every set on one item).")
  var itemsPerSession = 1
  @Option(help: "Measure with these existing users (a file of usernames, one per line) instead of filling again.")
  var existingUsers: String?

  func validate() throws {
    guard (1...50).contains(itemsPerSession) else { throw ValidationError("--items-per-session must be 1 to 50") }
  }

  func run() async throws {
    let client = try Load.client(options.addr)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await client.runConnections() }
      defer { client.beginGracefulShutdown() }
      let catalog = Gym_Catalog_V1_CatalogService.Client(wrapping: client)
      let plan = Gym_Plan_V1_PlanService.Client(wrapping: client)

      var tokens: [String] = []
      if let existingUsers {
        let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
        for username in try String(contentsOfFile: existingUsers, encoding: .utf8).split(separator: "\n") {
          tokens.append(
            try await auth.login(
              .with {
                $0.identifier = String(username); $0.password = Load.password
              }
            ).tokens.accessToken)
        }
        print("signed in \(tokens.count) existing users")
      }
      let registerStart = ContinuousClock.now
      try await withThrowingTaskGroup(of: String.self) { register in
        for index in 0..<(existingUsers == nil ? users : 0) {
          if index >= fillConcurrency { tokens.append(try await register.next()!) }
          register.addTask { try await Load.registerUser(at: options.registerAddr).token }
        }
        for try await token in register { tokens.append(token) }
      }
      print(String(format: "registered %d users in %.1f s", users, seconds(since: registerStart)))

      let exercises = try await catalog.listExercises(
        .with {
          $0.pageSize = 4; $0.orderBy = .alphabetical
        }, metadata: Load.bearer(tokens[0])
      )
      .exercises.map(\.id)
      let today = Date()
      let jobs = existingUsers != nil ? [] : tokens.flatMap { token in (0..<(weeks * sessionsPerWeek)).map { (token, $0) } }
      let fillStart = ContinuousClock.now
      let perExercise = max(1, setsPerSession / exercises.count)
      try await withThrowingTaskGroup(of: Void.self) { fill in
        for (index, (token, session)) in jobs.enumerated() {
          if index >= fillConcurrency { try await fill.next() }
          fill.addTask {
            let day = today.addingTimeInterval(-Double(session) * 7 / Double(sessionsPerWeek) * 86_400 - 86_400)
            let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: day)
            _ = try await plan.logWorkout(
              .with {
                $0.date = .with {
                  $0.year = Int32(parts.year!); $0.month = Int32(parts.month!); $0.day = Int32(parts.day!)
                }
                $0.durationMinutes = 60
                $0.entries = exercises.map { id in
                  .with {
                    $0.exerciseID = id
                    $0.sets = (0..<perExercise).map { set in
                      .with {
                        $0.reps = Int32(5 + set % 4); $0.weightKg = Double(60 + (session % 20) * 2)
                      }
                    }
                  }
                }
              }, metadata: Load.bearer(token))
          }
        }
        try await fill.waitForAll()
      }
      let elapsed = seconds(since: fillStart)
      print(
        String(
          format: "filled %d sessions (%d sets) in %.1f s = %.0f sessions/s", jobs.count, jobs.count * perExercise * exercises.count,
          elapsed, Double(jobs.count) / elapsed))

      // LogSet into one live session per benchmark user, on one of its items.
      let liveUsers = Array(tokens.prefix(64))
      var live: [(token: String, session: String, items: [String])] = []
      for token in liveUsers {
        let started: Gym_Plan_V1_Session
        do {
          started = try await plan.startSession(.init(), metadata: Load.bearer(token)).session
        } catch let error as RPCError where error.code == .failedPrecondition {
          started = try await plan.getActiveSession(.init(), metadata: Load.bearer(token)).session  // left by an earlier run
        }
        let edited = try await plan.editSession(
          .with {
            $0.sessionID = started.id
            $0.edits = (0..<itemsPerSession).map { index in .with { $0.add = .with { $0.exerciseID = exercises[index % exercises.count] } } }
          },
          metadata: Load.bearer(token)
        ).session
        live.append((token, edited.id, edited.items.map(\.id)))
      }
      let sessions = live
      let filled = tokens
      for concurrency in [options.concurrency, 1] {
        var run = options
        run.concurrency = concurrency
        let logSet = try await Load.run(run) { client in
          let target = sessions.randomElement()!
          _ = try await Gym_Plan_V1_PlanService.Client(wrapping: client).logSet(
            .with {
              $0.sessionID = target.session; $0.itemID = target.items.randomElement()!;
              $0.set = .with {
                $0.reps = 5; $0.weightKg = 100
              }
            },
            metadata: Load.bearer(target.token))
        }
        logSet.report("LogSet via \(options.addr) x\(concurrency)")
        let stats = try await Load.run(run) { client in
          _ = try await Gym_Plan_V1_PlanService.Client(wrapping: client).getExerciseStats(
            .with {
              $0.exerciseID = exercises.randomElement()!; $0.bucket = .week
            }, metadata: Load.bearer(filled.randomElement()!))
        }
        stats.report("GetExerciseStats (a year, by week) via \(options.addr) x\(concurrency)")
      }
    }
  }
}
