import GRPCCore
import GymAPI

/// The standard `grpc.health.v1.Health` service over a `HealthStatus`.
public struct HealthService: Grpc_Health_V1_Health.SimpleServiceProtocol {
  private let status: HealthStatus

  public init(status: HealthStatus) {
    self.status = status
  }

  public func check(
    request: Grpc_Health_V1_HealthCheckRequest, context: ServerContext
  ) async throws -> Grpc_Health_V1_HealthCheckResponse {
    guard let current = status.status(of: request.service) else {
      throw RPCError.notFound("no health status for service '\(request.service)'")
    }
    return .with { $0.status = current }
  }

  public func list(
    request: Grpc_Health_V1_HealthListRequest, context: ServerContext
  ) async throws -> Grpc_Health_V1_HealthListResponse {
    .with { response in
      for (name, value) in status.all { response.statuses[name] = .with { $0.status = value } }
    }
  }

  public func watch(
    request: Grpc_Health_V1_HealthCheckRequest,
    response: RPCWriter<Grpc_Health_V1_HealthCheckResponse>,
    context: ServerContext
  ) async throws {
    for await value in status.updates(for: request.service) {
      try await response.write(.with { $0.status = value })
    }
  }
}
