import GRPCCore
import GymAPI

/// Methods callable without an access token (marked "(public)" in the protos and docs/api.md) plus health checks
/// and server reflection (which tells only what the published protos do).
/// The gateway and each service consult the same list.
public enum PublicMethods {
  public static let all: Set<MethodDescriptor> = [
    Gym_Auth_V1_AuthService.Method.Register.descriptor,
    Gym_Auth_V1_AuthService.Method.Login.descriptor,
    Gym_Auth_V1_AuthService.Method.RefreshSession.descriptor,
    Gym_Auth_V1_AuthService.Method.RequestPasswordReset.descriptor,
    Gym_Auth_V1_AuthService.Method.ResetPassword.descriptor,
    Gym_Auth_V1_AuthService.Method.GetSigningKeys.descriptor,
  ]

  public static func contains(_ method: MethodDescriptor) -> Bool {
    all.contains(method) || method.service == Grpc_Health_V1_Health.descriptor
      || ServerReflection.serviceNames.contains(method.service.fullyQualifiedService)
  }
}
