import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import GymTesting
import Logging
import Synchronization
import Testing

@testable import GymAuth

/// Auth delivers every user-lifecycle event to every destination through one client
/// (`gym.common.v1.UserLifecycleInternal`), whatever the destination; jobs stored by
/// earlier versions read as the same calls.
@Suite struct LifecycleDeliveryTests {
  /// What a test's closures collect, in the order they did.
  final class Collected<Element: Sendable>: Sendable {
    private let items = Mutex<[Element]>([])
    var all: [Element] { items.withLock { $0 } }
    func append(_ item: Element) { items.withLock { $0.append(item) } }
  }

  /// A destination that records what it was told, in order.
  final class Recorder: Sendable {
    enum Event: Hashable, Sendable {
      case purge(String)
      case standing(String, banned: Bool)
      case visibility(String, isPrivate: Bool)
      case update(String, isPrivate: Bool, banned: Bool)
    }

    private let events = Collected<Event>()
    var received: [Event] { events.all }
    func record(_ event: Event) { events.append(event) }
  }

  struct RecordingLifecycle: Gym_Common_V1_UserLifecycleInternal.SimpleServiceProtocol {
    let recorder: Recorder

    func purgeUser(request: Gym_Common_V1_PurgeUserRequest, context: ServerContext) async throws -> Gym_Common_V1_PurgeUserResponse {
      recorder.record(.purge(request.userID))
      return .init()
    }

    func setUserStanding(
      request: Gym_Common_V1_SetUserStandingRequest, context: ServerContext
    ) async throws -> Gym_Common_V1_SetUserStandingResponse {
      recorder.record(.standing(request.userID, banned: request.banned))
      return .with { $0.applied = true }
    }

    func setUserVisibility(
      request: Gym_Common_V1_SetUserVisibilityRequest, context: ServerContext
    ) async throws -> Gym_Common_V1_SetUserVisibilityResponse {
      recorder.record(.visibility(request.userID, isPrivate: request.isPrivate))
      return .with { $0.applied = true }
    }

    func updateUser(request: Gym_Common_V1_UpdateUserRequest, context: ServerContext) async throws -> Gym_Common_V1_UpdateUserResponse {
      #expect(request.version > 0, "an update carries auth's version")
      recorder.record(.update(request.userID, isPrivate: request.isPrivate, banned: request.banned))
      return .with { $0.applied = true }
    }

    func exportUser(
      request: Gym_Common_V1_ExportUserRequest, response: RPCWriter<Gym_Common_V1_ExportUserResponse>, context: ServerContext
    ) async throws {}
  }

  /// Runs a recording destination for each of `destinations`, each on its own port.
  static func withRecorders<T: Sendable>(
    _ destinations: [Outbox.Destination], running: [Outbox.Destination: (HostPort, Recorder)] = [:],
    _ body: @Sendable ([Outbox.Destination: (HostPort, Recorder)]) async throws -> T
  ) async throws -> T {
    guard let destination = destinations.first else { return try await body(running) }
    let recorder = Recorder()
    return try await withBareServer("recorder-\(destination)", services: [RecordingLifecycle(recorder: recorder)]) { address in
      var running = running
      running[destination] = (address, recorder)
      return try await withRecorders(Array(destinations.dropFirst()), running: running, body)
    }
  }

