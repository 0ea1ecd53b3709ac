import GRDB
import Instrumentation
import Synchronization

/// Group commit: the writes that callers hand in while a transaction runs are run
/// together in the next one, so that many small writes share one COMMIT, and so one
/// fsync under `synchronous=FULL`, instead of paying one each.
///
/// - Each write runs in its own savepoint: what it throws (a constraint, a quota, a
///   validation) rolls back its own changes only and is answered to its caller alone,
///   while the others in the group commit.
/// - A caller is answered only after the transaction carrying its write has committed;
///   if the COMMIT fails, every caller whose write ran in that group gets its error.
/// - No timers: a lone write starts at once, and a group is whatever queued while the
///   previous transaction ran, at most `maximumGroup` writes, oldest first.
/// - When SQLite rolls the whole transaction back itself (a full disk, an I/O error),
///   the writes that ran get that error and those not yet run wait for the next one.
///
/// A write must not open or end a transaction itself (it is already in one); savepoints
/// (`db.inSavepoint`) nest as usual. A caller cancelled before its write starts gets
/// `CancellationError` and its write never runs; once started, it runs to its end.
public final class GroupCommitter: Sendable {
  /// Writes in one transaction at most: bounds how long the writer holds one
  /// transaction and how long the last of a group waits for the first.
  public static let defaultMaximumGroup = 64

  public let writer: any DatabaseWriter
  public let maximumGroup: Int
  private let state = Mutex(State())

  public init(writer: any DatabaseWriter, maximumGroup: Int = GroupCommitter.defaultMaximumGroup) {
    self.writer = writer
    self.maximumGroup = max(1, maximumGroup)
  }

  /// What the committer has done so far.
  public struct Statistics: Sendable, Equatable {
    /// Transactions run (committed or not).
    public var transactions = 0
    /// Writes run in them.
    public var writes = 0
    /// The most writes one transaction carried.
    public var largestGroup = 0
    /// Writes queued now for the next transaction.
    public var waiting = 0
  }

  public var statistics: Statistics {
    state.withLock { state in
      var statistics = state.statistics
      statistics.waiting = state.waiting.count
      return statistics
    }
  }

