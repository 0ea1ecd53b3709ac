import GRPCCore
import GymService
import GymStore
import Testing

@testable import GymMessaging

/// The one mapping from messaging's errors (handlers' and the store's alike) to status
/// codes and the words a client reads, one row per case. `row(for:)` switches over every
/// case, so a new case does not compile until it has a row here.
@Suite struct MessagingErrorStatusTests {
  static let samples: [MessagingError] = [
    .alreadyFriends,
    .friendRequestPending,
    .unknownAttachment(position: 1, id: "a9"),
    .cursorExpired(floor: 42),
    .alreadyReported,
    .tooManyReports(limit: 20, retryAfter: 3600),
    .tooManyStreams(open: 10),
    .tooManyRooms(limit: 50),
    .roomFull(limit: 10_000),
    .roomClosed(id: "r1", doing: "post"),
    .postingTooFast(limit: 30, retryAfter: 12.2),
    .attachmentQuota(usedBytes: 900, quotaBytes: 1000),
    .tooManyUploads(inFlight: 3),
    .unknownProgram("p1"),
    .catalogNotConfigured,
    .unknownPlace("g1"),
    .placesNotConfigured,
    .notHomeGym(placeID: "g1"),
    .placeReviewRemoved,
    .tooManyPlaceReviews(limit: 100),
    .unknownUpload("u1"),
    .pictureInUse("u1"),
    .tooManyProgressPhotos(limit: 1000),
  ]

  static func row(for error: MessagingError) -> (RPCError.Code, String) {
    switch error {
    case .alreadyFriends: (.alreadyExists, "you are already friends")
    case .friendRequestPending: (.alreadyExists, "a friend request to this user is already pending")
    case .unknownAttachment: (.invalidArgument, "invalid request: attachment_ids[1]: no upload of yours has id a9; upload it first")
    case .cursorExpired:
      (.outOfRange, "events up to 42 are no longer kept; reload conversations and rooms, then subscribe with after_event_id 0")
    case .alreadyReported: (.alreadyExists, "you have already reported this; moderators will review it and you will be notified")
    case .tooManyReports:
      (.resourceExhausted, "you have filed 20 reports in the last 24 hours, the most allowed; moderators will review them, try again later")
    case .tooManyStreams:
      (.resourceExhausted, "this account has 10 streams open, the most allowed; close one before subscribing again")
    case .tooManyRooms: (.resourceExhausted, "you own 50 rooms, the most allowed (closed ones count)")
    case .roomFull: (.resourceExhausted, "this room has 10000 members, the most allowed; join when someone leaves")
    case .roomClosed: (.failedPrecondition, "room r1 is closed: you cannot post any more (members can still read it)")
    case .postingTooFast: (.resourceExhausted, "you posted 30 room messages in the last minute, the most allowed; try again in 13 s")
    case .attachmentQuota:
      (
        .resourceExhausted,
        "attachment storage quota: you hold 900 of your 1000 bytes and this upload does not fit; deleting messages or posts that carry pictures frees their space, and uploads never sent go after a day"
      )
    case .tooManyUploads: (.resourceExhausted, "you have 3 uploads in flight, the most allowed; wait for one to finish")
    case .unknownProgram: (.notFound, "program_id: no program with id p1 in the catalog")
    case .catalogNotConfigured:
      (
        .unavailable,
        "rooms about a program are unavailable: this server does not reach the catalog (GYM_CATALOG_ADDR); leave program_id empty"
      )
    case .unknownPlace: (.notFound, "place_id: no place with id g1 in gym-places")
    case .placesNotConfigured:
      (.unavailable, "places' rooms and reviews are unavailable: this server does not reach gym-places (GYM_PLACES_ADDR)")
    case .notHomeGym:
      (
        .failedPrecondition,
        "only members whose home gym is this place may review it: set home_gym_id to g1 on your profile (UpdateProfile) first"
      )
    case .placeReviewRemoved: (.failedPrecondition, "a moderator removed your review of this place; it cannot be written again or deleted")
    case .tooManyPlaceReviews: (.resourceExhausted, "you hold 100 place reviews, the most allowed; delete one to review another place")
    case .unknownUpload: (.notFound, "attachment_id: no upload of yours with id u1; upload the picture first (UploadAttachment)")
    case .pictureInUse: (.invalidArgument, "invalid request: attachment_id: upload u1 is another progress photo's picture; upload the picture again")
    case .tooManyProgressPhotos: (.resourceExhausted, "you hold 1000 progress photos, the most allowed; delete one to add another")
    }
  }

  @Test(arguments: samples)
  func mapsToItsStatusAndWords(_ error: MessagingError) {
    let (code, message) = Self.row(for: error)
    #expect(RPCError(error).code == code)
    #expect(RPCError(error).message == message)
  }

  /// The store says which attachment or user it refuses; this mapping names the field.
  @Test func fieldErrorsNameTheirField() {
    #expect(RPCError(MessagingError.alreadyFriends).fieldViolations.map(\.field) == ["user_id"])
    #expect(RPCError(MessagingError.friendRequestPending).fieldViolations.map(\.field) == ["user_id"])
    #expect(RPCError(MessagingError.unknownAttachment(position: 1, id: "a9")).fieldViolations.map(\.field) == ["attachment_ids[1]"])
  }

  /// The refusals every service shares (`GymError`), as messaging words them: the same
  /// status codes and words as when messaging's own enum carried them.
  static let sharedRows: [(GymError, RPCError.Code, String)] = [
    (
      .invalid([FieldViolation("text", "must be 1 to 4000 characters")]), .invalidArgument,
      "invalid request: text: must be 1 to 4000 characters"
    ),
    (.notFound("no user named nobody"), .notFound, "no user named nobody"),
    (.permissionDenied("join the room first"), .permissionDenied, "join the room first"),
    (.alreadyExists(field: "user_id", "you are already friends"), .alreadyExists, "you are already friends"),
    (.failedPrecondition("you cannot message yourself"), .failedPrecondition, "you cannot message yourself"),
  ]

  @Test(arguments: sharedRows)
  func sharedRefusalsMapToTheirStatusAndWords(_ error: GymError, _ code: RPCError.Code, _ message: String) {
    #expect(RPCError(error).code == code)
    #expect(RPCError(error).message == message)
  }
}
