import ArgumentParser
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymService
import Synchronization

/// Other users' GetMe while a crowd of callers asks for password hashes: the figure
/// issue 14 asks for. GetMe alone first, then the same GetMe load during the flood.
struct LoginFlood: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "login-flood", abstract: "GetMe latency of other users, alone and during a Login flood.")
  @OptionGroup var options: LoadOptions

  @Option(help: "Concurrent Login callers in the flood.")
  var flood = 200

  @Option(help: "Connections the flood is spread over.")
  var floodConnections = 4

  @Flag(help: "Flood callers wait the RetryInfo delay after a refusal, as a retrying client would; by default they call again at once.")
  var honorRetry = false

  final class Outcomes: Sendable {
    let counts = Mutex<[String: Int]>([:])
    let stop = Atomic(false)
    func add(_ outcome: String) { counts.withLock { $0[outcome, default: 0] += 1 } }
  }

  func run() async throws {
    let target = try await Load.registerUser(at: options.registerAddr)
    let metadata = try await Load.signedIn(at: options.registerAddr)
    let getMe: @Sendable (GRPCClient<HTTP2ClientTransport.Posix>) async throws -> Void = { client in
      _ = try await Gym_Auth_V1_AuthService.Client(wrapping: client).getMe(.init(), metadata: metadata)
    }
    let alone = try await Load.run(options, call: getMe)
    alone.report("GetMe via \(options.addr) x\(options.concurrency), no flood")

    let outcomes = Outcomes()
    let clients = try (0..<max(1, floodConnections)).map { _ in try Load.client(options.addr) }
    let during = try await withThrowingTaskGroup(of: Void.self) { group in
      for client in clients { group.addTask { try await client.runConnections() } }
      defer { clients.forEach { $0.beginGracefulShutdown() } }
      let flooding = Task { [flood, honorRetry] in
        await withTaskGroup(of: Void.self) { callers in
          for caller in 0..<flood {
            let auth = Gym_Auth_V1_AuthService.Client(wrapping: clients[caller % clients.count])
            callers.addTask {
              while !outcomes.stop.load(ordering: .relaxed) {
                do {
                  _ = try await auth.login(
                    .with {
                      $0.identifier = target.username; $0.password = target.password
                    })
                  outcomes.add("OK")
                } catch let error as RPCError {
                  outcomes.add(error.code.canonicalName)
                  if honorRetry, let delay = error.retryDelay { try? await Task.sleep(for: min(delay, .seconds(5))) }
                } catch {
                  outcomes.add("other")
                }
              }
            }
          }
        }
      }
      let figures = try await Load.run(options, call: getMe)
      outcomes.stop.store(true, ordering: .relaxed)
      await flooding.value
      return figures
    }
    during.report("GetMe via \(options.addr) x\(options.concurrency), during a \(flood)-caller Login flood\(honorRetry ? " (honouring RetryInfo)" : "")")
    let seen = outcomes.counts.withLock { $0 }.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
    print("flood outcomes over the run: " + seen.joined(separator: ", "))
  }
}
