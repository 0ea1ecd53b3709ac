import Foundation
import GymService
import Synchronization

/// Open Subscribe streams by user. Committed events are handed to every stream of their
/// owner; a stream's buffer is bounded in events and in bytes, and a stream that falls
/// that far behind is ended (told to resume from its cursor) rather than slowing anyone
/// else. A user holds a bounded number of streams at once. Who has an open stream is
/// who is online.
public final class EventHub: Sendable {
  public enum Item: Sendable, Equatable {
    case event(MessagingStore.StoredEvent)
    /// Not stored: who came online or went offline.
    case presence(userID: String, online: Bool)

    /// What the item holds in a buffer, near enough: the stored payload, or a user id.
    var bytes: Int {
      switch self {
      case .event(let event): event.payload.count
      case .presence(let userID, _): userID.utf8.count + 16
      }
    }
  }

  public struct Limits: Sendable, Equatable {
    /// Items a stream may hold unread before it is ended.
    public var bufferEvents: Int
    /// Bytes a stream may hold unread before it is ended: a thousand large events are
    /// far more memory than a thousand small ones.
    public var bufferBytes: Int
    /// Streams one user may hold open: each costs a buffer and a share of every event.
    public var streamsPerUser: Int

    public init(bufferEvents: Int = 1000, bufferBytes: Int = 4 << 20, streamsPerUser: Int = 10) {
      self.bufferEvents = bufferEvents
      self.bufferBytes = bufferBytes
      self.streamsPerUser = streamsPerUser
    }
  }

  /// Why a stream was ended from this side.
  public enum End: Sendable, Equatable {
    case overflow
    case revoked
    case shutdown
  }

  public struct Subscription: Sendable {
    public let id: UInt64
    public let items: Items
    /// True when this stream made its user go from offline to online.
    public let cameOnline: Bool
  }

  /// A stream's items; reading one gives its bytes back to the stream's budget.
  public struct Items: AsyncSequence, Sendable {
    public typealias Element = Item
    public typealias Failure = Never
    fileprivate let base: AsyncStream<Item>
    fileprivate let pending: Pending

    public struct AsyncIterator: AsyncIteratorProtocol {
      public typealias Element = Item
      public typealias Failure = Never
      fileprivate var base: AsyncStream<Item>.Iterator
      fileprivate let pending: Pending

      public mutating func next() async -> Item? {
        guard let item = await base.next() else { return nil }
        pending.bytes.subtract(item.bytes, ordering: .relaxed)
        return item
      }
    }

    public func makeAsyncIterator() -> AsyncIterator {
      AsyncIterator(base: base.makeAsyncIterator(), pending: pending)
    }
  }

  /// Bytes handed to a stream and not yet read from it.
  fileprivate final class Pending: Sendable {
    let bytes = Atomic<Int>(0)
  }

  private struct Subscriber {
    var caller: Caller
    var continuation: AsyncStream<Item>.Continuation
    var pending: Pending
    var userID: String { caller.userID }
  }

  private struct State {
    var subscribers: [UInt64: Subscriber] = [:]
    var byUser: [String: Set<UInt64>] = [:]
    var ended: [UInt64: End] = [:]
    var nextID: UInt64 = 0
    var shuttingDown = false
  }

  private let state = Mutex(State())
  public let limits: Limits

  public init(limits: Limits = Limits()) {
    self.limits = limits
  }

  /// Opens a stream for a caller; events committed from now on reach it. Refused when
  /// the caller's user already holds `streamsPerUser` streams.
  public func subscribe(_ caller: Caller) throws(MessagingError) -> Subscription {
    let userID = caller.userID
    let (items, continuation) = AsyncStream<Item>.makeStream(bufferingPolicy: .bufferingOldest(limits.bufferEvents))
    let pending = Pending()
    let admitted = state.withLock { state -> Result<(id: UInt64, cameOnline: Bool, closed: Bool), MessagingError> in
      let open = state.byUser[userID]?.count ?? 0
      if open >= limits.streamsPerUser, !state.shuttingDown { return .failure(.tooManyStreams(open: open)) }
      state.nextID += 1
      let id = state.nextID
      if state.shuttingDown {
        state.ended[id] = .shutdown
        return .success((id, false, true))
      }
      state.subscribers[id] = Subscriber(caller: caller, continuation: continuation, pending: pending)
      state.byUser[userID, default: []].insert(id)
      return .success((id, open == 0, false))
    }
    switch admitted {
    case .failure(let error):
      continuation.finish()
      throw error
    case .success(let (id, cameOnline, closed)):
      if closed { continuation.finish() }
      return Subscription(id: id, items: Items(base: items, pending: pending), cameOnline: cameOnline)
    }
  }

