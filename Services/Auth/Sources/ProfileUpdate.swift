import Foundation
import GymAPI
import GymService
import GymStore

/// A validated profile change from an `UpdateProfile` field mask. Every invalid path
/// or value is reported at once, each naming its field.
struct ProfileUpdate: Sendable {
  private var changes: [@Sendable (inout UserRecord) -> Void] = []
  /// A profile picture's path given as avatar_url: taken only when it is the one set.
  private(set) var keptPicture: String?

  static let paths: Set<String> = [
    "display_name", "bio", "avatar_url", "date_of_birth", "sex", "height_m", "experience_level", "unit_system",
    "time_zone", "visibility", "home_location", "home_gym_id", "city", "show_location", "given_name", "family_name",
    "show_home_gym", "show_trainers",
  ]

  static let displayNameBound = TextBound(characters: 100, minimum: 1)
  static let bioBound = TextBound(characters: 1000)
  static let cityBound = TextBound(characters: 100)
  static let homeGymIDBound = TextBound(characters: 64)
  static let personalNameBound = TextBound(characters: 100)

  init(profile p: Gym_Auth_V1_Profile, paths: [String], now: Date = Date()) throws(GymError) {
    var violations: [FieldViolation] = []
    if paths.isEmpty {
      throw .invalid([FieldViolation("update_mask", "list the profile fields to change, e.g. [\"display_name\", \"bio\"]")])
    }
    for path in Set(paths) {
      let field = "profile.\(path)"
      switch path {
      case "display_name":
        let name = p.displayName.trimmingCharacters(in: .whitespacesAndNewlines)
        if let violation = Self.displayNameBound.violation(name, field: field) { violations.append(violation) }
        changes.append { $0.displayName = name }
      case "bio":
        if let violation = Self.bioBound.violation(p.bio, field: field) { violations.append(violation) }
        changes.append { $0.bio = p.bio }
      case "avatar_url" where ProfilePicture.attachmentID(in: p.avatarURL) != nil:
        // A client sending the whole profile back sends its picture's path too: kept as it
        // is when it is the picture already set (a new one is set by SetProfilePicture).
        keptPicture = p.avatarURL
      case "avatar_url":
        if !p.avatarURL.isEmpty && !WebURL.isValid(p.avatarURL, maxBytes: 2048) {
          violations.append(FieldViolation(field, "must be an http(s) URL of at most 2048 bytes, or empty"))
        }
        changes.append { $0.avatarURL = p.avatarURL }
      case "date_of_birth":
        if !p.hasDateOfBirth {
          changes.append { $0.dateOfBirth = nil }
        } else if let born = Self.plausibleBirthDate(p.dateOfBirth, now: now) {
          changes.append { $0.dateOfBirth = born.description }
        } else {
          violations.append(FieldViolation(field, "must be a real date in the past, at most 120 years ago"))
        }
      case "sex":
        if case .UNRECOGNIZED = p.sex { violations.append(FieldViolation(field, "is not a known value")) }
        changes.append { $0.sex = p.sex.rawValue }
      case "height_m":
        if p.heightM != 0 && !(0.5...2.75).contains(p.heightM) {
          violations.append(FieldViolation(field, "must be between 0.5 and 2.75 metres (0 clears it)"))
        }
        changes.append { $0.heightM = p.heightM == 0 ? nil : p.heightM }
      case "experience_level":
        if case .UNRECOGNIZED = p.experienceLevel { violations.append(FieldViolation(field, "is not a known value")) }
        changes.append { $0.experienceLevel = p.experienceLevel.rawValue }
      case "unit_system":
        if case .UNRECOGNIZED = p.unitSystem { violations.append(FieldViolation(field, "is not a known value")) }
        changes.append { $0.unitSystem = p.unitSystem.rawValue }
      case "time_zone":
        if !p.timeZone.isEmpty && (TimeZone(identifier: p.timeZone) == nil || !p.timeZone.contains("/") && p.timeZone != "UTC") {
          violations.append(FieldViolation(field, "must be an IANA time zone name such as Europe/London"))
        }
        changes.append { $0.timeZone = p.timeZone }
      case "visibility":
        if case .UNRECOGNIZED = p.visibility { violations.append(FieldViolation(field, "is not a known value")) }
        changes.append { $0.visibility = p.visibility == .private ? Gym_Auth_V1_Visibility.private.rawValue : 0 }
      case "home_location":
        if p.hasHomeLocation {
          let location = p.homeLocation
          if !(-90...90).contains(location.latitude) || !(-180...180).contains(location.longitude) {
            violations.append(FieldViolation(field, "latitude must be -90..90 and longitude -180..180"))
          }
          changes.append {
            $0.homeLat = location.latitude
            $0.homeLng = location.longitude
          }
        } else {
          changes.append {
            $0.homeLat = nil
            $0.homeLng = nil
          }
        }
      case "city":
        let city = p.city.trimmingCharacters(in: .whitespacesAndNewlines)
        if !Self.cityBound.allows(city) { violations.append(FieldViolation(field, "\(Self.cityBound.rule) (a town or city, not an address)")) }
        changes.append { $0.city = city }
      case "show_location":
        changes.append { $0.showLocation = p.showLocation }
      case "show_home_gym":
        changes.append { $0.showHomeGym = p.showHomeGym }
      case "show_trainers":
        changes.append { $0.showTrainers = p.showTrainers }
      case "home_gym_id":
        if let violation = Self.homeGymIDBound.violation(p.homeGymID, field: field) { violations.append(violation) }
        changes.append { $0.homeGymID = p.homeGymID }
      case "given_name":
        let name = p.givenName.trimmingCharacters(in: .whitespacesAndNewlines)
        if let violation = Self.personalNameBound.violation(name, field: field) { violations.append(violation) }
        changes.append { $0.givenName = name }
      case "family_name":
        let name = p.familyName.trimmingCharacters(in: .whitespacesAndNewlines)
        if let violation = Self.personalNameBound.violation(name, field: field) { violations.append(violation) }
        changes.append { $0.familyName = name }
      default:
        violations.append(FieldViolation("update_mask", "unknown path \"\(path)\"; use one of \(Self.paths.sorted().joined(separator: ", "))"))
      }
    }
    guard violations.isEmpty else { throw .invalid(violations) }
  }

  func apply(to user: inout UserRecord) {
    for change in changes { change(&user) }
  }

  /// The day when it exists, is in the past and at most 120 years ago.
  static func plausibleBirthDate(_ date: Gym_Common_V1_Date, now: Date) -> LocalDate? {
    let calendar = Calendar.utcGregorian
    guard let born = LocalDate(date), let oldest = calendar.date(byAdding: .year, value: -120, to: now) else { return nil }
    let midnight = born.instant(atMinute: 0, in: calendar.timeZone)
    return midnight < now && midnight > oldest ? born : nil
  }
}

extension Calendar {
  /// Dates of birth and account ages are calendar dates, the same wherever the server runs.
  static let utcGregorian: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()
}
