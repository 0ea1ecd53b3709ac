import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

extension PlanService {
  /// Trainer RPCs need the trainer role (from the verified token).
  static func requireTrainer() throws -> Caller {
    let caller = try Caller.current()
    guard caller.roles.contains(.trainer) else { throw GymError.permissionDenied("this needs the trainer role") }
    return caller
  }

  /// The client when `clientID` is the trainer's client; NOT_FOUND otherwise, without
  /// saying whether the user exists.
  /// The trainer's client, as their list shows them; NOT_FOUND for anyone else.
  @discardableResult
  func requireClient(_ clientID: String, of trainerID: String) async throws -> PlanStore.ClientRow {
    guard !clientID.isEmpty, let client = try await store.client(clientID, of: trainerID) else { throw GymError.notFound("no such client") }
    return client
  }

  /// An invitation, never a relation: nothing is shared until the member accepts. Every
  /// email gets the same answer, and the invitation reaches its owner only when the
  /// account may receive it (exists, is not banned, no block either way).
  public func inviteClient(request: Gym_Plan_V1_InviteClientRequest, context: ServerContext) async throws -> Gym_Plan_V1_InviteClientResponse {
    let caller = try Self.requireTrainer()
    let email = request.email.trimmingCharacters(in: .whitespaces).lowercased()
    var violations: [FieldViolation] = []
    if !email.contains("@") || email.utf8.count > 254 { violations.append(.init("email", "must be an email address")) }
    if let problem = Self.messageProblem(request.message) { violations.append(.init("message", problem)) }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let invitee = try await users.users(emails: [email]).values.first
    guard invitee?.id != caller.userID else { throw GymError.invalid([.init("email", "you cannot be your own client")]) }
    var addressee: Gym_Auth_V1_User?
    if let invitee, !invitee.hasBan, !(try await blocks.blocked(caller.userID, invitee.id)) { addressee = invitee }
    let now = Date()
    let me = try await users.user(id: caller.userID).map(Self.person)
    try await store.rememberPeople([addressee.map(Self.person), me].compactMap(\.self), now: now)
    let trainerName = me?.displayName ?? "A trainer"
    let invitation = try await store.inviteClient(
      id: ID.make(now: now), trainerID: caller.userID, email: email, clientID: addressee?.id, message: request.message, now: now
    ) { invitation in
      NotificationJob(
        userID: invitation.clientID ?? "", kind: "trainer_invitation", title: "\(trainerName) invites you to train with them",
        body: invitation.message, reference: invitation.id, key: "trainer-invitation/\(invitation.id)", aboutUserID: invitation.trainerID)
    }
    let response = try await trainerRequest(invitation, viewerID: caller.userID)
    return .with { $0.invitation = response }
  }

  public func removeClient(request: Gym_Plan_V1_RemoveClientRequest, context: ServerContext) async throws -> Gym_Plan_V1_RemoveClientResponse {
    let caller = try Self.requireTrainer()
    try await store.removeClient(trainerID: caller.userID, clientID: request.clientID, now: Date())
    return .init()
  }

  public func listClients(request: Gym_Plan_V1_ListClientsRequest, context: ServerContext) async throws -> Gym_Plan_V1_ListClientsResponse {
    let caller = try Self.requireTrainer()
    if let violation = TextBound(characters: 100).violation(request.query, field: "query") { throw GymError.invalid([violation]) }
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    let rows = try await store.clients(
      trainerID: caller.userID, words: request.query.split(whereSeparator: \.isWhitespace).map(String.init), limit: paging.size, offset: offset)
    let page = Paging.fitting(rows.map(Self.client))
    return .with {
      $0.clients = page
      $0.nextPageToken = paging.nextToken(offset: offset, returned: page.count, fetched: rows.count)
    }
  }

