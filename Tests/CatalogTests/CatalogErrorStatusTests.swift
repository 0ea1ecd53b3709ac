import GRPCCore
import GymService
import GymStore
import Testing

@testable import GymCatalog

/// The one mapping from the catalog's errors (handlers' and the store's alike) to status
/// codes and the words a client reads, one row per case. `row(for:)` switches over every
/// case, so a new case does not compile until it has a row here.
@Suite struct CatalogErrorStatusTests {
  static let samples: [CatalogError] = [
    .slugTaken("back-squat"),
    .notAuthor("exercise"),
    .ownProgram,
    .programRemoved,
    .exerciseInUse(programs: 2),
    .unknownExercises(["ex-1", "ex-2"]),
    .alreadyReported,
    .tooManyReports(limit: 20, retryAfter: 3600.2),
    .privateNameTaken("Hack Squat (Gym 7)"),
    .tooManyPrivateExercises(limit: 500),
    .tooManyProposals(limit: 10),
  ]

  static func row(for error: CatalogError) -> (RPCError.Code, String) {
    switch error {
    case .slugTaken: (.alreadyExists, "an exercise with slug 'back-squat' already exists")
    case .notAuthor: (.permissionDenied, "only the author can change this exercise")
    case .ownProgram: (.permissionDenied, "you cannot vote on or report your own program")
    case .programRemoved: (.failedPrecondition, "this program was removed by an administrator and cannot be edited")
    case .exerciseInUse: (.failedPrecondition, "2 programs use this exercise; it can be deleted once none does")
    case .unknownExercises: (.invalidArgument, "invalid request: program.days: no exercise has id ex-1, ex-2")
    case .alreadyReported: (.alreadyExists, "you have already reported this program")
    case .privateNameTaken:
      (.alreadyExists, "you already have an exercise named 'Hack Squat (Gym 7)': change that one or choose another name")
    case .tooManyPrivateExercises: (.resourceExhausted, "you have 500 exercises of your own, the most allowed: delete one you no longer use")
    case .tooManyProposals: (.resourceExhausted, "10 of your exercises are waiting for review, the most allowed: wait for an answer")
    case .tooManyReports:
      (.resourceExhausted, "you have filed 20 reports in the last 24 hours, the most allowed; moderators will review them, try again later")
    }
  }

  @Test(arguments: samples)
  func mapsToItsStatusAndWords(_ error: CatalogError) {
    let (code, message) = Self.row(for: error)
    #expect(RPCError(error).code == code)
    #expect(RPCError(error).message == message)
  }

  /// The refusals every service shares (`GymError`), as the catalog words them: the same
  /// status codes and words as when the catalog's own enum carried them.
  static let sharedRows: [(GymError, RPCError.Code, String)] = [
    (.invalid([FieldViolation("program.name", "is required")]), .invalidArgument, "invalid request: program.name: is required"),
    (.notFound("no program with this id"), .notFound, "no program with this id"),
    (.staleEtag("program"), .aborted, "the program changed since you read it; read it again and reapply your change"),
    (.permissionDenied("deleting exercises needs the admin role"), .permissionDenied, "deleting exercises needs the admin role"),
    (.failedPrecondition("nothing to restore"), .failedPrecondition, "nothing to restore"),
  ]

  @Test(arguments: sharedRows)
  func sharedRefusalsMapToTheirStatusAndWords(_ error: GymError, _ code: RPCError.Code, _ message: String) {
    #expect(RPCError(error).code == code)
    #expect(RPCError(error).message == message)
  }

  @Test func fieldErrorsNameTheField() {
    #expect(RPCError(CatalogError.slugTaken("x")).fieldViolations.map(\.field) == ["exercise.slug"])
    #expect(RPCError(CatalogError.unknownExercises(["x"])).fieldViolations.map(\.field) == ["program.days"])
    #expect(RPCError(CatalogError.alreadyReported).fieldViolations.map(\.field) == ["program_id"])
  }

  @Test func aReporterPastTheDailyAllowanceIsToldWhenToComeBack() {
    let error = RPCError(CatalogError.tooManyReports(limit: 20, retryAfter: 3600.2))
    #expect(error.retryDelay == .seconds(3601))
  }
}
