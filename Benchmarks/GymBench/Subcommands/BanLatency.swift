import ArgumentParser
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymService

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
    let internalClient = GRPCClient(
      transport: try .http2NIOPosix(
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
      _ = try await Gym_Auth_V1_AuthInternal.Client(wrapping: internalClient).createAdmin(
        .with {
          $0.email = "\(name)@bench.example.com"; $0.username = name; $0.password = password
        })
      let admin = Load.bearer(
        try await auth.login(
          .with {
            $0.identifier = name; $0.password = password
          }
        ).tokens.accessToken)
      let victim = try await Load.registerUser(at: addr)
      let victimID = try await auth.getMe(.init(), metadata: Load.bearer(victim.token)).user.id
      var samples: [Duration] = []
      for _ in 0..<runs {
        let token = try await auth.login(
          .with {
            $0.identifier = victim.username; $0.password = victim.password
          }
        ).tokens.accessToken
        let bearer = Load.bearer(token)
        _ = try await auth.getMe(.init(), metadata: bearer)
        let start = ContinuousClock.now
        _ = try await auth.banUser(
          .with {
            $0.userID = victimID; $0.reason = "bench"
          }, metadata: admin)
        while true {
          do { _ = try await auth.getMe(.init(), metadata: bearer) } catch { break }
        }
        samples.append(.now - start)
        _ = try await auth.unbanUser(.with { $0.userID = victimID }, metadata: admin)
      }
      samples.sort()
      func ms(_ d: Duration) -> Double { Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15 }
      print(
        String(
          format: "BanUser → refused at the gateway over %d runs: p50 %.2f ms, p90 %.2f ms, max %.2f ms",
          runs, ms(samples[runs / 2]), ms(samples[runs * 9 / 10]), ms(samples.last!)))
    }
  }
}
