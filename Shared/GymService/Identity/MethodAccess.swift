import GRPCCore
import GymAPI

/// Who may call a method.
public enum MethodAccess: Sendable, Equatable {
  /// No token needed (marked "(public)" in docs/api.md, health checks).
  case anyone
  /// A valid access token.
  case user
  /// The service credential only (`…Internal` services, backups).
  case service
  /// The service credential or an admin's access token (`gym.ops.v1.Ops`, the
  /// gateway's `OperatorService`).
  case serviceOrAdmin

  /// Operator powers no access token carries, whatever its roles: a backup copies every
  /// database and writes on the services' disks, so only the platform's own processes
  /// and gymctl on their machine (which hold the credential) may ask for one.
  static let credentialOnly: Set<MethodDescriptor> = [
    Gym_Ops_V1_Ops.Method.Backup.descriptor, Gym_Ops_V1_Ops.Method.FinishBackup.descriptor,
    Gym_Gateway_V1_OperatorService.Method.Backup.descriptor,
  ]

  /// The platform-wide rule, by method.
  public static func of(_ method: MethodDescriptor) -> MethodAccess {
    if PublicMethods.contains(method) { return .anyone }
    if credentialOnly.contains(method) { return .service }
    if method.service == Gym_Ops_V1_Ops.descriptor || method.service == Gym_Gateway_V1_OperatorService.descriptor {
      return .serviceOrAdmin
    }
    if method.service.fullyQualifiedService.hasSuffix("Internal") { return .service }
    return .user
  }
}
