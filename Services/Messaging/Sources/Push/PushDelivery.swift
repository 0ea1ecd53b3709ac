import Foundation
import GymAPI
import GymService
import Logging
import ServiceLifecycle

/// Push delivery as the process runs it, from its settings: a sender per configured
/// provider, the routing the store writes jobs with, the worker that sends them, and
/// their metrics. Nothing at all when no provider is configured.
public struct PushDelivery: Sendable {
  let senders: [PushPlatform: any PushSender]
  /// One per provider's worker; every commit that wrote jobs wakes them all.
  let wakes: [PushPlatform: PushWake]
  let metrics = PushMetrics()
  let settings: PushSettings

  /// Reads the providers' key files: a start-up error names the file and what is wrong.
  public init(settings: PushSettings) throws {
    self.settings = settings
    senders = try settings.senders()
    wakes = senders.mapValues { _ in PushWake() }
  }

  public var configured: Bool { !senders.isEmpty }
  /// The configured providers, in a fixed order.
  var providers: [PushPlatform] { PushPlatform.allCases.filter { senders[$0] != nil } }

  /// How the store writes jobs; nil when no provider is configured.
  /// - Parameter isOnline: whether the user has a stream open (then no push).
  public func routing(isOnline: @escaping @Sendable (String) -> Bool) -> PushRouting? {
    guard configured else { return nil }
    let wakes = Array(self.wakes.values)
    return PushRouting(isOnline: isOnline, content: PushContent.of, platforms: Set(senders.keys)) {
      for wake in wakes { wake.signal() }
    }
  }

  /// The workers sending `store`'s jobs, one per provider; nil when no provider is configured.
  public func worker(store: MessagingStore, logger: Logger) -> (any Service)? {
    guard configured else { return nil }
    let workers = senders.sorted { $0.key.rawValue < $1.key.rawValue }.map { platform, sender in
      PushWorker(
        store: store, platform: platform, sender: sender, wake: wakes[platform]!, metrics: metrics, pollInterval: settings.pollInterval,
        concurrency: settings.concurrency, maxAge: settings.maxAge, logger: logger)
    }
    return PushWorkers(store: store, workers: workers, logger: logger)
  }

  /// `gym_push_*`: the counts, and the backlog read from `store` at each scrape.
  public func addMetrics(to registry: RPCMetrics, store: MessagingStore) {
    guard configured else { return }
    let (metrics, providers) = (self.metrics, self.providers)
    registry.addGauges {
      let backlog = (try? await store.pushBacklog(now: Date())) ?? [:]
      return metrics.samples(backlog: backlog, providers: providers)
    }
  }

  /// What `Ops.GetInfo` says of push (`gymctl push`): per provider, the counts since the
  /// process started and what waits now; nil when no provider is configured.
  public func opsDetails(store: MessagingStore) -> OpsService.Details? {
    guard configured else { return nil }
    let (metrics, providers) = (self.metrics, self.providers)
    return { response in
      let now = Date()
      let backlog = try await store.pushBacklog(now: now)
      let counts = metrics.snapshot
      response.push = providers.map { platform in
        let count = counts[platform.provider] ?? .init()
        let waiting = backlog[platform]
        return .with {
          $0.provider = platform.provider
          $0.sent = Int64(count.sent)
          $0.failed = Int64(count.failed.values.reduce(0, +))
          $0.dropped = Int64(PushMetrics.dropReasons.reduce(0) { $0 + (count.failed[$1] ?? 0) })
          $0.invalidTokens = Int64(count.invalidTokens)
          $0.backlog = Int64(waiting?.jobs ?? 0)
          if let waiting, waiting.jobs > 0 { $0.oldestCreatedAt = .init(date: now.addingTimeInterval(-waiting.oldest)) }
        }
      }
    }
  }
}
