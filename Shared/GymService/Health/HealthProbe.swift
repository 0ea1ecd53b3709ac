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
}
