import GRPCCore
import GymService
import Testing

@testable import GymMessaging

/// The one mapping from messaging's errors (handlers' and the store's alike) to status
/// codes and the words a client reads, one row per case. `row(for:)` switches over every
/// case, so a new case does not compile until it has a row here.
@Suite struct MessagingErrorStatusTests {
  static let samples: [MessagingError] = [
    .invalid([FieldViolation("text", "must be 1 to 4000 characters")]),
    .notFound("no user named nobody"),
    .permissionDenied("join the room first"),
    .alreadyExists(field: "user_id", "you are already friends"),
    .failedPrecondition("you cannot message yourself"),
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
  ]

  static func row(for error: MessagingError) -> (RPCError.Code, String) {
    switch error {
    case .invalid: (.invalidArgument, "invalid request: text: must be 1 to 4000 characters")
    case .notFound: (.notFound, "no user named nobody")
    case .permissionDenied: (.permissionDenied, "join the room first")
    case .alreadyExists: (.alreadyExists, "you are already friends")
    case .failedPrecondition: (.failedPrecondition, "you cannot message yourself")
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
    }
  }

  @Test(arguments: samples)
  func mapsToItsStatusAndWords(_ error: MessagingError) {
    let (code, message) = Self.row(for: error)
    #expect(RPCError(error).code == code)
    #expect(RPCError(error).message == message)
  }
}
