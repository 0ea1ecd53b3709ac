import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import SwiftProtobuf

extension MessagingService {
  /// A subscription is checked before its stream starts, so a refused one is a status
  /// alone (trailers only): an HTTP/JSON subscriber gets an HTTP error, and response
  /// headers mean the platform took the subscription.
  public func subscribe(
    request: ServerRequest<Gym_Messaging_V1_SubscribeRequest>, context: ServerContext
  ) async throws -> StreamingServerResponse<Gym_Messaging_V1_Event> {
    let caller = try await admitSubscription(request.message)
    return StreamingServerResponse { writer in
      try await self.stream(request.message, to: writer, for: caller)
      return [:]
    }
  }

  public func subscribe(
    request: Gym_Messaging_V1_SubscribeRequest, response: RPCWriter<Gym_Messaging_V1_Event>, context: ServerContext
  ) async throws {
    try await stream(request, to: response, for: try await admitSubscription(request))
  }

  private func admitSubscription(_ request: Gym_Messaging_V1_SubscribeRequest) async throws -> Caller {
    let caller = try Caller.current()
    guard request.afterEventID >= 0 else { throw GymError.invalid([.init("after_event_id", "must not be negative")]) }
    if request.afterEventID > 0 {
      let floor = try await store.eventFloor(userID: caller.userID)
      if request.afterEventID < floor { throw MessagingError.cursorExpired(floor: floor) }
    }
    return caller
  }

  /// Replay from the cursor, then live. The stream joins the hub before the log is
  /// read, so an event committed meanwhile is either in the read or in the stream's
  /// buffer (or both, and then skipped by id): no gap, no duplicate.
  private func stream(
    _ request: Gym_Messaging_V1_SubscribeRequest, to response: RPCWriter<Gym_Messaging_V1_Event>, for caller: Caller
  ) async throws {
    let subscription = try hub.subscribe(caller)
    /// Leaves the hub once, whichever way the stream ends; why this side ended it, if it
    /// did. Peers hear that the user went offline before the stream's end is reported:
    /// the announcement is part of the call, not work left running after it. (A caller
    /// going away ends the call through its cancellation handler, not by cancelling this
    /// task, so the read it needs still works.)
    func leave() async -> EventHub.End? {
      let (wentOffline, end) = hub.unsubscribe(subscription.id)
      if wentOffline { await announce(caller.userID, online: false) }
      return end
    }
    do {
      if subscription.cameOnline { await announce(caller.userID, online: true) }
      var cursor = request.afterEventID
      if cursor > 0 {
        while true {
          let batch = try await store.events(userID: caller.userID, after: cursor, limit: 500)
          for event in batch { try await response.write(try Self.event(event)) }
          cursor = batch.last?.id ?? cursor
          if batch.count < 500 { break }
        }
      }
      // gRPC reports a caller that went away through this handler, not by cancelling
      // the task: end the stream's buffer so the loop below finishes.
      try await withRPCCancellationHandler {
        for await item in subscription.items {
          switch item {
          case .event(let event):
            guard event.id > cursor else { continue }
            try await response.write(try Self.event(event))
            cursor = event.id
          case .presence(let userID, let online):
            try await response.write(
              .with {
                $0.kind = .presence
                $0.at = .init(date: Date())
                $0.presence = .with {
                  $0.userID = userID; $0.online = online
                }
              })
          }
        }
      } onCancelRPC: { [hub] in
        hub.cancel(subscription.id)
      }
    } catch {
      _ = await leave()
      throw error
    }
    switch await leave() {
    case .overflow?:
      try await response.write(
        .with {
          $0.kind = .resumeRequired; $0.at = .init(date: Date())
        })
    case .revoked?:
      throw RPCError.unauthenticated("the session has ended; sign in again")
    case .shutdown?, nil:
      break
    }
  }

  /// Tells the user's room peers who are online that the user came or went (peers in a
  /// block with the user, either way, are not told: the store leaves them out).
  func announce(_ userID: String, online: Bool) async {
    do {
      let peers = try await store.roomPeers(of: userID)
      hub.deliver(.presence(userID: userID, online: online), to: peers)
    } catch {
      logger.warning("presence not announced", metadata: ["error": "\(error)"])
    }
  }

  static func event(_ stored: MessagingStore.StoredEvent) throws -> Gym_Messaging_V1_Event {
    var event = try Gym_Messaging_V1_Event(serializedBytes: stored.payload)
    event.id = stored.id
    event.at = .init(date: stored.createdAt)
    return event
  }
}
