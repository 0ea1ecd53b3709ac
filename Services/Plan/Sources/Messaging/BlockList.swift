import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymService
import Logging

/// Whether two users have cut each other off. Blocks live in messaging; coaching asks
/// when a relation would start, which is rare next to reads.
public protocol BlockList: Sendable {
  /// True when either has blocked the other.
  func blocked(_ userID: String, _ otherUserID: String) async throws(DependencyError) -> Bool
}

/// `MessagingInternal.AreFriends` with the service credential.
public struct MessagingBlockList: BlockList {
  private let client: Gym_Messaging_V1_MessagingInternal.Client<HTTP2ClientTransport.Posix>
  private let logger: Logger

  public init(client: GymGRPCClient, logger: Logger) {
    self.client = Gym_Messaging_V1_MessagingInternal.Client(wrapping: client)
    self.logger = logger
  }

  public func blocked(_ userID: String, _ otherUserID: String) async throws(DependencyError) -> Bool {
    do {
      return try await client.areFriends(
        .with {
          $0.userID = userID
          $0.otherUserID = otherUserID
        }, options: .internalCall()
      ).blocked
    } catch {
      throw DependencyError.from(error, dependency: "messaging", logger: logger)
    }
  }
}

/// Without messaging there are no blocks to honour.
public struct NoBlockList: BlockList {
  public init() {}
  public func blocked(_ userID: String, _ otherUserID: String) async throws(DependencyError) -> Bool { false }
}
