import Foundation
import GRDB
import GymStore
import GymTesting
import Synchronization
import Testing

/// Group commit on a real SQLite file opened as every service opens its own: writes that
/// arrive together share a transaction, each answered with its own result after the
/// commit, one's failure undoing only its own rows.
@Suite struct GroupCommitterTests {
  struct Refused: Error, Equatable { let writer: Int }

  /// A pool like a service's (WAL, synchronous=FULL), a table, and a count of the
  /// commits SQLite made on it.
  final class Fixture: Sendable {
    let pool: DatabasePool
    let committer: GroupCommitter
    let commits: CommitCounter

    init(maximumGroup: Int = GroupCommitter.defaultMaximumGroup, deferredForeignKey: Bool = false) throws {
      var migrator = DatabaseMigrator()
      migrator.registerMigration("v1") { db in
        try db.execute(sql: "CREATE TABLE parent (id INTEGER PRIMARY KEY)")
        try db.execute(
          sql: """
            CREATE TABLE t (
              id INTEGER PRIMARY KEY, writer INTEGER NOT NULL, payload BLOB,
              parent INTEGER REFERENCES parent(id) \(deferredForeignKey ? "DEFERRABLE INITIALLY DEFERRED" : ""))
            """)
      }
      pool = try GymDatabase.openPool(at: try temporaryDirectory("group-commit") + "/g.sqlite", migrator: migrator)
      committer = GroupCommitter(writer: pool, maximumGroup: maximumGroup)
      commits = CommitCounter()
      pool.add(transactionObserver: commits, extent: .databaseLifetime)
    }

    func writers() throws -> [Int] {
      try pool.read { db in try Int.fetchAll(db, sql: "SELECT writer FROM t ORDER BY writer") }
    }

    /// Starts a write that holds the writer (inside its transaction) until `release`,
    /// and returns once it runs: what is written meanwhile queues for the next group.
    func holdTheWriter() async throws -> (release: @Sendable () -> Void, done: Task<Void, any Error>) {
      let gate = DispatchSemaphore(value: 0)
      let entered = Flag()
      let done = Task { [committer] in
        try await committer.write { db in
          try db.execute(sql: "INSERT INTO t (writer) VALUES (-1)")
          entered.set()
          // Bounded: a test that fails to release does not hang the writer forever.
          _ = gate.wait(timeout: .now() + 30)
        }
      }
      // A minute: the whole suite shares two cores with this test's detached drain.
      try #require(try await eventually(within: .seconds(60)) { entered.isSet }, "the holding write did not start")
      return ({ gate.signal() }, done)
    }
  }

