import GRPCCore
import Logging

/// Another gym process did not answer a call this one needs. Clients get a written
/// reason and keep the distinction between "down" and "too slow"; the dependency's own
/// status and message go to the log with the request id.
public struct DependencyError: Error, Sendable, Equatable {
  public var dependency: String
  public var timedOut: Bool

  public init(dependency: String, timedOut: Bool) {
    self.dependency = dependency
    self.timedOut = timedOut
  }

  /// Logs `error` (the failed internal call) and returns what the client should hear.
  public static func from(_ error: any Error, dependency: String, logger: Logger) -> DependencyError {
    let code = (error as? RPCError)?.code
    logger.warning(
      "dependency call failed",
      metadata: [
        "dependency": "\(dependency)", "error": "\(error)",
        "request_id": "\(RequestContext.current?.requestID ?? "-")",
      ])
    return DependencyError(dependency: dependency, timedOut: code == .deadlineExceeded)
  }
}

extension DependencyError: GymErrorMapping {
  public var rpcError: RPCError {
    timedOut
      ? RPCError(code: .deadlineExceeded, message: "\(dependency) did not answer in time; try again")
      : RPCError(code: .unavailable, message: "\(dependency) is unavailable right now; try again shortly")
  }
}
