import Foundation

/// Double-progression advice for one exercise from its recent sessions: add weight once
/// every set hits its target, otherwise repeat the weight, and back off after three
/// misses in a row at the same weight. Weights are in the user's unit (`LoadUnit`)
/// throughout: a pound lifter adds pounds.
public enum Progression {
  public struct SetResult: Sendable {
    /// 0 when the set had no target (a quick-logged workout, a timed set).
    public var targetReps: Int
    /// 0 = any weight.
    public var targetWeight: Double
    public var reps: Int
    public var weight: Double

    public init(targetReps: Int, targetWeight: Double, reps: Int, weight: Double) {
      self.targetReps = targetReps
      self.targetWeight = targetWeight
      self.reps = reps
      self.weight = weight
    }
  }

  /// One session's sets of the exercise.
  public struct Workout: Sendable {
    public var date: Date
    public var sets: [SetResult]

    public init(date: Date, sets: [SetResult]) {
      self.date = date
      self.sets = sets
    }
  }

  public enum Kind: Sendable { case increaseWeight, increaseReps, hold, deload }

  public struct Advice: Sendable, Equatable {
    public var kind: Kind
    /// increaseWeight: the load to add; deload: the load to take off; else 0.
    public var amount: Double
    /// increaseReps: reps to add per set; else 0.
    public var amountReps: Int
    /// The working weight to use next time.
    public var nextWeight: Double
    public var reason: String
    /// The sessions the advice rests on: 1 for a hit, 2 for a comparison of reps, the
    /// length of the run of misses for a hold or a deload.
    public var sessionsConsidered: Int
  }

  /// At most this many of the newest sessions are looked at.
  static let sessionLimit = 6
  /// Three sessions in a row short of the target at one weight call for a deload.
  static let missesBeforeDeload = 3

  /// `recent` newest first (at most the last 6 used). nil when there is nothing to go on.
  ///
  /// A session's working weight is its heaviest set. Sessions without sets are skipped.
  /// `increment` must be positive (callers validate; one plate step is used otherwise).
  /// A hit at body weight (0) advises a rep, not a weight: adding 1 kg to push-ups is no
  /// plan. When the increment is a whole number of plate steps (plates on a bar or a
  /// stack), the next weight is the nearest the plates make, so a weight logged in the
  /// other unit comes back to the user's plates; other increments (dumbbells) are kept.
  public static func advise(recent: [Workout], increment: Double, unit: LoadUnit = .kilograms) -> Advice? {
    let sessions = recent.prefix(sessionLimit).filter { !$0.sets.isEmpty }
    guard let latest = sessions.first else { return nil }
    let increment = increment > 0 ? increment : unit.plateStep
    let steps = increment / unit.plateStep
    let plated = abs(steps - steps.rounded()) < 1e-6
    func load(_ value: Double) -> Double { plated ? unit.plated(value) : unit.toThousandths(value) }
    func text(_ value: Double) -> String { unit.text(value) }
    func place(_ weight: Double) -> String { Self.place(weight, unit) }
    let weight = workingWeight(latest)
    let targeted = latest.sets.filter { $0.targetReps > 0 }

    guard !targeted.isEmpty else {
      return compareReps(latest: latest, previous: sessions.dropFirst().first, weight: weight, unit: unit)
    }
    if hitTargets(latest) {
      let summary = targetSummary(targeted)
      if weight <= 0 {
        return Advice(
          kind: .increaseReps, amount: 0, amountReps: 1, nextWeight: 0,
          reason: "\(summary) at body weight; add one rep to every set next time", sessionsConsidered: 1)
      }
      // Never less than the weight: a hit earns at least one step.
      let next = max(load(weight + increment), load(weight) + (plated ? unit.plateStep : 0))
      let added = unit.toThousandths(next - weight)
      return Advice(
        kind: .increaseWeight, amount: added, amountReps: 0, nextWeight: next,
        reason: "\(summary) at \(text(weight)); add \(text(added)) and lift \(text(next)) next time",
        sessionsConsidered: 1)
    }

    // Misses in a row, newest first, at this working weight; a session without targets
    // or at another weight ends the run.
    let misses = sessions.prefix { session in
      session.sets.contains { $0.targetReps > 0 } && !hitTargets(session) && unit.same(workingWeight(session), weight)
    }.count
    let got = "\(list(targeted.map(\.reps))) reps against \(targetsText(targeted))"
    let aim = weight > 0 ? "repeat \(text(weight)) and aim for \(aimText(targeted))" : "aim for \(aimText(targeted))"
    // Nothing to take off at body weight, so misses there only ever hold.
    if misses < missesBeforeDeload || weight <= 0 {
      let reason =
        misses == 1
        ? "you got \(got) at \(place(weight)); \(aim)"
        : "\(misses) sessions in a row short of the target at \(place(weight)) (last: \(got)); \(aim)"
      return Advice(
        kind: .hold, amount: 0, amountReps: 0, nextWeight: weight, reason: reason, sessionsConsidered: misses)
    }
    let next = load(max(0, weight - deload(weight: weight, increment: increment, unit: unit)))
    let drop = unit.toThousandths(weight - next)
    return Advice(
      kind: .deload, amount: drop, amountReps: 0, nextWeight: next,
      reason: "\(misses) sessions in a row short of the target at \(text(weight)) (last: \(got)); "
        + "take off \(text(drop)) and build back up from \(text(next))",
      sessionsConsidered: misses)
  }

