import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import Logging
import ServiceLifecycle
import SwiftProtobuf

/// `gym.auth.v1.AuthInternal`: calls from other gym processes and gymctl, with the
/// service credential (checked by `AuthInterceptor`); never routed by the gateway.
public struct AuthInternalService: Gym_Auth_V1_AuthInternal.SimpleServiceProtocol {
  let store: AuthStore
  let hasher: PasswordHasher
  let policy: PasswordPolicy
  /// Operators' exports of any account (nil in tests without the other services).
  let export: PlatformExport?
  let logger: Logger
  /// New at every start: a follower that sees another epoch cannot compare cursors (this
  /// database may be a restored backup, its cursors reused) and reads everything again.
  let epoch = UUID().uuidString
  /// How often an idle stream says "nothing new" so followers know they are current.
  let heartbeat: Duration
  /// Other services' mail goes only to verified addresses (when the platform asks for verification).
  let requireVerifiedEmail: Bool
  /// The services told of a profile change.
  let lifecycleDestinations: [Outbox.Destination]

  public init(
    store: AuthStore, hasher: PasswordHasher, policy: PasswordPolicy, export: PlatformExport? = nil, heartbeat: Duration = .seconds(2),
    requireVerifiedEmail: Bool = true, lifecycleDestinations: [Outbox.Destination] = [], logger: Logger
  ) {
    self.lifecycleDestinations = lifecycleDestinations
    self.heartbeat = heartbeat
    self.requireVerifiedEmail = requireVerifiedEmail
    self.export = export
    self.store = store
    self.hasher = hasher
    self.policy = policy
    self.logger = logger
  }

