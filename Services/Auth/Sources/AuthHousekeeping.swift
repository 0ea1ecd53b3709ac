import Foundation
import GymStore
import Logging
import ServiceLifecycle

/// Prunes spent sessions, tokens, codes, mail and revocations at start-up and then on a
/// schedule, so the database (and every backup of it) holds no secret longer than needed.
public struct AuthHousekeeping: Service {
  let store: AuthStore
  let interval: Duration
  let retention: AuthStore.Retention
  let logger: Logger

  public init(store: AuthStore, interval: Duration, retention: AuthStore.Retention = .init(), logger: Logger) {
    self.store = store
    self.interval = interval
    self.retention = retention
    self.logger = logger
  }

  public func run() async throws {
    try await PeriodicService(every: interval, failure: "pruning spent rows failed; will try again", logger: logger) {
      [store, retention, logger] in
      let pruned = try await store.prune(retention: retention, now: Date())
      if pruned.total > 0 {
        logger.info(
          "pruned spent rows",
          metadata: [
            "sessions": "\(pruned.sessions)", "refresh_tokens": "\(pruned.refreshTokens)", "resets": "\(pruned.resets)",
            "verifications": "\(pruned.verifications)", "verification_failures": "\(pruned.verificationFailures)",
            "mail": "\(pruned.mail)", "revocations": "\(pruned.revocations)",
            "profile_views": "\(pruned.profileViews)",
          ])
      }
    }.run()
  }
}
