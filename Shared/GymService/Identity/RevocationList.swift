import Foundation
import GRPCCore
import GymAPI
import Synchronization

/// Revoked sessions and users as learned from auth's `WatchRevocations`, so a process
/// refuses a revoked access token before it expires.
///
/// It fails closed: auth sends a heartbeat every few seconds, and once nothing has been
/// heard for `maxLag` the list cannot vouch for any token issued before the silence
/// began (one revoked since would look valid), so `sessionCheck` refuses those and the
/// process reports NOT_SERVING until the stream is back.
public final class RevocationList: Sendable {
  /// Longer than the longest access-token lifetime auth allows (a day), so an entry is
  /// dropped only when no token it could match is still valid.
  public static let defaultRetention: TimeInterval = 25 * 3600

  private struct State {
    var sessions: [String: Date] = [:]
    var users: [String: Date] = [:]  // tokens issued before this instant are revoked
    var cursor: Int64 = 0
    var epoch = ""
    var lastHeard: Date
    var lastPrune: Date
  }

  /// What a batch from auth means for the follower.
  public enum Outcome: Equatable, Sendable {
    case applied
    /// Auth's cursors are not comparable with ours (auth restarted, perhaps restored
    /// from a backup): read the whole retained window again from cursor 0.
    case resync
  }

  private let state: Mutex<State>
  private let retention: TimeInterval
  public let maxLag: Duration
  private let onApply: (@Sendable (RevocationList, _ sessionIDs: [String]) -> Void)?

  /// - Parameters:
  ///   - maxLag: silence from auth after which older tokens are refused.
  ///   - onApply: called with the list and the batch's revoked sessions after every batch
  ///     that revoked something, e.g. to end the open streams whose caller `isRevoked` now
  ///     (a stream checked its token only when it began), or forget what belonged to
  ///     those sessions.
  public init(
    retention: TimeInterval = RevocationList.defaultRetention, maxLag: Duration = .seconds(15), now: Date = Date(),
    onApply: (@Sendable (RevocationList, _ sessionIDs: [String]) -> Void)? = nil
  ) {
    // Silence is counted from start-up: a process that never reached auth is lagging too.
    self.state = Mutex(State(lastHeard: now, lastPrune: now))
    self.retention = retention
    self.maxLag = maxLag
    self.onApply = onApply
  }

  public var cursor: Int64 { state.withLock { $0.cursor } }

  /// Applies one message of the stream (a heartbeat when `revocations` is empty).
  @discardableResult
  public func apply(
    _ revocations: [Gym_Auth_V1_Revocation], head: Int64? = nil, epoch: String = "", now: Date = Date()
  ) -> Outcome {
    let outcome: Outcome = state.withLock { state in
      if !epoch.isEmpty && epoch != state.epoch {
        let first = state.epoch.isEmpty && state.cursor == 0
        state.epoch = epoch
        // Entries already known stay: a revocation the restored auth forgot still holds.
        if !first {
          state.cursor = 0
          return .resync
        }
      }
      if let head, head < state.cursor {
        state.cursor = 0
        return .resync
      }
      state.lastHeard = now
      for revocation in revocations {
        switch revocation.target {
        case .sessionID(let id): state.sessions[id] = revocation.revokedAt.date
        case .userID(let id):
          let notBefore = revocation.hasNotBefore ? revocation.notBefore.date : revocation.revokedAt.date
          state.users[id] = max(state.users[id] ?? .distantPast, notBefore)
        case nil: break
        }
        state.cursor = max(state.cursor, revocation.cursor)
      }
      if now.timeIntervalSince(state.lastPrune) > 60 {
        let horizon = now.addingTimeInterval(-retention)
        state.sessions = state.sessions.filter { $0.value > horizon }
        state.users = state.users.filter { $0.value > horizon }
        state.lastPrune = now
      }
      return .applied
    }
    if outcome == .applied && !revocations.isEmpty {
      onApply?(
        self,
        revocations.compactMap {
          if case .sessionID(let id) = $0.target { id } else { nil }
        })
    }
    return outcome
  }

  /// When the silence began, if it has lasted longer than `maxLag`.
  public func lagBegan(now: Date = Date()) -> Date? {
    let lastHeard = state.withLock { $0.lastHeard }
    return now.timeIntervalSince(lastHeard) > maxLag.inSeconds ? lastHeard : nil
  }

  /// How long since auth was last heard from.
  public func silence(now: Date = Date()) -> Duration {
    .seconds(now.timeIntervalSince(state.withLock { $0.lastHeard }))
  }

  public func isRevoked(_ caller: Caller) -> Bool {
    state.withLock { state in
      if state.sessions[caller.sessionID] != nil { return true }
      if let notBefore = state.users[caller.userID], caller.issuedAt < notBefore.timeIntervalSince1970 { return true }
      return false
    }
  }

  /// The interceptor check for processes other than auth.
  public var sessionCheck: AuthInterceptor.SessionCheck {
    { [self] caller in try check(caller) }
  }

  /// UNAUTHENTICATED for a revoked session, or one that cannot be vouched for while
  /// auth is silent.
  public func check(_ caller: Caller) throws(RPCError) {
    if isRevoked(caller) { throw RPCError.unauthenticated("the session has ended; sign in again") }
    if let began = lagBegan(), caller.issuedAt < began.timeIntervalSince1970 {
      // A refresh (at auth) gives a token issued after the silence began, which no
      // revocation we missed can cover.
      throw RPCError.unauthenticated("the session cannot be confirmed right now; refresh the access token")
    }
  }

  /// For the health probe: NOT_SERVING while lagging.
  public func checkLag(now: Date = Date()) throws {
    if let began = lagBegan(now: now) {
      throw RevocationLag(since: began)
    }
  }
}

/// Auth's revocation stream has been silent past the bound.
public struct RevocationLag: Error, CustomStringConvertible {
  public let since: Date
  public var description: String { "no word from auth's revocation stream since \(since)" }
}