  /// Closes a stream: whether its user has no other stream left (went offline), and why
  /// this side ended it, if it did.
  @discardableResult
  public func unsubscribe(_ id: UInt64) -> (wentOffline: Bool, end: End?) {
    let (subscriber, wentOffline, end) = state.withLock { state -> (Subscriber?, Bool, End?) in
      let end = state.ended.removeValue(forKey: id)
      guard let subscriber = state.subscribers.removeValue(forKey: id) else { return (nil, false, end) }
      state.byUser[subscriber.userID]?.remove(id)
      let gone = state.byUser[subscriber.userID]?.isEmpty ?? true
      if gone { state.byUser[subscriber.userID] = nil }
      return (subscriber, gone, end)
    }
    subscriber?.continuation.finish()
    return (wentOffline, end)
  }

  /// Hands committed events to their owners' streams, in the order given.
  public func publish(_ events: [MessagingStore.StoredEvent]) {
    for event in events { deliver(.event(event), to: [event.userID]) }
  }

  /// A transient item (presence) to whichever of `userIDs` are online.
  public func deliver(_ item: Item, to userIDs: Set<String>) {
    let targets = state.withLock { state in
      userIDs.flatMap { state.byUser[$0] ?? [] }.compactMap { id in state.subscribers[id].map { (id, $0) } }
    }
    let size = item.bytes
    for (id, subscriber) in targets {
      let before = subscriber.pending.bytes.add(size, ordering: .relaxed).oldValue
      // An item larger than the whole budget still goes to an empty buffer, or that
      // stream could never get past it.
      if before > 0, before + size > limits.bufferBytes {
        end(id, .overflow)
        continue
      }
      if case .dropped = subscriber.continuation.yield(item) { end(id, .overflow) }
    }
  }

  /// The caller went away (gRPC cancelled the RPC): the stream ends with no reason.
  public func cancel(_ id: UInt64) {
    let continuation = state.withLock { $0.subscribers[id]?.continuation }
    continuation?.finish()
  }

  /// Ends a stream from this side; the handler learns why from `unsubscribe`.
  private func end(_ id: UInt64, _ reason: End) {
    let continuation = state.withLock { state -> AsyncStream<Item>.Continuation? in
      guard let subscriber = state.subscribers[id], state.ended[id] == nil else { return nil }
      state.ended[id] = reason
      return subscriber.continuation
    }
    continuation?.finish()
  }

  /// Ends the streams whose caller is refused now (a revoked session, a banned user).
  public func end(where isRevoked: (Caller) -> Bool) {
    let ids = state.withLock { state in state.subscribers.filter { isRevoked($0.value.caller) }.map(\.key) }
    for id in ids { end(id, .revoked) }
  }

  /// Graceful shutdown: every stream ends now, new ones end at once.
  public func shutdown() {
    let ids = state.withLock { state in
      state.shuttingDown = true
      return Array(state.subscribers.keys)
    }
    for id in ids { end(id, .shutdown) }
  }

  public func onlineUsers(among ids: Set<String>) -> Set<String> {
    state.withLock { state in ids.filter { !(state.byUser[$0]?.isEmpty ?? true) } }
  }

  /// Everyone with an open stream.
  public var everyoneOnline: Set<String> { state.withLock { Set($0.byUser.keys) } }

  /// Streams open now, everyone's.
  public var openStreamCount: Int { state.withLock { $0.byUser.values.reduce(0) { $0 + $1.count } } }

  /// Streams `userID` holds open.
  public func openStreams(of userID: String) -> Int {
    state.withLock { $0.byUser[userID]?.count ?? 0 }
  }
}
