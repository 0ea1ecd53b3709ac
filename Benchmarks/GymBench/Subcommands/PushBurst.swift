import ArgumentParser
import Crypto
import Foundation
import GymAPI
import GymMessaging
import GymService
import Histogram
import Logging
import PushTesting
import Synchronization

/// A burst of notifications to registered devices, from commit to the provider: messaging's
/// store and push worker (as gym-messaging runs them, on a SQLite file) send through the
/// APNs client over HTTP/2 + TLS to a local APNs (`FakeAPNs`, which checks every token and
/// header). Prints the latency from each notification's commit (its write returning) to
/// the provider receiving it while the worker keeps up with the writers, and then the
/// drain rate of as many jobs queued while no worker ran.
struct PushBurst: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Register devices, write a burst of notifications, measure commit-to-provider latency and the drain rate.")

  @Option var devices = 1000
  @Option var events = 10_000
  @Option(help: "Notifications written at once (each its own transaction, as Notify calls are).") var writers = 32
  @Option(help: "Push notifications sent at once (GYM_MESSAGING_PUSH_CONCURRENCY).") var concurrency = 200

  func run() async throws {
    let key = P256.Signing.PrivateKey()
    let topic = "app.gym.bench"
    let fake = try await FakeAPNs(keyID: "KEY1234567", teamID: "TEAM123456", publicKey: key.publicKey, topic: topic)
    let directory = NSTemporaryDirectory() + "push-bench-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try key.pemRepresentation.write(toFile: directory + "/AuthKey.p8", atomically: true, encoding: .utf8)
    try fake.caCertificatePEM.write(toFile: directory + "/ca.pem", atomically: true, encoding: .utf8)
    var settings = PushSettings()
    settings.apns = .init(
      keyFile: directory + "/AuthKey.p8", keyID: "KEY1234567", teamID: "TEAM123456", topic: topic,
      endpoint: .init(host: "localhost", port: fake.port))
    settings.caFile = directory + "/ca.pem"
    settings.concurrency = concurrency
    let delivery = try PushDelivery(settings: settings)
    let store = try MessagingStore(path: directory + "/messaging.sqlite", publish: { _ in }, push: delivery.routing { _ in false })
    for index in 0..<devices {
      _ = try await store.registerDevice(
        newID: "device-\(index)", userID: "user-\(index)", sessionID: "session-\(index)", platform: .ios, token: String(format: "%064x", index + 1),
        appVersion: "1.0",
        locale: "en", now: Date(), devicesPerUser: 10)
    }
    guard let worker = delivery.worker(store: store, logger: Logger(label: "push-bench")) else { throw ValidationError("no push provider") }
    let running = Task { try await worker.run() }

    let committed = Commits(count: events)
    let start = ContinuousClock.now
    try await write(store, range: 0..<events, committed: committed)
    let written = ContinuousClock.now - start
    let deadline = ContinuousClock.now + .seconds(600)
    while fake.delivered.count < events, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
    running.cancel()
    _ = try? await running.value
    let requests = fake.delivered

    // The drain: as many jobs written while no worker runs, then one worker.
    try await write(store, range: events..<(2 * events), committed: Commits(count: 2 * events))
    let queued = try await store.pushBacklog(now: Date()).values.reduce(0) { $0 + $1.jobs }
    guard let drainer = delivery.worker(store: store, logger: Logger(label: "push-bench")) else { return }
    let drainStart = ContinuousClock.now
    let draining = Task { try await drainer.run() }
    while fake.delivered.count < 2 * events, ContinuousClock.now < drainStart + .seconds(600) {
      try await Task.sleep(for: .milliseconds(20))
    }
    let drainTook = ContinuousClock.now - drainStart
    draining.cancel()
    let drainedCount = fake.delivered.count - requests.count
    await fake.stop()

    var histogram = Histogram<UInt64>(highestTrackableValue: 600_000_000, numberOfSignificantValueDigits: .three)
    let commits = committed.instants.withLock { $0 }
    var last = start
    for request in requests {
      guard let title = request.alert["title"] as? String, let index = Int(title.dropFirst("bench ".count)), let at = commits[index]
      else { continue }
      // The write returns just after its commit, and the worker may send before it does.
      let latency = max(.zero, request.receivedAt - at)
      histogram.record(UInt64(latency.inSeconds * 1_000_000))
      last = max(last, request.receivedAt)
    }
    let drained = last - start
    func ms(_ percentile: Double) -> Double { Double(histogram.valueAtPercentile(percentile)) / 1000 }
    print(
      String(
        format: "push burst: %d devices, %d notifications written in %.2f s (%.0f/s, %d writers); %d reached the provider",
        devices, events, written.inSeconds, Double(events) / written.inSeconds, writers, requests.count))
    print(
      String(
        format: "commit to provider: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms; drained %d in %.2f s from the first write = %.0f/s",
        ms(50), ms(90), ms(99), Double(histogram.max) / 1000, requests.count, drained.inSeconds, Double(requests.count) / drained.inSeconds))
    print(
      String(
        format: "drain: %d jobs queued while no worker ran, %d sent in %.2f s = %.0f/s (concurrency %d)", queued, drainedCount,
        drainTook.inSeconds, Double(drainedCount) / drainTook.inSeconds, concurrency))
    if requests.count < events || drainedCount < events {
      throw ValidationError("only \(requests.count) and \(drainedCount) of \(events) notifications reached the provider")
    }
  }

  /// Writes notifications `range` (each its own transaction, as Notify calls are) from
  /// `writers` tasks, noting when each write returned.
  private func write(_ store: MessagingStore, range: Range<Int>, committed: Commits) async throws {
    let (writers, devices) = (self.writers, self.devices)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for writer in 0..<writers {
        group.addTask {
          for index in stride(from: range.lowerBound + writer, to: range.upperBound, by: writers) {
            let record = MessagingStore.NotificationRecord(
              id: "n-\(index)", userID: "user-\(index % devices)", kind: "workout-reminder", title: "bench \(index)",
              body: "Legs at 18:00", reference: "entry-\(index)", createdAt: Date())
            _ = try await store.notify(record, idempotencyKey: nil) { record in
              var event = Gym_Messaging_V1_Event()
              event.kind = .notification
              event.notification = .with {
                $0.id = record.id; $0.kind = record.kind; $0.title = record.title; $0.body = record.body; $0.reference = record.reference
              }
              return [.init(userID: record.userID, kind: event.kind.rawValue, payload: try event.serializedData())]
            }
            let at = ContinuousClock.now
            committed.instants.withLock { $0[index] = at }
          }
        }
      }
      try await group.waitForAll()
    }
  }
}

/// When each notification's write returned, by index.
private final class Commits: Sendable {
  let instants: Mutex<[ContinuousClock.Instant?]>
  init(count: Int) { instants = Mutex(Array(repeating: nil, count: count)) }
}
