import Foundation
import GRPCCore
import GymService
import Testing

@testable import GymPlan

/// The one mapping from plan's errors (handlers' and the store's alike) to status codes
/// and the words a client reads, one row per case. `row(for:)` switches over every case,
/// so a new case does not compile until it has a row here.
@Suite struct PlanErrorStatusTests {
  static let samples: [PlanError] = [
    .invalid([FieldViolation("routine.name", "must be 1 to 100 characters")]),
    .notFound("no routine with id r1"),
    .staleEtag(what: "routine"),
    .sessionActive(id: "s1", startedAt: Date(timeIntervalSince1970: 1_790_000_000)),
    .failedPrecondition("session s1 is finished; start a new one"),
    .alreadyPublished(programID: "p1"),
    .alreadyExists(field: "email", "this user is already your client"),
    .permissionDenied("this needs the trainer role"),
    .quotaExceeded("you have 100 invitations pending; cancel some (CancelTrainerRequest) before inviting more"),
  ]

  static func row(for error: PlanError) -> (RPCError.Code, String) {
    switch error {
    case .invalid: (.invalidArgument, "invalid request: routine.name: must be 1 to 100 characters")
    case .notFound: (.notFound, "no routine with id r1")
    case .staleEtag: (.aborted, "the routine changed since you read it; read it again and reapply your change")
    case .sessionActive:
      (.failedPrecondition, "session s1 started at 2026-09-21T14:13:20Z is still active; finish or abandon it first")
    case .failedPrecondition: (.failedPrecondition, "session s1 is finished; start a new one")
    case .alreadyPublished: (.alreadyExists, "this routine is already published as program p1")
    case .alreadyExists: (.alreadyExists, "this user is already your client")
    case .permissionDenied: (.permissionDenied, "this needs the trainer role")
    case .quotaExceeded: (.resourceExhausted, "you have 100 invitations pending; cancel some (CancelTrainerRequest) before inviting more")
    }
  }

  @Test(arguments: samples)
  func mapsToItsStatusAndWords(_ error: PlanError) {
    let (code, message) = Self.row(for: error)
    #expect(RPCError(error).code == code)
    #expect(RPCError(error).message == message)
  }

  @Test func fieldErrorsNameTheirField() {
    #expect(RPCError(PlanError.alreadyPublished(programID: "p1")).fieldViolations.map(\.field) == ["routine_id"])
    #expect(RPCError(PlanError.alreadyExists(field: "email", "taken")).fieldViolations.map(\.field) == ["email"])
  }
}
