import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI

/// One `grpc.health.v1.Health/Check` against an address.
public enum HealthProbe {
  public struct Result: Sendable {
    public var status: Grpc_Health_V1_HealthCheckResponse.ServingStatus?
    public var error: String?
    public var latency: Duration
    public var serving: Bool { status == .serving }
  }

  public static func check(
    _ address: HostPort, service: String = "", timeout: Duration = .seconds(2),
    security: HTTP2ClientTransport.Posix.TransportSecurity = .plaintext
  ) async -> Result {
    let start = ContinuousClock.now
    do {
      let transport = try HTTP2ClientTransport.Posix(
        target: address.target, transportSecurity: security)
      return try await withGRPCClient(transport: transport) { client in
        let options = CallOptions.internalCall(timeout: timeout)
        let health = Grpc_Health_V1_Health.Client(wrapping: client)
        do {
          let response = try await health.check(.with { $0.service = service }, options: options)
          return Result(status: response.status, error: nil, latency: .now - start)
        } catch {
          return Result(status: nil, error: "\(error)", latency: .now - start)
        }
      }
    } catch {
      return Result(status: nil, error: "\(error)", latency: .now - start)
    }
  }

  /// What a wait for SERVING saw: enough to tell, when it failed, whether nothing
  /// answered, something answered otherwise, or the answers came too late.
  public struct Wait: Sendable, CustomStringConvertible {
    public var serving = false
    public var tries = 0
    /// Clients made (each after the one before had its period without SERVING).
    public var clients = 0
    /// The last answer that was not SERVING: a status, or the call's error.
    public var lastAnswer = "none"
    public var lastAnswerLatency: Duration = .zero
    public var description: String {
      "\(tries) tries over \(clients) clients; the last answered \(lastAnswer) after \(lastAnswerLatency.formatted(.units(allowed: [.seconds, .milliseconds])))"
    }
  }

  /// Asks `address` until it answers SERVING or `deadline` passes, over one client kept
  /// for many tries: on a loaded machine a fresh connection per try can spend its whole
  /// timeout on the handshake, so that no try ever reaches a service that serves. A
  /// client without an answer of SERVING for `renewal` is replaced, each for twice as
  /// long as the one before, so that one gone bad cannot hold the wait to its deadline
  /// (once, a test's service served for 50 s and a probe never heard) while a slow
  /// handshake still gets as long as it needs. A refused connection is retried within a
  /// quarter second (a starting service listens within moments), not after gRPC's
  /// default second and more.
  /// - Parameter before: runs before each try; throws to stop waiting (the process died).
  /// - Returns: whether it was seen SERVING before `deadline`, and what was heard.
  public static func waitUntilServing(
    _ address: HostPort, security: HTTP2ClientTransport.Posix.TransportSecurity = .plaintext,
    until deadline: ContinuousClock.Instant, renewal: Duration = .seconds(10), before: @Sendable () throws -> Void = {}
  ) async throws -> Wait {
    var config = HTTP2ClientTransport.Posix.Config.defaults
    config.backoff = .init(initial: .milliseconds(50), max: .milliseconds(250), multiplier: 1.6, jitter: 0.2)
    var period = renewal
    var wait = Wait()
    while ContinuousClock.now < deadline {
      defer { period *= 2 }
      let client = GRPCClient(
        transport: try HTTP2ClientTransport.Posix(target: address.target, transportSecurity: security, config: config))
      wait.clients += 1
      let renewAt = min(deadline, .now + period)
      // The client's connections are cancelled, not shut down gracefully, when its time
      // is up: a connection whose peer never answers would never finish a graceful close.
      wait = try await withThrowingTaskGroup(of: Void.self) { [wait] group in
        var wait = wait
        group.addTask { try await client.runConnections() }
        defer { group.cancelAll() }
        let health = Grpc_Health_V1_Health.Client(wrapping: client)
        while ContinuousClock.now < renewAt {
          try before()
          // The rest of the client's period for one answer: a process swamped with work
          // (a test run's first minute) may answer seconds late, and a try cut short
          // would never hear it. A refused connection fails at once, since an internal
          // call does not wait for one, and a NOT_SERVING answer comes as fast as any.
          let options = CallOptions.internalCall(timeout: max(renewAt - .now, .milliseconds(1)))
          let asked = ContinuousClock.now
          wait.tries += 1
          do {
            let status = try await health.check(.init(), options: options).status
            if status == .serving {
              wait.serving = true
              return wait
            }
            wait.lastAnswer = "\(status)"
          } catch {
            wait.lastAnswer = "\(error)"
          }
          wait.lastAnswerLatency = .now - asked
          try await Task.sleep(for: .milliseconds(50))
        }
        return wait
      }
      if wait.serving { return wait }
    }
    return wait
  }
}
