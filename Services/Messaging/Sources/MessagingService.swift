import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import Logging
import SwiftProtobuf

/// `gym.messaging.v1.MessagingService`: direct messages (`+Direct`), rooms (`+Rooms`),
/// the real-time stream (`+Subscribe`), the social graph (`+Graph`), notifications
/// (`+Notifications`), members' reports (`+Reports`) and the administrators' side
/// (`+Moderation`).
/// Requests are checked by the `…Input` types and answers built by `MessagingMapping`.
public struct MessagingService: Sendable {
  let store: MessagingStore
  let hub: EventHub
  let files: AttachmentFiles
  let maxAttachmentBytes: Int
  let users: any UserDirectory
  /// Messaging's projection of users, for the names responses show.
  let projection: ProjectedUsers
  /// Reports one member may file in 24 hours.
  let reportsPerDay: Int
  /// Place reviews one member may hold.
  let placeReviewsPerUser: Int
  /// Progress photos one member may hold.
  let progressPhotosPerUser: Int
  /// Whether a room's program exists (gym-catalog).
  let programs: any ProgramDirectory
  /// Whether a place exists, for its room and reviews.
  let places: any PlaceDirectory
  let rooms: MessagingStore.RoomLimits
  let attachmentLimits: AttachmentLimits
  /// Uploads in flight, by user.
  let uploads: PerUserSlots
  /// Which devices may register for push, and how many per account.
  let push: PushSettings
  /// Where a profile picture is named (auth's profile).
  let pictures: any ProfilePictures
  let logger: Logger

  public init(
    store: MessagingStore, hub: EventHub, files: AttachmentFiles, maxAttachmentBytes: Int, users: any UserDirectory,
    reportsPerDay: Int = 20, placeReviewsPerUser: Int = 100, progressPhotosPerUser: Int = 1000, programs: any ProgramDirectory = NoProgramDirectory(),
    places: any PlaceDirectory = NoPlaceDirectory(), rooms: MessagingStore.RoomLimits = .init(),
    attachmentLimits: AttachmentLimits = .init(), uploads: PerUserSlots = PerUserSlots(), push: PushSettings = PushSettings(),
    pictures: any ProfilePictures, logger: Logger
  ) {
    self.pictures = pictures
    self.store = store
    self.hub = hub
    self.files = files
    self.maxAttachmentBytes = maxAttachmentBytes
    self.users = users
    self.projection = ProjectedUsers(writer: store.writer, auth: users)
    self.reportsPerDay = reportsPerDay
    self.placeReviewsPerUser = placeReviewsPerUser
    self.progressPhotosPerUser = progressPhotosPerUser
    self.programs = programs
    self.places = places
    self.rooms = rooms
    self.attachmentLimits = attachmentLimits
    self.uploads = uploads
    self.push = push
    self.logger = logger
  }

  /// The account behind an id, which must exist and not be banned. A banned account is
  /// answered exactly as an unknown one (`noSuchUser`): a ban is between the user and the
  /// administrators, and a different answer would tell anyone who tries to message them.
  func activeUser(id: String, field: String) async throws -> Gym_Auth_V1_User {
    guard !id.isEmpty else { throw GymError.invalid([.init(field, "is required")]) }
    guard let user = try await users.user(id: id), !user.hasBan else { throw Self.noSuchUser }
    return user
  }

  /// The one answer for an id or username that names no usable account. It does not echo
  /// what was asked, so the words are the same whichever lookup failed and why.
  static let noSuchUser = GymError.notFound("no such user")

  /// User references for responses, from messaging's projection of users (names as
  /// auth's updates last said; a user it lacks is asked of auth once and kept).
  func userRefs(_ ids: [String]) async throws -> [String: Gym_Messaging_V1_UserRef] {
    try await projection.users(ids: ids).mapValues { user in
      .with {
        $0.userID = user.userID
        $0.username = user.username
        $0.displayName = user.displayName
      }
    }
  }

  /// The stored form of an event: everything but its id (the log assigns it).
  /// - Parameter about: the other user whose message, request or name it carries ("" for
  ///   none): the event leaves `userID`'s log when that account is deleted.
  static func draft(
    for userID: String, about: String, _ kind: Gym_Messaging_V1_EventKind, _ fill: (inout Gym_Messaging_V1_Event) -> Void
  ) throws -> MessagingStore.EventDraft {
    var event = Gym_Messaging_V1_Event()
    event.kind = kind
    fill(&event)
    let subject: String? =
      switch event.payload {
      case .message(let message): message.id
      case .friendRequest(let request): request.id
      default: nil
      }
    return .init(userID: userID, kind: kind.rawValue, payload: try event.serializedData(), subjectID: subject, aboutID: about)
  }

  /// Whom a stored event names, for events stored before they said whom they are about.
  /// An unreadable payload names no one.
  static func subjects(kind: Int, payload: Data) -> MessagingStore.EventSubjects {
    guard let event = try? Gym_Messaging_V1_Event(serializedBytes: payload) else { return .init(userIDs: []) }
    switch event.payload {
    case .message(let message):
      return .init(userIDs: [message.sender.userID], conversationID: message.conversationID.isEmpty ? nil : message.conversationID)
    case .friendRequest(let request):
      return .init(userIDs: [request.from.userID, request.to.userID])
    default:
      return .init(userIDs: [])
    }
  }

  /// Newest-first lists page by rowid: the token's position is the last rowid seen (0 on
  /// the first page).
  static func before(_ paging: Paging) throws -> Int64 {
    guard let position = paging.position else { return 0 }
    guard let rid = Int64(position), rid > 0 else { throw GymError.invalid([.init("page_token", "is not a token this list issued")]) }
    return rid
  }

  /// Oldest-first lists (the report queue) page by rowid the other way: the token's
  /// position is the last rowid seen, read the same way.
  static func after(_ paging: Paging) throws -> Int64 { try before(paging) }

  /// The token after a page of rowids: empty when the page was not full and not cut
  /// short by `Paging.fitting` (`fetched` rows read, `rids` the ones sent).
  static func nextToken(_ paging: Paging, after rids: [Int64], fetched: Int? = nil) -> String {
    guard rids.count == paging.size || rids.count < (fetched ?? rids.count), let last = rids.last else { return "" }
    return Paging.token(for: String(last))
  }
}

extension MessagingService: Gym_Messaging_V1_MessagingService.SimpleServiceProtocol {}