  public func lookupUsers(
    request: Gym_Auth_V1_LookupUsersRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_LookupUsersResponse {
    let total = request.ids.count + request.emails.count + request.usernames.count
    guard total <= 500 else {
      throw GymError.invalid([FieldViolation("ids", "ask for at most 500 users at once (asked for \(total))")])
    }
    let users = try await store.lookup(ids: request.ids, emails: request.emails, usernames: request.usernames)
    let now = Date()
    return .with { $0.users = users.map { ProfileMapping.user($0, now: now) } }
  }

  public func watchRevocations(
    request: Gym_Auth_V1_WatchRevocationsRequest,
    response: RPCWriter<Gym_Auth_V1_WatchRevocationsResponse>,
    context: ServerContext
  ) async throws {
    var cursor = request.afterCursor
    // Wake on every revocation commit, and at least every heartbeat.
    let wakeUps = store.revocationFeed.wakeUps(heartbeat: heartbeat)
    // Ends with the server's graceful shutdown so draining never waits on a follower.
    for await _ in wakeUps.cancelOnGracefulShutdown() {
      let head = try await store.revocationHead()
      var sent = false
      while head >= cursor {
        let rows = try await store.revocations(after: cursor, limit: 500)
        if rows.isEmpty { break }
        sent = true
        try await response.write(
          .with { batch in
            batch.headCursor = max(head, rows.last!.cursor)  // rows committed after `head` was read
            batch.epoch = epoch
            batch.revocations = rows.map { row in
              .with {
                $0.cursor = row.cursor
                if let session = row.sessionID { $0.sessionID = session }
                if let user = row.userID { $0.userID = user }
                $0.revokedAt = Google_Protobuf_Timestamp(date: row.revokedAt)
                if let notBefore = row.notBefore { $0.notBefore = Google_Protobuf_Timestamp(date: notBefore) }
              }
            }
          })
        cursor = rows.last!.cursor
      }
      // Nothing new, or the follower is ahead of a restored database: a heartbeat with
      // the head tells it which.
      if !sent {
        try await response.write(
          .with {
            $0.headCursor = head; $0.epoch = epoch
          })
      }
    }
  }

  public func listMailOutbox(
    request: Gym_Auth_V1_ListMailOutboxRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_ListMailOutboxResponse {
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    let mail = try await store.mail(to: request.to.isEmpty ? nil : request.to, offset: offset, limit: paging.size)
    return .with { response in
      response.messages = mail.map { row in
        .with {
          $0.id = row.id
          $0.to = row.recipient
          $0.subject = row.subject
          $0.body = row.body
          $0.createdAt = Google_Protobuf_Timestamp(date: row.createdAt)
        }
      }
      response.nextPageToken = paging.nextToken(offset: offset, returned: mail.count)
    }
  }

  public func createAdmin(
    request: Gym_Auth_V1_CreateAdminRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_CreateAdminResponse {
    var account = NewAccount(
      email: request.email, username: request.username, password: request.password, displayName: request.displayName)
    account.role = "admin"
    let violations = account.violations(policy: policy)
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let now = Date()
    var user = account.record(passwordHash: try await hasher.hash(request.password), termsVersion: "operator", now: now)
    user.emailVerifiedAt = now  // the operator vouches for the address
    _ = try await store.createUser(user, firstSession: nil)
    logger.notice("administrator created by an operator", metadata: ["user_id": "\(user.id)"])
    return .with { $0.user = ProfileMapping.user(user) }
  }

  /// An operator's export of one account (`gymctl users export`), for a request for
  /// access made outside the app; not rate limited.
  public func exportUser(
    request: Gym_Auth_V1_ExportUserRequest, response: RPCWriter<Gym_Auth_V1_ExportUserResponse>, context: ServerContext
  ) async throws {
    guard !request.userID.isEmpty else { throw GymError.invalid([FieldViolation("user_id", "is required")]) }
    guard try await store.user(id: request.userID) != nil else { throw GymError.notFound("no user with id \(request.userID)") }
    guard let export else { throw AuthError.unavailable("data exports are not set up on this auth") }
    try export.checkConfigured()
    try await export.export(userID: request.userID) { part in try await response.write(.with { $0.part = part }) }
    logger.notice("data exported by an operator", metadata: ["target_user_id": "\(request.userID)"])
  }

  /// Messaging's outbox keeping auth's copy of friendships (GetProfile's PRIVATE rule).
  public func sendUserMail(
    request: Gym_Auth_V1_SendUserMailRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_SendUserMailResponse {
    var violations: [FieldViolation] = []
    if request.userID.isEmpty { violations.append(FieldViolation("user_id", "is required")) }
    if request.id.isEmpty || request.id.count > 100 { violations.append(FieldViolation("id", "is required, at most 100 characters")) }
    let subject = request.subject
    if subject.isEmpty || subject.count > 200 || subject.contains(where: \.isNewline) {
      violations.append(FieldViolation("subject", "is one line of 1 to 200 characters"))
    }
    if request.body.utf8.count > 20_000 { violations.append(FieldViolation("body", "is at most 20000 bytes (UTF-8)")) }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let queued = try await store.queueUserMail(
      userID: request.userID, id: request.id, subject: subject, body: request.body, requireVerified: requireVerifiedEmail, now: Date())
    return .with { $0.queued = queued }
  }

  public func setFriendship(
    request: Gym_Auth_V1_SetFriendshipRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_SetFriendshipResponse {
    var violations: [FieldViolation] = []
    if request.userID.isEmpty { violations.append(FieldViolation("user_id", "is required")) }
    if request.otherUserID.isEmpty || request.otherUserID == request.userID {
      violations.append(FieldViolation("other_user_id", "is required and must differ from user_id"))
    }
    if request.version < 1 { violations.append(FieldViolation("version", "must be 1 or more")) }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let applied = try await store.setFriendship(request.userID, request.otherUserID, friends: request.friends, version: request.version)
    return .with { $0.applied = applied }
  }

  /// Plan's outbox keeping auth's copy of who coaches whom (a public profile's trainers).
  public func setCoaching(
    request: Gym_Auth_V1_SetCoachingRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_SetCoachingResponse {
    let violations = CoachingChangeCheck.violations(trainerID: request.trainerID, clientID: request.clientID, version: request.version)
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let applied = try await store.setCoaching(
      trainerID: request.trainerID, clientID: request.clientID, active: request.active, version: request.version)
    return .with { $0.applied = applied }
  }

  /// Messaging setting a member's profile picture, which it checked is theirs and a
  /// picture: the profile's avatar_url becomes its path, and every service hears of it.
  public func setProfilePicture(
    request: Gym_Auth_V1_SetProfilePictureRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_SetProfilePictureResponse {
    var violations: [FieldViolation] = []
    if request.userID.isEmpty { violations.append(FieldViolation("user_id", "is required")) }
    if !request.attachmentID.isEmpty && !ID.isValid(request.attachmentID) {
      violations.append(FieldViolation("attachment_id", "is not an attachment id"))
    }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let avatarURL = request.attachmentID.isEmpty ? "" : ProfilePicture.path(attachmentID: request.attachmentID)
    do {
      _ = try await store.updateUser(id: request.userID, lifecycleDestinations: lifecycleDestinations, now: Date()) {
        $0.avatarURL = avatarURL
      }
    } catch AuthError.sessionEnded {
      throw GymError.notFound("no such user")
    }
    return .with { $0.avatarURL = avatarURL }
  }
}
