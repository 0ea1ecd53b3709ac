import ArgumentParser
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymService
import GRDB
import GymStore
import GymPlaces
import Histogram
import Logging

/// `gym-bench`: load client that prints throughput and latency figures. Run it
/// against a running stack (`gymctl up`); it is a program, not a test.
@main
struct GymBench: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "gym-bench",
    abstract: "Measure gym RPC throughput and latency against a running stack.",
    subcommands: [
      GetMe.self, Login.self, GetProfile.self, BanLatency.self, OutboxDrain.self, PlacesImport.self, PlacesSearch.self,
      PlacesBaseline.self, CatalogFill.self, CatalogList.self, CatalogSearch.self, CatalogVote.self,
    ])
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

  /// `authorization` metadata of a freshly registered benchmark user.
  static func signedIn(at address: String) async throws -> Metadata {
    bearer(try await registerUser(at: address).token)
  }

  static func bearer(_ token: String) -> Metadata { ["authorization": "Bearer \(token)"] }

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
    let metadata = try await Load.signedIn(at: options.registerAddr)
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
    let metadata = try await Load.signedIn(at: options.registerAddr)
    let subject = try await Load.registerUser(at: options.registerAddr)
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
      let admin = Load.bearer(try await auth.login(.with { $0.identifier = name; $0.password = password }).tokens.accessToken)
      let victim = try await Load.registerUser(at: addr)
      let victimID = try await auth.getMe(.init(), metadata: Load.bearer(victim.token)).user.id
      var samples: [Duration] = []
      for _ in 0..<runs {
        let token = try await auth.login(.with { $0.identifier = victim.username; $0.password = victim.password }).tokens.accessToken
        let bearer = Load.bearer(token)
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

/// A country-sized area (Great Britain's bounding box) for synthetic places.
enum Country {
  static let lat = 50.0...58.5
  static let lng = -6.0...2.0
  static func randomPoint() -> (Double, Double) { (Double.random(in: lat), Double.random(in: lng)) }
}

/// Streams N synthetic places through ImportPlaces (direct to gym-places, with the
/// service credential as `gymctl import` does) and reports places per second.
struct PlacesImport: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Import N synthetic places and report the rate.")

  @Option(help: "gym-places address.") var addr = "127.0.0.1:7005"
  @Option(help: "The stack's service credential file.") var credentialFile = "./.gym-data/service-credential"
  @Option var count = 1_000_000
  @Option(help: "Places per stream.") var batch = 100_000

  func run() async throws {
    let credential = try ServiceCredential.load(path: credentialFile)
    let hostPort = HostPort(addr)!
    let client = GRPCClient(transport: try .http2NIOPosix(
      target: .ipv4(address: hostPort.host, port: hostPort.port), transportSecurity: .plaintext),
      interceptors: [credential.clientInterceptor])
    let hours = ["24/7", "Mo-Fr 06:00-22:00; Sa,Su 08:00-20:00", "Mo-Su 05:00-23:00", "Mo-Fr 07:00-21:00; Sa 09:00-17:00; Su off"]
    let kinds: [Gym_Places_V1_PlaceKind] = [.gym, .gym, .gym, .sportsCentre, .leisureCentre, .swimmingPool, .climbingGym, .yogaStudio, .martialArts]
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await client.runConnections() }
      defer { client.beginGracefulShutdown() }
      let places = Gym_Places_V1_PlacesService.Client(wrapping: client)
      let start = ContinuousClock.now
      var created = 0, updated = 0, rejected = 0
      let run = Int.random(in: 0..<1_000_000)
      for offset in stride(from: 0, to: count, by: batch) {
        let size = min(batch, count - offset)
        let response = try await places.importPlaces { writer in
          try await writer.write(.with { $0.options = .with { $0.defaultTimeZone = "Europe/London"; $0.defaultCurrency = "GBP" } })
          for i in offset..<(offset + size) {
            let (lat, lng) = Country.randomPoint()
            try await writer.write(.with {
              $0.place = .with { p in
                p.name = "Bench Gym \(i)"
                p.kind = kinds[i % kinds.count]
                p.location = .with { $0.latitude = lat; $0.longitude = lng }
                p.openingHours = .with { $0.osm = hours[i % hours.count] }
                p.price = .with { $0.monthly = Double(15 + i % 90) }
                p.source = "bench:\(run):\(i)"
              }
            })
          }
        }
        created += Int(response.created)
        updated += Int(response.updated)
        rejected += response.rejected.count
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(String(format: "  %d/%d imported, %.0f places/s", offset + size, count, Double(offset + size) / seconds))
      }
      let elapsed = ContinuousClock.now - start
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      print(String(format: "ImportPlaces: %d places (created %d, updated %d, rejected %d) in %.1f s = %.0f places/s",
        count, created, updated, rejected, seconds, Double(count) / seconds))
    }
  }
}

/// SearchNearby (4 km) from random points of the country through the gateway.
struct PlacesSearch: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "SearchNearby at 4 km, random points, fixed concurrency.")
  @OptionGroup var options: LoadOptions
  @Option var radius = 4_000.0

  func run() async throws {
    let metadata = try await Load.signedIn(at: options.registerAddr)
    let radius = self.radius
    let figures = try await Load.run(options) { client in
      let (lat, lng) = Country.randomPoint()
      _ = try await Gym_Places_V1_PlacesService.Client(wrapping: client).searchNearby(.with {
        $0.location = .with { $0.latitude = lat; $0.longitude = lng }
        $0.radiusM = radius
        $0.pageSize = 20
      }, metadata: metadata)
    }
    figures.report("SearchNearby \(Int(radius)) m via \(options.addr) x\(options.concurrency)")
  }
}

/// Store-level latency of the R*Tree search against a full scan of the same file.
struct PlacesBaseline: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "R*Tree nearby vs full scan on a places.sqlite file.")
  @Option(help: "places.sqlite of a stack.") var database = "./.gym-data/places.sqlite"
  @Option var queries = 200
  @Option var scans = 10
  @Option var radius = 4_000.0

  func run() async throws {
    let store = try PlacesStore(path: database)
    let total = try await store.placeCount()
    func measure(_ n: Int, _ body: (GeoPoint) async throws -> Int) async throws -> ([Double], Int) {
      var samples: [Double] = []
      var found = 0
      for _ in 0..<n {
        let (lat, lng) = Country.randomPoint()
        let start = ContinuousClock.now
        found += try await body(GeoPoint(latitude: lat, longitude: lng))
        let d = ContinuousClock.now - start
        samples.append(Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15)
      }
      return (samples.sorted(), found)
    }
    let (indexed, indexedFound) = try await measure(queries) { try await store.nearby($0, radius: radius).count }
    let (scanned, _) = try await measure(scans) { try await store.nearbyByFullScan($0, radius: radius).count }
    func pct(_ s: [Double], _ p: Double) -> Double { s[min(s.count - 1, Int(Double(s.count) * p))] }
    print(String(format: "%d places; %d m radius; %.1f hits on average", total, Int(radius), Double(indexedFound) / Double(queries)))
    print(String(format: "R*Tree: p50 %.2f ms, p99 %.2f ms (%d queries)", pct(indexed, 0.5), pct(indexed, 0.99), queries))
    print(String(format: "full scan: p50 %.1f ms, p99 %.1f ms (%d queries)", pct(scanned, 0.5), pct(scanned, 0.99), scans))
    print(String(format: "ratio full scan / R*Tree at p50: %.0fx", pct(scanned, 0.5) / pct(indexed, 0.5)))
  }
}
