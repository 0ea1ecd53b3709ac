import Logging
import ServiceLifecycle

/// A worker that runs a pass every `every` until graceful shutdown: the one loop behind
/// every housekeeping job, outbox, health probe and reconnecting follower. A pass that
/// throws is logged and counts as `failed`; the worker never ends because of it. Lives
/// here, below `GymService`, because the outbox worker uses it too.
public struct PeriodicService: Service {
  /// What a pass reports about itself, which sets the wait before the next one.
  public enum Outcome: Sendable {
    /// Wait `every`.
    case done
    /// Something it depends on is down: wait twice as long as last time, up to
    /// `backoffLimit` (no longer than `every` without one), until a pass is `done`.
    case failed
    /// Run the next pass at once.
    case again
  }

  /// Whether the first pass runs as the worker starts or after the first wait.
  public enum Start: Sendable {
    case now
    case afterInterval
  }

  public typealias Pass = @Sendable () async throws -> Outcome

  private let every: Duration
  private let start: Start
  private let backoffLimit: Duration?
  private let failure: Logger.Message
  private let logger: Logger
  private let pass: Pass
  private let stopped: @Sendable () async -> Void

  /// - Parameters:
  ///   - failure: what is logged (at error, with the error) when a pass throws.
  ///   - stopped: runs once the loop has ended (a last flush, a last status).
  public init(
    every: Duration, start: Start = .now, backoffLimit: Duration? = nil, failure: Logger.Message, logger: Logger,
    stopped: @escaping @Sendable () async -> Void = {}, pass: @escaping Pass
  ) {
    self.every = every
    self.start = start
    self.backoffLimit = backoffLimit
    self.failure = failure
    self.logger = logger
    self.stopped = stopped
    self.pass = pass
  }

  /// A worker whose passes always wait `every` before the next.
  public init(
    every: Duration, start: Start = .now, failure: Logger.Message, logger: Logger,
    stopped: @escaping @Sendable () async -> Void = {}, pass: @escaping @Sendable () async throws -> Void
  ) {
    self.init(every: every, start: start, backoffLimit: nil, failure: failure, logger: logger, stopped: stopped) {
      try await pass()
      return .done
    }
  }

  public func run() async throws {
    var delay = every
    var first = true
    while !Task.isShuttingDownGracefully && !Task.isCancelled {
      if first && start == .afterInterval {
        first = false
        await wait(delay)
        continue
      }
      first = false
      let outcome: Outcome
      do {
        outcome = try await pass()
      } catch {
        logger.error(failure, metadata: ["error": "\(error)"])
        outcome = .failed
      }
      switch outcome {
      case .again:
        continue
      case .done:
        delay = every
      case .failed:
        delay = min(delay * 2, backoffLimit ?? every)
      }
      await wait(delay)
    }
    // Its own task, which the group's cancellation (a shutdown past its bound) does not
    // reach: a last flush from a cancelled task would be refused by the database.
    await Task { await stopped() }.value
  }

  /// Sleeps `delay`, or less when graceful shutdown begins.
  private func wait(_ delay: Duration) async {
    _ = try? await cancelWhenGracefulShutdown { try await Task.sleep(for: delay) }
  }
}
