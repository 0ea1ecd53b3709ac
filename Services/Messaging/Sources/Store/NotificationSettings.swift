import Foundation

/// The kinds of event a user chooses how to hear of by push.
public enum PushKind: String, Sendable, CaseIterable {
  case directMessage = "direct-message"
  case roomMessage = "room-message"
  case friendRequest = "friend-request"
  case follow
  /// A trainer's invitation, a member's request to a trainer.
  case trainer
  case workoutReminder = "workout-reminder"
  /// The outcome of a report.
  case moderation

  /// Room messages are many: pushed only when the user asks.
  public var defaultMode: PushMode { self == .roomMessage ? .never : .whenAway }

  /// The kind a push's content belongs to (a notification's kind as its sender names it);
  /// nil for one no preference names (pushed when away).
  public init?(contentKind: String) {
    switch contentKind {
    case "follow_request", "follow": self = .follow
    case "trainer_invitation", "trainer_request": self = .trainer
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

/// A user's push preferences: a mode per kind (the default where none is stored) and
/// their quiet hours, if any.
public struct NotificationSettings: Sendable, Equatable {
  public var modes: [PushKind: PushMode]
  public var quietHours: QuietHours?

  public init(modes: [PushKind: PushMode] = [:], quietHours: QuietHours? = nil) {
    self.modes = modes
    self.quietHours = quietHours
  }

  public func mode(_ kind: PushKind) -> PushMode { modes[kind] ?? kind.defaultMode }
}
