import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

extension CatalogService {
  public func createProgram(
    request: Gym_Catalog_V1_CreateProgramRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_CreateProgramResponse {
    let (caller, viewer) = try Self.viewer()
    try Self.requireUserAccount()
    _ = try Caller.verified(to: "publish programs")
    let key = try request.idempotency(ownerID: caller.userID, method: "CreateProgram")
    let view = try await publish(request.program, authorID: caller.userID, key: key)
    return .with { $0.program = CatalogMapping.program(view, viewer: viewer) }
  }

  /// Validates and stores a new program by `authorID`: a user's CreateProgram, or a plan
  /// routine published through `CatalogInternal.PublishProgram`.
  func publish(_ program: Gym_Catalog_V1_Program, authorID: String, key: IdempotencyKeys.Key? = nil) async throws -> ProgramView {
    try await validate(program)
    try await requireAuthor(authorID)
    let now = Date()
    let record = ProgramInput.record(program, id: ID.make(now: now), authorID: authorID, now: now)
    let view = try await store.insertProgram(record, key: key)
    logger.info("program published", metadata: ["program_id": "\(record.id)"])
    return view
  }

  public func getProgram(
    request: Gym_Catalog_V1_GetProgramRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_GetProgramResponse {
    let (_, viewer) = try Self.viewer()
    try Self.requireID(request.id, field: "id")
    guard let view = try await store.program(id: request.id, viewer: viewer, now: Date()) else {
      throw GymError.notFound("no program with this id")
    }
    return .with { $0.program = CatalogMapping.program(view, viewer: viewer) }
  }

  public func listPrograms(
    request: Gym_Catalog_V1_ListProgramsRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_ListProgramsResponse {
    let (_, viewer) = try Self.viewer()
    var violations: [FieldViolation] = []
    if let violation = Self.queryBound.violation(request.query, field: "query") { violations.append(violation) }
    if request.goal != .unspecified, !ProtoEnumWords.isNamed(request.goal) { violations.append(FieldViolation("goal", "is not a Goal")) }
    if request.difficulty != .unspecified, !ProtoEnumWords.isNamed(request.difficulty) {
      violations.append(FieldViolation("difficulty", "is not a Difficulty"))
    }
    if request.muscle != .unspecified, !ProtoEnumWords.isNamed(request.muscle) { violations.append(FieldViolation("muscle", "is not a Muscle")) }
    if request.orderBy != .unspecified, !ProtoEnumWords.isNamed(request.orderBy) {
      violations.append(FieldViolation("order_by", "is not a ProgramOrder"))
    }
    if let violation = TextBound(characters: 30).violation(request.tag, field: "tag") { violations.append(violation) }
    if let violation = Self.idBound.violation(request.authorID, field: "author_id") { violations.append(violation) }
    if request.view != .unspecified, !ProtoEnumWords.isNamed(request.view) { violations.append(FieldViolation("view", "is not a ProgramView")) }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    var query = CatalogStore.ProgramQuery()
    query.match = TextSearch.matchQuery(request.query)
    query.goal = request.goal == .unspecified ? nil : request.goal.rawValue
    query.difficulty = request.difficulty == .unspecified ? nil : request.difficulty.rawValue
    query.muscle = request.muscle == .unspecified ? nil : request.muscle.rawValue
    query.authorID = request.authorID.isEmpty ? nil : request.authorID
    let tag = request.tag.trimmingCharacters(in: .whitespaces)
    query.tag = tag.isEmpty ? nil : tag
    query.order =
      switch request.orderBy {
      case .newest: .newest
      case .mostSaved: .mostSaved
      case .name: .name
      default: .topRated
      }
    query.limit = paging.size
    query.offset = offset
    // Assembled from each program's stored bytes (`CatalogStore+Messages`), not built.
    let stored = try await store.listProgramMessages(query, withDays: request.view != .summary, viewer: viewer, now: Date())
    var page = EncodedPage()
    for program in stored {
      guard page.append(field: 1, element: try CatalogMapping.programElement(program, viewer: viewer)) else { break }
    }
    page.append(field: 2, string: paging.nextToken(offset: offset, returned: page.count, fetched: stored.count))
    return try page.message()
  }

  public func updateProgram(
    request: Gym_Catalog_V1_UpdateProgramRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_UpdateProgramResponse {
    let (caller, viewer) = try Self.viewer()
    try Self.requireID(request.program.id, field: "program.id")
    if request.etag.isEmpty { throw GymError.invalid([FieldViolation("etag", "is required: pass the etag you last read")]) }
    // Existence and ownership first: someone else's program is not theirs to probe.
    guard let existing = try await store.program(id: request.program.id, viewer: viewer, now: Date()) else {
      throw GymError.notFound("no program with this id")
    }
    guard existing.program.authorID == caller.userID else { throw GymError.permissionDenied("only the author can change this program") }
    try await validate(request.program)
    try await requireAuthor(caller.userID)
    let now = Date()
    let record = ProgramInput.record(request.program, id: request.program.id, authorID: caller.userID, now: now)
    let view = try await store.replaceProgram(record, etag: request.etag, by: viewer, now: now)
    return .with { $0.program = CatalogMapping.program(view, viewer: viewer) }
  }

  public func deleteProgram(
    request: Gym_Catalog_V1_DeleteProgramRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_DeleteProgramResponse {
    let (_, viewer) = try Self.viewer()
    try Self.requireID(request.id, field: "id")
    try await store.deleteProgram(id: request.id, by: viewer, now: Date())
    logger.info("program deleted", metadata: ["program_id": "\(request.id)"])
    return .init()
  }

  public func rateProgram(
    request: Gym_Catalog_V1_RateProgramRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_RateProgramResponse {
    let (caller, _) = try Self.viewer()
    try Self.requireID(request.programID, field: "program_id")
    let vote: Int
    switch request.vote {
    case .up: vote = 1
    case .down: vote = -1
    case .none: vote = 0
    default: throw GymError.invalid([FieldViolation("vote", "must be UP, DOWN or NONE (to clear your vote)")])
    }
    let outcome = try await store.rate(programID: request.programID, userID: caller.userID, vote: vote, now: Date())
    if outcome.state == .hidden {
      logger.notice("program hidden by votes", metadata: ["program_id": "\(request.programID)", "score": "\(outcome.score)"])
    }
    return .with {
      $0.score = (outcome.score * 10_000).rounded() / 10_000
      $0.upVotes = Int32(outcome.upVotes)
      $0.downVotes = Int32(outcome.downVotes)
      $0.myVote = CatalogMapping.vote(outcome.myVote)
      $0.state = CatalogMapping.state(outcome.state)
    }
  }

  public func reportProgram(
    request: Gym_Catalog_V1_ReportProgramRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_ReportProgramResponse {
    let (caller, _) = try Self.viewer()
    try Self.requireID(request.programID, field: "program_id")
    let reason = request.reason.trimmingCharacters(in: .whitespacesAndNewlines)
    guard Self.reasonBound.allows(reason) else {
      throw GymError.invalid([FieldViolation("reason", "\(Self.reasonBound.rule): say what is wrong with the program")])
    }
    try await store.report(programID: request.programID, userID: caller.userID, reason: reason, now: Date())
    return .init()
  }

  public func recommendPrograms(
    request: Gym_Catalog_V1_RecommendProgramsRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_RecommendProgramsResponse {
    let (caller, viewer) = try Self.viewer()
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    let (matched, fromProfile) = await recommendationLevel(for: caller.userID)
    let views = try await store.recommend(level: matched, viewer: viewer, limit: paging.size, offset: offset, now: Date())
    let programs = Paging.fitting(views.map { CatalogMapping.program($0, viewer: viewer) })
    return .with {
      $0.programs = programs
      $0.nextPageToken = paging.nextToken(offset: offset, returned: programs.count, fetched: views.count)
      $0.matchedLevel = .init(rawValue: matched) ?? .beginner
      $0.levelFromProfile = fromProfile
    }
  }

  /// The caller's experience level from their profile, or beginner (the safe start) when
  /// the profile has none or auth cannot be reached: recommendations are a convenience.
  func recommendationLevel(for userID: String) async -> (level: Int, fromProfile: Bool) {
    var level = 0
    do {
      level = try await users.user(id: userID)?.profile.experienceLevel.rawValue ?? 0
    } catch {
      logger.notice("profile unavailable for recommendations; using the beginner ordering")
    }
    let fromProfile = (1...3).contains(level)
    return (fromProfile ? level : Gym_Catalog_V1_Difficulty.beginner.rawValue, fromProfile)
  }

  /// Programs are published by user accounts; an operator tool holding the service
  /// credential has none.
  static func requireUserAccount() throws {
    if RequestContext.current?.isServiceCall == true {
      throw GymError.permissionDenied("programs are published by users: call with a user's access token, not the service credential")
    }
  }

  /// Every field problem of a program at once, including exercises that do not exist.
  private func validate(_ program: Gym_Catalog_V1_Program) async throws {
    let ids = ProgramInput.exerciseIDs(program)
    let known = ids.isEmpty ? [] : try await store.existingExerciseIDs(ids)
    let violations = ProgramInput.validate(program, known: known)
    guard violations.isEmpty else { throw GymError.invalid(violations) }
  }

  /// The author must be an account auth knows: read from catalog's projection of users,
  /// which asks auth only for an author it does not hold yet (and keeps the answer), so
  /// auth down is only fatal for a first program.
  private func requireAuthor(_ userID: String) async throws {
    guard try await projection.user(id: userID) != nil else { throw GymError.notFound("your account no longer exists") }
  }
}
