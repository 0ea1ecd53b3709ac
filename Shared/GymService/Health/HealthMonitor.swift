import GymStore
import Logging
import ServiceLifecycle
import Synchronization

/// Probes what the process depends on every few seconds and reports SERVING or
/// NOT_SERVING; on graceful shutdown reports NOT_SERVING first and keeps it so for
/// `unreadyBeforeStop` while the server still serves, so load balancers and `gymctl`
/// stop sending work before the server stops taking it and drains.
public struct HealthMonitor: Service {
  /// Throws when the process cannot serve (database unreachable). May return names
  /// that are individually down (the gateway's unreachable backends).
  public typealias Probe = @Sendable () async throws -> Set<String>

  private let status: HealthStatus
  private let probe: Probe
  private let interval: Duration
  private let unreadyBeforeStop: Duration
  private let logger: Logger

  public init(
    status: HealthStatus, interval: Duration = .seconds(1), unreadyBeforeStop: Duration = .zero, logger: Logger,
    probe: @escaping Probe
  ) {
    self.status = status
    self.probe = probe
    self.interval = interval
    self.unreadyBeforeStop = unreadyBeforeStop
    self.logger = logger
  }

  public func run() async throws {
    let lastFailure = LastFailure()
    try await PeriodicService(
      every: interval, failure: "health pass failed", logger: logger, stopped: { status.set(.notServing) }
    ) {
      var down: Set<String> = []
      var failure: String? = nil
      do {
        down = try await probe()
      } catch {
        failure = "\(error)"
      }
      for name in status.all.keys {
        let serving = failure == nil && !down.contains(name)
        status.set(serving ? .serving : .notServing, for: name)
      }
      // Logged when it changes, not every second.
      guard lastFailure.replace(with: failure) != failure else { return }
      if let failure {
        logger.error("health probe failed; NOT_SERVING", metadata: ["error": "\(failure)"])
      } else {
        logger.info("SERVING")
      }
    }.run()
    // Stopping: the group stops its services in reverse order and this one is last, so
    // the server (before it) is told only when this returns: it serves on meanwhile.
    guard unreadyBeforeStop > .zero else { return }
    logger.info("stopping: NOT_SERVING, still serving", metadata: ["for": "\(unreadyBeforeStop)"])
    try? await Task.sleep(for: unreadyBeforeStop)
  }

  /// The last probe's failure, nil while serving; "starting" before the first probe.
  private final class LastFailure: Sendable {
    private let value = Mutex<String?>("starting")

    /// Stores `failure` and returns the one before.
    func replace(with failure: String?) -> String? {
      value.withLock { value in
        defer { value = failure }
        return value
      }
    }
  }
}