  /// Default increment by equipment name (the catalog's, any case), in kilograms:
  /// barbell 2.5, dumbbell and kettlebell 2, machine, cable and Smith machine 5, else 1;
  /// in pounds: barbell, dumbbell and kettlebell 5, machine, cable and Smith machine 10,
  /// else 2.5. EZ and trap bars load the same plates as a barbell, so they count as one.
  /// The first name that has an increment decides.
  public static func defaultIncrement(equipment: [String], imperial: Bool = false) -> Double {
    for name in equipment {
      let key = name.lowercased().trimmingCharacters(in: .whitespaces)
        .replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: "-", with: "_")
      switch key {
      case "barbell", "ez_bar", "trap_bar": return imperial ? 5 : 2.5
      case "dumbbell", "kettlebell": return imperial ? 5 : 2
      case "machine", "cable", "smith_machine": return imperial ? 10 : 5
      default: continue
      }
    }
    return imperial ? 2.5 : 1
  }

  // MARK: - Rules

  /// Without targets: one more rep when the latest session did more reps at its working
  /// weight than the one before at the same weight, else hold.
  private static func compareReps(latest: Workout, previous: Workout?, weight: Double, unit: LoadUnit) -> Advice {
    let now = repsAt(weight, in: latest, unit: unit)
    let spot = place(weight, unit)
    func hold(_ reason: String, _ considered: Int) -> Advice {
      Advice(kind: .hold, amount: 0, amountReps: 0, nextWeight: weight, reason: reason, sessionsConsidered: considered)
    }
    guard let previous else {
      return hold("you did \(list(now)) reps at \(spot); repeat it and try to beat that", 1)
    }
    guard unit.same(workingWeight(previous), weight) else {
      return hold("first session at \(spot) (\(list(now)) reps); repeat it and try to beat that", 1)
    }
    let before = repsAt(weight, in: previous, unit: unit)
    if now.reduce(0, +) > before.reduce(0, +) {
      return Advice(
        kind: .increaseReps, amount: 0, amountReps: 1, nextWeight: weight,
        reason: "you did \(list(now)) reps at \(spot), up from \(list(before)); stay there and aim for one more rep",
        sessionsConsidered: 2)
    }
    return hold("you did \(list(now)) reps at \(spot), no more than \(list(before)) last time; repeat it and try to beat that", 2)
  }

  /// Every set with a target got its reps at (or above) its weight.
  private static func hitTargets(_ session: Workout) -> Bool {
    session.sets.allSatisfy { set in
      set.targetReps <= 0 || (set.reps >= set.targetReps && set.weight + 1e-6 >= set.targetWeight)
    }
  }

  /// 10 % of the weight, down to a whole number of increments, at least one.
  static func deload(weight: Double, increment: Double, unit: LoadUnit = .kilograms) -> Double {
    // The epsilon keeps a quotient that should be whole but lands a hair below it
    // from losing a whole increment to the floor.
    let steps = max(1, ((weight / 10) / increment + 1e-9).rounded(.down))
    return unit.toThousandths(steps * increment)
  }

  private static func workingWeight(_ session: Workout) -> Double {
    session.sets.map(\.weight).max() ?? 0
  }

  private static func repsAt(_ weight: Double, in session: Workout, unit: LoadUnit) -> [Int] {
    session.sets.filter { unit.same($0.weight, weight) }.map(\.reps)
  }

  // MARK: - Words

  /// "all 3 sets hit 5 reps", or with targets that differ, "all 3 sets hit their targets (5, 3, 1 reps)".
  private static func targetSummary(_ targeted: [SetResult]) -> String {
    let targets = targeted.map(\.targetReps)
    if Set(targets).count == 1 { return "\(sets(targeted.count)) hit \(reps(targets[0]))" }
    return "\(sets(targeted.count)) hit their targets (\(list(targets)) reps)"
  }

  /// "5 reps on all 3 sets", "8 reps on your set", or "5, 3, 1 reps".
  private static func aimText(_ targeted: [SetResult]) -> String {
    let targets = targeted.map(\.targetReps)
    guard Set(targets).count == 1 else { return "\(list(targets)) reps" }
    return "\(reps(targets[0])) on \(sets(targeted.count))"
  }

  /// "your set", "both sets", "all 3 sets".
  private static func sets(_ count: Int) -> String {
    switch count {
    case 1: "your set"
    case 2: "both sets"
    default: "all \(count) sets"
    }
  }

  /// "a target of 5" or "targets of 5, 3, 1".
  private static func targetsText(_ targeted: [SetResult]) -> String {
    let targets = targeted.map(\.targetReps)
    return Set(targets).count == 1 ? "a target of \(targets[0])" : "targets of \(list(targets))"
  }

  private static func reps(_ n: Int) -> String { n == 1 ? "1 rep" : "\(n) reps" }

  private static func list(_ numbers: [Int]) -> String { numbers.map(String.init).joined(separator: ", ") }

  private static func place(_ weight: Double, _ unit: LoadUnit) -> String { weight > 0 ? unit.text(weight) : "body weight" }
}
