/// One reason a request field is invalid, and how to fix it. Domain code raises these
/// (`GymError.invalid`); `RPCError.invalidArgument(_:)` turns them into
/// `google.rpc.BadRequest`.
public struct FieldViolation: Sendable, Hashable, CustomStringConvertible {
  public var field: String
  public var description: String

  public init(_ field: String, _ description: String) {
    self.field = field
    self.description = description
  }
}

extension [FieldViolation] {
  /// "field: what is wrong; other: …", for status messages and import rejection reasons.
  public var summary: String { map { "\($0.field): \($0.description)" }.joined(separator: "; ") }
}