  final class Flag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
  }

  final class CommitCounter: TransactionObserver, Sendable {
    private let count = Mutex(0)
    var commits: Int { count.withLock { $0 } }
    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) { count.withLock { $0 += 1 } }
    func databaseDidRollback(_ db: Database) {}
  }

  @Test func concurrentWritersAllCommitInFewerTransactionsEachWithItsOwnResult() async throws {
    let fixture = try Fixture()
    let (release, held) = try await fixture.holdTheWriter()
    let commitsBefore = fixture.commits.commits
    let results = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
      for writer in 0..<50 {
        group.addTask {
          let result = try await fixture.committer.write { db in
            try db.execute(sql: "INSERT INTO t (writer) VALUES (?)", arguments: [writer])
            // Its own row, read back inside its own savepoint.
            return try Int.fetchOne(db, sql: "SELECT writer * 10 FROM t WHERE id = ?", arguments: [db.lastInsertedRowID]) ?? -1
          }
          return (writer, result)
        }
      }
      // Every one queued behind the held transaction, then let go together.
      let queued = try await eventually { fixture.committer.statistics.waiting == 50 }
      release()
      try await held.value
      #expect(queued, "only \(fixture.committer.statistics.waiting) of 50 writes queued")
      var results: [Int: Int] = [:]
      for try await (writer, result) in group { results[writer] = result }
      return results
    }
    #expect(results.count == 50)
    #expect(results.allSatisfy { $0.value == $0.key * 10 })
    #expect(try fixture.writers() == [-1] + Array(0..<50))
    let statistics = fixture.committer.statistics
    #expect(statistics.writes == 51)
    #expect(statistics.transactions == 2, "the held write alone, then the 50 together")
    #expect(statistics.largestGroup == 50)
    // SQLite's own count: one commit each, not one per write.
    #expect(fixture.commits.commits - commitsBefore == 2)
  }

  @Test func aGroupIsBoundedByItsMaximumSize() async throws {
    let fixture = try Fixture(maximumGroup: 8)
    let (release, held) = try await fixture.holdTheWriter()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for writer in 0..<20 {
        group.addTask { try await fixture.committer.write { db in try db.execute(sql: "INSERT INTO t (writer) VALUES (?)", arguments: [writer]) } }
      }
      #expect(try await eventually { fixture.committer.statistics.waiting == 20 })
      release()
      try await held.value
      try await group.waitForAll()
    }
    let statistics = fixture.committer.statistics
    #expect(statistics.largestGroup == 8)
    #expect(statistics.transactions == 1 + 3, "20 writes in groups of at most 8")
    #expect(try fixture.writers().count == 21)
  }

  @Test func aWriteThatThrowsUndoesOnlyItsOwnRowsAndGetsItsOwnError() async throws {
    let fixture = try Fixture()
    let (release, held) = try await fixture.holdTheWriter()
    let outcomes = try await withThrowingTaskGroup(of: (Int, Result<Int, any Error>).self) { group in
      for writer in 0..<10 {
        group.addTask {
          do {
            return (
              writer,
              .success(
                try await fixture.committer.write { db in
                  try db.execute(sql: "INSERT INTO t (writer) VALUES (?)", arguments: [writer])
                  try db.execute(sql: "INSERT INTO t (writer) VALUES (?)", arguments: [writer + 100])
                  // One refuses after writing (a quota, a validation), one breaks a constraint.
                  if writer == 3 { throw Refused(writer: writer) }
                  if writer == 6 { try db.execute(sql: "INSERT INTO t (id, writer) VALUES (1, 6)") }
                  return writer
                })
            )
          } catch {
            return (writer, .failure(error))
          }
        }
      }
      #expect(try await eventually { fixture.committer.statistics.waiting == 10 })
      release()
      try await held.value
      var outcomes: [Int: Result<Int, any Error>] = [:]
      for try await (writer, outcome) in group { outcomes[writer] = outcome }
      return outcomes
    }
    for writer in 0..<10 {
      switch (writer, try #require(outcomes[writer])) {
      case (3, .failure(let error)): #expect(error as? Refused == Refused(writer: 3))
      case (6, .failure(let error)): #expect((error as? DatabaseError)?.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY)
      case (let writer, .success(let value)) where writer != 3 && writer != 6: #expect(value == writer)
      case (let writer, let outcome): Issue.record("writer \(writer): \(outcome)")
      }
    }
    let kept = [0, 1, 2, 4, 5, 7, 8, 9]
    #expect(try fixture.writers() == ([-1] + kept + kept.map { $0 + 100 }).sorted())
    #expect(fixture.committer.statistics.transactions == 2, "the ten shared one transaction")
  }

  /// A deferred foreign key is checked at COMMIT: one write's orphan row fails the
  /// commit itself, and then no write of the group was committed or told it was.
  @Test func whenTheCommitFailsEveryWriteOfTheGroupGetsItsError() async throws {
    let fixture = try Fixture(deferredForeignKey: true)
    let (release, held) = try await fixture.holdTheWriter()
    let errors = try await withThrowingTaskGroup(of: (any Error)?.self) { group in
      for writer in 0..<5 {
        group.addTask {
          do {
            try await fixture.committer.write { db in
              try db.execute(sql: "INSERT INTO t (writer, parent) VALUES (?, ?)", arguments: [writer, writer == 2 ? 999 : nil])
            }
            return nil
          } catch {
            return error
          }
        }
      }
      #expect(try await eventually { fixture.committer.statistics.waiting == 5 })
      release()
      try await held.value
      var errors: [(any Error)?] = []
      for try await error in group { errors.append(error) }
      return errors
    }
    #expect(errors.count == 5)
    #expect(errors.allSatisfy { ($0 as? DatabaseError)?.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY }, "\(errors)")
    #expect(try fixture.writers() == [-1])
    // The committer goes on: the next write commits.
    try await fixture.committer.write { db in try db.execute(sql: "INSERT INTO t (writer) VALUES (42)") }
    #expect(try fixture.writers() == [-1, 42])
  }

  /// SQLITE_FULL ends the whole transaction, not only the statement: the writes that
  /// ran before are undone and told so, and those not yet run go to the next one.
  @Test func whenSQLiteRollsTheTransactionBackTheWritesNotYetRunGoToTheNext() async throws {
    let fixture = try Fixture()
    // A file that can grow by a few pages only: a large row fills it.
    try await fixture.pool.writeWithoutTransaction { db in
      let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
      try db.execute(sql: "PRAGMA max_page_count = \(pages + 8)")
    }
    let (release, held) = try await fixture.holdTheWriter()
    var writes: [Task<Void, any Error>] = []
    for writer in 0..<5 {
      // Queued one after another, so that they run in this order.
      writes.append(
        Task {
          try await fixture.committer.write { db in
            try db.execute(
              sql: "INSERT INTO t (writer, payload) VALUES (?, zeroblob(?))", arguments: [writer, writer == 1 ? 1_000_000 : 10])
          }
        })
      #expect(try await eventually { fixture.committer.statistics.waiting == writer + 1 })
    }
    release()
    try await held.value
    for (writer, write) in writes.enumerated() {
      do {
        try await write.value
        #expect(writer >= 2, "writer \(writer) was told its write committed")
      } catch {
        #expect(writer < 2, "writer \(writer): \(error)")
        #expect((error as? DatabaseError)?.resultCode == .SQLITE_FULL, "\(error)")
      }
    }
    #expect(try fixture.writers() == [-1, 2, 3, 4])
    #expect(fixture.committer.statistics.transactions == 3, "the held one, the one SQLite ended, the one after")
  }

  /// No timer holds a lone write back for company: it completes with nothing else
  /// written (a committer that waited for a second write would never answer).
  @Test(.timeLimit(.minutes(1))) func aLoneWriteStartsAtOnce() async throws {
    let fixture = try Fixture()
    let id = try await fixture.committer.write { db in
      try db.execute(sql: "INSERT INTO t (writer) VALUES (7)")
      return db.lastInsertedRowID
    }
    #expect(id == 1)
    #expect(try fixture.writers() == [7])
    let statistics = fixture.committer.statistics
    #expect(statistics.transactions == 1 && statistics.writes == 1 && statistics.largestGroup == 1 && statistics.waiting == 0)
    // And one after another, each is its own transaction.
    for writer in 8..<11 {
      try await fixture.committer.write { db in try db.execute(sql: "INSERT INTO t (writer) VALUES (?)", arguments: [writer]) }
    }
    #expect(fixture.committer.statistics.transactions == 4)
  }

  @Test func aWriteCancelledWhileQueuedNeverRuns() async throws {
    let fixture = try Fixture()
    let (release, held) = try await fixture.holdTheWriter()
    let cancelled = Task {
      try await fixture.committer.write { db in try db.execute(sql: "INSERT INTO t (writer) VALUES (1)") }
    }
    let other = Task {
      try await fixture.committer.write { db in try db.execute(sql: "INSERT INTO t (writer) VALUES (2)") }
    }
    #expect(try await eventually { fixture.committer.statistics.waiting == 2 })
    cancelled.cancel()
    #expect(fixture.committer.statistics.waiting == 1)
    release()
    try await held.value
    try await other.value
    await #expect(throws: CancellationError.self) { try await cancelled.value }
    #expect(try fixture.writers() == [-1, 2])
  }
}
