import Foundation
import GymService
import Synchronization

/// Push delivery counts per provider, for `/metrics` (`gym_push_*`) and operators.
final class PushMetrics: Sendable {
  struct Counts: Sendable, Equatable {
    var sent = 0
    var failed: [String: Int] = [:]
    var invalidTokens = 0
    /// Seconds from an event's commit to the provider's acceptance, summed (with `sent`, the mean).
    var latencySum = 0.0
  }

  private let counts = Mutex<[String: Counts]>([:])
  /// The failure reasons that give a notification up (the others are tried again).
  static let dropReasons = ["refused", "expired"]

  func sent(_ provider: String, latency: TimeInterval) {
    counts.withLock {
      $0[provider, default: .init()].sent += 1
      $0[provider, default: .init()].latencySum += latency
    }
  }

  func failed(_ provider: String, reason: String) {
    counts.withLock { $0[provider, default: .init()].failed[reason, default: 0] += 1 }
  }

  func invalidToken(_ provider: String) {
    counts.withLock { $0[provider, default: .init()].invalidTokens += 1 }
  }

  var snapshot: [String: Counts] { counts.withLock { $0 } }

  /// The counters, and the backlog read from the store.
  func samples(backlog: [PushPlatform: (jobs: Int, oldest: TimeInterval)], providers: [PushPlatform]) -> [MetricSample] {
    let counts = snapshot
    var samples: [MetricSample] = []
    for platform in providers {
      let provider = platform.provider
      let labels = ["provider": provider]
      let count = counts[provider] ?? .init()
      samples.append(
        MetricSample("gym_push_sent_total", "Push notifications the provider accepted.", kind: .counter, labels: labels, value: Double(count.sent)))
      for reason in ["retry", "credentials", "refused", "expired"] {
        samples.append(
          MetricSample(
            "gym_push_failed_total", "Push sends that failed, by reason (retry: tried again later).", kind: .counter,
            labels: labels.merging(["reason": reason]) { $1 }, value: Double(count.failed[reason] ?? 0)))
      }
      samples.append(
        MetricSample(
          "gym_push_invalid_tokens_total", "Devices removed because the provider said their token is no longer valid.", kind: .counter,
          labels: labels, value: Double(count.invalidTokens)))
      samples.append(
        MetricSample(
          "gym_push_latency_seconds_sum", "Seconds from an event's commit to the provider accepting its notification, summed.",
          kind: .counter, labels: labels, value: count.latencySum))
      samples.append(
        MetricSample("gym_push_backlog", "Push notifications waiting to be sent.", labels: labels, value: Double(backlog[platform]?.jobs ?? 0)))
      samples.append(
        MetricSample(
          "gym_push_oldest_seconds", "Age of the oldest push notification waiting.", labels: labels, value: backlog[platform]?.oldest ?? 0))
    }
    return samples
  }
}
