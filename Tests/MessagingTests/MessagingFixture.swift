import AuthTesting
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymCatalog
import GymMessaging
import GymPlaces
import GymService
import GymTesting
import Logging
import Synchronization

typealias Posix = HTTP2ClientTransport.Posix
typealias Messaging = Gym_Messaging_V1_MessagingService.Client<Posix>
typealias Catalog = Gym_Catalog_V1_CatalogService.Client<Posix>

/// Auth and messaging in-process, each built by its composition root, with auth's
/// outbox delivering purges to messaging; three members signed in.
enum MessagingFixture {
  typealias User = RunningAuth.User

  struct Env: Sendable {
    let messaging: Messaging
    let messagingInternal: Gym_Messaging_V1_MessagingInternal.Client<Posix>
    /// What a user reaching for the internal service would hold: no credential.
    let messagingInternalWithoutCredential: Gym_Messaging_V1_MessagingInternal.Client<Posix>
    /// The user lifecycle (purges, bans, visibility), with and without the credential.
    let messagingLifecycle: Gym_Common_V1_UserLifecycleInternal.Client<Posix>
    let messagingLifecycleWithoutCredential: Gym_Common_V1_UserLifecycleInternal.Client<Posix>
    let address: HostPort
    /// Where messaging keeps its database and attachments.
    let dataDirectory: String
    let running: RunningAuth
    let ana: User
    let ben: User
    let cat: User
    /// gym-catalog, when the test asked for a running one.
    let catalog: Catalog?
    /// gym-places, when the test asked for it (`places: true`).
    let places: Gym_Places_V1_PlacesService.Client<Posix>?
  }

  /// Which gym-catalog messaging is given: none (no address), a running one, or an
  /// address where nothing answers.
  enum CatalogMode: Sendable {
    case none
    case running
    case unreachable
  }

