import GRPCCore
import GymAPI

/// RPCs of the settled contract that a later release implements (issue: "Auth service
/// complete"). They answer UNIMPLEMENTED with a plain message rather than pretending.
extension AuthService {
  public func listSessions(
    request: Gym_Auth_V1_ListSessionsRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_ListSessionsResponse {
    throw Self.notYetAvailable("ListSessions")
  }

  public func revokeSession(
    request: Gym_Auth_V1_RevokeSessionRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_RevokeSessionResponse {
    throw Self.notYetAvailable("RevokeSession")
  }

  public func changePassword(
    request: Gym_Auth_V1_ChangePasswordRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_ChangePasswordResponse {
    throw Self.notYetAvailable("ChangePassword")
  }

  public func requestPasswordReset(
    request: Gym_Auth_V1_RequestPasswordResetRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_RequestPasswordResetResponse {
    throw Self.notYetAvailable("RequestPasswordReset")
  }

  public func resetPassword(
    request: Gym_Auth_V1_ResetPasswordRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_ResetPasswordResponse {
    throw Self.notYetAvailable("ResetPassword")
  }

  public func changeEmail(
    request: Gym_Auth_V1_ChangeEmailRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_ChangeEmailResponse {
    throw Self.notYetAvailable("ChangeEmail")
  }

  public func updateProfile(
    request: Gym_Auth_V1_UpdateProfileRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_UpdateProfileResponse {
    throw Self.notYetAvailable("UpdateProfile")
  }

  public func getProfile(
    request: Gym_Auth_V1_GetProfileRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_GetProfileResponse {
    throw Self.notYetAvailable("GetProfile")
  }

  public func searchProfiles(
    request: Gym_Auth_V1_SearchProfilesRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_SearchProfilesResponse {
    throw Self.notYetAvailable("SearchProfiles")
  }

  public func deleteAccount(
    request: Gym_Auth_V1_DeleteAccountRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_DeleteAccountResponse {
    throw Self.notYetAvailable("DeleteAccount")
  }

  public func listUsers(
    request: Gym_Auth_V1_ListUsersRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_ListUsersResponse {
    throw Self.notYetAvailable("ListUsers")
  }

  public func banUser(
    request: Gym_Auth_V1_BanUserRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_BanUserResponse {
    throw Self.notYetAvailable("BanUser")
  }

  public func unbanUser(
    request: Gym_Auth_V1_UnbanUserRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_UnbanUserResponse {
    throw Self.notYetAvailable("UnbanUser")
  }

  public func setUserRole(
    request: Gym_Auth_V1_SetUserRoleRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_SetUserRoleResponse {
    throw Self.notYetAvailable("SetUserRole")
  }

  private static func notYetAvailable(_ method: String) -> RPCError {
    RPCError(code: .unimplemented, message: "gym.auth.v1.AuthService/\(method) is not available in this release yet")
  }
}
