import Foundation
import GymService
import Synchronization

/// Open Subscribe streams by user. Committed events are handed to every stream of their
/// owner; a stream's buffer is bounded, and a stream that falls that far behind is
/// ended (told to resume from its cursor) rather than slowing anyone else. Who has an
/// open stream is who is online.
public final class EventHub: Sendable {
  public enum Item: Sendable, Equatable {
    case event(MessagingStore.StoredEvent)
    /// Not stored: who came online or went offline.
    case presence(userID: String, online: Bool)
  }

  /// Why a stream was ended from this side.
  public enum End: Sendable, Equatable {
    case overflow
    case revoked
    case shutdown
  }

  public struct Subscription: Sendable {
    public let id: UInt64
    public let items: AsyncStream<Item>
    /// True when this stream made its user go from offline to online.
    public let cameOnline: Bool
  }

  private struct Subscriber {
    var caller: Caller
    var continuation: AsyncStream<Item>.Continuation
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
  /// Items a stream may hold unread before it is ended.
  public let bufferLimit: Int

  public init(bufferLimit: Int = 1000) {
    self.bufferLimit = bufferLimit
  }

  /// Opens a stream for a caller; events committed from now on reach it.
  public func subscribe(_ caller: Caller) -> Subscription {
    let userID = caller.userID
    let (items, continuation) = AsyncStream<Item>.makeStream(bufferingPolicy: .bufferingOldest(bufferLimit))
    let (id, cameOnline, closed) = state.withLock { state in
      state.nextID += 1
      let id = state.nextID
      if state.shuttingDown {
        state.ended[id] = .shutdown
        return (id, false, true)
      }
      state.subscribers[id] = Subscriber(caller: caller, continuation: continuation)
      let wasOnline = !(state.byUser[userID]?.isEmpty ?? true)
      state.byUser[userID, default: []].insert(id)
      return (id, !wasOnline, false)
    }
    if closed { continuation.finish() }
    return Subscription(id: id, items: items, cameOnline: cameOnline)
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
      userIDs.flatMap { state.byUser[$0] ?? [] }.compactMap { id in state.subscribers[id].map { (id, $0.continuation) } }
    }
    for (id, continuation) in targets {
      if case .dropped = continuation.yield(item) { end(id, .overflow) }
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
}
