import Foundation
import GRDB
import GymStore
import GymTesting
import Logging
import Synchronization
import Testing

@Suite struct OutboxWorkerTests {
  func database() throws -> DatabasePool {
    var migrator = DatabaseMigrator()
    Outbox.registerMigration(in: &migrator)
    return try GymDatabase.openPool(at: try temporaryDirectory() + "/o.sqlite", migrator: migrator)
  }

  @Test func aReceiverThatIsDownThenUpGetsEachJobOnce() async throws {
    let pool = try database()
    try await pool.write { db in
      for user in ["u1", "u2", "u3"] { try Outbox.enqueue(db, destination: "catalog", kind: "purge-user", payload: Data(user.utf8)) }
    }
    let receiverUp = Mutex(false)
    let received = Mutex<[String]>([])
    let worker = OutboxWorker(writer: pool, maxBackoff: 0, logger: Logger(label: "t")) { job in
      guard receiverUp.withLock({ $0 }) else { throw CancellationError() }
      received.withLock { $0.append(String(decoding: job.payload, as: UTF8.self)) }
    }
    #expect(try await worker.deliverDue() == 0)
    let summary = try await Outbox.summary(pool)
    #expect(summary.first?.pending == 3)
    #expect(summary.first?.maxAttempts == 1)
    #expect(summary.first?.lastError?.isEmpty == false)

    receiverUp.withLock { $0 = true }
    // The first retry is due after ~1 s: passes until all three went, each once.
    var delivered = 0
    #expect(
      try await eventually(within: .seconds(10)) {
        delivered += try await worker.deliverDue()
        return delivered >= 3
      })
    #expect(delivered == 3)
    #expect(try await worker.deliverDue() == 0)
    #expect(received.withLock { $0 } == ["u1", "u2", "u3"])
    #expect(try await Outbox.summary(pool).isEmpty)
  }

  @Test func aReceiverThatHangsDelaysOnlyItsOwnJobs() async throws {
    let pool = try database()
    try await pool.write { db in
      try Outbox.enqueue(db, destination: "places", kind: "purge-user", payload: Data("u1".utf8))
      for user in ["u1", "u2", "u3"] {
        try Outbox.enqueue(db, destination: "catalog", kind: "user-standing", payload: Data(user.utf8))
      }
    }
    let catalogGot = Mutex<[String]>([])
    let placesAnswered = Mutex(false)
    let releasePlaces = Mutex(false)
    let worker = OutboxWorker(writer: pool, logger: Logger(label: "t")) { job in
      // places hangs (a receiver that never answers) until the test has seen catalog's
      // deliveries, however slowly the machine runs, then fails the way a time-out does.
      if job.destination == "places" {
        while !releasePlaces.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
        placesAnswered.withLock { $0 = true }
        throw CancellationError()
      }
      catalogGot.withLock { $0.append(String(decoding: job.payload, as: UTF8.self)) }
    }
    let pass = Task { try await worker.deliverDue() }
    // Catalog has all three, in order, while places is still waiting on its one.
    #expect(try await eventually(within: .seconds(60)) { catalogGot.withLock { $0 } == ["u1", "u2", "u3"] })
    #expect(!placesAnswered.withLock { $0 })
    releasePlaces.withLock { $0 = true }
    #expect(try await pass.value == 3)
    let waiting = try await Outbox.summary(pool)
    #expect(waiting.map(\.destination) == ["places"] && waiting.first?.pending == 1)
    #expect(waiting.first?.lastError?.isEmpty == false, "a job that keeps failing shows its last error")
  }

  @Test func jobsWrittenWithAChangeRollBackWithIt() async throws {
    let pool = try database()
    struct Refused: Error {}
    await #expect(throws: Refused.self) {
      try await pool.write { db in
        try Outbox.enqueue(db, destination: "plan", kind: "purge-user", payload: Data())
        throw Refused()
      }
    }
    #expect(try await Outbox.summary(pool).isEmpty)
  }
}