  public func setClientAlerts(
    request: Gym_Plan_V1_SetClientAlertsRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_SetClientAlertsResponse {
    let caller = try Self.requireTrainer()
    try PlanInput.id(request.clientID, field: "client_id")
    guard
      let client = try await store.setClientAlerts(
        trainerID: caller.userID, clientID: request.clientID, finishedSessions: request.finishedSessionAlerts)
    else { throw GymError.notFound("no such client") }
    return .with { $0.client = Self.client(client) }
  }

  public func getClientOverview(
    request: Gym_Plan_V1_GetClientOverviewRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_GetClientOverviewResponse {
    let caller = try Self.requireTrainer()
    let clientID = request.clientID
    let client = try await requireClient(clientID, of: caller.userID)
    let zone = try await timeZone(of: clientID)
    let today = LocalDate(Date(), in: zone)
    // With every set: the trainer sees what was lifted, not only the totals.
    let recent = try await store.sessions(ownerID: clientID, from: nil, to: nil, limit: 5, offset: 0, withSets: true, endedOnly: true)
    let totals = try await store.lifetimeTotals(ownerID: clientID)
    let weights = try await store.bodyWeights(ownerID: clientID, from: nil, to: nil, limit: 10, offset: 0)
    let measurements = try await store.bodyMeasurements(ownerID: clientID, from: nil, to: nil, sharedOnly: true, limit: 10, offset: 0)
    let monday = today.adding(days: 1 - today.isoWeekday)
    let thisWeek = try await store.sessionCount(ownerID: clientID, from: monday, to: today)
    let week = try await store.dailyCalories(ownerID: clientID, from: today.adding(days: -6), to: today)
    // Each day against the plan in effect that day.
    let plans = try await store.nutritionPlans(ownerID: clientID, from: today.adding(days: -6), through: today)
    let names = try await exerciseNames(recent.flatMap { $0.items.map(\.exerciseID) })
    return .with {
      $0.client = Self.client(client)
      $0.recentSessions = recent.map { PlanMapping.session($0, names: names) }
      $0.stats = Self.lifetimeStats(totals, today: today)
      $0.bodyWeight = weights.map(Self.bodyWeight)
      $0.bodyMeasurements = measurements.map(Self.bodyMeasurements)
      $0.sessionsThisWeek = Int32(thisWeek)
      $0.foodDaysLogged = Int32(week.count)
      $0.kcalDaysMet = Int32(week.filter { NutritionInput.status($0.1, target: plans[$0.0]?.targets.kcal ?? 0) == .met }.count)
    }
  }

  public func assignRoutine(request: Gym_Plan_V1_AssignRoutineRequest, context: ServerContext) async throws -> Gym_Plan_V1_AssignRoutineResponse {
    let caller = try Self.requireTrainer()
    let key = try request.idempotency(ownerID: caller.userID, method: "AssignRoutine")
    try await requireClient(request.clientID, of: caller.userID)
    guard let source = try await store.routine(id: request.routineID, ownerID: caller.userID) else {
      throw GymError.notFound("no routine with id \(request.routineID)")
    }
    var violations: [FieldViolation] = []
    if request.schedule.count > 7 { violations.append(.init("schedule", "give at most 7 entries")) }
    let rules = request.schedule.prefix(7).enumerated().map { Self.scheduleRule($1, field: "schedule[\($0)]", &violations) }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let now = Date()
    // The client must be able to use every exercise: a trainer's private one is theirs
    // alone until the library accepts it.
    try await checkExercises(
      source.exerciseIDs, for: request.clientID, fields: Dictionary(uniqueKeysWithValues: source.exerciseIDs.map { ($0, "routine_id") }),
      now: now)
    let copy = RoutineRecord(
      id: ID.make(now: now), ownerID: request.clientID, name: source.name, description: source.description, days: source.days,
      sourceProgramID: source.sourceProgramID, sourceProgramVersion: source.sourceProgramVersion, now: now)
    let entries = zip(request.schedule, rules).compactMap { entry, rule in
      rule.map {
        ScheduleEntryRecord(
          id: ID.make(now: now), ownerID: request.clientID, routineID: copy.id, dayIndex: Int(entry.dayIndex), rule: $0, createdAt: now)
      }
    }
    let assigned = try await store.assignRoutine(copy, trainerID: caller.userID, schedule: entries, key: key)
    let names = try await exerciseNames(assigned.routine.exerciseIDs)
    return .with {
      $0.routine = PlanMapping.routine(assigned.routine, names: names)
      $0.schedule = assigned.schedule.map(Self.entry)
    }
  }

  public func assignNutritionPlan(
    request: Gym_Plan_V1_AssignNutritionPlanRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_AssignNutritionPlanResponse {
    let caller = try Self.requireTrainer()
    let key = try request.idempotency(ownerID: caller.userID, method: "AssignNutritionPlan")
    try await requireClient(request.clientID, of: caller.userID)
    guard let source = try await store.nutritionPlan(id: request.planID, accessibleBy: caller.userID), source.ownerID == caller.userID else {
      throw GymError.notFound("no nutrition plan with id \(request.planID)")
    }
    let now = Date()
    let clientToday = LocalDate(now, in: try await timeZone(of: request.clientID))
    let copy = try await store.assignNutritionPlan(
      NutritionPlanRecord(
        id: ID.make(), ownerID: request.clientID, name: source.name, targets: source.targets, days: source.days, active: true, now: now),
      trainerID: caller.userID, today: clientToday, key: key)
    return .with { $0.plan = Self.nutritionPlan(copy) }
  }

  public func requestTrainer(request: Gym_Plan_V1_RequestTrainerRequest, context: ServerContext) async throws -> Gym_Plan_V1_RequestTrainerResponse {
    let caller = try Caller.current()
    if let problem = Self.messageProblem(request.message) { throw GymError.invalid([.init("message", problem)]) }
    // Anyone who is not an active trainer is "no trainer", whether or not the account exists.
    guard !request.trainerID.isEmpty, request.trainerID != caller.userID,
      let trainer = try await users.user(id: request.trainerID), !trainer.hasBan, trainer.roles.contains(.trainer)
    else { throw GymError.notFound("no trainer with id \(request.trainerID)") }
    try await requireNotBlocked(caller.userID, trainer.id)
    let me = try await users.user(id: caller.userID).map(Self.person)
    let now = Date()
    try await store.rememberPeople([Self.person(trainer), me].compactMap(\.self), now: now)
    let memberName = me?.displayName ?? "A member"
    let record = try await store.requestTrainer(
      id: ID.make(now: now), clientID: caller.userID, trainerID: trainer.id, message: request.message, now: now
    ) { record in
      record.state == .accepted
        ? Self.acceptedNotification(record, by: memberName)
        : NotificationJob(
          userID: record.trainerID, kind: "trainer_request", title: "\(memberName) asks you to be their trainer", body: record.message,
          reference: record.id, key: "trainer-request/\(record.id)", aboutUserID: record.clientID)
    }
    let response = try await trainerRequest(record, viewerID: caller.userID)
    return .with { $0.request = response }
  }

  public func listTrainerRequests(
    request: Gym_Plan_V1_ListTrainerRequestsRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_ListTrainerRequestsResponse {
    let caller = try Caller.current()
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    let incoming =
      switch request.direction {
      case .incoming: true
      case .outgoing: false
      default: caller.roles.contains(.trainer)
      }
    let state: PlanStore.TrainerRequestRecord.State =
      switch request.state {
      case .requestAccepted: .accepted
      case .requestDeclined: .declined
      case .requestCancelled: .cancelled
      default: .pending
      }
    let records = try await store.trainerRequests(userID: caller.userID, incoming: incoming, state: state, limit: paging.size, offset: offset)
    let mapped = Paging.fitting(try await trainerRequests(records, viewerID: caller.userID))
    return .with {
      $0.requests = mapped
      $0.nextPageToken = paging.nextToken(offset: offset, returned: mapped.count, fetched: records.count)
    }
  }

  /// The addressee answers. A trainer answering a member needs the role still; either
  /// side's block refuses an acceptance, however old the request.
  public func respondTrainerRequest(
    request: Gym_Plan_V1_RespondTrainerRequestRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_RespondTrainerRequestResponse {
    let caller = try Caller.current()
    guard let pending = try await store.trainerRequest(id: request.requestID, addressedTo: caller.userID) else {
      throw GymError.notFound("no request with id \(request.requestID) addressed to you")
    }
    if !pending.fromTrainer, !caller.roles.contains(.trainer) { throw GymError.permissionDenied("this needs the trainer role") }
    if request.accept, let clientID = pending.clientID { try await requireNotBlocked(clientID, pending.trainerID) }
    let name = try await store.people([caller.userID])[caller.userID]?.displayName ?? "Someone"
    let record = try await store.respondTrainerRequest(
      id: request.requestID, addresseeID: caller.userID, accept: request.accept, now: Date()
    ) { record in record.state == .accepted ? Self.acceptedNotification(record, by: name) : nil }
    let response = try await trainerRequest(record, viewerID: caller.userID)
    return .with { $0.request = response }
  }

  public func cancelTrainerRequest(
    request: Gym_Plan_V1_CancelTrainerRequestRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_CancelTrainerRequestResponse {
    let caller = try Caller.current()
    let record = try await store.cancelTrainerRequest(id: request.requestID, senderID: caller.userID, now: Date())
    let response = try await trainerRequest(record, viewerID: caller.userID)
    return .with { $0.request = response }
  }

  public func listMyTrainers(request: Gym_Plan_V1_ListMyTrainersRequest, context: ServerContext) async throws -> Gym_Plan_V1_ListMyTrainersResponse {
    let caller = try Caller.current()
    let ids = try await store.trainers(of: caller.userID)
    let names = try await store.people(ids)
    let ratings = try await store.ratings(by: caller.userID, of: ids)
    return .with {
      $0.trainers = ids.map { id in names[id].map(Self.person) ?? .with { $0.userID = id } }
      $0.myRatings = ratings.mapValues { Int32($0) }
    }
  }

  public func leaveTrainer(request: Gym_Plan_V1_LeaveTrainerRequest, context: ServerContext) async throws -> Gym_Plan_V1_LeaveTrainerResponse {
    let caller = try Caller.current()
    try await store.removeClient(trainerID: request.trainerID, clientID: caller.userID, now: Date())
    return .init()
  }

  public func rateTrainer(request: Gym_Plan_V1_RateTrainerRequest, context: ServerContext) async throws -> Gym_Plan_V1_RateTrainerResponse {
    let caller = try Caller.current()
    var violations: [FieldViolation] = []
    if request.trainerID.isEmpty { violations.append(FieldViolation("trainer_id", "is required")) }
    if !(0...5).contains(request.stars) { violations.append(FieldViolation("stars", "must be 1 to 5, or 0 to take your rating back")) }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let stars = try await store.rateTrainer(clientID: caller.userID, trainerID: request.trainerID, stars: Int(request.stars), now: Date())
    return .with { $0.stars = Int32(stars) }
  }

  func requireNotBlocked(_ userID: String, _ otherUserID: String) async throws {
    if try await blocks.blocked(userID, otherUserID) {
      throw GymError.permissionDenied("you cannot coach or be coached by this user: one of you has blocked the other")
    }
  }

  /// The words of a request or invitation.
  static let messageBound = TextBound(characters: 1000)

  static func messageProblem(_ message: String) -> String? {
    messageBound.allows(message) ? nil : messageBound.rule
  }

  /// Tells the sender that `record` was accepted by `name`.
  static func acceptedNotification(_ record: PlanStore.TrainerRequestRecord, by name: String) -> NotificationJob {
    NotificationJob(
      userID: record.senderID ?? "", kind: record.fromTrainer ? "trainer_invitation_accepted" : "trainer_request_accepted",
      title: record.fromTrainer ? "\(name) accepted your invitation" : "\(name) accepted you as a client", body: "",
      reference: record.id, key: "trainer-accepted/\(record.id)", aboutUserID: record.addresseeID)
  }

  func trainerRequest(_ record: PlanStore.TrainerRequestRecord, viewerID: String) async throws -> Gym_Plan_V1_TrainerRequest {
    try await trainerRequests([record], viewerID: viewerID)[0]
  }

  /// As `viewerID` may see them: a trainer sees an invitation's email and not the
  /// account behind it until the member accepts; the member never sees the email.
  func trainerRequests(_ records: [PlanStore.TrainerRequestRecord], viewerID: String) async throws -> [Gym_Plan_V1_TrainerRequest] {
    let names = try await store.people(records.flatMap { [$0.clientID, $0.trainerID].compactMap(\.self) })
    return records.map { record in
      .with {
        $0.id = record.id
        let showsClient = !record.fromTrainer || record.clientID == viewerID || record.state == .accepted
        if showsClient, let clientID = record.clientID {
          $0.client = names[clientID].map(Self.person) ?? .with { $0.userID = clientID }
        }
        $0.trainer = names[record.trainerID].map(Self.person) ?? .with { $0.userID = record.trainerID }
        $0.message = record.message
        $0.state =
          switch record.state {
          case .pending: .requestPending
          case .accepted: .requestAccepted
          case .declined: .requestDeclined
          case .cancelled: .requestCancelled
          }
        $0.kind = record.fromTrainer ? .trainerInvitation : .clientRequest
        if record.fromTrainer, record.trainerID == viewerID { $0.inviteeEmail = record.inviteeEmail ?? "" }
        $0.createdAt = .init(date: record.createdAt)
        if let responded = record.respondedAt { $0.respondedAt = .init(date: responded) }
      }
    }
  }

  static func person(_ user: Gym_Auth_V1_User) -> PlanStore.PersonName {
    .init(
      userID: user.id, username: user.username, displayName: user.profile.displayName, givenName: user.profile.givenName,
      familyName: user.profile.familyName)
  }

  static func person(_ name: PlanStore.PersonName) -> Gym_Plan_V1_Person {
    .with {
      $0.userID = name.userID
      $0.username = name.username
      $0.displayName = name.displayName
    }
  }

  static func client(_ row: PlanStore.ClientRow) -> Gym_Plan_V1_Client {
    .with {
      $0.person = person(row.person)
      // A client's first and last name is for their trainers alone.
      $0.person.givenName = row.person.givenName
      $0.person.familyName = row.person.familyName
      $0.since = .init(date: row.since)
      if let last = row.lastSessionAt { $0.lastSessionAt = .init(date: last) }
      $0.finishedSessionAlerts = row.finishedSessionAlerts
    }
  }
}
