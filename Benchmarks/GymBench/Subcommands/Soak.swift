import ArgumentParser
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import Synchronization

/// A long mixed load through the gateway, the way a day of app traffic looks: sign-ins,
/// reads across every service, writes (direct messages with a picture, posts, body
/// weight), live streams that come and go, and uploads. Each minute it prints the calls
/// and errors of that minute and every gym process's resident memory; at the end, the
/// memory table and whether each process stayed flat after the warm-up.
struct Soak: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "soak", abstract: "Mixed load for minutes, with every process's memory sampled each minute.")
  @OptionGroup var options: LoadOptions
  @Option(help: "Minutes to run (the first `warm-up` of them are not judged).") var minutes = 10
  @Option(help: "Minutes of warm-up.") var warmUp = 2
  @Option(help: "Users, each holding one live stream that is now and then closed and reopened.") var users = 60
  @Option(help: "Largest growth of resident memory allowed after the warm-up, in percent.") var flatPercent = 10.0

  static let processes = ["gym-gateway", "gym-auth", "gym-catalog", "gym-plan", "gym-messaging", "gym-places"]

  struct User: Sendable {
    let id: String
    let username: String
    let token: String
  }

  /// Calls and errors of the current minute, by operation and by code.
  final class Tally: Sendable {
    private let state = Mutex((calls: [String: Int](), errors: [String: Int](), events: 0))

    func call(_ operation: String) { state.withLock { $0.calls[operation, default: 0] += 1 } }
    func error(_ operation: String, _ error: any Error) {
      let code = (error as? RPCError)?.code.description ?? "\(type(of: error))"
      state.withLock { $0.errors["\(operation) \(code)", default: 0] += 1 }
    }
    func event() { state.withLock { $0.events += 1 } }
    /// What was counted since the last call, and starts afresh.
    func take() -> (calls: [String: Int], errors: [String: Int], events: Int) {
      state.withLock { state in
        defer { state = ([:], [:], 0) }
        return state
      }
    }
  }

  func run() async throws {
    let clients = try (0..<max(1, options.connections)).map { _ in try Load.client(options.addr) }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for client in clients { group.addTask { try await client.runConnections() } }
      defer { clients.forEach { $0.beginGracefulShutdown() } }
      let users = try await register(users, through: clients[0])
      let tally = Tally()
      let end = ContinuousClock.now + .seconds(60 * minutes)

      // Live streams: one per user, each closed and reopened at random every minute or so.
      for (index, user) in users.enumerated() {
        let messaging = Gym_Messaging_V1_MessagingService.Client(wrapping: clients[index % clients.count])
        group.addTask { await Self.holdStream(of: user, on: messaging, until: end, tally: tally) }
      }
      // Sign-ins: password hashing is deliberately slow, so a steady trickle.
      group.addTask {
        let auth = Gym_Auth_V1_AuthService.Client(wrapping: clients[0])
        while ContinuousClock.now < end {
          let user = users.randomElement()!
          do {
            tally.call("Login")
            _ = try await auth.login(
              .with {
                $0.identifier = user.username; $0.password = Load.password
              })
          } catch { tally.error("Login", error) }
          try? await Task.sleep(for: .milliseconds(500))
        }
      }
      for worker in 0..<options.concurrency {
        let client = clients[worker % clients.count]
        group.addTask { await Self.mixedCalls(users: users, client: client, until: end, tally: tally) }
      }

      var samples: [[Int]] = []
      var totalErrors = 0
      let start = ContinuousClock.now
      say("soak through \(options.addr): \(minutes) min, \(users.count) users with live streams, \(options.concurrency) callers")
      for minute in 1...minutes {
        try await Task.sleep(until: start + .seconds(60 * minute))
        let counted = tally.take()
        let memory = Self.processes.map { MessagingStreams.residentKB($0) }
        samples.append(memory)
        totalErrors += counted.errors.values.reduce(0, +)
        let calls = counted.calls.values.reduce(0, +)
        say(
          String(
            format: "minute %2d: %6d calls (%.0f/s), %5d stream events, errors %@; RSS MB %@", minute, calls,
            Double(calls) / 60, counted.events,
            counted.errors.isEmpty ? "0" : counted.errors.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "),
            zip(Self.processes, memory).map { "\($0.dropFirst(4)) \(String(format: "%.1f", Double($1) / 1024))" }.joined(separator: " ")))
        if minute == 1 {
          say("  calls by operation: " + counted.calls.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
      }
      group.cancelAll()
      report(samples, errors: totalErrors)
    }
  }

  /// Resident memory per process after the warm-up: the first judged minute against
  /// the largest and the last sample.
  private func report(_ samples: [[Int]], errors: Int) {
    guard samples.count > warmUp else { return say("too short to judge: \(samples.count) minutes, warm-up \(warmUp)") }
    say("\nresident memory (MB) after the \(warmUp)-minute warm-up")
    say("process        minute \(warmUp + 1)    largest       last    growth")
    var flat = true
    for (index, name) in Self.processes.enumerated() {
      let judged = samples.dropFirst(warmUp).map { $0[index] }
      guard let first = judged.first, first > 0, let largest = judged.max(), let last = judged.last else {
        say("\(name): not found")
        flat = false
        continue
      }
      let growth = 100 * Double(largest - first) / Double(first)
      if growth > flatPercent { flat = false }
      say(
        name.padding(toLength: 14, withPad: " ", startingAt: 0)
          + String(format: " %9.1f %10.1f %10.1f %8.1f %%", Double(first) / 1024, Double(largest) / 1024, Double(last) / 1024, growth))
    }
    say("errors: \(errors); memory \(flat ? "flat" : "NOT flat") within \(flatPercent) % after the warm-up")
    if errors > 0 || !flat { Foundation.exit(1) }
  }

  /// Registers `count` users, four at a time (password hashing is slow on purpose); a
  /// registration that times out on a loaded machine is tried again, up to three times.
  private func register(_ count: Int, through client: GRPCClient<HTTP2ClientTransport.Posix>) async throws -> [User] {
    try await withThrowingTaskGroup(of: User.self) { group in
      var users: [User] = []
      for index in 0..<count {
        if index >= 4, let user = try await group.next() { users.append(user) }
        group.addTask {
          var attempt = 1
          while true {
            do {
              let registered = try await Load.registerUser(at: options.registerAddr)
              let me = try await Gym_Auth_V1_AuthService.Client(wrapping: client).getMe(.init(), metadata: Load.bearer(registered.token))
              return User(id: me.user.id, username: registered.username, token: registered.token)
            } catch let error as RPCError where error.code == .deadlineExceeded && attempt < 3 {
              attempt += 1
            }
          }
        }
      }
      for try await user in group { users.append(user) }
      return users
    }
  }

  private static func holdStream(
    of user: User, on messaging: Gym_Messaging_V1_MessagingService.Client<HTTP2ClientTransport.Posix>,
    until end: ContinuousClock.Instant, tally: Tally
  ) async {
    while ContinuousClock.now < end {
      let lifetime = Duration.seconds(Double.random(in: 30...90))
      let stream = Task {
        try await messaging.subscribe(.init(), metadata: Load.bearer(user.token)) { response in
          for try await _ in response.messages { tally.event() }
        }
      }
      tally.call("Subscribe")
      try? await Task.sleep(for: min(lifetime, end - ContinuousClock.now))
      stream.cancel()
      if case .failure(let error) = await stream.result, !(error is CancellationError), (error as? RPCError)?.code != .cancelled {
        tally.error("Subscribe", error)
      }
    }
  }

  /// One caller: picks an operation by weight, again and again.
  private static func mixedCalls(
    users: [User], client: GRPCClient<HTTP2ClientTransport.Posix>, until end: ContinuousClock.Instant, tally: Tally
  ) async {
    let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
    let catalog = Gym_Catalog_V1_CatalogService.Client(wrapping: client)
    let plan = Gym_Plan_V1_PlanService.Client(wrapping: client)
    let messaging = Gym_Messaging_V1_MessagingService.Client(wrapping: client)
    let places = Gym_Places_V1_PlacesService.Client(wrapping: client)
    let operations: [(name: String, weight: Int, call: @Sendable (User, User) async throws -> Void)] = [
      ("GetMe", 15, { me, _ in _ = try await auth.getMe(.init(), metadata: Load.bearer(me.token)) }),
      ("ListExercises", 10, { me, _ in _ = try await catalog.listExercises(.with { $0.pageSize = 20 }, metadata: Load.bearer(me.token)) }),
      ("ListPrograms", 5, { me, _ in _ = try await catalog.listPrograms(.with { $0.pageSize = 20 }, metadata: Load.bearer(me.token)) }),
      (
        "SearchNearby", 5,
        { me, _ in
          _ = try await places.searchNearby(
            .with {
              $0.location = .with {
                $0.latitude = 52.52; $0.longitude = 13.405
              }
              $0.pageSize = 20
            }, metadata: Load.bearer(me.token))
        }
      ),
      (
        "LogBodyWeight", 5,
        { me, _ in
          _ = try await plan.logBodyWeight(
            .with {
              $0.date = Self.today
              $0.weightKg = Double.random(in: 60...90).rounded()
            }, metadata: Load.bearer(me.token))
        }
      ),
      ("ListSessions", 5, { me, _ in _ = try await plan.listSessions(.with { $0.pageSize = 20 }, metadata: Load.bearer(me.token)) }),
      (
        "SendDirectMessage", 15,
        { me, other in
          _ = try await messaging.sendDirectMessage(
            .with {
              $0.userID = other.id; $0.text = "soak \(UUID().uuidString)"
            }, metadata: Load.bearer(me.token))
        }
      ),
      ("ListConversations", 10, { me, _ in _ = try await messaging.listConversations(.with { $0.pageSize = 20 }, metadata: Load.bearer(me.token)) }),
      ("CreatePost", 3, { me, _ in _ = try await messaging.createPost(.with { $0.text = "soak post \(UUID().uuidString)" }, metadata: Load.bearer(me.token)) }),
      ("GetFeed", 10, { me, _ in _ = try await messaging.getFeed(.with { $0.pageSize = 20 }, metadata: Load.bearer(me.token)) }),
      (
        "UploadAndSendPicture", 2,
        { me, other in
          let upload = try await messaging.uploadAttachment(metadata: Load.bearer(me.token)) { writer in
            try await writer.write(
              .with {
                $0.start = .with {
                  $0.filename = "soak.png"; $0.mimeType = "image/png"
                }
              })
            try await writer.write(.with { $0.chunk = Self.picture })
          }
          _ = try await messaging.sendDirectMessage(
            .with {
              $0.userID = other.id; $0.text = "a picture"; $0.attachmentIds = [upload.attachment.id]
            }, metadata: Load.bearer(me.token))
        }
      ),
    ]
    let totalWeight = operations.map(\.weight).reduce(0, +)
    while ContinuousClock.now < end {
      var pick = Int.random(in: 0..<totalWeight)
      let operation = operations.first { operation in
        if pick < operation.weight { return true }
        pick -= operation.weight
        return false
      }!
      let me = users.randomElement()!
      var other = users.randomElement()!
      while other.id == me.id { other = users.randomElement()! }
      tally.call(operation.name)
      do { try await operation.call(me, other) } catch { tally.error(operation.name, error) }
    }
  }

  static var today: Gym_Common_V1_Date {
    let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date())
    return .with {
      $0.year = Int32(parts.year!)
      $0.month = Int32(parts.month!)
      $0.day = Int32(parts.day!)
    }
  }

  /// 32 KB that start as a PNG (what messaging checks) and are random after.
  /// A PNG laid out as uploads are checked (signature, header, one IDAT of random
  /// bytes, end), about 32 KiB.
  static let picture: Data = {
    func chunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
      let n = UInt32(data.count).bigEndian
      return withUnsafeBytes(of: n, Array.init) + Array(name.utf8) + data + [0, 0, 0, 0]
    }
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    bytes += chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])
    bytes += chunk("IDAT", (0..<(32 * 1024 - 57)).map { _ in UInt8.random(in: 0...255) })
    return Data(bytes + chunk("IEND", []))
  }()
}

/// Writes a line at once (print buffers when the output is a file): the soak's minute
/// lines are for watching while it runs.
private func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
