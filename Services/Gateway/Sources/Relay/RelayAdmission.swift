import GRPCCore
import GymService
import NIOHPACK

/// The door's checks on a relayed call, in the order the interceptors ran them: the
/// client address's rate limit (before any signature is checked, so a flood costs
/// none), the caller's token or the service credential, then the user's rate limit.
struct RelayAdmission: Sendable {
  let auth: AuthInterceptor
  let limiter: RateLimiter?
  let credential: ServiceCredential
  /// The sessions auth has ended, for the check `admitNow` makes itself.
  let revocations: RevocationList

  /// What `admitNow` decided.
  enum Outcome {
    case admitted(RequestContext)
    /// `hold`: the client hears it only after `RateLimitInterceptor.hold`.
    case refused(RPCError, hold: Bool)
  }

  /// The same checks without suspending, for the common call (a user method, a token
  /// verified before): nil when `admit` has to decide. Deciding here spares every such
  /// call two thread hops (to a task and back to the event loop).
  func admitNow(_ entry: RelayRoutes.Entry, headers: HPACKHeaders, context: RequestContext) -> Outcome? {
    guard entry.kind == .routed, entry.access == .user, headers[ServiceCredential.header].isEmpty,
      let token = AuthInterceptor.bearerToken(in: headers["authorization"]), let caller = auth.cachedCaller(token)
    else { return nil }
    if let limiter, let address = context.clientAddress, let wait = limiter.admit(entry.methodClass, address: address) {
      return .refused(RateLimitInterceptor.refusal(entry.methodClass, stage: .address, wait: wait), hold: true)
    }
    do {
      try revocations.check(caller)
    } catch {
      return .refused(error, hold: false)
    }
    if let limiter, let wait = limiter.admit(entry.methodClass, userID: caller.userID) {
      return .refused(RateLimitInterceptor.refusal(entry.methodClass, stage: .user, wait: wait), hold: false)
    }
    return .admitted(context.signedIn(as: caller))
  }

  /// `context` with the verified caller, or the refusal the client hears.
  func admit(_ entry: RelayRoutes.Entry, headers: HPACKHeaders, context: RequestContext) async throws -> RequestContext {
    if let limiter, let address = context.clientAddress, let wait = limiter.admit(entry.methodClass, address: address) {
      try await Task.sleep(for: RateLimitInterceptor.hold)
      throw RateLimitInterceptor.refusal(entry.methodClass, stage: .address, wait: wait)
    }
    var admitted = context
    switch entry.kind {
    case .internalOperator:
      guard let presented = headers[ServiceCredential.header].first, credential.matches(presented) else {
        throw RPCError(code: .unimplemented, message: "the gateway serves no \(entry.method.service) to clients")
      }
      admitted.isServiceCall = true
    case .routed:
      admitted = try await auth.authorize(entry.method, in: context, values: { headers[$0] }) ?? context
    }
    if let limiter, let caller = admitted.caller, let wait = limiter.admit(entry.methodClass, userID: caller.userID) {
      throw RateLimitInterceptor.refusal(entry.methodClass, stage: .user, wait: wait)
    }
    return admitted
  }
}
