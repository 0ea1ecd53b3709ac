import Foundation
import GRPCCore
import GymService
import GymStore
import Testing

@testable import GymPlan

/// The one mapping from plan's errors (handlers' and the store's alike) to status codes
/// and the words a client reads, one row per case. `row(for:)` switches over every case,
/// so a new case does not compile until it has a row here.
@Suite struct PlanErrorStatusTests {
  static let samples: [PlanError] = [
    .sessionActive(id: "s1", startedAt: Date(timeIntervalSince1970: 1_790_000_000)),
    .alreadyPublished(programID: "p1"),
    .alreadyClient,
    .trainerRequestPending,
    .invitationPending(email: "omar@example.com"),
    .routineChangesRefused("the routine no longer has day 3"),
    .noSuchRoutineDay(days: 2),
    .quotaExceeded("you have 100 invitations pending; cancel some (CancelTrainerRequest) before inviting more"),
  ]

  static func row(for error: PlanError) -> (RPCError.Code, String) {
    switch error {
    case .sessionActive:
      (.failedPrecondition, "session s1 started at 2026-09-21T14:13:20Z is still active; finish or abandon it first")
    case .alreadyPublished: (.alreadyExists, "this routine is already published as program p1")
    case .alreadyClient: (.alreadyExists, "you are already this trainer's client")
    case .trainerRequestPending: (.alreadyExists, "a request to this trainer is already pending")
    case .invitationPending: (.alreadyExists, "an invitation to omar@example.com is already pending")
    case .routineChangesRefused: (.invalidArgument, "invalid request: routine_changes: the routine no longer has day 3")
    case .noSuchRoutineDay: (.invalidArgument, "invalid request: entry.day_index: the routine has 2 day(s): use 0 to 1")
    case .quotaExceeded: (.resourceExhausted, "you have 100 invitations pending; cancel some (CancelTrainerRequest) before inviting more")
    }
  }

  @Test(arguments: samples)
  func mapsToItsStatusAndWords(_ error: PlanError) {
    let (code, message) = Self.row(for: error)
    #expect(RPCError(error).code == code)
    #expect(RPCError(error).message == message)
  }

  /// The refusals every service shares (`GymError`), as plan words them: the same
  /// status codes and words as when plan's own enum carried them.
  static let sharedRows: [(GymError, RPCError.Code, String)] = [
    (
      .invalid([FieldViolation("routine.name", "must be 1 to 100 characters")]), .invalidArgument,
      "invalid request: routine.name: must be 1 to 100 characters"
    ),
    (.notFound("no routine with id r1"), .notFound, "no routine with id r1"),
    (.staleEtag("routine"), .aborted, "the routine changed since you read it; read it again and reapply your change"),
    (
      .failedPrecondition("session s1 is finished; start a new one"), .failedPrecondition,
      "session s1 is finished; start a new one"
    ),
    (.alreadyExists(field: "email", "this user is already your client"), .alreadyExists, "this user is already your client"),
    (.permissionDenied("this needs the trainer role"), .permissionDenied, "this needs the trainer role"),
  ]

  @Test(arguments: sharedRows)
  func sharedRefusalsMapToTheirStatusAndWords(_ error: GymError, _ code: RPCError.Code, _ message: String) {
    #expect(RPCError(error).code == code)
    #expect(RPCError(error).message == message)
  }

  @Test func fieldErrorsNameTheirField() {
    #expect(RPCError(PlanError.alreadyPublished(programID: "p1")).fieldViolations.map(\.field) == ["routine_id"])
    #expect(RPCError(PlanError.alreadyClient).fieldViolations.map(\.field) == ["trainer_id"])
    #expect(RPCError(PlanError.trainerRequestPending).fieldViolations.map(\.field) == ["trainer_id"])
    #expect(RPCError(PlanError.invitationPending(email: "a@b.c")).fieldViolations.map(\.field) == ["email"])
    #expect(RPCError(PlanError.routineChangesRefused("no")).fieldViolations.map(\.field) == ["routine_changes"])
    #expect(RPCError(PlanError.noSuchRoutineDay(days: 1)).fieldViolations.map(\.field) == ["entry.day_index"])
    #expect(RPCError(GymError.alreadyExists(field: "email", "taken")).fieldViolations.map(\.field) == ["email"])
  }
}
