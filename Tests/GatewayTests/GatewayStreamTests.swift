import AuthTesting
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymGateway
import GymMessaging
import GymService
import GymTesting
import Logging
import Synchronization
import Testing

/// Live streams through the gateway: a few per user, on connections of their own, so
/// one account holding streams open can neither take every slot nor make others' calls wait.
@Suite struct GatewayStreamTests {
  typealias Messaging = Gym_Messaging_V1_MessagingService.Client<HTTP2ClientTransport.Posix>

  struct Env: Sendable {
    /// The gateway's address.
    let gateway: HostPort
    /// Messaging through the gateway.
    let messaging: Messaging
    let internalMessaging: Gym_Messaging_V1_MessagingInternal.Client<HTTP2ClientTransport.Posix>
    let ana: RunningAuth.User
    let ben: RunningAuth.User
    let cat: RunningAuth.User

    /// Gives `user` one event on every stream they have open.
    func notify(_ user: RunningAuth.User, _ title: String) async throws {
      _ = try await internalMessaging.notify(
        .with {
          $0.userID = user.id; $0.kind = "test"; $0.title = title; $0.idempotencyKey = UUID().uuidString
        })
    }

    func open(_ user: RunningAuth.User) -> LiveStream { LiveStream(messaging, user.metadata) }

    /// Notifies `user` until each of `streams` has heard an event: a stream subscribed
    /// "from now on" misses what happens before messaging has joined it, so one event
    /// is not proof; hearing one is. False if some stream heard nothing for 15 s.
    func untilLive(_ user: RunningAuth.User, _ streams: [LiveStream]) async throws -> Bool {
      let deadline = ContinuousClock.now + .seconds(15)
      while ContinuousClock.now < deadline {
        try await notify(user, "are you there?")
        var heard = 0
        for stream in streams where try await stream.wait(seconds: 0.5, until: { !$0.isEmpty }) { heard += 1 }
        if heard == streams.count { return true }
      }
      return false
    }
  }

  /// Real auth and messaging behind a real gateway. Messaging's own per-user cap is
  /// raised, so any refusal seen here is the gateway's.
  static func run(configure: @escaping @Sendable (inout GatewayApp.Settings) -> Void, _ body: @Sendable (Env) async throws -> Void) async throws {
    try await withRunningAuth { auth in
      var settings = MessagingApp.Settings(
        backend: BackendSettings(
          common: testSettings(), dataDirectory: try temporaryDirectory("gym-messaging"), auth: auth.address, credential: auth.credential))
      settings.streamsPerUser = 100
      let messaging = try await MessagingApp.build(settings, logger: Logger(label: "messaging"))
      try await withRunningProcess(messaging) { messagingAddress in
        try await withCredentialClient(to: messagingAddress, auth.credential) { internalClient in
          try await GatewayFixture.runGateway(
            auth: auth.address, credential: auth.credential,
            configure: { gateway in
              gateway.backends["messaging"] = messagingAddress
              gateway.rateLimits = [:]
              configure(&gateway)
            }
          ) { (address: HostPort) in
            try await withClient(to: address) { gateway in
              try await body(
                Env(
                  gateway: address,
                  messaging: Messaging(wrapping: gateway),
                  internalMessaging: Gym_Messaging_V1_MessagingInternal.Client(wrapping: internalClient),
                  ana: try await auth.register("ana"), ben: try await auth.register("ben"), cat: try await auth.register("cat")))
            }
          }
        }
      }
    }
  }

