import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import SwiftProtobuf

/// An outbox job as the `UserLifecycleInternal` call it stands for. The kinds and
/// payloads are the stored ones (jobs queued by earlier versions included), so they
/// are read here exactly as they were written.
enum LifecycleEvent: Sendable, Equatable {
  case purge(Gym_Common_V1_PurgeUserRequest)
  case standing(Gym_Common_V1_SetUserStandingRequest)
  case visibility(Gym_Common_V1_SetUserVisibilityRequest)
  case update(Gym_Common_V1_UpdateUserRequest)

  struct UnknownKind: Error, CustomStringConvertible {
    let kind: Outbox.Kind
    var description: String { "no lifecycle call for outbox jobs of kind '\(kind)'" }
  }

  init(_ job: Outbox.Job) throws {
    switch job.kind {
    case .purgeUser:
      self = .purge(.with { $0.userID = String(decoding: job.payload, as: UTF8.self) })
    case .userStanding:
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .secondsSince1970
      let standing = try decoder.decode(AuthStore.Standing.self, from: job.payload)
      self = .standing(
        .with {
          $0.userID = standing.userID
          $0.banned = standing.banned
          if let until = standing.until { $0.bannedUntil = .init(date: until) }
          // Jobs queued before standings carried a version are ordered by their id.
          $0.sequence = standing.version ?? job.id
        })
    case .userVisibility:
      let visibility = try JSONDecoder().decode(AuthStore.Visibility.self, from: job.payload)
      self = .visibility(
        .with {
          $0.userID = visibility.userID
          $0.isPrivate = visibility.isPrivate
          // Auth's job ids only grow: they order one user's visibility changes.
          $0.sequence = job.id
        })
    case .userUpdated:
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .secondsSince1970
      self = .update(.init(try decoder.decode(UserProjection.User.self, from: job.payload)))
    default:
      throw UnknownKind(kind: job.kind)
    }
  }

  func send<Transport: ClientTransport>(to receiver: Gym_Common_V1_UserLifecycleInternal.Client<Transport>) async throws {
    let options = CallOptions.internalCall()
    switch self {
    case .purge(let request): _ = try await receiver.purgeUser(request, options: options)
    case .standing(let request): _ = try await receiver.setUserStanding(request, options: options)
    case .visibility(let request): _ = try await receiver.setUserVisibility(request, options: options)
    case .update(let request): _ = try await receiver.updateUser(request, options: options)
    }
  }
}
