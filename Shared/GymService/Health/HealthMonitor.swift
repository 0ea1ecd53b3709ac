import GymStore
import Logging
import ServiceLifecycle
import Synchronization

/// Probes what the process depends on every few seconds and reports SERVING or
/// NOT_SERVING; on graceful shutdown reports NOT_SERVING first so load balancers and
/// `gymctl` stop sending work before the server drains.
public struct HealthMonitor: Service {
  /// Throws when the process cannot serve (database unreachable). May return names
  /// that are individually down (the gateway's unreachable backends).
  public typealias Probe = @Sendable () async throws -> Set<String>

  private let status: HealthStatus
  private let probe: Probe
  private let interval: Duration
  private let logger: Logger

  public init(status: HealthStatus, interval: Duration = .seconds(1), logger: Logger, probe: @escaping Probe) {
    self.status = status
    self.probe = probe
    self.interval = interval
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
