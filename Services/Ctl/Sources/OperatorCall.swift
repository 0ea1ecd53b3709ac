import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymService

/// gymctl's operator calls, with the service credential: every service treats them as an
/// operator (admin). All go to the gateway (`--gateway`, else the layout's gateway port),
/// which relays each operator task to the backend that serves it (the manifest's
/// `operatorMethods`): knowing the gateway's address is enough.
enum OperatorCall {
  /// - Parameter service: the process that serves the task, named when it cannot be reached.
  static func with<T: Sendable>(
    _ service: ManagedService, _ stack: StackOptions,
    _ body: @Sendable (GRPCClient<HTTP2ClientTransport.Posix>) async throws -> T
  ) async throws -> T {
    let credential = try stack.credential()
    let gateway = ManagedService.gateway
    let address = try stack.address(of: gateway)
    let transport = try HTTP2ClientTransport.Posix(
      target: address.target, transportSecurity: try stack.layout.clientSecurity(for: gateway))
    do {
      return try await withGRPCClient(transport: transport, interceptors: [credential.clientInterceptor]) { try await body($0) }
    } catch let error as RPCError where error.code == .unavailable {
      let tlsHint = stack.layout.tls == nil ? "; if it serves TLS (gymctl up --tls), add --tls" : ""
      let through = service.name == gateway.name ? "" : " through the gateway"
      throw OperatorFailure(
        "cannot reach \(service.name)\(through) at \(address) (\(error.message)); is the stack running? (gymctl up)\(tlsHint)")
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