  @Test func oneUserHoldsAtMostTheCapOfLiveStreamsAndOthersStillSubscribe() async throws {
    try await Self.run(configure: { $0.streamsPerUser = 3 }) { env in
      let streams = (0..<3).map { _ in env.open(env.ana) }
      #expect(try await env.untilLive(env.ana, streams))

      let fourth = env.open(env.ana)
      let refusal = try await fourth.waitForEnd()
      #expect(refusal?.code == .resourceExhausted)
      #expect(refusal?.message.contains("3 live streams") == true)

      // Another account is not affected by ana's streams.
      let bens = env.open(env.ben)
      #expect(try await env.untilLive(env.ben, [bens]))

      // Closing one frees its place: ana can open another (the gateway hears of the
      // close a moment after the client, so a refusal in between is retried).
      await streams[0].close()
      let deadline = ContinuousClock.now + .seconds(15)
      var reopened: LiveStream?
      while reopened == nil, ContinuousClock.now < deadline {
        let attempt = env.open(env.ana)
        if let refusal = try await attempt.waitForEnd(seconds: 0.5) {
          #expect(refusal.code == .resourceExhausted)
        } else if try await env.untilLive(env.ana, [attempt]) {
          reopened = attempt
        }
      }
      #expect(reopened != nil)
      for stream in streams + [bens, fourth] { await stream.close() }
      await reopened?.close()
    }
  }

  @Test func liveStreamsNeverMakeUnaryCallsWaitAndAFullStreamPoolRefusesAtOnce() async throws {
    // One connection with two slots for unary calls, one with two for streams.
    try await Self.run(configure: {
      $0.backendConnections = 1
      $0.backendStreams = 2
      $0.streamConnections = 1
    }) { env in
      let streams = [env.open(env.ana), env.open(env.ben)]
      #expect(try await env.untilLive(env.ana, [streams[0]]))
      #expect(try await env.untilLive(env.ben, [streams[1]]))

      // Both stream slots are held; unary calls still have theirs.
      var options = CallOptions.defaults
      options.timeout = .seconds(10)
      for user in [env.ana, env.cat] {
        let conversations = try await env.messaging.listConversations(.with { $0.pageSize = 10 }, metadata: user.metadata, options: options)
        #expect(conversations.conversations.isEmpty)
      }

      // A further stream is refused with a reason rather than left hanging unanswered.
      let third = env.open(env.cat)
      let refusal = try await third.waitForEnd()
      #expect(refusal?.code == .resourceExhausted)
      #expect(refusal?.message.contains("live streams to messaging") == true)
      for stream in streams { await stream.close() }
    }
  }
}

/// A Subscribe stream whose events the test reads as they arrive.
final class LiveStream: Sendable {
  private let events = Mutex<[Gym_Messaging_V1_Event]>([])
  private let ended = Mutex<RPCError?>(nil)
  private let finished = Mutex(false)
  private let task = Mutex<Task<Void, Never>?>(nil)

  init(_ messaging: GatewayStreamTests.Messaging, _ metadata: Metadata) {
    let task = Task { [self] in
      do {
        try await messaging.subscribe(.with { $0.afterEventID = 0 }, metadata: metadata) { response in
          for try await event in response.messages { self.events.withLock { $0.append(event) } }
        }
      } catch let error as RPCError {
        ended.withLock { $0 = error }
      } catch {
        ended.withLock { $0 = RPCError(code: .cancelled, message: "\(error)") }
      }
      finished.withLock { $0 = true }
    }
    self.task.withLock { $0 = task }
  }

  func close() async {
    let task = self.task.withLock { $0 }
    task?.cancel()
    await task?.value
  }

  /// Waits until `condition` holds on the events received, or the stream ends.
  func wait(seconds: Double = 10, until condition: ([Gym_Messaging_V1_Event]) -> Bool) async throws -> Bool {
    let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
    while ContinuousClock.now < end {
      if condition(events.withLock { $0 }) { return true }
      if finished.withLock({ $0 }) { break }
      try await Task.sleep(for: .milliseconds(10))
    }
    return condition(events.withLock { $0 })
  }

  /// How the stream ended (nil: still open after `seconds`, or ended without an error).
  func waitForEnd(seconds: Double = 10) async throws -> RPCError? {
    let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
    while ContinuousClock.now < end, !finished.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
    return ended.withLock { $0 }
  }
}
