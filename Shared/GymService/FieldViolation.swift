/// One reason a request field is invalid, and how to fix it. Domain code raises these;
/// `RPCError.invalidArgument(_:)` turns them into `google.rpc.BadRequest`.
public struct FieldViolation: Sendable, Hashable, CustomStringConvertible {
  public var field: String
  public var description: String

  public init(_ field: String, _ description: String) {
    self.field = field
    self.description = description
  }
}
