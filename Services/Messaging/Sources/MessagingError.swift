import GymService
import GymStore

/// What only messaging refuses (the refusals every service shares are `GymError`),
/// thrown by handlers and the store alike (the store imports no gRPC; neither does this
/// type). `MessagingError+Status` maps each case once.
public enum MessagingError: Error, Equatable, Sendable {
  /// The two users are friends already.
  case alreadyFriends
  /// The caller's friend request to this user is still pending.
  case friendRequestPending
  /// The attachment at `position` of a message or post is not an upload of the sender's.
  case unknownAttachment(position: Int, id: String)
  /// A Subscribe cursor older than the kept event log: events after it may be gone.
  case cursorExpired(floor: Int64)
  /// The caller's report on this target is still open.
  case alreadyReported
  /// The reporter's daily allowance is used up; seconds until a report is allowed again.
  case tooManyReports(limit: Int, retryAfter: Double)
  /// The user already has this many Subscribe streams open, the most allowed.
  case tooManyStreams(open: Int)
  /// The user owns this many rooms, the most allowed.
  case tooManyRooms(limit: Int)
  /// The room holds this many members, the most allowed.
  case roomFull(limit: Int)
  /// The room is closed; what the caller tried ("post", "join").
  case roomClosed(id: String, doing: String)
  /// The member posted `limit` room messages in the last minute; seconds until one more is allowed.
  case postingTooFast(limit: Int, retryAfter: Double)
  /// The upload would take the user's attachments past their storage quota.
  case attachmentQuota(usedBytes: Int64, quotaBytes: Int64)
  /// The user has this many uploads in flight, the most allowed.
  case tooManyUploads(inFlight: Int)
  /// The catalog has no program with this id the caller may see.
  case unknownProgram(String)
  /// No catalog address is configured, so a program cannot be checked.
  case catalogNotConfigured
  /// Places has no place with this id.
  case unknownPlace(String)
  /// No places address is configured, so a place cannot be checked.
  case placesNotConfigured
  /// The caller's profile does not name this place as their home gym.
  case notHomeGym(placeID: String)
  /// A moderator removed the caller's review of this place.
  case placeReviewRemoved
  /// The member holds this many place reviews, the most allowed.
  case tooManyPlaceReviews(limit: Int)
  /// The caller has no upload with this id.
  case unknownUpload(String)
  /// Another of the caller's progress photos shows this upload.
  case pictureInUse(String)
  /// The member holds this many progress photos, the most allowed.
  case tooManyProgressPhotos(limit: Int)
}
