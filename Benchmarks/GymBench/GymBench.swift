import ArgumentParser
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymService
import GRDB
import GymStore
import Histogram
import Logging

/// `gym-bench`: load client that prints throughput and latency figures. Run it
/// against a running stack (`gymctl up`); it is a program, not a test.
@main
struct GymBench: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "gym-bench",
    abstract: "Measure gym RPC throughput and latency against a running stack.",
    subcommands: [GetMe.self, Login.self, GetProfile.self, BanLatency.self, OutboxDrain.self])
}

struct LoadOptions: ParsableArguments {
  @Option(help: "HOST:PORT to call (the gateway, or a backend directly).")
  var addr = "127.0.0.1:7000"

  @Option(help: "HOST:PORT used to register the benchmark user (the gateway).")
  var registerAddr = "127.0.0.1:7000"

  @Option(help: "Concurrent calls in flight.")
  var concurrency = 32

  @Option(help: "Seconds to measure, after a 2-second warm-up.")
  var seconds = 10.0

  @Option(help: "HTTP/2 connections to spread the calls over.")
  var connections = 1
}

/// Results of one run: every latency in microseconds and the error count.
struct Figures {
  var histogram = Histogram<UInt64>(highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)
  var errors = 0
  var elapsed: Duration = .zero

  func report(_ label: String) {
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let rps = Double(histogram.totalCount) / seconds
    print(String(format: "%@: %d calls in %.1f s = %.0f req/s; p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms; errors %d",
      label, Int(histogram.totalCount), seconds, rps,
      Double(histogram.valueAtPercentile(50)) / 1000, Double(histogram.valueAtPercentile(90)) / 1000,
      Double(histogram.valueAtPercentile(99)) / 1000, Double(histogram.max) / 1000, errors))
  }
}

enum Load {
  static func client(_ address: String) throws -> GRPCClient<HTTP2ClientTransport.Posix> {
    guard let hostPort = HostPort(address) else { throw ValidationError("bad address \(address)") }
    return GRPCClient(transport: try .http2NIOPosix(
      target: .ipv4(address: hostPort.host, port: hostPort.port), transportSecurity: .plaintext))
  }

  /// Runs `call` from `concurrency` tasks over `connections` clients for warm-up + `seconds`.
  static func run(
    _ options: LoadOptions,
    call: @escaping @Sendable (GRPCClient<HTTP2ClientTransport.Posix>) async throws -> Void
  ) async throws -> Figures {
    let clients = try (0..<max(1, options.connections)).map { _ in try client(options.addr) }
    return await withThrowingTaskGroup(of: Void.self) { connections in
      for client in clients { connections.addTask { try await client.runConnections() } }
      defer { clients.forEach { $0.beginGracefulShutdown() } }
      let warmUpEnd = ContinuousClock.now + .seconds(2)
      let end = warmUpEnd + .milliseconds(Int64(options.seconds * 1000))
      let figures = await withTaskGroup(of: Figures.self) { workers in
        for worker in 0..<options.concurrency {
          let client = clients[worker % clients.count]
          workers.addTask {
            var figures = Figures()
            while true {
              let start = ContinuousClock.now
              if start >= end { break }
              var failed = false
              do { try await call(client) } catch { failed = true }
              let now = ContinuousClock.now
              if start >= warmUpEnd {
                if failed { figures.errors += 1 } else {
                  let micros = (now - start).components
                  _ = figures.histogram.record(UInt64(micros.seconds) * 1_000_000 + UInt64(micros.attoseconds / 1_000_000_000_000))
                }
              }
            }
            return figures
          }
        }
        var total = Figures()
        for await part in workers {
          total.histogram.add(part.histogram)
          total.errors += part.errors
        }
        total.elapsed = end - warmUpEnd
        return total
      }
      return figures
    }
  }

  /// Registers a fresh benchmark user and returns its access token and credentials.
  static func registerUser(at address: String) async throws -> (token: String, username: String, password: String) {
    let username = "bench_" + String(ID.make().replacingOccurrences(of: "-", with: "").suffix(12))
    let password = "violet staircase under a quiet harbour"
    let client = try client(address)
    return try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await client.runConnections() }
      defer { client.beginGracefulShutdown() }
      let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
      let response = try await auth.register(.with {
        $0.email = "\(username)@bench.example.com"
        $0.username = username
        $0.password = password
        $0.acceptTerms = true
        $0.termsVersion = "2026-01"
      })
      return (response.tokens.accessToken, username, password)
    }
  }
}

struct GetMe: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "GetMe at a fixed concurrency.")
  @OptionGroup var options: LoadOptions

  func run() async throws {
    let user = try await Load.registerUser(at: options.registerAddr)
    let metadata: Metadata = ["authorization": "Bearer \(user.token)"]
    let figures = try await Load.run(options) { client in
      _ = try await Gym_Auth_V1_AuthService.Client(wrapping: client).getMe(.init(), metadata: metadata)
    }
    figures.report("GetMe via \(options.addr) x\(options.concurrency)")
  }
}

struct Login: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Login (password hash cost) at a fixed concurrency.")
  @OptionGroup var options: LoadOptions

  func run() async throws {
    let user = try await Load.registerUser(at: options.registerAddr)
    let figures = try await Load.run(options) { client in
      _ = try await Gym_Auth_V1_AuthService.Client(wrapping: client).login(.with {
        $0.identifier = user.username
        $0.password = user.password
        $0.clientDescription = "gym-bench"
      })
    }
    figures.report("Login via \(options.addr) x\(options.concurrency)")
  }
}

