import GRPCCore
import GymAPI
import GymStore
import Logging
import ServiceLifecycle

/// Follows auth's `WatchRevocations` stream into a `RevocationList`, reconnecting with
/// backoff and resuming from the last cursor after auth restarts.
public struct RevocationFollower<Transport: ClientTransport>: Service {
  private let client: Gym_Auth_V1_AuthInternal.Client<Transport>
  private let list: RevocationList
  private let logger: Logger

  /// `client` must send the service credential.
  public init(client: GRPCClient<Transport>, list: RevocationList, logger: Logger) {
    self.client = Gym_Auth_V1_AuthInternal.Client(wrapping: client)
    self.list = list
    self.logger = logger
  }

  /// One pass follows the stream until it breaks. Progress since the last attempt means
  /// auth was reachable: the next one comes quickly (100 ms); otherwise the waits double
  /// to 2 s.
  public func run() async throws {
    try await PeriodicService(
      every: .milliseconds(100), backoffLimit: .seconds(2), failure: "revocation stream interrupted", logger: logger
    ) {
      await follow()
    }.run()
  }

  private func follow() async -> PeriodicService.Outcome {
    let before = list.cursor
    do {
      try await cancelWhenGracefulShutdown { [client, list] in
        var options = CallOptions.defaults
        options.waitForReady = true
        try await client.watchRevocations(.with { $0.afterCursor = list.cursor }, options: options) { response in
          try await Self.watchingForSilence(list) {
            for try await batch in response.messages {
              if list.apply(batch.revocations, head: batch.headCursor, epoch: batch.epoch) == .resync {
                throw Resync()
              }
            }
          }
        }
      }
    } catch is Resync {
      logger.warning("auth's revocation cursor is not comparable with ours (auth restarted or was restored); reading again from the start")
      return .again
    } catch {
      if Task.isShuttingDownGracefully || Task.isCancelled { return .done }
      logger.warning("revocation stream interrupted; reconnecting", metadata: ["error": "\(error)"])
    }
    return list.cursor > before ? .done : .failed
  }

  private struct Resync: Error {}
  private struct Silent: Error {}

  /// Runs `body` (reading the stream) but gives up when auth's heartbeats stop, so a
  /// connection that died without a reset is replaced instead of waited on forever.
  /// Armed once the stream has said something: a call still waiting for auth to come up
  /// would only be replaced by another one waiting.
  private static func watchingForSilence(_ list: RevocationList, _ body: @escaping @Sendable () async throws -> Void) async throws {
    // Several of auth's 2 s heartbeats, and no more than half the lag bound when that is larger.
    let limit = max(min(list.maxLag / 2, .seconds(6)), .seconds(5))
    let start = ContinuousClock.now
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await body() }
      group.addTask {
        while true {
          try await Task.sleep(for: .milliseconds(500))
          let silence = list.silence()
          if silence > limit && silence < ContinuousClock.now - start { throw Silent() }
        }
      }
      try await group.next()
      group.cancelAll()
    }
  }
}
