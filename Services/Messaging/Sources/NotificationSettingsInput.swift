import Foundation
import GymAPI
import GymService
import GymStore

/// An UpdateNotificationSettings request, checked: every problem at once, named by its
/// field. Proto ⇄ store for the settings both ways.
enum NotificationSettingsInput {
  struct Checked {
    var modes: [PushKind: PushMode]
    var emailDigest: [PushKind: Bool]
    /// nil: leave; `.some(nil)`: none.
    var quietHours: QuietHours??
    /// nil: leave.
    var digestMinute: Int?
  }

  static func check(_ request: Gym_Messaging_V1_UpdateNotificationSettingsRequest) throws(GymError) -> Checked {
    var violations: [FieldViolation] = []
    var modes: [PushKind: PushMode] = [:]
    var emailDigest: [PushKind: Bool] = [:]
    var seen: Set<PushKind> = []
    for (index, preference) in request.preferences.enumerated() {
      let field = "preferences[\(index)]"
      guard let kind = PushKind(rawValue: preference.kind) else {
        let known = PushKind.allCases.map(\.rawValue).joined(separator: ", ")
        violations.append(.init("\(field).kind", "is one of \(known)"))
        continue
      }
      if !seen.insert(kind).inserted { violations.append(.init("\(field).kind", "\(kind.rawValue) is given twice")) }
      if let mode = mode(preference.push) { modes[kind] = mode }
      switch preference.emailDigest {
      case .emailDigestOn:
        if kind.offersEmailDigest {
          emailDigest[kind] = true
        } else {
          violations.append(
            .init(
              "\(field).email_digest",
              "cannot be on for \(kind.rawValue): the digest lists direct messages, friend requests, follows, trainer news and moderation outcomes"))
        }
      case .emailDigestOff: emailDigest[kind] = false
      default: break
      }
    }
    var quietHours: QuietHours?? = nil
    if request.hasQuietHours {
      let hours = request.quietHours
      if hours.enabled {
        let start = minute(hours.start, field: "quiet_hours.start", &violations)
        let end = minute(hours.end, field: "quiet_hours.end", &violations)
        if let start, let end {
          if start == end { violations.append(.init("quiet_hours.end", "differs from start (quiet hours cannot be empty or the whole day)")) }
          quietHours = .some(QuietHours(startMinute: start, endMinute: end))
        }
      } else {
        quietHours = .some(nil)
      }
    }
    let digestMinute = request.hasDigestTime ? minute(request.digestTime, field: "digest_time", &violations) : nil
    guard violations.isEmpty else { throw .invalid(violations) }
    return Checked(modes: modes, emailDigest: emailDigest, quietHours: quietHours, digestMinute: digestMinute)
  }

  private static func minute(_ time: Gym_Common_V1_TimeOfDay, field: String, _ violations: inout [FieldViolation]) -> Int? {
    guard (0...23).contains(time.hours), (0...59).contains(time.minutes) else {
      violations.append(.init(field, "is a time of day: hours 0..23, minutes 0..59"))
      return nil
    }
    return Int(time.hours) * 60 + Int(time.minutes)
  }

  /// Minutes after midnight as the API's time of day (the inverse of `minute`).
  static func timeOfDay(_ minute: Int) -> Gym_Common_V1_TimeOfDay {
    .with {
      $0.hours = Int32(minute / 60); $0.minutes = Int32(minute % 60)
    }
  }

  static func mode(_ mode: Gym_Messaging_V1_PushMode) -> PushMode? {
    switch mode {
    case .pushWhenAway: .whenAway
    case .pushAlways: .always
    case .pushNever: .never
    default: nil
    }
  }

  static func proto(_ settings: NotificationSettings) -> Gym_Messaging_V1_NotificationSettings {
    .with {
      $0.preferences = PushKind.allCases.map { kind in
        .with {
          $0.kind = kind.rawValue
          $0.push =
            switch settings.mode(kind) {
            case .whenAway: .pushWhenAway
            case .always: .pushAlways
            case .never: .pushNever
            }
          $0.emailDigest = settings.inEmailDigest(kind) ? .emailDigestOn : .emailDigestOff
        }
      }
      $0.digestTime = timeOfDay(settings.digestTime)
      if let hours = settings.quietHours {
        $0.quietHours = .with {
          $0.enabled = true
          $0.start = timeOfDay(hours.startMinute)
          $0.end = timeOfDay(hours.endMinute)
        }
      } else {
        $0.quietHours = .init()
      }
    }
  }
}
