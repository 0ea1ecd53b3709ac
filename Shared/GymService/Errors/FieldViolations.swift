import GRPCCore

/// Field violations as a throwable value, for domain code that must not depend on gRPC.
public struct FieldViolations: Error, Sendable, Equatable {
  public var violations: [FieldViolation]
  public init(_ violations: [FieldViolation]) { self.violations = violations }
}

/// Paging and other shared validation throw `FieldViolations`; it is INVALID_ARGUMENT in
/// every service, so no service wraps it again.
extension FieldViolations: GymErrorMapping {
  public var rpcError: RPCError { .invalidArgument(violations) }
}
