import Foundation
import GymAPI
import GymService
import GymStore

/// A progress photo's details as AddProgressPhoto and UpdateProgressPhoto send them,
/// checked: every field problem at once.
enum ProgressPhotoInput {
  static let noteBound = TextBound(characters: 500)

  static func details(takenOn: Gym_Common_V1_Date, note: String, shared: Bool, now: Date = Date()) throws -> MessagingStore.ProgressPhotoDetails {
    var violations: [FieldViolation] = []
    var day: LocalDate?
    do {
      day = try LocalDate.required(takenOn, field: "taken_on")
      // Today somewhere: the zone furthest ahead (UTC+14) bounds every member's today.
      if let taken = day, taken > LocalDate(now, in: TimeZone(secondsFromGMT: 14 * 3600)!) {
        violations.append(.init("taken_on", "is after today; give the day the photo was taken"))
      }
    } catch {
      violations += error.violations
    }
    let note = note.trimmingCharacters(in: .whitespacesAndNewlines)
    if let violation = noteBound.violation(note, field: "note") { violations.append(violation) }
    guard violations.isEmpty, let day else { throw GymError.invalid(violations) }
    return .init(takenOn: day, note: note, sharedWithTrainer: shared)
  }
}
