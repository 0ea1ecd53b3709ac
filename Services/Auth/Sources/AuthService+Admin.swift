import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

extension AuthService {
  public func listUsers(
    request: Gym_Auth_V1_ListUsersRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_ListUsersResponse {
    _ = try Caller.admin()
    let paging = try Paging(size: request.pageSize, token: request.pageToken)
    if let tooLong = Self.tooLong(request.query, field: "query", max: 100) { throw GymError.invalid([tooLong]) }
    let now = Date()
    let users = try await store.listUsers(
      query: request.query, role: try Self.roleFilter(request.role), bannedOnly: request.bannedOnly,
      afterID: paging.position, limit: paging.size, now: now)
    let page = Paging.fitting(users.map { ProfileMapping.user($0, now: now) })
    return .with { response in
      response.users = page
      if users.count == paging.size || page.count < users.count, let last = page.last { response.nextPageToken = Paging.token(for: last.id) }
    }
  }

  static let banReasonBound = TextBound(characters: 500, minimum: 1)

  public func banUser(
    request: Gym_Auth_V1_BanUserRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_BanUserResponse {
    let admin = try Caller.admin()
    let now = Date()
    var violations: [FieldViolation] = []
    if request.userID.isEmpty { violations.append(FieldViolation("user_id", "is required")) }
    let reason = request.reason.trimmingCharacters(in: .whitespacesAndNewlines)
    if !Self.banReasonBound.allows(reason) { violations.append(FieldViolation("reason", "\(Self.banReasonBound.rule): the user is told why")) }
    let until = request.hasUntil ? request.until.date : nil
    if let until, until <= now { violations.append(FieldViolation("until", "must be in the future (leave unset for no end)")) }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    guard request.userID != admin.userID else { throw GymError.failedPrecondition("administrators cannot ban themselves") }
    let user = try await store.ban(
      userID: request.userID, reason: reason, until: until, standingDestinations: settings.lifecycleDestinations, now: now)
    logger.notice("user banned", metadata: ["target_user_id": "\(user.id)", "admin_id": "\(admin.userID)"])
    return .with { $0.user = ProfileMapping.user(user, now: now) }
  }

  public func unbanUser(
    request: Gym_Auth_V1_UnbanUserRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_UnbanUserResponse {
    let admin = try Caller.admin()
    guard !request.userID.isEmpty else { throw GymError.invalid([FieldViolation("user_id", "is required")]) }
    let user = try await store.unban(userID: request.userID, standingDestinations: settings.lifecycleDestinations, now: Date())
    logger.notice("user unbanned", metadata: ["target_user_id": "\(user.id)", "admin_id": "\(admin.userID)"])
    return .with { $0.user = ProfileMapping.user(user) }
  }

  public func setUserRole(
    request: Gym_Auth_V1_SetUserRoleRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_SetUserRoleResponse {
    let admin = try Caller.admin()
    var violations: [FieldViolation] = []
    if request.userID.isEmpty { violations.append(FieldViolation("user_id", "is required")) }
    let name: String? = [.member, .trainer, .admin].contains(request.role) ? request.role.claimName : nil
    if name == nil { violations.append(FieldViolation("role", "must be MEMBER, TRAINER or ADMIN")) }
    guard violations.isEmpty, let name else { throw GymError.invalid(violations) }
    if request.userID == admin.userID && name != "admin" {
      throw GymError.failedPrecondition("administrators cannot remove their own admin role; ask another administrator")
    }
    let user = try await store.setRole(
      userID: request.userID, role: name, lifecycleDestinations: settings.lifecycleDestinations, now: Date())
    logger.notice("role changed", metadata: ["target_user_id": "\(user.id)", "role": "\(name)", "admin_id": "\(admin.userID)"])
    return .with { $0.user = ProfileMapping.user(user) }
  }
}
