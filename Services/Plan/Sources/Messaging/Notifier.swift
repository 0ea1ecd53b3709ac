import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymService

/// Where reminders go. `MessagingNotifier` calls messaging; tests may collect them.
public protocol Notifier: Sendable {
  /// Idempotent by `key` on the receiving side: a reminder sent twice shows once.
  /// `aboutUserID` names the other user the notification is about ("" for none): it
  /// goes when that account is deleted.
  func notify(userID: String, kind: String, title: String, body: String, reference: String, key: String, aboutUserID: String) async throws
}

extension Notifier {
  /// A notification about no one else (a reminder).
  public func notify(userID: String, kind: String, title: String, body: String, reference: String, key: String) async throws {
    try await notify(userID: userID, kind: kind, title: title, body: body, reference: reference, key: key, aboutUserID: "")
  }
}

/// `MessagingInternal.Notify` with the service credential.
public struct MessagingNotifier: Notifier {
  private let client: Gym_Messaging_V1_MessagingInternal.Client<HTTP2ClientTransport.Posix>

  public init(client: GymGRPCClient) {
    self.client = Gym_Messaging_V1_MessagingInternal.Client(wrapping: client)
  }

  public func notify(
    userID: String, kind: String, title: String, body: String, reference: String, key: String, aboutUserID: String
  ) async throws {
    _ = try await client.notify(
      .with {
        $0.userID = userID
        $0.kind = kind
        $0.title = title
        $0.body = body
        $0.reference = reference
        $0.idempotencyKey = key
        $0.aboutUserID = aboutUserID
      }, options: .internalCall())
  }
}
