import Foundation
import GRDB
import GymStore
import Testing

@testable import GymPlan

/// Deliveries still waiting in plan's outbox that name a deleted user are dropped with
/// their purge: delivered later, they would bring the user back into catalog or
/// messaging after those had purged them.
@Suite struct OutboxErasureTests {
  @Test func aPurgeDropsWaitingJobsThatNameTheUser() async throws {
    let store = try PlanStore(writer: DatabaseQueue())
    let jobs: [(Outbox.Destination, Outbox.Kind, Data)] = [
      (.catalog, .programSaved, try JSONEncoder().encode(ProgramSavedJob(programID: "p1", userID: "zed"))),
      (.catalog, .programSaved, try JSONEncoder().encode(ProgramSavedJob(programID: "p1", userID: "lena"))),
      (
        .messaging, .notification,
        try JSONEncoder().encode(
          NotificationJob(
            userID: "zed", kind: "trainer_invitation", title: "Tess invites you", body: "", reference: "r1", key: "k1", aboutUserID: "tess"))
      ),
      (
        .messaging, .notification,
        try JSONEncoder().encode(
          NotificationJob(
            userID: "lena", kind: "trainer_request", title: "Zed asks you", body: "", reference: "r2", key: "k2", aboutUserID: "zed"))
      ),
      (
        .messaging, .notification,
        try JSONEncoder().encode(
          NotificationJob(
            userID: "lena", kind: "workout-reminder", title: "Squat day", body: "", reference: "e1", key: "k3"))
      ),
    ]
    try await store.writer.write { db in
      for (destination, kind, payload) in jobs { try Outbox.enqueue(db, destination: destination, kind: kind, payload: payload) }
    }

    _ = try await store.purgeUser("zed")

    let left = try await store.writer.read { db in try Data.fetchAll(db, sql: "SELECT payload FROM outbox ORDER BY id") }
    #expect(left == [jobs[1].2, jobs[4].2])
  }
}
