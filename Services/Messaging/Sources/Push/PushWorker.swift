import Foundation
import GymPush
import GymService
import Logging
import ServiceLifecycle

/// Sends one provider's push jobs, which the store writes with their events (one worker
/// per provider, so a provider that hangs delays only its own devices): claims what is
/// due (leased, so jobs of a worker that died are sent again), sends up to `concurrency`
/// at once over the provider's shared connection, and records the answers in one
/// transaction: sent jobs go, a device whose token the provider refused goes with its
/// jobs, and a busy or failing provider is tried again after its Retry-After or a
/// growing backoff (1 s doubling to 10 minutes). A job not sent within `maxAge` is
/// dropped: a day-old notification is noise. Woken by every commit that wrote jobs;
/// polls as well.
struct PushWorker: Service {
  let store: MessagingStore
  let platform: PushPlatform
  let sender: any PushSender
  let wake: PushWake
  let metrics: PushMetrics
  var pollInterval: Duration = .seconds(1)
  var concurrency = 200
  var maxAge: TimeInterval = 86_400
  /// How long a claimed job is left alone before another pass may send it again.
  var lease: TimeInterval = 120
  let logger: Logger

  func run() async throws {
    try await cancelWhenGracefulShutdown {
      while !Task.isCancelled {
        do {
          let sent = try await pass()
          if sent == 0 { await wake.wait(upTo: pollInterval) }
        } catch is CancellationError {
          return
        } catch {
          logger.error("push delivery pass failed; will retry", metadata: ["error": "\(error)"])
          try? await Task.sleep(for: pollInterval)
        }
      }
    }
  }

  /// One claim and send; the number of jobs it handled.
  func pass(now: Date = Date()) async throws -> Int {
    let jobs = try await store.claimPushJobs(platform: platform, now: now, lease: lease, limit: concurrency)
    guard !jobs.isEmpty else { return 0 }
    let outcomes = await withTaskGroup(of: (PushJob, PushJob.Outcome).self) { group in
      for job in jobs {
        group.addTask { (job, await outcome(of: job)) }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    // Recorded even when shutdown cancels the worker mid-pass: what the provider took is
    // not sent again after a restart.
    let store = self.store
    try await Task { try await store.finishPushJobs(outcomes.map { (job: $0.0, outcome: $0.1) }, now: Date()) }.value
    return jobs.count
  }

  private func outcome(of job: PushJob) async -> PushJob.Outcome {
    let provider = job.platform.provider
    let started = Date()
    guard started.timeIntervalSince(job.createdAt) < maxAge else {
      metrics.failed(provider, reason: "expired")
      logger.notice("push dropped: not sent within its time", metadata: ["provider": "\(provider)", "kind": "\(job.content.kind)"])
      return .dropped(error: "not sent within \(Int(maxAge)) s")
    }
    let disposition = await sender.send(job)
    switch disposition {
    case .delivered:
      metrics.sent(provider, latency: Date().timeIntervalSince(job.createdAt))
      return .delivered
    case .invalidToken(let reason, let since):
      metrics.invalidToken(provider)
      logger.info("push device removed: its token is no longer valid", metadata: ["provider": "\(provider)", "reason": "\(reason)"])
      return .deviceGone(since: since)
    case .refreshCredentials(let reason):
      metrics.failed(provider, reason: "credentials")
      logger.warning("push provider refused our credentials; new ones are made", metadata: ["provider": "\(provider)", "reason": "\(reason)"])
      return .retry(at: Date().addingTimeInterval(backoff(job.attempts)), error: reason)
    case .retry(let after, let reason):
      metrics.failed(provider, reason: "retry")
      let delay = max(after.map(\.inSeconds) ?? 0, backoff(job.attempts))
      return .retry(at: Date().addingTimeInterval(delay), error: reason)
    case .dropped(let reason):
      metrics.failed(provider, reason: "refused")
      logger.error("push refused by the provider; dropped", metadata: ["provider": "\(provider)", "reason": "\(reason)"])
      return .dropped(error: reason)
    }
  }

  /// 1 s doubling per attempt, at most 10 minutes.
  func backoff(_ attempts: Int) -> TimeInterval {
    min(600, pow(2, Double(min(attempts, 10))))
  }
}

/// The push workers of every configured provider, side by side; first drops the jobs no
/// configured provider would ever send.
struct PushWorkers: Service {
  let store: MessagingStore
  let workers: [PushWorker]
  let logger: Logger

  func run() async throws {
    let dropped = try await store.dropPushJobs(outside: Set(workers.map(\.platform)))
    if dropped > 0 { logger.notice("push jobs dropped: their provider is no longer configured", metadata: ["jobs": "\(dropped)"]) }
    try await withThrowingDiscardingTaskGroup { group in
      for worker in workers { group.addTask { try await worker.run() } }
    }
  }
}
