import GymStore

/// The checks every backend makes of a user-lifecycle request (`gym.common.v1.UserLifecycleInternal`)
/// before acting on it, so a bad event is refused alike everywhere, even by a backend that
/// keeps nothing the event changes.
public enum LifecycleInput {
  /// The user a purge or an export names.
  public static func user(_ userID: String) throws(GymError) {
    guard !userID.isEmpty else { throw .invalid([FieldViolation("user_id", "is required")]) }
  }

  /// A standing, visibility or update event: its user, and auth's ordering (`sequence`, or
  /// `version` for updates), which is always positive.
  public static func event(userID: String, order: Int64, field: String = "sequence") throws(GymError) {
    var violations: [FieldViolation] = []
    if userID.isEmpty { violations.append(.init("user_id", "is required")) }
    if order <= 0 { violations.append(.init(field, "must be positive")) }
    guard violations.isEmpty else { throw .invalid(violations) }
  }
}
