import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

/// A member's own exercise proposed to the public library, and the administrators'
/// answer.
extension CatalogService {
  static let proposalNoteBound = TextBound(characters: 500)

  public func proposeExercise(
    request: Gym_Catalog_V1_ProposeExerciseRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_ProposeExerciseResponse {
    let caller = try Caller.current()
    try Self.requireID(request.id, field: "id")
    if let violation = Self.proposalNoteBound.violation(request.note, field: "note") { throw GymError.invalid([violation]) }
    guard let record = try await store.exercise(request.id), record.id == request.id, record.isPrivate, record.ownerID == caller.userID
    else { throw GymError.notFound("you have no private exercise with this id") }
    // The library's rules, checked on what is stored: the fields to complete are named
    // as UpdateExercise takes them.
    if case .failure(let error) = ExerciseInput.validate(
      CatalogMapping.exercise(record), id: record.id, authorID: record.authorID, now: Date())
    {
      throw error
    }
    let proposed = try await store.propose(exerciseID: record.id, ownerID: caller.userID, note: request.note, now: Date())
    logger.info("exercise proposed", metadata: ["exercise_id": "\(record.id)"])
    return .with { $0.exercise = CatalogMapping.exercise(proposed) }
  }

  public func listExerciseProposals(
    request: Gym_Catalog_V1_ListExerciseProposalsRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_ListExerciseProposalsResponse {
    _ = try Caller.admin(for: "exercise proposals")
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    let records = try await store.proposals(limit: paging.size, offset: offset)
    let exercises = Paging.fitting(records.map(CatalogMapping.exercise))
    return .with {
      $0.exercises = exercises
      $0.nextPageToken = paging.nextToken(offset: offset, returned: exercises.count, fetched: records.count)
    }
  }

  public func reviewExerciseProposal(
    request: Gym_Catalog_V1_ReviewExerciseProposalRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_ReviewExerciseProposalResponse {
    let admin = try Caller.admin(for: "reviewing exercise proposals")
    try Self.requireID(request.id, field: "id")
    if request.etag.isEmpty { throw GymError.invalid([FieldViolation("etag", "is required: pass the etag of the proposal you read")]) }
    let reason = request.reason.trimmingCharacters(in: .whitespacesAndNewlines)
    var slug = request.slug
    if request.accept {
      if let violation = Self.proposalNoteBound.violation(reason, field: "reason") { throw GymError.invalid([violation]) }
      if slug.isEmpty {
        guard let record = try await store.exercise(request.id), record.id == request.id else {
          throw GymError.notFound("no pending proposal for this exercise")
        }
        slug = ExerciseInput.slug(from: record.name)
      }
      guard ExerciseInput.isSlug(slug) else {
        throw GymError.invalid([FieldViolation("slug", "must be 2-80 of a-z, 0-9 and '-' (leave empty to derive it from the name)")])
      }
    } else {
      guard !reason.isEmpty, Self.proposalNoteBound.allows(reason) else {
        throw GymError.invalid([FieldViolation("reason", "\(Self.proposalNoteBound.rule), and is required to decline: the owner is told why")])
      }
    }
    let record = try await store.review(
      exerciseID: request.id, etag: request.etag, accept: request.accept, reason: reason, slug: slug, now: Date())
    logger.notice(
      "exercise proposal reviewed", metadata: ["exercise_id": "\(record.id)", "accepted": "\(request.accept)", "admin_id": "\(admin.userID)"])
    return .with { $0.exercise = CatalogMapping.exercise(record) }
  }
}