  static func run<T: Sendable>(
    streamBuffer: Int = 1000, streamBufferBytes: Int? = nil, streamsPerUser: Int? = nil, maxAttachmentBytes: Int = 10 << 20, eventRetention: Duration? = nil,
    reportsPerDay: Int = 20,
    catalog: CatalogMode = .none, places: Bool = false, configure: @Sendable (inout MessagingApp.Settings) -> Void = { _ in },
    _ body: @Sendable (Env) async throws -> T
  ) async throws -> T {
    let port = try freePort()
    return try await withRunningAuth(outboxReceivers: ["messaging": HostPort(host: "127.0.0.1", port: port)]) { auth in
      try await withCatalog(catalog, auth: auth) { catalogAddress in
        try await withPlaces(places, auth: auth) { placesAddress in
          let dataDirectory = try temporaryDirectory("gym-messaging")
          var settings = MessagingApp.Settings(
            backend: BackendSettings(
              common: CommonSettings(listen: HostPort(host: "127.0.0.1", port: port), metricsListen: HostPort(host: "127.0.0.1", port: 0)),
              dataDirectory: dataDirectory, auth: auth.address, credential: auth.credential))
          settings.streamBuffer = streamBuffer
          if let streamBufferBytes { settings.streamBufferBytes = streamBufferBytes }
          if let streamsPerUser { settings.streamsPerUser = streamsPerUser }
          settings.maxAttachmentBytes = maxAttachmentBytes
          settings.reportsPerDay = reportsPerDay
          if let eventRetention {
            settings.eventRetention = eventRetention
            settings.trimEvery = .milliseconds(200)
          }
          settings.catalog = catalogAddress
          settings.places = placesAddress
          settings.outboxPollInterval = .milliseconds(50)
          configure(&settings)
          let messaging = try await MessagingApp.build(settings, logger: Logger(label: "messaging"))
          return try await withRunningProcess(messaging) { address in
            try await withClient(to: address) { client in
              try await withCredentialClient(to: address, auth.credential) { internalClient in
                try await withOptionalClient(to: catalog == .running ? catalogAddress : nil) { catalogClient in
                  try await withOptionalClient(to: placesAddress) { placesClient in
                    try await body(
                      Env(
                        messaging: Messaging(wrapping: client),
                        messagingInternal: Gym_Messaging_V1_MessagingInternal.Client(wrapping: internalClient),
                        messagingInternalWithoutCredential: Gym_Messaging_V1_MessagingInternal.Client(wrapping: client),
                        messagingLifecycle: Gym_Common_V1_UserLifecycleInternal.Client(wrapping: internalClient),
                        messagingLifecycleWithoutCredential: Gym_Common_V1_UserLifecycleInternal.Client(wrapping: client),
                        address: address, dataDirectory: dataDirectory, running: auth,
                        ana: try await auth.register("ana"), ben: try await auth.register("ben"), cat: try await auth.register("cat"),
                        catalog: catalogClient.map { Catalog(wrapping: $0) },
                        places: placesClient.map { Gym_Places_V1_PlacesService.Client(wrapping: $0) }))
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /// gym-places built by its composition root, or nothing.
  static func withPlaces<T: Sendable>(_ run: Bool, auth: RunningAuth, _ body: @Sendable (HostPort?) async throws -> T) async throws -> T {
    guard run else { return try await body(nil) }
    let settings = PlacesApp.Settings(
      common: CommonSettings(listen: HostPort(host: "127.0.0.1", port: 0), metricsListen: HostPort(host: "127.0.0.1", port: 0)),
      dataDirectory: try temporaryDirectory("gym-places"), auth: auth.address, credential: auth.credential)
    let places = try await PlacesApp.build(settings, logger: Logger(label: "places"))
    return try await withRunningProcess(places) { try await body($0) }
  }

  /// gym-catalog built by its composition root (`.running`), an address nothing listens
  /// on (`.unreachable`), or no address.
  static func withCatalog<T: Sendable>(
    _ mode: CatalogMode, auth: RunningAuth, _ body: @Sendable (HostPort?) async throws -> T
  ) async throws -> T {
    switch mode {
    case .none:
      return try await body(nil)
    case .unreachable:
      return try await body(HostPort(host: "127.0.0.1", port: try freePort()))
    case .running:
      let settings = CatalogApp.Settings(
        common: CommonSettings(listen: HostPort(host: "127.0.0.1", port: 0), metricsListen: HostPort(host: "127.0.0.1", port: 0)),
        dataDirectory: try temporaryDirectory("gym-catalog"), auth: auth.address, credential: auth.credential)
      let catalog = try await CatalogApp.build(settings, logger: Logger(label: "catalog"))
      return try await withRunningProcess(catalog) { try await body($0) }
    }
  }

  static func withOptionalClient<T: Sendable>(
    to address: HostPort?, _ body: @Sendable (GRPCClient<Posix>?) async throws -> T
  ) async throws -> T {
    guard let address else { return try await body(nil) }
    return try await withClient(to: address) { try await body($0) }
  }
}

/// An open Subscribe stream whose events the test reads as they arrive.
final class OpenStream: Sendable {
  let events = Mutex<[Gym_Messaging_V1_Event]>([])
  let ended = Mutex<Result<Void, RPCError>?>(nil)
  private let task = Mutex<Task<Void, Never>?>(nil)

  /// Subscribes `user` after `cursor` until `close()`.
  init(_ messaging: Messaging, _ metadata: Metadata, after cursor: Int64 = 0, waitForReady: Bool = false) {
    var options = CallOptions.defaults
    options.waitForReady = waitForReady
    let task = Task { [self] in
      do {
        try await messaging.subscribe(.with { $0.afterEventID = cursor }, metadata: metadata, options: options) { response in
          for try await event in response.messages { self.events.withLock { $0.append(event) } }
        }
        ended.withLock { $0 = .success(()) }
      } catch let error as RPCError {
        ended.withLock { $0 = .failure(error) }
      } catch {
        ended.withLock { $0 = .failure(RPCError(code: .cancelled, message: "\(error)")) }
      }
    }
    self.task.withLock { $0 = task }
  }

  var received: [Gym_Messaging_V1_Event] { events.withLock { $0 } }
  var messages: [Gym_Messaging_V1_Event] { received.filter { $0.kind == .directMessage || $0.kind == .roomMessage } }

  func close() async {
    let task = self.task.withLock { $0 }
    task?.cancel()
    await task?.value
  }

  /// Waits until `condition` holds on what arrived, for at most `seconds`.
  func wait(seconds: Double = 5, until condition: ([Gym_Messaging_V1_Event]) -> Bool) async throws -> Bool {
    let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
    while ContinuousClock.now < end {
      if condition(received) { return true }
      try await Task.sleep(for: .milliseconds(10))
    }
    return condition(received)
  }

  func waitForEnd(seconds: Double = 5) async throws -> Result<Void, RPCError>? {
    let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
    while ContinuousClock.now < end {
      if let result = ended.withLock({ $0 }) { return result }
      try await Task.sleep(for: .milliseconds(10))
    }
    return ended.withLock { $0 }
  }
}

/// Uploads `bytes` in 100 KiB chunks, as an app would.
func upload(
  _ messaging: Messaging, _ bytes: [UInt8], filename: String = "photo.jpg", mimeType: String = "", as user: MessagingFixture.User
) async throws -> Gym_Messaging_V1_Attachment {
  try await messaging.uploadAttachment(metadata: user.metadata) { writer in
    try await writer.write(
      .with {
        $0.start = .with {
          $0.filename = filename; $0.mimeType = mimeType
        }
      })
    for start in stride(from: 0, to: bytes.count, by: 100 * 1024) {
      try await writer.write(.with { $0.chunk = Data(bytes[start..<min(start + 100 * 1024, bytes.count)]) })
    }
  }.attachment
}

/// Downloads an attachment whole: its description and its bytes.
func download(_ messaging: Messaging, _ id: String, as user: MessagingFixture.User) async throws -> (Gym_Messaging_V1_Attachment, [UInt8]) {
  try await messaging.downloadAttachment(.with { $0.attachmentID = id }, metadata: user.metadata) { response in
    var attachment = Gym_Messaging_V1_Attachment()
    var bytes: [UInt8] = []
    for try await part in response.messages {
      if part.hasAttachment { attachment = part.attachment }
      bytes += part.chunk
    }
    return (attachment, bytes)
  }
}

/// A JPEG of `size` deterministic bytes of picture (and a few of header).
func jpeg(size: Int) -> [UInt8] { TestImages.jpeg(size: size) }

extension OpenStream {
  /// A stream of `user`'s events that is known to be live: notifications are sent to the
  /// user until one arrives on it, so nothing sent afterwards can be missed (no sleep
  /// hoping the subscription has reached the server). Returns the stream and the id of
  /// the first ping it saw, a cursor from before anything the test does next.
  /// `through` another client of messaging (the gateway) if given; `after` a cursor (the
  /// replay then comes first, the ping after it).
  static func live(
    _ env: MessagingFixture.Env, _ user: MessagingFixture.User, through messaging: Messaging? = nil, after cursor: Int64 = 0,
    seconds: Double = 5
  ) async throws -> (OpenStream, cursor: Int64) {
    let stream = OpenStream(messaging ?? env.messaging, user.metadata, after: cursor)
    do {
      return (stream, try await stream.ping(user, via: env.messagingInternal, seconds: seconds))
    } catch {
      await stream.close()
      throw error
    }
  }

  /// Notifies `user` until one of the pings arrives on this stream: from then on the
  /// stream is known to be live. The id of the ping that arrived; throws if the stream
  /// ended or no ping arrived within `seconds`.
  func ping(
    _ user: MessagingFixture.User, via messagingInternal: Gym_Messaging_V1_MessagingInternal.Client<Posix>, seconds: Double = 5
  ) async throws -> Int64 {
    let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
    var ping = 0
    let run = UUID().uuidString.prefix(8)
    while ContinuousClock.now < end {
      if let seen = received.first(where: { $0.kind == .notification && $0.notification.kind == "test-ping" }) { return seen.id }
      switch ended.withLock({ $0 }) {
      case .failure(let error)?: throw error
      case .success?: throw RPCError(code: .aborted, message: "the stream of \(user.id) ended before it went live")
      case nil: break
      }
      ping += 1
      _ = try await messagingInternal.notify(
        .with {
          $0.userID = user.id; $0.kind = "test-ping"; $0.title = "ping \(ping)"; $0.idempotencyKey = "test-ping-\(run)-\(ping)"
        })
      _ = try await wait(seconds: 0.05) { $0.contains { $0.kind == .notification && $0.notification.kind == "test-ping" } }
    }
    throw RPCError(code: .deadlineExceeded, message: "the stream of \(user.id) did not go live within \(seconds) s")
  }

  /// A live stream of `user` once the server admits one: a stream refused for too many
  /// open (the server may not yet have seen a closed one go) is opened again, until
  /// `seconds` have passed; nil if none was admitted by then.
  static func admitted(_ env: MessagingFixture.Env, _ user: MessagingFixture.User, seconds: Double = 5) async throws -> OpenStream? {
    let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
    var ping = 0
    while ContinuousClock.now < end {
      let stream = OpenStream(env.messaging, user.metadata)
      while ContinuousClock.now < end {
        if stream.received.contains(where: { $0.kind == .notification && $0.notification.kind == "admitted-ping" }) { return stream }
        if stream.ended.withLock({ $0 }) != nil { break }
        ping += 1
        _ = try await env.messagingInternal.notify(
          .with {
            $0.userID = user.id; $0.kind = "admitted-ping"; $0.title = "ping \(ping)"; $0.idempotencyKey = "admitted-ping-\(ping)"
          })
        _ = try await stream.wait(seconds: 0.05) { events in events.contains { $0.kind == .notification } }
      }
      await stream.close()
    }
    return nil
  }

  /// What the log replays after `cursor`: a stream from the cursor, read until what
  /// arrived satisfies `complete` (an event the test knows is the newest).
  static func replay(
    _ env: MessagingFixture.Env, _ user: MessagingFixture.User, after cursor: Int64,
    until complete: @escaping ([Gym_Messaging_V1_Event]) -> Bool
  ) async throws -> [Gym_Messaging_V1_Event] {
    let stream = OpenStream(env.messaging, user.metadata, after: cursor)
    let done = try await stream.wait(until: complete)
    await stream.close()
    guard done else { throw RPCError(code: .deadlineExceeded, message: "the replay after \(cursor) did not complete") }
    return stream.received.filter { $0.id > 0 }
  }
}
