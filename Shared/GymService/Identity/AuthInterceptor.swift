import Foundation
import GRPCCore

/// Authorizes every call by `MethodAccess`: public methods pass; user methods need a
/// verified access token (`authorization: Bearer …`) whose session is not revoked;
/// internal methods need the service credential. Handlers read the result through
/// `Caller.current()` / `RequestContext.current`.
public struct AuthInterceptor: ServerInterceptor {
  /// Extra checks after the signature: auth asks its database, every other process its
  /// `RevocationList`.
  public typealias SessionCheck = @Sendable (Caller) async throws -> Void

  private let verifier: TokenVerifier
  private let access: @Sendable (MethodDescriptor) -> MethodAccess
  private let credential: ServiceCredential?
  private let sessionCheck: SessionCheck?

  public init(
    verifier: TokenVerifier,
    credential: ServiceCredential?,
    access: @escaping @Sendable (MethodDescriptor) -> MethodAccess = MethodAccess.of,
    sessionCheck: SessionCheck? = nil
  ) {
    self.verifier = verifier
    self.credential = credential
    self.access = access
    self.sessionCheck = sessionCheck
  }

  public func intercept<Input: Sendable, Output: Sendable>(
    request: StreamingServerRequest<Input>,
    context: ServerContext,
    next: @Sendable (StreamingServerRequest<Input>, ServerContext) async throws -> StreamingServerResponse<Output>
  ) async throws -> StreamingServerResponse<Output> {
    var requestContext = RequestContext.current ?? RequestContext(requestID: RequestContext.newRequestID())
    switch access(context.descriptor) {
    case .anyone:
      return try await next(request, context)
    case .service:
      guard isServiceCall(request.metadata) else {
        throw RPCError.unauthenticated(
          "\(context.descriptor) needs the service credential (internal calls and backups are for the platform's processes and gymctl); no access token is enough, not even an administrator's"
        )
      }
      requestContext.isServiceCall = true
    case .serviceOrAdmin:
      if isServiceCall(request.metadata) {
        requestContext.isServiceCall = true
      } else {
        let caller = try await authenticate(request.metadata)
        guard caller.isAdmin else { throw RPCError.permissionDenied("operator RPCs need the admin role") }
        requestContext.caller = caller
        requestContext.record.userID = caller.userID
      }
    case .user:
      if isServiceCall(request.metadata) {
        // The credential holder is an operator tool (gymctl import): an admin.
        requestContext.isServiceCall = true
        requestContext.caller = .operator
      } else {
        let caller = try await authenticate(request.metadata)
        requestContext.caller = caller
        requestContext.record.userID = caller.userID
      }
    }
    let scoped = requestContext
    return try await RequestContext.$current.withValue(scoped) {
      try await next(request, context).wrappingProducer { produce in
        try await RequestContext.$current.withValue(scoped) { try await produce() }
      }
    }
  }

  private func authenticate(_ metadata: Metadata) async throws -> Caller {
    guard let token = Self.bearerToken(in: metadata) else {
      throw RPCError.unauthenticated("missing access token: send 'authorization: Bearer <access_token>'")
    }
    let caller = try await verifier.verify(token)
    try await sessionCheck?(caller)
    return caller
  }

  private func isServiceCall(_ metadata: Metadata) -> Bool {
    guard let credential, let presented = metadata[stringValues: ServiceCredential.header].first(where: { _ in true })
    else { return false }
    return credential.matches(presented)
  }

  static func bearerToken(in metadata: Metadata) -> String? {
    for value in metadata[stringValues: "authorization"] {
      let parts = value.split(separator: " ", maxSplits: 1)
      if parts.count == 2, parts[0].lowercased() == "bearer" {
        // Not `trimmingCharacters(in:)`: it bridges through NSString, ~4 % of a call's CPU.
        var token = parts[1]
        while token.first?.isWhitespace == true { token = token.dropFirst() }
        while token.last?.isWhitespace == true { token = token.dropLast() }
        if !token.isEmpty { return String(token) }
      }
    }
    return nil
  }
}
