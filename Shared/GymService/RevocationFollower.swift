import GRPCCore
import GymAPI
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

  public func run() async throws {
    var backoff = Duration.milliseconds(100)
    while !Task.isCancelled && !Task.isShuttingDownGracefully {
      let before = list.cursor
      do {
        try await cancelWhenGracefulShutdown { [client, list] in
          var options = CallOptions.defaults
          options.waitForReady = true
          try await client.watchRevocations(.with { $0.afterCursor = list.cursor }, options: options) { response in
            for try await batch in response.messages { list.apply(batch.revocations) }
          }
        }
      } catch {
        if Task.isShuttingDownGracefully || Task.isCancelled { break }
        logger.warning("revocation stream interrupted; reconnecting", metadata: ["error": "\(error)"])
      }
      // Progress since the last attempt means auth was reachable: retry quickly.
      backoff = list.cursor > before ? .milliseconds(100) : min(backoff * 2, .seconds(2))
      let delay = backoff
      try? await cancelWhenGracefulShutdown { try await Task.sleep(for: delay) }
    }
  }
}
