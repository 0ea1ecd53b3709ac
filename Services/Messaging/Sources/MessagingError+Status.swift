import GRPCCore
import GymService
import GymStore

/// The one mapping from messaging's errors to gRPC status (the error table in docs/api.md).
extension MessagingError: GymErrorMapping {
  public var rpcError: RPCError {
    switch self {
    case .alreadyFriends: .alreadyExists(field: "user_id", "you are already friends")
    case .friendRequestPending: .alreadyExists(field: "user_id", "a friend request to this user is already pending")
    case .unknownAttachment(let position, let id):
      .invalidArgument([FieldViolation("attachment_ids[\(position)]", "no upload of yours has id \(id); upload it first")])
    case .cursorExpired(let floor):
      RPCError(
        code: .outOfRange,
        message: "events up to \(floor) are no longer kept; reload conversations and rooms, then subscribe with after_event_id 0")
    case .alreadyReported:
      .alreadyExists(field: "target", "you have already reported this; moderators will review it and you will be notified")
    case .tooManyReports(let limit, let retryAfter):
      .resourceExhausted(
        "you have filed \(limit) reports in the last 24 hours, the most allowed; moderators will review them, try again later",
        retryAfter: .seconds(max(1, retryAfter.rounded(.up))))
    case .tooManyStreams(let open):
      // No retry delay: waiting admits nothing, closing a stream does.
      RPCError(
        code: .resourceExhausted,
        message: "this account has \(open) streams open, the most allowed; close one before subscribing again")
    case .tooManyRooms(let limit):
      RPCError(code: .resourceExhausted, message: "you own \(limit) rooms, the most allowed (closed ones count)")
    case .roomFull(let limit):
      RPCError(code: .resourceExhausted, message: "this room has \(limit) members, the most allowed; join when someone leaves")
    case .roomClosed(let id, let doing):
      RPCError(code: .failedPrecondition, message: "room \(id) is closed: you cannot \(doing) any more (members can still read it)")
    case .postingTooFast(let limit, let retryAfter):
      .resourceExhausted(
        "you posted \(limit) room messages in the last minute, the most allowed; try again in \(Int(max(1, retryAfter.rounded(.up)))) s",
        retryAfter: .seconds(max(1, retryAfter.rounded(.up))))
    case .attachmentQuota(let used, let quota):
      RPCError(
        code: .resourceExhausted,
        message:
          "attachment storage quota: you hold \(used) of your \(quota) bytes and this upload does not fit; deleting messages or posts that carry pictures frees their space, and uploads never sent go after a day"
      )
    case .tooManyUploads(let inFlight):
      // Uploads finish on their own: waiting helps.
      .resourceExhausted("you have \(inFlight) uploads in flight, the most allowed; wait for one to finish", retryAfter: .seconds(1))
    case .unknownProgram(let id):
      .notFound("program_id: no program with id \(id) in the catalog")
    case .catalogNotConfigured:
      RPCError(
        code: .unavailable,
        message: "rooms about a program are unavailable: this server does not reach the catalog (GYM_CATALOG_ADDR); leave program_id empty")
    case .unknownPlace(let id):
      .notFound("place_id: no place with id \(id) in gym-places")
    case .placesNotConfigured:
      RPCError(code: .unavailable, message: "places' rooms and reviews are unavailable: this server does not reach gym-places (GYM_PLACES_ADDR)")
    case .notHomeGym(let placeID):
      RPCError(
        code: .failedPrecondition,
        message: "only members whose home gym is this place may review it: set home_gym_id to \(placeID) on your profile (UpdateProfile) first")
    case .placeReviewRemoved:
      RPCError(code: .failedPrecondition, message: "a moderator removed your review of this place; it cannot be written again or deleted")
    case .tooManyPlaceReviews(let limit):
      RPCError(code: .resourceExhausted, message: "you hold \(limit) place reviews, the most allowed; delete one to review another place")
    case .unknownUpload(let id):
      .notFound("attachment_id: no upload of yours with id \(id.prefix(64)); upload the picture first (UploadAttachment)")
    case .pictureInUse(let id):
      .invalidArgument([FieldViolation("attachment_id", "upload \(id.prefix(64)) is another progress photo's picture; upload the picture again")])
    case .tooManyProgressPhotos(let limit):
      RPCError(code: .resourceExhausted, message: "you hold \(limit) progress photos, the most allowed; delete one to add another")
    }
  }
}
