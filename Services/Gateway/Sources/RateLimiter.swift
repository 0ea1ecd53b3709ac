import Foundation
import GRPCCore
import GymAPI
import GymService
import Synchronization

/// Token buckets per client address and per user, one pair per class of method, so a
/// flood from one address (or one account spread over many) is turned away at the door
/// with RESOURCE_EXHAUSTED and a retry delay, before it costs a backend anything.
///
/// The table is bounded: when it is full, buckets that have refilled (their owner has
/// been quiet) go first; if that frees too little, the least recently used half goes.
/// A forgotten bucket starts full again, which only ever errs towards admitting.
public final class RateLimiter: Sendable {
  /// What a call costs the platform, roughly: sign-in (hashes, mail), writes, reads,
  /// and opening a long-lived stream.
  public enum MethodClass: String, Sendable, CaseIterable {
    case signIn = "signin"
    case write, read, stream
  }

  /// A refill rate and a burst; a rate of 0 means no limit.
  public struct Rate: Sendable, Equatable {
    public var perSecond: Double
    public var burst: Double

    public init(perSecond: Double, burst: Double) {
      self.perSecond = perSecond
      self.burst = burst
    }

    public static let unlimited = Rate(perSecond: 0, burst: 0)
    var isLimited: Bool { perSecond > 0 }

    /// "RATE/BURST", or "0" for no limit.
    public init?(_ text: Substring) {
      if text == "0" || text == "off" {
        self = .unlimited
        return
      }
      let parts = text.split(separator: "/")
      guard parts.count == 2, let rate = Double(parts[0]), let burst = Double(parts[1]), rate > 0, rate.isFinite,
        burst >= 1, burst.isFinite
      else { return nil }
      self.init(perSecond: rate, burst: burst)
    }
  }

  /// The limits of one class: per client address and per signed-in user.
  public struct Limits: Sendable, Equatable {
    public var perAddress: Rate
    public var perUser: Rate

    public init(perAddress: Rate, perUser: Rate) {
      self.perAddress = perAddress
      self.perUser = perUser
    }

    /// "ADDRESS USER", each "RATE/BURST" or "0", e.g. "200/400 100/200".
    public init?(_ text: String) {
      let parts = text.split(separator: " ", omittingEmptySubsequences: true)
      guard parts.count == 2, let address = Rate(parts[0]), let user = Rate(parts[1]) else { return nil }
      self.init(perAddress: address, perUser: user)
    }

    public static let unlimited = Limits(perAddress: .unlimited, perUser: .unlimited)
  }

  /// Defaults for the open internet: generous enough for a household or an office
  /// behind one address, far below what floods a backend.
  public static let standard: [MethodClass: Limits] = [
    .signIn: Limits(perAddress: Rate(perSecond: 10, burst: 50), perUser: .unlimited),
    .write: Limits(perAddress: Rate(perSecond: 100, burst: 200), perUser: Rate(perSecond: 20, burst: 60)),
    .read: Limits(perAddress: Rate(perSecond: 400, burst: 800), perUser: Rate(perSecond: 100, burst: 300)),
    .stream: Limits(perAddress: Rate(perSecond: 10, burst: 50), perUser: Rate(perSecond: 2, burst: 10)),
  ]

  private struct Key: Hashable {
    var methodClass: MethodClass
    var isUser: Bool
    var owner: String
  }

  private struct Bucket {
    var tokens: Double
    var updated: ContinuousClock.Instant
  }

  private let limits: [MethodClass: Limits]
  private let maxEntries: Int
  private let buckets = Mutex<[Key: Bucket]>([:])

  public init(limits: [MethodClass: Limits] = RateLimiter.standard, maxEntries: Int = 100_000) {
    self.limits = limits
    self.maxEntries = max(16, maxEntries)
  }

  /// Buckets held now (bounded by `maxEntries`).
  public var entries: Int { buckets.withLock { $0.count } }

  /// Takes a token from the address's bucket; nil when admitted, else how long until one
  /// is free.
  public func admit(_ methodClass: MethodClass, address: String, now: ContinuousClock.Instant = .now) -> Duration? {
    guard let rate = limits[methodClass]?.perAddress, rate.isLimited else { return nil }
    return take(Key(methodClass: methodClass, isUser: false, owner: address), rate: rate, now: now)
  }

  /// Takes a token from the user's bucket.
  public func admit(_ methodClass: MethodClass, userID: String, now: ContinuousClock.Instant = .now) -> Duration? {
    guard let rate = limits[methodClass]?.perUser, rate.isLimited else { return nil }
    return take(Key(methodClass: methodClass, isUser: true, owner: userID), rate: rate, now: now)
  }

