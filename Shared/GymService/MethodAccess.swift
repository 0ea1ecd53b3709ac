import GRPCCore
import GymAPI

/// Who may call a method.
public enum MethodAccess: Sendable, Equatable {
  /// No token needed (API.md "(public)", health checks).
  case anyone
  /// A valid access token.
  case user
  /// The service credential only (`…Internal` services).
  case service
  /// The service credential or an admin's access token (`gym.ops.v1.Ops`, the
  /// gateway's `OperatorService`).
  case serviceOrAdmin

  /// The platform-wide rule, by method.
  public static func of(_ method: MethodDescriptor) -> MethodAccess {
    if PublicMethods.contains(method) { return .anyone }
    if method.service == Gym_Ops_V1_Ops.descriptor || method.service == Gym_Gateway_V1_OperatorService.descriptor {
      return .serviceOrAdmin
    }
    if method.service.fullyQualifiedService.hasSuffix("Internal") { return .service }
    return .user
  }
}
