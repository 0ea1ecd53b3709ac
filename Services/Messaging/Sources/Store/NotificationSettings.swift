import Foundation

/// The kinds of event a user chooses how to hear of by push.
public enum PushKind: String, Sendable, CaseIterable {
  case directMessage = "direct-message"
  case roomMessage = "room-message"
  case friendRequest = "friend-request"
  case follow
  /// A trainer's invitation, a member's request to a trainer, a client's finished workout.
  case trainer
  case workoutReminder = "workout-reminder"
  /// The outcome of a report.
  case moderation

  /// Room messages are many: pushed only when the user asks.
  public var defaultMode: PushMode { self == .roomMessage ? .never : .whenAway }

  /// Whether the daily email digest lists this kind: not room messages (too many) nor
  /// workout reminders (about the day itself).
  public var offersEmailDigest: Bool { self != .roomMessage && self != .workoutReminder }

  /// In the digest unless the user says otherwise: what someone waits on an answer to.
  public var defaultEmailDigest: Bool { offersEmailDigest && self != .follow }

  /// The kind a push's content belongs to (a notification's kind as its sender names it);
  /// nil for one no preference names (pushed when away).
  public init?(contentKind: String) {
    switch contentKind {
    case "follow_request", "follow": self = .follow
    case "trainer_invitation", "trainer_request", "client-session": self = .trainer
    case "report-reviewed": self = .moderation
    default: self.init(rawValue: contentKind)
    }
  }
}

/// When a kind of event is pushed.
public enum PushMode: Int, Sendable {
  /// Only while the user has no stream open.
  case whenAway = 1
  case always = 2
  case never = 3
}

/// Hours of the day, in the user's zone, when pushes arrive silently.
public struct QuietHours: Sendable, Equatable {
  /// Minutes after midnight; `start` after `end` spans midnight.
  public var startMinute: Int
  public var endMinute: Int

  public init(startMinute: Int, endMinute: Int) {
    self.startMinute = startMinute
    self.endMinute = endMinute
  }

  public func contains(minuteOfDay minute: Int) -> Bool {
    startMinute < endMinute ? (startMinute..<endMinute).contains(minute) : minute >= startMinute || minute < endMinute
  }

  /// Whether `instant` falls in them, in `zone`.
  public func contains(_ instant: Date, in zone: TimeZone) -> Bool {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents([.hour, .minute], from: instant)
    return contains(minuteOfDay: (parts.hour ?? 0) * 60 + (parts.minute ?? 0))
  }
}

/// A user's notification preferences: a push mode and an email-digest choice per kind
/// (the defaults where none is stored), their quiet hours, if any, and the digest's time.
public struct NotificationSettings: Sendable, Equatable {
  /// 08:00 in the user's zone.
  public static let defaultDigestMinute = 8 * 60

  public var modes: [PushKind: PushMode]
  public var quietHours: QuietHours?
  public var emailDigest: [PushKind: Bool]
  /// Minutes after midnight in the user's zone; nil: the default.
  public var digestMinute: Int?

  public init(
    modes: [PushKind: PushMode] = [:], quietHours: QuietHours? = nil, emailDigest: [PushKind: Bool] = [:], digestMinute: Int? = nil
  ) {
    self.modes = modes
    self.quietHours = quietHours
    self.emailDigest = emailDigest
    self.digestMinute = digestMinute
  }

  public func mode(_ kind: PushKind) -> PushMode { modes[kind] ?? kind.defaultMode }

  public func inEmailDigest(_ kind: PushKind) -> Bool { kind.offersEmailDigest && (emailDigest[kind] ?? kind.defaultEmailDigest) }

  public var digestTime: Int { digestMinute ?? Self.defaultDigestMinute }

  /// The next time the digest goes after `now`: the digest's minute of the day in `zone`.
  public func nextDigest(after now: Date, in zone: TimeZone) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let time = DateComponents(hour: digestTime / 60, minute: digestTime % 60, second: 0)
    // A minute a clock change skips (02:30 on the spring-forward night) falls to the next one that exists.
    return calendar.nextDate(after: now, matching: time, matchingPolicy: .nextTime) ?? now.addingTimeInterval(86_400)
  }
}
