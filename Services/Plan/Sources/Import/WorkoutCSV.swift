import Foundation

/// Reads and writes the workout exports of Strong and Hevy: one CSV row per set, workouts and
/// exercises repeated on each row. The shapes below are from real exports.
///
/// - Strong, comma: `Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,
///   Notes,Workout Notes,RPE`, weights and distances in the user's units with no unit column.
/// - Strong, semicolon: `Weight Unit` (`kg`, `lbs`) and `Distance Unit` (`km`, `mi.`) columns and a
///   `Workout Duration`; Strong 6 writes `"Workout #";…;"Duration (sec)";…;"Weight (kg)";…;
///   "Distance (meters)"`. Dates are `2023-01-15 08:30:00`; `Duration` is `1h 5m`, `45m` or `38min`.
///   `Set Order` is a number, `W`, `D` or `F` (warm-up, drop, failure), or `Rest Timer` or `Note`
///   for rows that are not sets. `Notes` is the exercise's note, on its first row.
/// - Hevy: `"title","start_time","end_time","description","exercise_title","superset_id",
///   "exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"`,
///   `weight_lbs` and `distance_miles` for imperial accounts; times `26 Nov 2023, 18:03`, with the
///   month in the phone's language: only English month names are read.
///
/// Lost on a round trip through `write` and `parse`: set notes (neither app has a column for them),
/// workouts and exercises without sets, seconds of Hevy times, Strong supersets (no column) and
/// Strong workout lengths beyond whole minutes or over a day; kilograms are rounded to 3 decimals,
/// metres to millimetres, and superset groups come back numbered 1, 2, … in order of appearance.
/// Set kinds survive both formats: Strong writes W, D or F in place of the set number.
public enum WorkoutCSV {
  public enum Format: String, Sendable { case strong, hevy }
  public enum SetKind: Sendable, Equatable { case working, warmUp, drop, failure }

  public struct Set: Sendable, Equatable {
    public var kind: SetKind
    public var reps: Int
    public var weightKg: Double
    public var distanceMeters: Double
    public var seconds: Int
    public var rpe: Double?
    public var notes: String

    public init(
      kind: SetKind = .working, reps: Int = 0, weightKg: Double = 0, distanceMeters: Double = 0,
      seconds: Int = 0, rpe: Double? = nil, notes: String = ""
    ) {
      (self.kind, self.reps, self.weightKg, self.distanceMeters) = (kind, reps, weightKg, distanceMeters)
      (self.seconds, self.rpe, self.notes) = (seconds, rpe, notes)
    }
  }

  public struct Exercise: Sendable, Equatable {
    public var name: String
    public var notes: String
    public var superset: Int  // 0 = none, else a group number within the workout
    public var sets: [Set]

    public init(name: String, notes: String = "", superset: Int = 0, sets: [Set] = []) {
      (self.name, self.notes, self.superset, self.sets) = (name, notes, superset, sets)
    }
  }

  public struct Workout: Sendable, Equatable {
    public var name: String
    public var start: Date
    public var end: Date?
    public var notes: String
    public var exercises: [Exercise]
    /// The file's line of its first row (0 for one not read from a file).
    public var line: Int

    public init(name: String, start: Date, end: Date? = nil, notes: String = "", exercises: [Exercise] = [], line: Int = 0) {
      (self.name, self.start, self.end, self.notes, self.exercises, self.line) = (name, start, end, notes, exercises, line)
    }
  }

  public struct Problem: Sendable, Equatable {
    public var line: Int  // 1-based line of the file, header = 1
    public var reason: String
  }

  public struct Parsed: Sendable {
    public var format: Format
    public var workouts: [Workout]
    public var problems: [Problem]
  }

  public enum Failure: Error, Equatable {
    case empty
    case unknownHeader(String)
    case tooLarge(limit: Int)
    case malformed(line: Int, reason: String)
  }

  /// Detects the format from the header. `timeZone` interprets the exports' local times (they carry no zone).
  /// `poundsIfUnknown`: Strong's comma format has no unit column; true reads its weights as pounds
  /// (and its distances as miles, the same imperial setting). Rows that cannot be read are skipped
  /// and listed in `problems`; Strong's rest-timer and note rows are not sets and are skipped silently.
  public static func parse(
    _ text: String, timeZone: TimeZone, poundsIfUnknown: Bool = false, maxRows: Int = 100_000
  ) throws(Failure) -> Parsed {
    let csv = try CSVReader(text, maxRows: maxRows)
    guard let header = csv.records.first else { throw .empty }
    let columns = Columns(header.fields)
    let format: Format
    if columns.has("title", "start_time", "exercise_title") {
      format = .hevy
    } else if columns.has("date", "workout name", "exercise name", "set order") {
      format = .strong
    } else {
      throw .unknownHeader(String(header.fields.joined(separator: String(UnicodeScalar(csv.delimiter))).prefix(200)))
    }
    var reader = RowReader(
      c: columns, clock: Clock(timeZone), imperial: poundsIfUnknown, decimalComma: csv.delimiter == UInt8(ascii: ";"))
    var rows: [Row] = [], problems: [Problem] = []
    for record in csv.records.dropFirst() {
      do throws(Bad) {
        if record.fields.dropFirst(header.fields.count).contains(where: { !$0.isEmpty }) {
          throw Bad("has \(record.fields.count) fields, the header has \(header.fields.count)")
        }
        var row = try format == .hevy ? reader.hevy(record.fields) : reader.strong(record.fields)
        row.line = record.line
        rows.append(row)
      } catch {
        problems.append(Problem(line: record.line, reason: error.reason))
      }
    }
    return Parsed(format: format, workouts: group(rows), problems: problems)
  }

