import Foundation
import GymStore
import Logging
import ServiceLifecycle
import UnixSignals

/// Reads a process's certificate files again on SIGHUP and every `interval`, so a renewed
/// certificate is served without a restart. A pair that fails its checks is logged and
/// the current one kept: a half-written renewal never takes the listener down.
public struct CertificateWatcher: Service {
  let files: [CertificateFiles]
  let interval: Duration
  let logger: Logger

  public init(files: [CertificateFiles], interval: Duration, logger: Logger) {
    self.files = files
    self.interval = interval
    self.logger = logger
  }

  public func run() async throws {
    let hangups = await UnixSignalsSequence(trapping: .sighup)
    for pair in files { warnIfExpiringSoon(pair, now: Date()) }
    try await cancelWhenGracefulShutdown {
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          for await _ in hangups { reloadAll(reason: "SIGHUP") }
        }
        group.addTask {
          try? await PeriodicService(
            every: interval, start: .afterInterval, failure: "certificate reload failed", logger: logger
          ) { reloadAll(reason: "timer") }.run()
        }
        await group.next()
        group.cancelAll()
      }
    }
  }

  private func reloadAll(reason: String) {
    let now = Date()
    for pair in files {
      do {
        if try pair.reload(now: now) {
          logger.notice(
            "certificate reloaded",
            metadata: ["file": "\(pair.certificateFile)", "not_valid_after": "\(pair.notValidAfter)", "reason": "\(reason)"])
          warnIfExpiringSoon(pair, now: now)
        }
      } catch {
        logger.error(
          "certificate not reloaded; still serving the previous one",
          metadata: ["error": "\(error)", "reason": "\(reason)"])
      }
    }
  }

  private func warnIfExpiringSoon(_ pair: CertificateFiles, now: Date) {
    let left = pair.notValidAfter.timeIntervalSince(now)
    guard left < 14 * 86_400 else { return }
    logger.warning(
      "certificate expires soon; renew it and send SIGHUP",
      metadata: ["file": "\(pair.certificateFile)", "days_left": "\(Int(left / 86_400))"])
  }
}
