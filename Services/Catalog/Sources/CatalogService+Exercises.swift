import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

extension CatalogService {
  /// More than there are muscles or kinds of equipment, repeats included.
  static let maximumFilterValues = 64

  public func listExercises(
    request: Gym_Catalog_V1_ListExercisesRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_ListExercisesResponse {
    let caller = try Caller.current()
    var violations: [FieldViolation] = []
    if let violation = Self.queryBound.violation(request.query, field: "query") { violations.append(violation) }
    // Checked before any query: a list of thousands would otherwise become thousands of
    // SQL parameters (past SQLite's limit: INTERNAL instead of an answer).
    for (field, count) in [("muscles", request.muscles.count), ("equipment", request.equipment.count)] where count > Self.maximumFilterValues {
      violations.append(FieldViolation(field, "must list at most \(Self.maximumFilterValues) values"))
    }
    if !request.muscles.allSatisfy(ProtoEnumWords.isNamed) { violations.append(FieldViolation("muscles", "holds a value that is not a Muscle")) }
    if !request.equipment.allSatisfy(ProtoEnumWords.isNamed) {
      violations.append(FieldViolation("equipment", "holds a value that is not an Equipment"))
    }
    if request.category != .unspecified, !ProtoEnumWords.isNamed(request.category) {
      violations.append(FieldViolation("category", "is not a Category"))
    }
    if request.difficulty != .unspecified, !ProtoEnumWords.isNamed(request.difficulty) {
      violations.append(FieldViolation("difficulty", "is not a Difficulty"))
    }
    let match = TextSearch.matchQuery(request.query)
    if request.orderBy == .relevance, match == nil {
      violations.append(FieldViolation("order_by", "RELEVANCE needs a query"))
    } else if request.orderBy != .unspecified, !ProtoEnumWords.isNamed(request.orderBy) {
      violations.append(FieldViolation("order_by", "is not an ExerciseOrder"))
    }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    var query = CatalogStore.ExerciseQuery()
    query.match = match
    query.words = TextSearch.words(request.query)
    query.muscles = Set(request.muscles.map(\.rawValue)).sorted()
    query.equipment = Set(request.equipment.map(\.rawValue)).sorted()
    query.category = request.category == .unspecified ? nil : request.category.rawValue
    query.difficulty = request.difficulty == .unspecified ? nil : request.difficulty.rawValue
    query.order =
      switch request.orderBy {
      case .alphabetical: .name
      case .recentlyAdded: .newest
      case .easiestFirst: .easiest
      default: match == nil ? .name : .relevance
      }
    query.limit = paging.size
    query.offset = offset
    query.viewerID = caller.userID
    query.mineOnly = request.mine
    // Assembled from each exercise's stored message (`CatalogStore+Messages`), not built.
    let (messages, total) = try await store.listExerciseMessages(query)
    var page = EncodedPage()
    for message in messages {
      guard page.append(field: 1, element: message) else { break }
    }
    page.append(field: 2, string: offset + page.count < total ? Paging.token(for: String(offset + page.count)) : "")
    page.append(field: 3, int32: Int32(total))
    return try page.message()
  }

  public func recommendExercises(
    request: Gym_Catalog_V1_RecommendExercisesRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_RecommendExercisesResponse {
    let caller = try Caller.current()
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    let (level, fromProfile) = await recommendationLevel(for: caller.userID)
    let page = try await store.recommendExercises(level: level, limit: paging.size, offset: offset)
    let exercises = Paging.fitting(page.map(CatalogMapping.exercise))
    return .with {
      $0.exercises = exercises
      $0.nextPageToken = paging.nextToken(offset: offset, returned: exercises.count, fetched: page.count)
      $0.matchedLevel = .init(rawValue: level) ?? .beginner
      $0.levelFromProfile = fromProfile
    }
  }

  public func getExercise(
    request: Gym_Catalog_V1_GetExerciseRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_GetExerciseResponse {
    let caller = try Caller.current()
    try Self.requireID(request.id, field: "id")
    let record = try await visibleExercise(request.id, to: caller)
    return .with { $0.exercise = CatalogMapping.exercise(record) }
  }

  /// An exercise the caller may see: public, their own, or (for administrators) one
  /// waiting for their review. Others' private exercises are as absent as unknown ones.
  func visibleExercise(_ key: String, to caller: Caller) async throws -> ExerciseRecord {
    guard let record = try await store.exercise(key),
      record.visible(to: caller.userID) || (caller.isAdmin && record.proposal == .pending)
    else { throw GymError.notFound("no exercise with this id or slug") }
    return record
  }

  public func createExercise(
    request: Gym_Catalog_V1_CreateExerciseRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_CreateExerciseResponse {
    let caller = try Caller.current()
    let libraryAuthor = caller.isAdmin || caller.roles.contains(.trainer)
    let key = try request.idempotency(ownerID: caller.userID, method: "CreateExercise")
    let visibility = request.exercise.visibility == .unspecified ? (libraryAuthor ? .public : .private) : request.exercise.visibility
    let now = Date()
    let input: ExerciseInput
    switch visibility {
    case .public:
      guard libraryAuthor else {
        throw GymError.permissionDenied(
          "only trainers and administrators add to the public library: create it PRIVATE, then propose it with ProposeExercise")
      }
      // A trainer's exercise is theirs to edit; an administrator's joins the library.
      let author = caller.roles.contains(.trainer) ? caller.userID : ""
      input = try ExerciseInput.validate(request.exercise, id: ID.make(now: now), authorID: author, now: now).get()
    case .private:
      input = try ExerciseInput.validate(
        request.exercise, id: ID.make(now: now), authorID: caller.userID, ownerID: caller.userID, now: now
      ).get()
    default:
      throw GymError.invalid([FieldViolation("exercise.visibility", "must be PUBLIC or PRIVATE (or unspecified)")])
    }
    let record = try await store.insertExercise(input.record, searchFacets: input.searchFacets, key: key)
    logger.info("exercise created", metadata: ["exercise_id": "\(record.id)", "private": "\(record.isPrivate)"])
    return .with { $0.exercise = CatalogMapping.exercise(record) }
  }

  public func updateExercise(
    request: Gym_Catalog_V1_UpdateExerciseRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_UpdateExerciseResponse {
    let caller = try Caller.current()
    try Self.requireID(request.exercise.id, field: "exercise.id")
    if request.etag.isEmpty { throw GymError.invalid([FieldViolation("etag", "is required: pass the etag you last read")]) }
    guard let existing = try await store.exercise(request.exercise.id), existing.id == request.exercise.id,
      existing.visible(to: caller.userID)
    else {
      throw GymError.notFound("no exercise with this id")
    }
    if request.exercise.visibility != .unspecified, request.exercise.visibility != (existing.isPrivate ? .private : .public) {
      throw GymError.invalid([
        FieldViolation("exercise.visibility", "does not change here: ProposeExercise asks for a private exercise to join the library")
      ])
    }
    // Trainers edit what they wrote; the shipped library and others' work need an admin.
    // A private exercise is its owner's alone.
    if !existing.isPrivate {
      _ = try Self.requireAuthorOfExercises()
      guard caller.isAdmin || existing.authorID == caller.userID else {
        throw GymError.permissionDenied("only the exercise's author or an administrator can change it")
      }
    }
    let now = Date()
    let input = try ExerciseInput.validate(
      request.exercise, id: existing.id, authorID: existing.authorID, ownerID: existing.ownerID, now: now
    ).get()
    let record = try await store.replaceExercise(input.record, etag: request.etag, searchFacets: input.searchFacets)
    return .with { $0.exercise = CatalogMapping.exercise(record) }
  }

  public func deleteExercise(
    request: Gym_Catalog_V1_DeleteExerciseRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_DeleteExerciseResponse {
    let caller = try Caller.current()
    try Self.requireID(request.id, field: "id")
    if let own = try await store.exercise(request.id), own.id == request.id, own.isPrivate, own.ownerID == caller.userID {
      try await store.deleteExercise(id: request.id, ownerID: caller.userID)
      return .init()
    }
    let viewer = try Self.viewer(of: Caller.admin(for: "deleting exercises"))
    try await store.deleteExercise(id: request.id, ownerID: "")
    logger.notice("exercise deleted", metadata: ["exercise_id": "\(request.id)", "admin_id": "\(viewer.userID)"])
    return .init()
  }

  public func importExercises(
    request: RPCAsyncSequence<Gym_Catalog_V1_ImportExercisesRequest, any Error>, context: ServerContext
  ) async throws -> Gym_Catalog_V1_ImportExercisesResponse {
    _ = try Caller.admin(for: "importing exercises")
    typealias Import = BatchImport<(ExerciseRecord, searchFacets: String)>
    var batches = Import(logger: logger) { [store] batch in
      try await store.importExercises(batch).map { outcome -> Import.Outcome in
        switch outcome {
        case .created: .created
        case .updated: .updated
        case .unchanged: .unchanged
        }
      }
    }
    var index = 0
    var slugs = Set<String>()
    for try await message in request {
      defer { index += 1 }
      let now = Date()
      switch ExerciseInput.validate(message.exercise, id: ID.make(now: now), authorID: "", now: now) {
      case .success(let input):
        guard slugs.insert(input.record.slug).inserted else {
          batches.reject(index: index, key: input.record.slug, reason: "the same slug appears earlier in this import")
          continue
        }
        try await batches.accept((input.record, input.searchFacets), index: index, key: input.record.slug)
      case .failure(let error):
        batches.reject(index: index, key: message.exercise.slug, error: error)
      }
    }
    try await batches.finish()
    return .with { response in
      response.created = Int32(batches.created)
      response.updated = Int32(batches.updated)
      response.unchanged = Int32(batches.unchanged)
      response.rejected = batches.rejected.map { rejection in
        .with {
          $0.index = Int32(rejection.index); $0.slug = rejection.key; $0.reason = rejection.reason
        }
      }
    }
  }

  /// Trainers and admins write exercises.
  static func requireAuthorOfExercises() throws -> Caller {
    let caller = try Caller.current()
    guard caller.isAdmin || caller.roles.contains(.trainer) else {
      throw GymError.permissionDenied("adding or changing exercises needs the trainer or admin role")
    }
    return caller
  }
}
