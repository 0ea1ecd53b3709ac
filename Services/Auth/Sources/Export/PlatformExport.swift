import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import Logging
import SwiftProtobuf
import Synchronization

/// A user's whole data export: auth's own part, then each service that holds user data
/// (the lifecycle destinations, in order) asked for its part over the credentialed
/// connection auth already keeps for purges, each part passed on as it arrives, then a
/// summary. Nothing is gathered in memory: a slow reader slows the services' streams.
public struct PlatformExport: Sendable {
  typealias Send = @Sendable (Gym_Common_V1_ExportPart) async throws -> Void

  let store: AuthStore
  let destinations: [Outbox.Destination]
  let clients: [Outbox.Destination: GymGRPCClient]
  let logger: Logger

  public init(store: AuthStore, destinations: [Outbox.Destination], clients: [Outbox.Destination: GymGRPCClient], logger: Logger) {
    self.store = store
    self.destinations = destinations
    self.clients = clients
    self.logger = logger
  }

  /// Time for one service to stream its part, attachments included.
  static let serviceTimeout: Duration = .seconds(600)

  /// Internal calls fail at once while a peer's connection waits out its reconnect
  /// backoff (at most 2 s), which a service that just started or restarted can leave
  /// behind; an export is not that urgent, so its part is asked again after each of
  /// these (about 7 s in all) before the export fails. Only until the part's first
  /// answer: a part that broke off after sending something is never asked again (the
  /// user would get it twice). Not grpc-swift's retry policy: a call whose stream cannot
  /// be opened is not retried by it, and waits out the whole deadline before failing.
  static let partRetryDelays: [Duration] = [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4)]

  /// UNAVAILABLE before anything is sent when a service that holds user data has no
  /// address: an export that silently lacked its part would mislead the user.
  func checkConfigured() throws {
    for destination in destinations where clients[destination] == nil {
      throw AuthError.unavailable(
        "the export needs gym-\(destination), which this auth is not configured to reach (GYM_\(destination.rawValue.uppercased())_ADDR)")
    }
  }

  func export(userID: String, send: @escaping Send) async throws {
    let streamer = ExportStreamer(service: "auth") { part in try await send(part) }
    var documents = Int64(try await streamer.tables(AuthStore.exportTables(userID: userID), from: store.writer))
    var files: Int64 = 0
    for destination in destinations {
      guard let client = clients[destination] else { continue }
      do {
        let (serviceDocuments, serviceFiles) = try await Self.part(userID: userID, client: client, send: send)
        documents += serviceDocuments
        files += serviceFiles
      } catch {
        throw DependencyError.from(error, dependency: "gym-\(destination)", logger: logger)
      }
    }
    try await send(
      .with {
        $0.summary = .with {
          $0.services = ["auth"] + destinations.map(\.rawValue)
          $0.documents = documents
          $0.files = files
          $0.exportedAt = Google_Protobuf_Timestamp(date: Date())
        }
      })
  }

  /// One service's part, passed on part by part; the documents and files it held.
  /// Every destination answers the same `UserLifecycleInternal.ExportUser`.
  private static func part(userID: String, client: GymGRPCClient, send: @escaping Send) async throws -> (Int64, Int64) {
    var delays = partRetryDelays[...]
    while true {
      let progress = PartProgress()
      do {
        return try await Gym_Common_V1_UserLifecycleInternal.Client(wrapping: client).exportUser(
          .with { $0.userID = userID }, options: .internalCall(timeout: serviceTimeout)
        ) { response in
          for try await message in response.messages {
            progress.received(message.part)
            try await send(message.part)
          }
          return progress.counts
        }
      } catch let error as RPCError where error.code == .unavailable && !progress.started {
        guard let delay = delays.popFirst() else { throw error }
        try await Task.sleep(for: delay)
      }
    }
  }
}

/// What one attempt at a service's part has passed on so far.
private final class PartProgress: Sendable {
  private let state = Mutex<(started: Bool, documents: Int64, files: Int64)>((false, 0, 0))

  var started: Bool { state.withLock { $0.started } }
  var counts: (Int64, Int64) { state.withLock { ($0.documents, $0.files) } }

  func received(_ part: Gym_Common_V1_ExportPart) {
    state.withLock { state in
      state.started = true
      switch part.part {
      case .document: state.documents += 1
      case .file: state.files += 1
      default: break
      }
    }
  }
}
