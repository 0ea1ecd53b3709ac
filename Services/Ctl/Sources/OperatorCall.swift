import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymService

/// gymctl's calls to one process of a stack, with the service credential: every
/// service treats them as an operator (admin).
enum OperatorCall {
  static func with<T: Sendable>(
    _ service: ManagedService, _ stack: StackOptions,
    _ body: @Sendable (GRPCClient<HTTP2ClientTransport.Posix>) async throws -> T
  ) async throws -> T {
    let credential = try stack.credential()
    let address = try stack.address(of: service)
    let transport = try HTTP2ClientTransport.Posix(
      target: address.target, transportSecurity: try stack.layout.clientSecurity(for: service))
    do {
      return try await withGRPCClient(transport: transport, interceptors: [credential.clientInterceptor]) { try await body($0) }
    } catch let error as RPCError where error.code == .unavailable {
      let tlsHint = stack.layout.tls == nil ? "; if it serves TLS (gymctl up --tls), add --tls" : ""
      throw OperatorFailure("cannot reach \(service.name) at \(address) (\(error.message)); is the stack running? (gymctl up)\(tlsHint)")
    }
  }
}

/// A failure gymctl reports as one line.
struct OperatorFailure: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) { self.description = description }

  /// One line for any error a command throws: a status's message with its field
  /// violations and code, or the error's own description.
  static func line(for error: any Error) -> String {
    switch error {
    case let error as RPCError:
      let violations = error.fieldViolations.map { "\($0.field): \($0.description)" }
      let details = violations.isEmpty ? "" : " [" + violations.joined(separator: "; ") + "]"
      return "\(error.message)\(details) (\(error.code.canonicalName))"
    default:
      return "\(error)".replacingOccurrences(of: "\n", with: " ")
    }
  }
}
