import Foundation
import GymAPI
import GRPCCore
import Synchronization

/// Revoked sessions and users as learned from auth's `WatchRevocations`, so a process
/// refuses a revoked access token before it expires. Entries older than the longest
/// access-token lifetime are dropped: by then every token they could match has expired.
public final class RevocationList: Sendable {
  private struct State {
    var sessions: [String: Date] = [:]
    var users: [String: Date] = [:]  // tokens issued before this instant are revoked
    var cursor: Int64 = 0
    var lastPrune = Date()
  }

  private let state = Mutex(State())
  private let retention: TimeInterval
  private let onApply: (@Sendable (RevocationList) -> Void)?

  /// - Parameter onApply: called with the list after every batch, e.g. to end the open
  ///   streams whose caller `isRevoked` now (a stream checked its token only when it began).
  public init(retention: TimeInterval = 3600, onApply: (@Sendable (RevocationList) -> Void)? = nil) {
    self.retention = retention
    self.onApply = onApply
  }

  public var cursor: Int64 { state.withLock { $0.cursor } }

  public func apply(_ revocations: [Gym_Auth_V1_Revocation]) {
    let now = Date()
    state.withLock { state in
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
    }
    if !revocations.isEmpty { onApply?(self) }
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
    { [self] caller in
      if isRevoked(caller) { throw RPCError.unauthenticated("the session has ended; sign in again") }
    }
  }
}
