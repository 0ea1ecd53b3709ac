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

  /// A client's erasure takes their relation and rating: their trainer's listing hears
  /// the figures without them, and auth hears nothing naming them.
  @Test func aClientsPurgeSendsTheirTrainerFiguresWithoutThem() async throws {
    let store = try PlanStore(writer: DatabaseQueue())
    let now = Date()
    try await store.writer.write { db in
      for client in ["zed", "lena"] {
        try db.execute(sql: "INSERT INTO trainer_clients (trainer_id, client_id, since) VALUES ('tess', ?, ?)", arguments: [client, now])
      }
    }
    #expect(try await store.rateTrainer(clientID: "zed", trainerID: "tess", stars: 2, now: now) == 2)
    #expect(try await store.rateTrainer(clientID: "lena", trainerID: "tess", stars: 5, now: now) == 5)
    try await store.writer.write { db in try db.execute(sql: "DELETE FROM outbox") }

    _ = try await store.purgeUser("zed")

    let left = try await store.writer.read { db in try Row.fetchAll(db, sql: "SELECT destination, kind, payload FROM outbox ORDER BY id") }
    #expect(left.map { $0["kind"] as String } == ["trainer-stats"])
    let stats = try JSONDecoder().decode(TrainerStatsJob.self, from: try #require(left.first?["payload"] as Data?))
    #expect(stats == TrainerStatsJob(trainerID: "tess", clientCount: 1, ratingCount: 1, starSum: 5))
  }

  /// Relations that began before auth, messaging and places kept copies are sent to each
  /// once, by the migrations that start the copies: one job per relation and copy, one
  /// per trainer.
  @Test func relationsFromBeforeAreSentOnceByTheMigration() async throws {
    let queue = try DatabaseQueue()
    try PlanMigrations.migrator.migrate(queue, upTo: "sessions-v5-import-keys")
    try await queue.write { db in
      for (trainer, client) in [("tess", "lena"), ("tess", "omar"), ("tom", "lena")] {
        try db.execute(
          sql: "INSERT INTO trainer_clients (trainer_id, client_id, since) VALUES (?, ?, ?)", arguments: [trainer, client, Date()])
      }
    }
    let store = try PlanStore(writer: queue)
    let jobs = try await store.writer.read { db in try Row.fetchAll(db, sql: "SELECT destination, kind, payload FROM outbox ORDER BY id") }
    for destination in ["auth", "messaging"] {
      let coaching = try jobs.filter { ($0["kind"] as String) == "coaching" && ($0["destination"] as String) == destination }.map {
        try JSONDecoder().decode(CoachingChange.self, from: $0["payload"] as Data)
      }
      #expect(
        coaching.map { "\($0.trainerID)>\($0.clientID) \($0.active)" }.sorted() == ["tess>lena true", "tess>omar true", "tom>lena true"],
        "\(destination)")
    }
    let stats = try jobs.filter { ($0["kind"] as String) == "trainer-stats" }.map {
      try JSONDecoder().decode(TrainerStatsJob.self, from: $0["payload"] as Data)
    }
    #expect(stats.sorted { $0.trainerID < $1.trainerID }.map { "\($0.trainerID) \($0.clientCount)" } == ["tess 2", "tom 1"])
  }
}