  /// Runs `updates` in a savepoint of the next group's transaction and returns its
  /// result once that transaction has committed.
  public func write<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
    let id = state.withLock { state in
      state.nextID &+= 1
      return state.nextID
    }
    // The group's transaction runs in a task of its own: each write keeps its caller's
    // trace context (an outbox job it queues joins the caller's trace).
    let context = ServiceContext.current
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
        enqueue(
          Job(
            id: id,
            run: { db in
              let result = ServiceContext.withValue(context) { Self.inSavepoint(db, updates) }
              let failure: (any Error)? =
                switch result {
                case .success: nil
                case .failure(let error): error
                }
              return Ran(failure: failure) { groupError in
                // A write that failed keeps its own error: none of it was to be committed.
                if case .success = result, let groupError {
                  continuation.resume(throwing: groupError)
                } else {
                  continuation.resume(with: result)
                }
              }
            },
            fail: { continuation.resume(throwing: $0) }))
      }
    } onCancel: {
      self.cancel(id)
    }
  }

  // MARK: Internals

  private struct State {
    var waiting: [Job] = []
    var draining = false
    var nextID: UInt64 = 0
    var statistics = Statistics()
  }

  private struct Job: Sendable {
    let id: UInt64
    /// Runs the write in its savepoint; what it returns answers the caller after the
    /// transaction ended.
    let run: @Sendable (Database) -> Ran
    /// Answers the caller with an error, the write not having run.
    let fail: @Sendable (any Error) -> Void
  }

  private struct Ran: Sendable {
    /// What the write threw, if it did.
    let failure: (any Error)?
    /// Answers the caller: nil when the transaction committed, else why it did not.
    let complete: @Sendable ((any Error)?) -> Void
  }

  private struct Outcome: Sendable {
    var ran: [Ran] = []
    /// Why the transaction did not commit; nil when it did.
    var groupError: (any Error)?
    /// Writes not run because SQLite ended the transaction before their turn: they
    /// wait for the next one.
    var notRun: [Job] = []
    /// Writes not run because the transaction did not begin: they get `groupError`.
    var failed: [Job] = []
  }

  private func enqueue(_ job: Job) {
    enum Next { case cancelled, queued, startDraining }
    let next = state.withLock { state -> Next in
      // Checked under the lock that `cancel` takes: either `cancel` finds the job
      // queued, or the job sees the cancellation here.
      if Task.isCancelled { return .cancelled }
      state.waiting.append(job)
      guard !state.draining else { return .queued }
      state.draining = true
      return .startDraining
    }
    switch next {
    case .cancelled: job.fail(CancellationError())
    case .queued: break
    // Detached: no caller's cancellation may interrupt a transaction others share.
    case .startDraining: Task.detached { await self.drain() }
    }
  }

  private func cancel(_ id: UInt64) {
    let removed = state.withLock { state -> Job? in
      guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
      return state.waiting.remove(at: index)
    }
    removed?.fail(CancellationError())
  }

  private func drain() async {
    while let group = nextGroup() {
      await run(group)
    }
  }

  /// The oldest waiting writes, or nil (and no longer draining) when none wait.
  private func nextGroup() -> [Job]? {
    state.withLock { state in
      guard !state.waiting.isEmpty else {
        state.draining = false
        return nil
      }
      let count = min(maximumGroup, state.waiting.count)
      let group = Array(state.waiting.prefix(count))
      state.waiting.removeFirst(count)
      return group
    }
  }

  private func run(_ group: [Job]) async {
    let outcome: Outcome
    do {
      outcome = try await writer.writeWithoutTransaction { db in Self.transaction(db, group) }
    } catch {
      // The writer did not run the transaction at all (e.g. the database is closed).
      for job in group { job.fail(error) }
      return
    }
    state.withLock { state in
      state.waiting.insert(contentsOf: outcome.notRun, at: 0)
      state.statistics.transactions += 1
      state.statistics.writes += outcome.ran.count
      state.statistics.largestGroup = max(state.statistics.largestGroup, outcome.ran.count)
    }
    for ran in outcome.ran { ran.complete(outcome.groupError) }
    if let error = outcome.groupError {
      for job in outcome.failed { job.fail(error) }
    }
  }

  private static func transaction(_ db: Database, _ group: [Job]) -> Outcome {
    var outcome = Outcome()
    do {
      try db.inTransaction {
        for (index, job) in group.enumerated() {
          let ran = job.run(db)
          outcome.ran.append(ran)
          if !db.isInsideTransaction {
            // SQLite rolled the transaction back (SQLITE_FULL, SQLITE_IOERR, …): the
            // writes that ran are undone; those after this one run in the next group.
            outcome.groupError = ran.failure ?? DatabaseError(resultCode: .SQLITE_ABORT, message: "Transaction was aborted")
            outcome.notRun = Array(group[(index + 1)...])
            return .rollback
          }
        }
        return .commit
      }
    } catch {
      outcome.groupError = outcome.groupError ?? error
      // Only BEGIN throws before the writes run.
      outcome.failed = Array(group[(outcome.ran.count + outcome.notRun.count)...])
    }
    return outcome
  }

  private static func inSavepoint<T>(_ db: Database, _ updates: (Database) throws -> T) -> Result<T, any Error> {
    // Replaced below: either the savepoint ran `updates` to its end, or it threw.
    var result: Result<T, any Error> = .failure(DatabaseError(resultCode: .SQLITE_MISUSE))
    do {
      try db.inSavepoint {
        result = .success(try updates(db))
        return .commit
      }
    } catch {
      result = .failure(error)
    }
    return result
  }
}
