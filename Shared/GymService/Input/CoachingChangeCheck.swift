import GymStore

/// The checks on a coaching relation plan's outbox sends to the services that keep a copy
/// of it (auth's `SetCoaching`, messaging's).
public enum CoachingChangeCheck {
  public static func violations(trainerID: String, clientID: String, version: Int64) -> [FieldViolation] {
    var violations: [FieldViolation] = []
    if trainerID.isEmpty { violations.append(FieldViolation("trainer_id", "is required")) }
    if clientID.isEmpty || clientID == trainerID {
      violations.append(FieldViolation("client_id", "is required and must differ from trainer_id"))
    }
    if version < 1 { violations.append(FieldViolation("version", "must be 1 or more")) }
    return violations
  }
}
