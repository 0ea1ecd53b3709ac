import Foundation
import GRPCCore

/// Verifies the access token (`authorization: Bearer …`) of every non-public method and
/// makes the caller available to handlers through `Caller.current()`.
public struct AuthInterceptor: ServerInterceptor {
  /// Extra checks after the signature, e.g. auth refusing a revoked session.
  public typealias SessionCheck = @Sendable (Caller) async throws -> Void

  private let verifier: TokenVerifier
  private let isPublic: @Sendable (MethodDescriptor) -> Bool
  private let sessionCheck: SessionCheck?

  public init(
    verifier: TokenVerifier,
    isPublic: @escaping @Sendable (MethodDescriptor) -> Bool,
    sessionCheck: SessionCheck? = nil
  ) {
    self.verifier = verifier
    self.isPublic = isPublic
    self.sessionCheck = sessionCheck
  }

  public func intercept<Input: Sendable, Output: Sendable>(
    request: StreamingServerRequest<Input>,
    context: ServerContext,
    next: @Sendable (StreamingServerRequest<Input>, ServerContext) async throws -> StreamingServerResponse<Output>
  ) async throws -> StreamingServerResponse<Output> {
    if isPublic(context.descriptor) { return try await next(request, context) }
    guard let token = Self.bearerToken(in: request.metadata) else {
      throw RPCError.unauthenticated("missing access token: send 'authorization: Bearer <access_token>'")
    }
    let caller = try await verifier.verify(token)
    try await sessionCheck?(caller)
    var requestContext = RequestContext.current ?? RequestContext(requestID: RequestContext.newRequestID())
    requestContext.caller = caller
    let scoped = requestContext
    return try await RequestContext.$current.withValue(scoped) {
      try await next(request, context).wrappingProducer { produce in
        try await RequestContext.$current.withValue(scoped) { try await produce() }
      }
    }
  }

  static func bearerToken(in metadata: Metadata) -> String? {
    for value in metadata[stringValues: "authorization"] {
      let parts = value.split(separator: " ", maxSplits: 1)
      if parts.count == 2, parts[0].lowercased() == "bearer" {
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        if !token.isEmpty { return token }
      }
    }
    return nil
  }
}

extension Caller {
  /// The verified caller of the current RPC; UNAUTHENTICATED outside an authenticated RPC.
  public static func current() throws(RPCError) -> Caller {
    guard let caller = RequestContext.current?.caller else {
      throw RPCError.unauthenticated("this call needs an access token")
    }
    return caller
  }
}
