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
    let current = RequestContext.current ?? RequestContext(requestID: RequestContext.newRequestID())
    let metadata = request.metadata
    guard let scoped = try await authorize(context.descriptor, in: current, values: { Array(metadata[stringValues: $0]) }) else {
      return try await next(request, context)
    }
    return try await RequestContext.$current.withValue(scoped) {
      try await next(request, context).wrappingProducer { produce in
        try await RequestContext.$current.withValue(scoped) { try await produce() }
      }
    }
  }

  /// What `method` asks of a caller whose headers are `values` (every value of a
  /// lower-case name): `context` with the caller (or the credential) recorded, nil for a
  /// method anyone may call, or the refusal. The gateway's frame relay asks here too.
  public func authorize(
    _ method: MethodDescriptor, in context: RequestContext, values: (String) -> [String]
  ) async throws -> RequestContext? {
    var requestContext = context
    switch access(method) {
    case .anyone:
      return nil
    case .service:
      guard isServiceCall(values) else {
        throw RPCError.unauthenticated(
          "\(method) needs the service credential (internal calls and backups are for the platform's processes and gymctl); no access token is enough, not even an administrator's"
        )
      }
      requestContext.isServiceCall = true
    case .serviceOrAdmin:
      if isServiceCall(values) {
        requestContext.isServiceCall = true
      } else {
        let caller = try await authenticate(values)
        guard caller.isAdmin else { throw RPCError.permissionDenied("operator RPCs need the admin role") }
        requestContext = requestContext.signedIn(as: caller)
      }
    case .user:
      if isServiceCall(values) {
        // The credential holder is an operator tool (gymctl import): an admin.
        requestContext.isServiceCall = true
        requestContext.caller = .operator
      } else {
        requestContext = requestContext.signedIn(as: try await authenticate(values))
      }
    }
    return requestContext
  }

  /// The caller of `token` if it was verified before: for callers that must not wait
  /// (the gateway's relay on its event loop). The session check is theirs to make.
  public func cachedCaller(_ token: String) -> Caller? { verifier.cachedCaller(token) }

  private func authenticate(_ values: (String) -> [String]) async throws -> Caller {
    guard let token = Self.bearerToken(in: values("authorization")) else {
      throw RPCError.unauthenticated("missing access token: send 'authorization: Bearer <access_token>'")
    }
    let caller = try await verifier.verify(token)
    try await sessionCheck?(caller)
    return caller
  }

  private func isServiceCall(_ values: (String) -> [String]) -> Bool {
    guard let credential, let presented = values(ServiceCredential.header).first else { return false }
    return credential.matches(presented)
  }

  /// The token of the first `Bearer` value among `authorization` header values.
  public static func bearerToken(in values: [String]) -> String? {
    for value in values {
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
