import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

extension AuthService {
  public func getMe(request: Gym_Auth_V1_GetMeRequest, context: ServerContext) async throws -> Gym_Auth_V1_GetMeResponse {
    let caller = try Caller.current()
    guard let (user, request) = try await store.ownAccount(userID: caller.userID) else { throw AuthError.sessionEnded }
    return .with { $0.user = Self.ownAccount(user, trainerRoleRequest: request) }
  }

  static func ownAccount(_ user: UserRecord, trainerRoleRequest: AuthStore.TrainerRoleRequestRow?) -> Gym_Auth_V1_User {
    var mapped = ProfileMapping.user(user)
    if let trainerRoleRequest { mapped.trainerRoleRequest = ProfileMapping.trainerRoleRequest(trainerRoleRequest) }
    return mapped
  }

  /// The account as its owner sees it: with their latest trainer-role request.
  func ownAccount(_ user: UserRecord) async throws -> Gym_Auth_V1_User {
    Self.ownAccount(user, trainerRoleRequest: try await store.latestTrainerRoleRequest(userID: user.id))
  }

  public func changeEmail(
    request: Gym_Auth_V1_ChangeEmailRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_ChangeEmailResponse {
    let caller = try Caller.current()
    guard let user = try await store.user(id: caller.userID) else { throw AuthError.sessionEnded }
    let email = try Identifiers.canonicalEmail(request.newEmail).mapError { GymError.invalid([FieldViolation("new_email", $0.message)]) }.get()
    try await checkPassword(request.password, of: user, field: "password")
    let now = Date()
    let (updated, noticed) = try await store.changeEmail(userID: user.id, to: email, notice: Self.emailChangedNotice(at: now), now: now)
    if updated.email != user.email && !noticed {
      logger.notice("email change notice not sent: the old address had its day's mail", metadata: ["user_id": "\(user.id)"])
    }
    return .with { $0.user = ProfileMapping.user(updated) }
  }

  /// The mail to the address an account leaves: its owner learns of a change they did not
  /// make while the mailbox is still theirs. The new address is shown masked.
  static func emailChangedNotice(at date: Date) -> @Sendable (UserRecord) -> (subject: String, body: String) {
    let when = date.formatted(Date.ISO8601FormatStyle())
    return { user in
      (
        "Your gym email address was changed",
        """
        Hello \(user.displayName),

        The email address of your gym account (\(user.username)) was changed to \(Self.maskedEmail(user.email)) at \(when).
        Mail for the account now goes there.

        If you did not make this change, someone else may have your password: contact support
        and ask for the account back.
        """
      )
    }
  }

  /// `a***@example.com`: enough to recognise an address, not to read it off.
  static func maskedEmail(_ email: String) -> String {
    guard let at = email.firstIndex(of: "@"), at != email.startIndex else { return "***" }
    return String(email[..<email.index(after: email.startIndex)]) + "***" + String(email[at...])
  }

  public func updateProfile(
    request: Gym_Auth_V1_UpdateProfileRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_UpdateProfileResponse {
    let caller = try Caller.current()
    let change = try ProfileUpdate(profile: request.profile, paths: request.updateMask.paths)
    if let kept = change.keptPicture, try await store.user(id: caller.userID)?.avatarURL != kept {
      throw GymError.invalid([
        FieldViolation("profile.avatar_url", "is a profile picture's path: set a picture with SetProfilePicture (PUT /v1/me/picture)")
      ])
    }
    let updated = try await store.updateUser(id: caller.userID, lifecycleDestinations: settings.lifecycleDestinations, now: Date()) {
      change.apply(to: &$0)
    }
    return .with { $0.user = ProfileMapping.user(updated) }
  }

  public func getProfile(
    request: Gym_Auth_V1_GetProfileRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_GetProfileResponse {
    let caller = try Caller.current()
    let (id, username): (String?, String?)
    switch request.who {
    case .userID(let value) where !value.isEmpty: (id, username) = (value, nil)
    case .username(let value) where !value.isEmpty: (id, username) = (nil, value)
    default: throw GymError.invalid([FieldViolation("user_id", "give user_id or username")])
    }
    guard let (user, viewerIsFriend) = try await store.profile(id: id, username: username, viewerID: caller.userID, now: Date()) else {
      throw GymError.notFound("no such user")
    }
    views.record(profileID: user.id, viewerID: caller.userID)
    // A PRIVATE profile is shown in full to its owner, administrators and friends (auth's
    // copy of messaging's friendships, kept by its outbox).
    let full =
      user.visibility != Gym_Auth_V1_Visibility.private.rawValue || user.id == caller.userID || caller.isAdmin || viewerIsFriend
    let trainers = full && user.showTrainers ? try await store.trainers(of: user.id, now: Date()) : []
    return .with { $0.profile = ProfileMapping.publicProfile(user, full: full, trainers: trainers) }
  }

  public func searchProfiles(
    request: Gym_Auth_V1_SearchProfilesRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_SearchProfilesResponse {
    let caller = try Caller.current()
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    if let tooLong = Self.tooLong(request.query, field: "query", max: 100) { throw GymError.invalid([tooLong]) }
    let role = try Self.roleFilter(request.role)
    // Who administers the platform is not for every member to enumerate.
    if role == Gym_Common_V1_Role.admin.claimName && !caller.isAdmin {
      throw GymError.permissionDenied("only administrators can list administrators")
    }
    let users = try await store.searchProfiles(
      query: request.query, role: role, includeAdmins: caller.isAdmin, offset: offset, limit: paging.size, now: Date())
    let profiles = Paging.fitting(
      users.map { user in
        let full = user.visibility != Gym_Auth_V1_Visibility.private.rawValue || user.id == caller.userID || caller.isAdmin
        return ProfileMapping.publicProfile(user, full: full)
      })
    return .with { response in
      response.profiles = profiles
      response.nextPageToken = paging.nextToken(offset: offset, returned: profiles.count, fetched: users.count)
    }
  }

  public func deleteAccount(
    request: Gym_Auth_V1_DeleteAccountRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_DeleteAccountResponse {
    let caller = try Caller.current()
    guard let user = try await store.user(id: caller.userID) else { throw AuthError.sessionEnded }
    try await checkPassword(request.password, of: user, field: "password")
    try await store.deleteAccount(userID: user.id, purgeDestinations: settings.lifecycleDestinations, now: Date())
    logger.notice("account deleted; purge queued", metadata: ["user_id": "\(user.id)"])
    return .init()
  }

  /// ROLE_UNSPECIFIED = any role.
  static func roleFilter(_ role: Gym_Common_V1_Role) throws(GymError) -> String? {
    switch role {
    case .unspecified: return nil
    case .member, .trainer, .admin: return role.claimName
    default: throw .invalid([FieldViolation("role", "must be MEMBER, TRAINER or ADMIN")])
    }
  }
}
