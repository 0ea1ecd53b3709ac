import ArgumentParser
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymService
import Histogram

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
    print(
      String(
        format: "%@: %d calls in %.1f s = %.0f req/s; p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms; errors %d",
        label, Int(histogram.totalCount), seconds, rps,
        Double(histogram.valueAtPercentile(50)) / 1000, Double(histogram.valueAtPercentile(90)) / 1000,
        Double(histogram.valueAtPercentile(99)) / 1000, Double(histogram.max) / 1000, errors))
  }
}

enum Load {
  /// A client of `address`; over TLS trusting the CA in `$GYM_BENCH_TLS_CA` when it is set
  /// (a stack from `gymctl up --tls`), so every subcommand can measure either way.
  static func client(_ address: String) throws -> GRPCClient<HTTP2ClientTransport.Posix> {
    guard let hostPort = HostPort(address) else { throw ValidationError("bad address \(address)") }
    let ca = ProcessInfo.processInfo.environment["GYM_BENCH_TLS_CA"] ?? ""
    let security: HTTP2ClientTransport.Posix.TransportSecurity =
      ca.isEmpty ? .plaintext : try InternalTLS(caFile: ca).transportSecurity
    return GRPCClient(transport: try .http2NIOPosix(target: hostPort.target, transportSecurity: security))
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
                if failed {
                  figures.errors += 1
                } else {
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

  /// Every benchmark user's password.
  static let password = "violet staircase under a quiet harbour"

  /// Registers a fresh benchmark user and returns its access token and credentials.
  static func registerUser(at address: String) async throws -> (token: String, username: String, password: String) {
    let username = "bench_" + String(ID.make().replacingOccurrences(of: "-", with: "").suffix(12))
    let password = Self.password
    let client = try client(address)
    return try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await client.runConnections() }
      defer { client.beginGracefulShutdown() }
      let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
      let response = try await auth.register(
        .with {
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

func seconds(since start: ContinuousClock.Instant) -> Double {
  let d = ContinuousClock.now - start
  return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}
