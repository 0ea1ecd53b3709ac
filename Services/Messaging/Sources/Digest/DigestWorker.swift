import Foundation
import GymStore
import Logging
import ServiceLifecycle

/// Sends each user's daily email digest when it is due: once a minute it takes the due
/// ones, each in its own transaction that queues the mail for auth.
public struct DigestWorker: Service {
  let store: MessagingStore
  let every: Duration
  let logger: Logger

  public init(store: MessagingStore, every: Duration = .seconds(60), logger: Logger) {
    self.store = store
    self.every = every
    self.logger = logger
  }

  public func run() async throws {
    try await PeriodicService(every: every, failure: "sending the email digests failed", logger: logger) {
      try await deliverDue(now: Date()) == Self.batch ? .again : .done
    }.run()
  }

  static let batch = 100

  /// Takes up to a batch of the digests due at `now`; how many were due.
  @discardableResult
  public func deliverDue(now: Date) async throws -> Int {
    let users = try await store.dueDigests(now: now, limit: Self.batch)
    for userID in users {
      let id = UUID().uuidString.lowercased()
      _ = try await store.takeDigest(userID: userID, now: now) { DigestMail.compose($0, userID: userID, id: id) }
    }
    return users.count
  }
}
