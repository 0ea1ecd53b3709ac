import Foundation
import GRDB
import GymStore
import GymTesting
import Synchronization
import Testing

@testable import GymPlan

/// LogSet checks a session's size from its footprint (counts and bytes from aggregate
/// queries) and measures the whole session only when the bound says it might not fit:
/// the bound must never be below what the measure finds, or a session too large to
/// serve would slip through.
@Suite struct SessionSizeBoundTests {
  static let start = Date(timeIntervalSince1970: 1_790_000_000)

  /// The footprint, computed from the record the way the store's queries compute it
  /// from the rows.
  static func footprint(of session: SessionRecord) throws -> SessionFootprint {
    let encoder = JSONEncoder()
    return SessionFootprint(
      textBytes: session.id.utf8.count + (session.routineID ?? "").utf8.count + session.name.utf8.count + session.notes.utf8.count,
      items: session.items.count,
      itemTextBytes: session.items.reduce(0) { $0 + $1.id.utf8.count + $1.exerciseID.utf8.count + $1.notes.utf8.count },
      plannedSetBytes: try session.items.reduce(0) { $0 + (try encoder.encode($1.plannedSets)).count },
      loggedSets: session.items.reduce(0) { $0 + $1.loggedSets.count },
      loggedSetNoteBytes: session.items.reduce(0) { $0 + $1.loggedSets.reduce(0) { $0 + $1.notes.utf8.count } })
  }

  static func encodedSize(_ session: SessionRecord) throws -> Int {
    let bytes: [UInt8] = try PlanMapping.session(session, names: [:]).serializedBytes()
    return bytes.count
  }

  static func session(
    items: Int, planned: [RoutineRecord.PlannedSet], sets: Int, set: SessionRecord.LoggedSet, notes: String, name: String = "Workout"
  ) -> SessionRecord {
    SessionRecord(
      id: "01JZ0000000000000000000000", ownerID: "u1", state: .active, routineID: "01JZ0000000000000000000001", dayIndex: 6,
      name: name,
      items: (0..<items).map { index in
        SessionRecord.Item(
          id: "01JZ00000000000000000\(String(format: "%05d", index))", exerciseID: "barbell-back-squat-\(index)",
          plannedSets: planned, loggedSets: Array(repeating: set, count: index == 0 ? sets : 0), state: .skipped, notes: notes)
      },
      startedAt: start, endedAt: nil, localDate: LocalDate(start, in: TimeZone(identifier: "UTC")!), notes: notes, summary: nil)
  }

  @Test func theBoundIsNeverBelowTheEncodedSize() throws {
    let longNote = String(repeating: "\u{1F4AA}", count: 500)  // 2,000 bytes, the most a note may hold
    let heaviest = RoutineRecord.PlannedSet(targetReps: 100, targetWeightKg: 999.75, targetDurationSeconds: 36000, restSeconds: 3600)
    let emptiest = RoutineRecord.PlannedSet(targetReps: 0, targetWeightKg: 0)
    let bigSet = SessionRecord.LoggedSet(
      reps: 1000, weightKg: 999.75, rpe: 9.5, durationSeconds: 36000, notes: longNote,
      loggedAt: Date(timeIntervalSince1970: 4_102_444_799.999_999))
    let smallSet = SessionRecord.LoggedSet(reps: 1, weightKg: 0, loggedAt: Date(timeIntervalSince1970: 0))
    let sessions = [
      Self.session(items: 0, planned: [], sets: 0, set: smallSet, notes: "", name: ""),
      Self.session(items: 4, planned: Array(repeating: emptiest, count: 3), sets: 20, set: smallSet, notes: ""),
      Self.session(items: 60, planned: Array(repeating: heaviest, count: 20), sets: 500, set: bigSet, notes: longNote),
      Self.session(items: 60, planned: Array(repeating: emptiest, count: 20), sets: 500, set: smallSet, notes: ""),
      Self.session(items: 1, planned: [heaviest], sets: 130, set: bigSet, notes: longNote, name: String(repeating: "é", count: 100)),
    ]
    for session in sessions {
      let bound = PlanService.sessionSizeBound(try Self.footprint(of: session))
      let size = try Self.encodedSize(session)
      #expect(bound >= size, "\(session.items.count) items: bound \(bound) < encoded \(size)")
    }
  }

  /// The store's aggregate queries read the same footprint from the rows as the record
  /// gives, on a real file.
  @Test func theStoreReadsTheFootprintOfWhatItHolds() async throws {
    let store = try PlanStore(path: try temporaryDirectory("plan-footprint") + "/plan.sqlite")
    var record = Self.session(
      items: 3, planned: [.init(targetReps: 5, targetWeightKg: 100, restSeconds: 90)], sets: 0,
      set: .init(reps: 1, weightKg: 1, loggedAt: Self.start), notes: "slow down on the way \u{1F9D8}")
    record.routineID = nil
    let started = record
    _ = try await store.startSession(started)
    for (index, notes) in ["", "grindy", "\u{1F4AA}\u{1F4AA}", ""].enumerated() {
      let logged = try await store.logSet(
        sessionID: record.id, itemID: record.items[index % 2].id, ownerID: "u1",
        set: .init(reps: 5, weightKg: 100, notes: notes, loggedAt: Self.start.addingTimeInterval(60)))
      #expect(logged.item.id == record.items[index % 2].id)
    }
    let stored = try #require(try await store.session(id: record.id, ownerID: "u1"))
    let footprint = try await store.writer.read { db in
      let rid = try #require(try PlanStore.sessionRID(db, id: started.id, ownerID: "u1"))
      let sets = try PlanStore.otherItemsSets(db, sessionRID: rid, itemRID: 0)
      return try PlanStore.footprint(db, sessionRID: rid, loggedSets: sets.count, loggedSetNoteBytes: sets.noteBytes)
    }
    #expect(footprint == (try Self.footprint(of: stored)))
    #expect(footprint.loggedSets == 4 && footprint.loggedSetNoteBytes == 6 + 8)
  }

  /// A check that the footprint vouches for is not run; one it does not is run on the
  /// whole session, and what it throws undoes the set.
  @Test func theWholeSessionIsCheckedOnlyWhenTheFootprintDoesNotVouchForIt() async throws {
    let store = try PlanStore(path: try temporaryDirectory("plan-footprint") + "/plan.sqlite")
    let record = Self.session(items: 1, planned: [], sets: 0, set: .init(reps: 1, weightKg: 1, loggedAt: Self.start), notes: "")
    _ = try await store.startSession(record)
    let set = SessionRecord.LoggedSet(reps: 5, weightKg: 100, loggedAt: Self.start)
    let checked = CheckCount()
    let vouched = SessionFootprint.Check(surelyPasses: { _ in true }, check: { _ in checked.add() })
    _ = try await store.logSet(sessionID: record.id, itemID: record.items[0].id, ownerID: "u1", set: set, check: vouched)
    #expect(checked.value == 0)
    struct TooBig: Error {}
    let refusing = SessionFootprint.Check(
      surelyPasses: { $0.loggedSets < 2 },
      check: { session in
        checked.add()
        if session.items[0].loggedSets.count >= 2 { throw TooBig() }
      })
    await #expect(throws: TooBig.self) {
      _ = try await store.logSet(sessionID: record.id, itemID: record.items[0].id, ownerID: "u1", set: set, check: refusing)
    }
    #expect(checked.value == 1)
    #expect(try await store.session(id: record.id, ownerID: "u1")?.items[0].loggedSets.count == 1)
  }
}

final class CheckCount: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  func add() { count.withLock { $0 += 1 } }
}
