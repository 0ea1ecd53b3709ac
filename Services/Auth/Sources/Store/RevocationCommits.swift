import GRDB
import Synchronization

/// Counts the commits that revoked sessions or users (rows written to `revocations`),
/// as they commit and whoever wrote them. A session read as active before a revision
/// may be revoked after it, so `ActiveSessions` keeps nothing across revisions.
public final class RevocationCommits: TransactionObserver, Sendable {
  private let revisions = Atomic<Int>(0)
  private let revoking = Atomic<Bool>(false)

  public init() {}

  public var revision: Int { revisions.load(ordering: .acquiring) }

  public func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
    if case .insert(let table) = eventKind { return table == "revocations" }
    return false
  }

  public func databaseDidChange(with event: DatabaseEvent) {
    revoking.store(true, ordering: .relaxed)
    stopObservingDatabaseChangesUntilNextTransaction()
  }

  public func databaseDidCommit(_ db: Database) {
    if revoking.exchange(false, ordering: .relaxed) { revisions.add(1, ordering: .releasing) }
  }

  public func databaseDidRollback(_ db: Database) {
    revoking.store(false, ordering: .relaxed)
  }
}
