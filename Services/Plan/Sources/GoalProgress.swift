import Foundation
import GymService
import GymStore

/// How far along a goal is: the share of the way from where it started to the target,
/// whether it is reached, and whether the pace so far reaches it by the due date.
struct GoalProgress: Equatable {
  var fraction: Double
  var achieved: Bool
  var onTrack: Bool
  var status: String

  /// `today` and the goal's creation day are both read in the owner's `zone`; weights
  /// are written in pounds for an `imperial` owner.
  init(goal: GoalRecord, current: Double, today: LocalDate, zone: TimeZone, imperial: Bool = false) {
    func kg(_ value: Double) -> String { Self.weight(value, imperial: imperial) }
    let created = LocalDate(goal.createdAt, in: zone)
    let totalDays = max(1, goal.due.daysSinceEpoch - created.daysSinceEpoch)
    let elapsed = min(1, max(0, Double(today.daysSinceEpoch - created.daysSinceEpoch) / Double(totalDays)))
    let overdue = today > goal.due
    switch goal.kind {
    case .bodyWeight, .lift:
      let target = goal.targetWeightKg
      let span = target - goal.startValue
      achieved = goal.kind == .lift ? current >= target : (span <= 0 ? current <= target : current >= target)
      fraction = achieved ? 1 : (span == 0 ? 0 : min(1, max(0, (current - goal.startValue) / span)))
      onTrack = achieved || (!overdue && fraction >= elapsed)
      let unit = goal.kind == .lift ? "best \(kg(current)) for \(goal.targetReps)" : "now \(kg(current))"
      status =
        achieved
        ? "reached: \(unit), target \(kg(target))"
        : "\(Int((fraction * 100).rounded())) % of the way (\(unit), target \(kg(target)) by \(goal.due))"
          + (overdue ? "; the due date has passed" : onTrack ? "; on track" : "; behind the pace needed")
    case .sessionsPerWeek:
      let target = Double(goal.sessionsPerWeek)
      achieved = current >= target
      fraction = min(1, current / target)
      // Within the week: on track when the sessions so far keep up with the days gone.
      let weekday = Double(today.isoWeekday)
      onTrack = achieved || current >= (target * weekday / 7).rounded(.down)
      status = "\(Int(current)) of \(goal.sessionsPerWeek) sessions this week" + (achieved ? "; done" : onTrack ? "; on track" : "; behind")
    }
  }

  /// "82.5 kg", or for an imperial owner "181.9 lb": to a tenth.
  static func weight(_ kg: Double, imperial: Bool) -> String {
    let value = imperial ? kg / Imperial.kilogramsPerPound : kg
    let rounded = (value * 10).rounded() / 10
    let unit = imperial ? "lb" : "kg"
    return rounded == rounded.rounded() ? "\(Int(rounded)) \(unit)" : String(format: "%.1f \(unit)", rounded)
  }
}
