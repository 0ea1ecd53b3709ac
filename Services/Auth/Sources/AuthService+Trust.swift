import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import SwiftProtobuf

/// Email verification, trainer-role requests and the removal of inactive accounts.
extension AuthService {
  /// Wrong codes one code survives.
  static let verificationAttempts = 5
  /// Wrong codes one account may send in 24 hours, across all its codes: asking for a new
  /// code does not buy more guesses.
  static let verificationFailuresPerDay = 10

  // MARK: Email verification

  public func requestEmailVerification(
    request: Gym_Auth_V1_RequestEmailVerificationRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_RequestEmailVerificationResponse {
    let caller = try Caller.current()
    switch try await store.startEmailVerification(
      userID: caller.userID, code: Self.newVerificationCode(), lifetime: settings.verificationCodeLifetime,
      minimumGap: settings.verificationGap, mail: verificationMail, now: Date())
    {
    case .sent(let expiresAt):
      return .with { $0.codeExpiresAt = Google_Protobuf_Timestamp(date: expiresAt) }
    case .alreadyVerified:
      throw GymError.failedPrecondition("your email address is already verified")
    case .tooSoon(let retryAfter):
      throw AuthError.tooMany("a code was mailed less than a minute ago", retryAfter: .seconds(retryAfter))
    case .mailCapped(let retryAfter):
      // The caller owns the address: saying so reveals nothing.
      logger.notice("verification mail not sent: the address had its day's mail", metadata: ["user_id": "\(caller.userID)"])
      throw AuthError.tooMany("this address has been sent as much mail as it gets in a day", retryAfter: .seconds(retryAfter))
    }
  }

  public func verifyEmail(
    request: Gym_Auth_V1_VerifyEmailRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_VerifyEmailResponse {
    let caller = try Caller.current()
    let code = request.code.trimmingCharacters(in: .whitespaces)
    guard !code.isEmpty else { throw GymError.invalid([FieldViolation("code", "is required: the code from the mail")]) }
    let now = Date()
    let user: UserRecord
    switch try await store.verifyEmail(
      userID: caller.userID, code: code, maxAttempts: Self.verificationAttempts, maxFailuresPerDay: Self.verificationFailuresPerDay,
      now: now)
    {
    case .verified(let verified):
      logger.info("email verified", metadata: ["user_id": "\(verified.id)"])
      user = verified
    case .alreadyVerified(let verified):
      user = verified
    case .wrong(let remaining) where remaining > 0:
      throw GymError.failedPrecondition("the code is not right; \(remaining) tries left")
    case .wrong:
      throw GymError.failedPrecondition("the code is not right and no tries are left; ask for a new code")
    case .noCode:
      throw GymError.failedPrecondition("there is no live code for this address (expired, used up or never sent); ask for a new one")
    case .locked(let retryAfter):
      logger.notice("email verification locked: too many wrong codes", metadata: ["user_id": "\(caller.userID)"])
      throw AuthError.tooMany(
        "too many wrong codes for this account (\(Self.verificationFailuresPerDay) in 24 hours), whichever code they were for",
        retryAfter: .seconds(retryAfter))
    }
    // The caller's tokens say "unverified" until they expire: hand over one that doesn't.
    let access = try await issuer.accessToken(
      userID: user.id, sessionID: caller.sessionID, roles: [ProfileMapping.role(user.role)], emailVerified: true, now: now)
    return .with {
      $0.user = ProfileMapping.user(user, now: now)
      $0.accessToken = access.token
      $0.accessTokenExpiresAt = Google_Protobuf_Timestamp(date: access.expiresAt)
    }
  }

  /// Six random digits: short enough to type; ten tries per account a day, however many
  /// codes are asked for, keep guessing at 1 in 100 000 a day.
  static func newVerificationCode() -> String {
    var generator = SystemRandomNumberGenerator()
    return String(format: "%06d", Int.random(in: 0..<1_000_000, using: &generator))
  }

  /// The mail that carries a code, saying how long the code lives.
  var verificationMail: @Sendable (UserRecord, String) -> (subject: String, body: String) {
    let hours = max(1, Int(settings.verificationCodeLifetime / 3600))
    return { user, code in
      (
        "Your gym verification code",
        """
        Hello \(user.displayName),

        Your verification code: \(code)

        Enter it in the app to confirm this address. It expires in \(hours) hours.
        If you did not sign up, ignore this mail.
        """
      )
    }
  }

  /// Whole years from a date of birth to `now`, in UTC.
  static func age(born: LocalDate, now: Date) -> Int {
    let calendar = Calendar.utcGregorian
    return calendar.dateComponents([.year], from: born.instant(atMinute: 0, in: calendar.timeZone), to: now).year ?? 0
  }

  /// A member's or an administrator's note: trimmed, at most 2000 characters.
  static func note(_ raw: String, field: String, into violations: inout [FieldViolation]) -> String {
    let note = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    if let tooLong = tooLong(note, field: field, max: 2000) { violations.append(tooLong) }
    return note
  }

  // MARK: Trainer role

  public func requestTrainerRole(
    request: Gym_Auth_V1_RequestTrainerRoleRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_RequestTrainerRoleResponse {
    let caller = try Caller.current()
    var violations: [FieldViolation] = []
    let note = Self.note(request.note, field: "note", into: &violations)
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let row = try await store.requestTrainerRole(id: ID.make(now: Date()), userID: caller.userID, note: note, now: Date())
    logger.info("trainer role requested", metadata: ["user_id": "\(caller.userID)", "request_id": "\(row.id)"])
    return .with { $0.request = ProfileMapping.trainerRoleRequest(row) }
  }

  public func listTrainerRoleRequests(
    request: Gym_Auth_V1_ListTrainerRoleRequestsRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_ListTrainerRoleRequestsResponse {
    _ = try Caller.admin()
    let wanted = request.state == .unspecified ? .pending : request.state
    guard let state = ProfileMapping.trainerRoleStates.first(where: { $0.value == wanted })?.key else {
      throw GymError.invalid([FieldViolation("state", "must be PENDING, APPROVED or REJECTED")])
    }
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    let rows = try await store.trainerRoleRequests(state: state, offset: offset, limit: paging.size)
    let requests = Paging.fitting(rows.map(ProfileMapping.trainerRoleRequest))
    return .with {
      $0.requests = requests
      $0.nextPageToken = paging.nextToken(offset: offset, returned: requests.count, fetched: rows.count)
    }
  }

  public func decideTrainerRole(
    request: Gym_Auth_V1_DecideTrainerRoleRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_DecideTrainerRoleResponse {
    let admin = try Caller.admin()
    var violations: [FieldViolation] = []
    if request.requestID.isEmpty { violations.append(FieldViolation("request_id", "is required")) }
    let note = Self.note(request.note, field: "note", into: &violations)
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let row = try await store.decideTrainerRole(
      requestID: request.requestID, approve: request.approve, note: note, adminID: admin.userID,
      lifecycleDestinations: settings.lifecycleDestinations,
      mail: { user, approved in
        approved
          ? ("You are a trainer on gym", "Hello \(user.displayName),\n\nYour request for the trainer role was approved. Sign in again to use it.\n\(note)")
          : ("Your trainer-role request", "Hello \(user.displayName),\n\nYour request for the trainer role was not approved.\n\(note)")
      }, now: Date())
    logger.notice(
      "trainer role decided",
      metadata: ["request_id": "\(row.id)", "target_user_id": "\(row.userID)", "approved": "\(request.approve)", "admin_id": "\(admin.userID)"])
    return .with { $0.request = ProfileMapping.trainerRoleRequest(row) }
  }

  // MARK: Inactive accounts

  /// Below these a purge would remove people who are merely on holiday, or give them no
  /// time to read the notice.
  static let minimumInactiveMonths = 6
  static let minimumNoticeDays = 14

  public func purgeInactiveUsers(
    request: Gym_Auth_V1_PurgeInactiveUsersRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_PurgeInactiveUsersResponse {
    let admin = try Caller.admin()
    var violations: [FieldViolation] = []
    let months = Int(request.inactiveMonths)
    if !(Self.minimumInactiveMonths...120).contains(months) {
      violations.append(FieldViolation("inactive_months", "must be at least \(Self.minimumInactiveMonths) and at most 120"))
    }
    let noticeDays = request.noticeDays == 0 ? 30 : Int(request.noticeDays)
    if !(Self.minimumNoticeDays...365).contains(noticeDays) {
      violations.append(FieldViolation("notice_days", "must be at least \(Self.minimumNoticeDays) and at most 365 (0 = 30)"))
    }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let now = Date()
    // A real purge removes no more accounts than the dry run it quotes counted.
    let confirmed =
      request.dryRun
      ? nil
      : try settings.purgeConfirmation.check(request.dryRunToken, inactiveMonths: months, noticeDays: noticeDays, now: now)
    let inactiveSince = Self.monthsBefore(now, months)
    let result = try await store.purgeInactive(
      inactiveSince: inactiveSince, noticedBefore: now.addingTimeInterval(-Double(noticeDays) * 86_400),
      dryRun: request.dryRun, maximumPurged: confirmed?.purged, purgeDestinations: settings.lifecycleDestinations,
      notice: { user in
        (
          "Your gym account will be removed",
          """
          Hello \(user.displayName),

          You have not signed in to gym for \(months) months. Your account and its data will be
          removed in \(noticeDays) days. Sign in before then to keep it.
          """
        )
      }, now: now)
    logger.notice(
      "inactive accounts processed",
      metadata: ["notified": "\(result.notified.count)", "purged": "\(result.purged.count)", "dry_run": "\(request.dryRun)", "admin_id": "\(admin.userID)"])
    return .with {
      $0.notified = Int32(result.notified.count)
      $0.purged = Int32(result.purged.count)
      $0.purgedUserIds = result.purged
      if request.dryRun {
        $0.dryRunToken = settings.purgeConfirmation.token(
          for: .init(inactiveMonths: months, noticeDays: noticeDays, purged: result.purged.count, at: now))
        $0.dryRunTokenExpiresAt = Google_Protobuf_Timestamp(date: now.addingTimeInterval(PurgeConfirmation.lifetime))
      }
    }
  }

  static func monthsBefore(_ now: Date, _ months: Int) -> Date {
    Calendar.utcGregorian.date(byAdding: .month, value: -months, to: now) ?? now
  }
}
