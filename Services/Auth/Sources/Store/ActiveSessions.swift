import Foundation
import Synchronization

/// Sessions auth's interceptor found active, so an authenticated call costs no database
/// visit for its session. An entry counts only at the revocation revision it was read
/// at: any revocation commit (logout, ban, deletion, password change) makes every entry
/// stale at once, before the revoking call returns; expiry is checked against the time.
final class ActiveSessions: Sendable {
  private struct Entry {
    var userID: String
    var expiresAt: Date
    var revision: Int
  }

  private let entries = Mutex<[String: Entry]>([:])
  private let capacity: Int

  init(capacity: Int = 10_000) {
    self.capacity = capacity
  }

  func contains(sessionID: String, userID: String, revision: Int, now: Date) -> Bool {
    entries.withLock { entries in
      guard let entry = entries[sessionID] else { return false }
      return entry.revision == revision && entry.userID == userID && entry.expiresAt > now
    }
  }

  /// Remembers a session read as active at `revision` (taken before the read).
  func insert(sessionID: String, userID: String, expiresAt: Date, revision: Int) {
    entries.withLock { entries in
      // Full: start again rather than track use (entries are one read each to refill).
      if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
      entries[sessionID] = Entry(userID: userID, expiresAt: expiresAt, revision: revision)
    }
  }
}