  @Test func everyEventReachesEveryDestinationThroughTheOneContract() async throws {
    let destinations = AuthService.Settings().lifecycleDestinations
    #expect(Set(destinations) == [.catalog, .plan, .messaging, .places])
    try await Self.withRecorders(destinations) { recorders in
      try await withRunningAuth(outboxReceivers: recorders.mapValues(\.0)) { auth in
        func everyoneReceived(_ events: [Recorder.Event]) async throws -> Bool {
          // Delivery is at least once: a call whose answer was lost (a loaded machine's
          // deadline) comes again, and receivers order changes by their versions, so what
          // counts is that every event arrived, not how often or in which order.
          try await eventually(within: .seconds(30)) { recorders.values.allSatisfy { Set($0.1.received) == Set(events) } }
        }
        let admin = try await auth.makeAdmin()
        let user = try await auth.register("lena_lifecycle")
        _ = try await auth.auth.updateProfile(
          .with {
            $0.profile.visibility = .private; $0.updateMask = .with { $0.paths = ["visibility"] }
          }, metadata: user.metadata)
        var expected: [Recorder.Event] = [.visibility(user.id, isPrivate: true), .update(user.id, isPrivate: true, banned: false)]
        #expect(try await everyoneReceived(expected))

        _ = try await auth.auth.banUser(
          .with {
            $0.userID = user.id; $0.reason = "spam"
          }, metadata: admin.metadata)
        expected += [.standing(user.id, banned: true), .update(user.id, isPrivate: true, banned: true)]
        #expect(try await everyoneReceived(expected))
        _ = try await auth.auth.unbanUser(.with { $0.userID = user.id }, metadata: admin.metadata)
        expected += [.standing(user.id, banned: false), .update(user.id, isPrivate: true, banned: false)]
        #expect(try await everyoneReceived(expected))

        let signedIn = try await auth.auth.login(
          .with {
            $0.identifier = "lena_lifecycle"; $0.password = RunningAuth.password
          })
        _ = try await auth.auth.deleteAccount(.with { $0.password = RunningAuth.password }, metadata: bearer(signedIn.tokens.accessToken))
        expected.append(.purge(user.id))
        #expect(try await everyoneReceived(expected))
      }
    }
  }

  /// Jobs with payloads exactly as earlier versions stored them in auth's outbox table,
  /// read back from the table as the worker reads them after an upgrade.
  @Test func storedJobsReadAsTheSameCalls() async throws {
    let store = try AuthStore(path: try temporaryDirectory() + "/auth.sqlite")
    let stored: [(Outbox.Kind, String)] = [
      (.purgeUser, "u1"),
      (.userStanding, #"{"user_id":"u1","banned":true,"until":1900000000}"#),
      (.userStanding, #"{"user_id":"u1","banned":false,"version":1764000000000000}"#),
      (.userVisibility, #"{"userID":"u1","isPrivate":true}"#),
    ]
    try await store.writer.write { db in
      for (kind, payload) in stored { try Outbox.enqueue(db, destination: .messaging, kind: kind, payload: Data(payload.utf8)) }
    }
    let read = Collected<(Int64, LifecycleEvent)>()
    let worker = OutboxWorker(writer: store.writer, logger: Logger(label: "outbox")) { job in
      read.append((job.id, try LifecycleEvent(job)))
    }
    #expect(try await worker.deliverDue(limit: 10) == stored.count)
    let events = read.all.sorted { $0.0 < $1.0 }
    try #require(events.count == stored.count)
    #expect(events[0].1 == .purge(.with { $0.userID = "u1" }))
    // A standing queued before standings carried a version is ordered by its job id.
    #expect(
      events[1].1
        == .standing(
          .with {
            $0.userID = "u1"
            $0.banned = true
            $0.bannedUntil = .init(date: Date(timeIntervalSince1970: 1_900_000_000))
            $0.sequence = events[1].0
          }))
    #expect(
      events[2].1
        == .standing(
          .with {
            $0.userID = "u1"; $0.sequence = 1_764_000_000_000_000
          }))
    #expect(
      events[3].1
        == .visibility(
          .with {
            $0.userID = "u1"; $0.isPrivate = true; $0.sequence = events[3].0
          }))
  }

  @Test func aKindWithoutALifecycleCallIsRefused() async throws {
    let store = try AuthStore(path: try temporaryDirectory() + "/auth.sqlite")
    try await store.writer.write { db in
      try Outbox.enqueue(db, destination: .catalog, kind: .programSaved, payload: Data("{}".utf8))
    }
    let refused = Collected<String>()
    let worker = OutboxWorker(writer: store.writer, logger: Logger(label: "outbox")) { job in
      do { _ = try LifecycleEvent(job) } catch let error as LifecycleEvent.UnknownKind {
        refused.append(error.description)
        throw error
      }
    }
    #expect(try await worker.deliverDue(limit: 10) == 0)
    #expect(refused.all == ["no lifecycle call for outbox jobs of kind 'program-saved'"])
  }
}
