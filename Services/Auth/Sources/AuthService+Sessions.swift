import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import SwiftProtobuf

extension AuthService {
  public func listSessions(
    request: Gym_Auth_V1_ListSessionsRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_ListSessionsResponse {
    let caller = try Caller.current()
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    let sessions = try await store.sessions(userID: caller.userID, now: Date(), offset: offset, limit: paging.size)
    return .with { response in
      response.sessions = sessions.map { session in
        .with {
          $0.id = session.id
          $0.createdAt = Google_Protobuf_Timestamp(date: session.createdAt)
          $0.lastUsedAt = Google_Protobuf_Timestamp(date: session.lastUsedAt)
          $0.expiresAt = Google_Protobuf_Timestamp(date: session.expiresAt)
          $0.clientDescription = session.clientDescription
          $0.current = session.id == caller.sessionID
        }
      }
      response.nextPageToken = paging.nextToken(offset: offset, returned: sessions.count)
    }
  }

  public func revokeSession(
    request: Gym_Auth_V1_RevokeSessionRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_RevokeSessionResponse {
    let caller = try Caller.current()
    guard !request.sessionID.isEmpty else { throw GymError.invalid([FieldViolation("session_id", "is required")]) }
    guard try await store.revokeSession(id: request.sessionID, userID: caller.userID, reason: "revoked by owner", now: Date())
    else {
      // Someone else's session and an unknown one look the same.
      throw GymError.notFound("you have no active session with id \(request.sessionID)")
    }
    return .init()
  }
}