  /// Writes workouts in the given format (kilograms/kilometres; Hevy's weight_kg/distance_km header;
  /// Strong's comma format, so read it back with `poundsIfUnknown: false`), times in `timeZone`.
  public static func write(_ workouts: [Workout], format: Format, timeZone: TimeZone) -> String {
    let clock = Clock(timeZone)
    var out = (format == .hevy ? hevyHeader : strongHeader) + "\n"
    for w in workouts {
      // What repeats on every row of a workout or exercise is formatted once.
      let workout =
        format == .hevy
        ? [text(w.name), text(clock.hevy(w.start)), text(w.end.map(clock.hevy) ?? ""), text(w.notes)]
        : [clock.strong(w.start), text(w.name), duration(w)]
      var first = true
      for exercise in w.exercises {
        let superset = exercise.superset > 0 ? String(exercise.superset - 1) : ""  // Hevy counts from 0
        let (name, notes) = (text(exercise.name), text(exercise.notes))
        var number = 0
        for (i, s) in exercise.sets.enumerated() {
          let rpe = s.rpe.map(num) ?? ""
          var row: [String]
          switch format {
          case .hevy:
            let blank = { (x: Double) in x == 0 ? "" : num(x) }  // Hevy leaves unused measures empty
            let type =
              switch s.kind {
              case .working: "normal"
              case .warmUp: "warmup"
              case .drop: "dropset"
              case .failure: "failure"
              }
            row = workout + [name, superset, notes, String(i), text(type)]
            row += [blank(s.weightKg), blank(Double(s.reps)), blank(s.distanceMeters / 1000), blank(Double(s.seconds))]
          case .strong:
            // Strong numbers only untagged sets; a tag replaces the number.
            if s.kind == .working { number += 1 }
            let order =
              switch s.kind {
              case .working: String(number)
              case .warmUp: "W"
              case .drop: "D"
              case .failure: "F"
              }
            let weight = num(s.weightKg) + (s.weightKg == s.weightKg.rounded() ? ".0" : "")
            row = workout + [name, order, weight, String(s.reps), num(s.distanceMeters / 1000), String(s.seconds)]
            row += [i == 0 ? notes : "\"\"", first ? text(w.notes) : "\"\""]  // notes once, as Strong does
          }
          out += (row + [rpe]).joined(separator: ",") + "\n"
          first = false
        }
      }
    }
    return out
  }

  static let strongHeader =
    "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"
  static let hevyHeader = """
    "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes",\
    "set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"
    """

  // MARK: - Grouping

  /// One readable row; `set` is nil for rows that are not sets. `order` is Strong's set number or
  /// Hevy's set_index: when it starts again, so does the exercise (the same exercise twice in a row).
  struct Row {
    var workout: String, start: Date, end: Date?, workoutNotes: String
    var exercise: String, exerciseNotes: String, superset: String, order: Int?, set: Set?
    var line = 0
  }