struct GetProfile: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "GetProfile by username at a fixed concurrency.")
  @OptionGroup var options: LoadOptions

  func run() async throws {
    let viewer = try await Load.registerUser(at: options.registerAddr)
    let subject = try await Load.registerUser(at: options.registerAddr)
    let metadata: Metadata = ["authorization": "Bearer \(viewer.token)"]
    let figures = try await Load.run(options) { client in
      _ = try await Gym_Auth_V1_AuthService.Client(wrapping: client).getProfile(
        .with { $0.username = subject.username }, metadata: metadata)
    }
    figures.report("GetProfile via \(options.addr) x\(options.concurrency)")
  }
}

/// Time from BanUser returning to the banned user's next call being refused at the gateway.
struct BanLatency: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "BanUser → rejection at the gateway, over N runs.")

  @Option(help: "The gateway.") var addr = "127.0.0.1:7000"
  @Option(help: "auth's address (internal RPCs, to create the admin).") var authAddr = "127.0.0.1:7001"
  @Option(help: "The stack's service credential file.") var credentialFile = "./.gym-data/service-credential"
  @Option var runs = 50

  func run() async throws {
    let credential = try ServiceCredential.load(path: credentialFile)
    let gateway = try Load.client(addr)
    let internalClient = GRPCClient(transport: try .http2NIOPosix(
      target: .ipv4(address: HostPort(authAddr)!.host, port: HostPort(authAddr)!.port), transportSecurity: .plaintext),
      interceptors: [credential.clientInterceptor])
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await gateway.runConnections() }
      group.addTask { try await internalClient.runConnections() }
      defer {
        gateway.beginGracefulShutdown()
        internalClient.beginGracefulShutdown()
      }
      let auth = Gym_Auth_V1_AuthService.Client(wrapping: gateway)
      let name = "benchadmin" + String(Int.random(in: 100_000...999_999))
      let password = "violet staircase under a quiet harbour"
      _ = try await Gym_Auth_V1_AuthInternal.Client(wrapping: internalClient).createAdmin(.with {
        $0.email = "\(name)@bench.example.com"; $0.username = name; $0.password = password
      })
      let admin: Metadata = ["authorization": "Bearer \(try await auth.login(.with { $0.identifier = name; $0.password = password }).tokens.accessToken)"]
      let victim = try await Load.registerUser(at: addr)
      let victimID = try await auth.getMe(.init(), metadata: ["authorization": "Bearer \(victim.token)"]).user.id
      var samples: [Duration] = []
      for _ in 0..<runs {
        let token = try await auth.login(.with { $0.identifier = victim.username; $0.password = victim.password }).tokens.accessToken
        let bearer: Metadata = ["authorization": "Bearer \(token)"]
        _ = try await auth.getMe(.init(), metadata: bearer)
        let start = ContinuousClock.now
        _ = try await auth.banUser(.with { $0.userID = victimID; $0.reason = "bench" }, metadata: admin)
        while true {
          do { _ = try await auth.getMe(.init(), metadata: bearer) } catch { break }
        }
        samples.append(.now - start)
        _ = try await auth.unbanUser(.with { $0.userID = victimID }, metadata: admin)
      }
      samples.sort()
      func ms(_ d: Duration) -> Double { Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15 }
      print(String(format: "BanUser → refused at the gateway over %d runs: p50 %.2f ms, p90 %.2f ms, max %.2f ms",
        runs, ms(samples[runs / 2]), ms(samples[runs * 9 / 10]), ms(samples.last!)))
    }
  }
}

/// Delivery rate of an outbox of N queued jobs once the receiver is reachable. The
/// receiver is a real RPC over loopback (Health.Check on --addr) standing in for a
/// service's PurgeUser, which no service implements yet.
struct OutboxDrain: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Queue N outbox jobs, then measure their delivery rate.")

  @Option(help: "Receiver address (any gym process).") var addr = "127.0.0.1:7001"
  @Option var jobs = 1000

  func run() async throws {
    var migrator = DatabaseMigrator()
    Outbox.registerMigration(in: &migrator)
    let path = NSTemporaryDirectory() + "outbox-bench-\(UUID().uuidString).sqlite"
    let pool = try GymDatabase.openPool(at: path, migrator: migrator)
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await pool.write { db in
      for i in 0..<jobs { try Outbox.enqueue(db, destination: "receiver", kind: "purge-user", payload: Data("user-\(i)".utf8)) }
    }
    let client = try Load.client(addr)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await client.runConnections() }
      defer { client.beginGracefulShutdown() }
      let health = Grpc_Health_V1_Health.Client(wrapping: client)
      let worker = OutboxWorker(writer: pool, logger: Logger(label: "bench")) { _ in
        _ = try await health.check(.init())
      }
      let start = ContinuousClock.now
      var delivered = 0
      while delivered < jobs { delivered += try await worker.deliverDue(limit: 500) }
      let elapsed = ContinuousClock.now - start
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      print(String(format: "outbox: %d queued jobs delivered in %.2f s = %.0f jobs/s", jobs, seconds, Double(jobs) / seconds))
    }
  }
}
