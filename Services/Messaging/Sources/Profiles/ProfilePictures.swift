import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymService
import Logging

/// Where a member's profile picture is named: auth's profile (`avatar_url`), which every
/// service's copy of the user follows.
public protocol ProfilePictures: Sendable {
  /// Names the upload `attachmentID` as the user's picture (empty: none) and returns the
  /// profile's avatar_url now. Throws a `DependencyError` when auth cannot answer.
  func set(userID: String, attachmentID: String) async throws(DependencyError) -> String
}

/// `gym.auth.v1.AuthInternal.SetProfilePicture` with the service credential.
public struct AuthProfilePictures: ProfilePictures {
  private let client: Gym_Auth_V1_AuthInternal.Client<HTTP2ClientTransport.Posix>
  private let logger: Logger

  /// - Parameter client: a client to gym-auth carrying the service credential.
  public init(client: GymGRPCClient, logger: Logger) {
    self.client = Gym_Auth_V1_AuthInternal.Client(wrapping: client)
    self.logger = logger
  }

  public func set(userID: String, attachmentID: String) async throws(DependencyError) -> String {
    do {
      return try await client.setProfilePicture(
        .with {
          $0.userID = userID
          $0.attachmentID = attachmentID
        }, options: .internalCall()
      ).avatarURL
    } catch {
      throw DependencyError.from(error, dependency: "auth", logger: logger)
    }
  }
}