  struct Bad: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
  }

  private struct Key: Hashable { var start: Date, name: String }

  /// Workouts by (start, name) in file order; runs of one exercise (and Hevy superset) within each.
  static func group(_ rows: [Row]) -> [Workout] {
    var keys: [Key] = [], byKey: [Key: [Row]] = [:]
    for row in rows {
      let key = Key(start: row.start, name: row.workout)
      if byKey[key] == nil { keys.append(key) }
      byKey[key, default: []].append(row)
    }
    return keys.compactMap { key in
      let rows = byKey[key]!
      var workout = Workout(
        name: key.name, start: key.start, end: rows.lazy.compactMap(\.end).first,
        notes: rows.first { !$0.workoutNotes.isEmpty }?.workoutNotes ?? "", line: rows[0].line)
      var groups: [String: Int] = [:], run: [Row] = [], lastOrder: Int?
      func flush() {
        let sets = run.compactMap(\.set)
        if let first = run.first, !sets.isEmpty {
          var group = 0
          if !first.superset.isEmpty {
            group = groups[first.superset] ?? groups.count + 1
            groups[first.superset] = group
          }
          let notes = run.first { !$0.exerciseNotes.isEmpty }?.exerciseNotes ?? ""
          workout.exercises.append(Exercise(name: first.exercise, notes: notes, superset: group, sets: sets))
        }
        (run, lastOrder) = ([], nil)
      }
      for row in rows {
        if let first = run.first,
          first.exercise != row.exercise || first.superset != row.superset
            || (row.order != nil && lastOrder != nil && row.order! <= lastOrder!)
        {
          flush()
        }
        run.append(row)
        if let order = row.order { lastOrder = order }
      }
      flush()
      return workout.exercises.isEmpty ? nil : workout
    }
  }

  // MARK: - Dates and text

  /// Wall-clock times in one zone, read and written with fixed English month names so that the
  /// server's locale cannot change them.
  struct Clock {
    var calendar = Calendar(identifier: .gregorian)
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    init(_ zone: TimeZone) { calendar.timeZone = zone }

    /// Strong `2023-01-15 08:30:00`; Hevy `26 Nov 2023, 18:03`, or `Nov 26, 2023, 6:03 PM` from US phones.
    func date(_ text: String) -> Date? {
      var t = text.split { !$0.isLetter && !$0.isNumber }.map { $0.lowercased() }
      var pm: Bool?
      if let last = t.last, last == "am" || last == "pm" {
        pm = last == "pm"
        t.removeLast()
      }
      let month = { (s: String) in s.count >= 3 ? Self.months.firstIndex { s.hasPrefix($0.lowercased()) } : nil }
      guard (5...6).contains(t.count) else { return nil }
      let second = t.count == 6 ? Int(t[5]) : 0
      var v: [Int?]  // year, month, day, hour, minute, second
      if t[0].count == 4, t[0].allSatisfy(\.isNumber) {
        v = [Int(t[0]), Int(t[1]), Int(t[2]), Int(t[3]), Int(t[4]), second]
      } else if let m = month(t[1]) {
        v = [Int(t[2]), m + 1, Int(t[0]), Int(t[3]), Int(t[4]), second]
      } else if let m = month(t[0]) {
        v = [Int(t[2]), m + 1, Int(t[1]), Int(t[3]), Int(t[4]), second]
      } else {
        return nil
      }
      if let pm, let hour = v[3] { v[3] = (1...12).contains(hour) ? hour % 12 + (pm ? 12 : 0) : nil }
      let n = v.compactMap { $0 }
      guard n.count == 6 else { return nil }
      let parts = DateComponents(year: n[0], month: n[1], day: n[2], hour: n[3], minute: n[4], second: n[5])
      // Calendar rolls 31 Feb over to March; reading the date back rejects it. A time the
      // clocks skipped in spring (02:30 on the night they go forward) reads back an hour
      // later: it is the instant the phone recorded, so it stays.
      guard let date = calendar.date(from: parts) else { return nil }
      let back = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
      let same = [back.year, back.month, back.day, back.minute, back.second] == [n[0], n[1], n[2], n[4], n[5]].map(Optional.some)
      return same && (back.hour == n[3] || back.hour == n[3] + 1 && (0...23).contains(n[3])) ? date : nil
    }

    func strong(_ date: Date) -> String {
      let p = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
      return "\(pad(p.year!, 4))-\(pad(p.month!))-\(pad(p.day!)) \(pad(p.hour!)):\(pad(p.minute!)):\(pad(p.second!))"
    }

    func hevy(_ date: Date) -> String {
      let p = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
      return "\(p.day!) \(Self.months[p.month! - 1]) \(p.year!), \(pad(p.hour!)):\(pad(p.minute!))"
    }

    private func pad(_ n: Int, _ width: Int = 2) -> String {
      let s = String(n)
      return String(repeating: "0", count: max(0, width - s.count)) + s
    }
  }

  /// Strong's `1h 5m` / `45m`, rounded to the minute; empty when the end is unknown.
  static func duration(_ w: Workout) -> String {
    guard let end = w.end, end >= w.start else { return "" }
    let minutes = Int((end.timeIntervalSince(w.start) / 60).rounded())
    let (h, m) = (minutes / 60, minutes % 60)
    return h == 0 ? "\(m)m" : m == 0 ? "\(h)h" : "\(h)h \(m)m"
  }

  /// Shortest plain decimal (no exponent), up to 6 places: enough for grams and millimetres in km.
  static func num(_ x: Double) -> String {
    if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
    var s = String(format: "%.6f", x)
    while s.hasSuffix("0") { s.removeLast() }
    return s
  }

  static func text(_ s: String) -> String {
    "\"" + (s.contains("\"" as Character) ? String(s.flatMap { $0 == "\"" ? ["\"", "\""] : [$0] }) : s) + "\""
  }
}
