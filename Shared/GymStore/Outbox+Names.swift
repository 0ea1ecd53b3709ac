extension Outbox {
  /// The service a job is delivered to; stored as its name. The platform's manifest
  /// (GymService's `ServiceManifest.outboxDestination`) supplies the values, so a new
  /// service adds nothing here.
  public struct Destination: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }
  }

  /// What a job asks its receiver to do; stored as its name.
  public struct Kind: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }

    /// Payload: the deleted user's id (UTF-8). Receivers remove the user's data.
    public static let purgeUser: Kind = "purge-user"
    /// Payload: JSON of the user's ban state. Receivers hide or show the user's content.
    public static let userStanding: Kind = "user-standing"
    /// Payload: JSON `{"userID", "isPrivate"}`; the job's id orders the changes.
    /// Receivers keep a private profile's content for friends and approved followers.
    public static let userVisibility: Kind = "user-visibility"
    /// Payload: JSON of the account's fields services keep (`UserProjection`) and its
    /// version. Receivers replace their copy unless theirs is newer.
    public static let userUpdated: Kind = "user-updated"
  }
}

extension Outbox.Kind {
  /// Payload: JSON `{"programID", "userID"}`. The catalog counts the save (MOST_SAVED).
  public static let programSaved: Outbox.Kind = "program-saved"
}

extension Outbox.Kind {
  /// Payload: JSON of a notification (user, kind, title, body, reference, key) for
  /// messaging's `Notify`.
  public static let notification: Outbox.Kind = "notification"
}

extension Outbox.Kind {
  /// Payload: JSON `{"userA", "userB", "friends"}`; the job's id orders one pair's
  /// changes. Auth keeps its copy of friendships (GetProfile's PRIVATE rule).
  public static let friendship: Outbox.Kind = "friendship"
  /// Payload: JSON `{"userID", "id", "subject", "body"}`: a mail for the user's own
  /// address, which auth sends (`SendUserMail`): messaging's daily digest.
  public static let userMail: Outbox.Kind = "user-mail"
}

extension Outbox.Kind {
  /// Payload: JSON `{"trainerID", "clientID", "active"}`; the job's id orders one pair's
  /// changes. Auth keeps its copy of coaching (a public profile's trainers).
  public static let coaching: Outbox.Kind = "coaching"
  /// Payload: JSON `{"trainerID", "clientCount", "ratingCount", "starSum"}`; the job's id
  /// orders one trainer's figures. Places shows them on the trainer's listing.
  public static let trainerStats: Outbox.Kind = "trainer-stats"
  /// Payload: JSON `{"placeID", "reviewCount", "starSum"}`; the job's id orders one
  /// place's figures. Places shows them with the place.
  public static let placeReviewStats: Outbox.Kind = "place-review-stats"
}