  private func take(_ key: Key, rate: Rate, now: ContinuousClock.Instant) -> Duration? {
    buckets.withLock { buckets in
      var bucket = buckets[key] ?? Bucket(tokens: rate.burst, updated: now)
      let elapsed = max(0, (now - bucket.updated).inSeconds)
      bucket.tokens = min(rate.burst, bucket.tokens + elapsed * rate.perSecond)
      bucket.updated = now
      let wait: Duration?
      if bucket.tokens >= 1 {
        bucket.tokens -= 1
        wait = nil
      } else {
        wait = .milliseconds(Int64(((1 - bucket.tokens) / rate.perSecond * 1000).rounded(.up)))
      }
      if buckets[key] == nil, buckets.count >= maxEntries { evict(&buckets, now: now) }
      buckets[key] = bucket
      return wait
    }
  }

  private func evict(_ buckets: inout [Key: Bucket], now: ContinuousClock.Instant) {
    buckets = buckets.filter { key, bucket in
      guard let rate = key.isUser ? limits[key.methodClass]?.perUser : limits[key.methodClass]?.perAddress else { return false }
      return bucket.tokens + (now - bucket.updated).inSeconds * rate.perSecond < rate.burst
    }
    if buckets.count >= maxEntries * 3 / 4 {
      let keep = buckets.sorted { $0.value.updated > $1.value.updated }.prefix(maxEntries / 2)
      buckets = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
    }
  }

  /// The class of a routed method: sign-in and account recovery, long-lived streams,
  /// reads (by their verb), and writes.
  public static func methodClass(of method: MethodDescriptor) -> MethodClass {
    if signInMethods.contains(method) { return .signIn }
    if Route.longLived.contains(method) { return .stream }
    let readVerbs = ["Get", "List", "Search", "Find", "Recommend", "Lookup", "Predict", "Calculate"]
    return readVerbs.contains { method.method.hasPrefix($0) } ? .read : .write
  }

  static let signInMethods: Set<MethodDescriptor> = [
    Gym_Auth_V1_AuthService.Method.Register.descriptor, Gym_Auth_V1_AuthService.Method.Login.descriptor,
    Gym_Auth_V1_AuthService.Method.RefreshSession.descriptor,
    Gym_Auth_V1_AuthService.Method.RequestPasswordReset.descriptor,
    Gym_Auth_V1_AuthService.Method.ResetPassword.descriptor,
    Gym_Auth_V1_AuthService.Method.RequestEmailVerification.descriptor,
    Gym_Auth_V1_AuthService.Method.VerifyEmail.descriptor,
  ]
}

/// Applies the `RateLimiter` at the gateway: the address bucket before the token is
/// checked (a flood costs no signature checks), the user bucket after.
struct RateLimitInterceptor: ServerInterceptor {
  enum Stage { case address, user }
  let limiter: RateLimiter
  let stage: Stage
  static let hold: Duration = .seconds(1)

  func intercept<Input: Sendable, Output: Sendable>(
    request: StreamingServerRequest<Input>,
    context: ServerContext,
    next: @Sendable (StreamingServerRequest<Input>, ServerContext) async throws -> StreamingServerResponse<Output>
  ) async throws -> StreamingServerResponse<Output> {
    // Health checks are the orchestrator's, never limited.
    if context.descriptor.service == Grpc_Health_V1_Health.descriptor { return try await next(request, context) }
    let methodClass = RateLimiter.methodClass(of: context.descriptor)
    let requestContext = RequestContext.current
    let wait: Duration?
    switch stage {
    case .address:
      wait = requestContext?.clientAddress.flatMap { limiter.admit(methodClass, address: $0) }
    case .user:
      wait = requestContext?.caller.flatMap { limiter.admit(methodClass, userID: $0.userID) }
    }
    if let wait {
      // An address over its limit hears so only after a hold: a client that calls again
      // the moment it is refused then makes one call a second per stream instead of
      // thousands, which would cost everyone else the CPU to refuse them.
      if stage == .address { try await Task.sleep(for: Self.hold) }
      throw Self.refusal(methodClass, stage: stage, wait: wait)
    }
    return try await next(request, context)
  }

  /// What a caller over a limit hears: which limit, and when to try again.
  static func refusal(_ methodClass: RateLimiter.MethodClass, stage: Stage, wait: Duration) -> RPCError {
    let who = stage == .address ? "from your address" : "for your account"
    return RPCError.resourceExhausted(
      "too many \(methodClass.description) calls \(who); try again in \(words(wait))", retryAfter: wait)
  }

  static func words(_ wait: Duration) -> String {
    let seconds = wait.inSeconds
    return seconds < 1 ? "\(Int((seconds * 1000).rounded(.up))) ms" : "\(Int(seconds.rounded(.up))) s"
  }
}

extension RateLimiter.MethodClass: CustomStringConvertible {
  public var description: String {
    switch self {
    case .signIn: "sign-in"
    case .write: "write"
    case .read: "read"
    case .stream: "stream-opening"
    }
  }
}
