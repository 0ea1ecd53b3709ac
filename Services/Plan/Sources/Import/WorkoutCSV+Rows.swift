import Foundation

extension WorkoutCSV {
  /// Header names, matched trimmed and case-insensitively; reasons quote them as the file spells them.
  struct Columns {
    let labels: [String]
    let index: [String: Int]

    init(_ header: [String]) {
      labels = header.map(\.trimmed)
      index = Dictionary(labels.enumerated().map { ($1.lowercased(), $0) }) { first, _ in first }
    }

    func has(_ names: String...) -> Bool { names.allSatisfy { index[$0] != nil } }
    func find(_ match: (String) -> Bool) -> String? { labels.map { $0.lowercased() }.first(where: match) }
    func label(_ key: String) -> String { index[key].map { labels[$0] } ?? key }
    func get(_ fields: [String], _ key: String?) -> String {
      guard let key, let i = index[key], i < fields.count else { return "" }  // short rows: missing = empty
      return fields[i]
    }
  }

  /// Reads one data row of either format into a `Row`, or says in `Bad` which column is wrong.
  struct RowReader {
    let c: Columns, clock: Clock, imperial: Bool, decimalComma: Bool
    let weight: String?, distance: String?, duration: String?
    /// Units named by the column itself (`weight_lbs`, `Weight (kg)`, `Distance (meters)`), else per row.
    let kgPerUnit: Double?, kmPerUnit: Double?
    private var dates: [String: Date?] = [:]  // every row of a workout repeats its times

    static let pound = 0.45359237, mile = 1.609344

    init(c: Columns, clock: Clock, imperial: Bool, decimalComma: Bool) {
      (self.c, self.clock, self.imperial, self.decimalComma) = (c, clock, imperial, decimalComma)
      let weight = c.find { $0 == "weight" || $0.hasPrefix("weight (") || $0.hasPrefix("weight_") }
      let distance = c.find { $0 == "distance" || $0.hasPrefix("distance (") || $0.hasPrefix("distance_") }
      (self.weight, self.distance) = (weight, distance)
      duration = c.find { ["duration", "workout duration", "duration (sec)"].contains($0) }
      kgPerUnit = weight.flatMap { $0.contains("lb") ? Self.pound : $0.contains("kg") ? 1 : nil }
      kmPerUnit = distance.flatMap {
        $0.contains("km") || $0.contains("kilomet") ? 1 : $0.contains("mi") ? Self.mile : $0.contains("meter") ? 0.001 : nil
      }
    }

    mutating func strong(_ f: [String]) throws(Bad) -> Row {
      let dateText = c.get(f, "date")
      guard let start = date(dateText) else { throw Bad("\(c.label("date")): \(quoted(dateText)) is not a date") }
      let exercise = c.get(f, "exercise name")
      guard !exercise.trimmed.isEmpty else { throw Bad("\(c.label("exercise name")): empty") }
      let seconds = Self.seconds(ofDuration: c.get(f, duration))
      var row = Row(
        workout: c.get(f, "workout name"), start: start, end: seconds.map { start + Double($0) },
        workoutNotes: c.get(f, "workout notes"), exercise: exercise, exerciseNotes: c.get(f, "notes"),
        superset: "", order: nil, set: nil)
      let order = c.get(f, "set order").trimmed
      let kind: SetKind
      switch order.lowercased() {
      case "rest timer", "note": return row  // the rest after a set, or an exercise note: not sets
      case "w": kind = .warmUp
      case "d": kind = .drop
      case "f": kind = .failure
      default:
        guard let n = Int(order), n >= 0 else {
          throw Bad("\(c.label("set order")): \(quoted(order)) is not a set number, W, D or F")
        }
        (kind, row.order) = (.working, n)
      }
      row.set = try set(kind, f, seconds: "seconds")
      return row
    }

    mutating func hevy(_ f: [String]) throws(Bad) -> Row {
      let startText = c.get(f, "start_time"), endText = c.get(f, "end_time").trimmed
      guard let start = date(startText) else { throw Bad("start_time: \(quoted(startText)) is not a date") }
      let end = endText.isEmpty ? nil : date(endText)
      if end == nil, !endText.isEmpty { throw Bad("end_time: \(quoted(endText)) is not a date") }
      let exercise = c.get(f, "exercise_title")
      guard !exercise.trimmed.isEmpty else { throw Bad("exercise_title: empty") }
      let type = c.get(f, "set_type").trimmed
      guard let kind = Self.hevyKinds[type.lowercased()] else {
        throw Bad("set_type: \(quoted(type)) is not normal, warmup, dropset or failure")
      }
      let index = c.get(f, "set_index").trimmed
      guard index.isEmpty || Int(index) != nil else { throw Bad("set_index: \(quoted(index)) is not a whole number") }
      return Row(
        workout: c.get(f, "title"), start: start, end: end, workoutNotes: c.get(f, "description"),
        exercise: exercise, exerciseNotes: c.get(f, "exercise_notes"), superset: c.get(f, "superset_id").trimmed,
        order: Int(index), set: try set(kind, f, seconds: "duration_seconds"))
    }

    static let hevyKinds: [String: SetKind] = [
      "": .working, "normal": .working, "warmup": .warmUp, "dropset": .drop, "failure": .failure,
    ]

    private mutating func date(_ text: String) -> Date? {
      if let known = dates[text] { return known }
      let parsed = clock.date(text)
      dates[text] = parsed
      return parsed
    }

    private func set(_ kind: SetKind, _ f: [String], seconds secondsKey: String) throws(Bad) -> Set {
      let kg = (try number(f, weight) * weightFactor(f) * 1000).rounded() / 1000
      guard kg <= 1500 else { throw Bad("\(c.label(weight!)): \(quoted(c.get(f, weight))) is over 1500 kg") }
      let reps = try number(f, "reps")
      guard reps <= 1000 else { throw Bad("\(c.label("reps")): \(quoted(c.get(f, "reps"))) is over 1000") }
      guard reps.rounded() == reps else {
        throw Bad("\(c.label("reps")): \(quoted(c.get(f, "reps"))) is not a whole number")
      }
      let meters = (try number(f, distance) * distanceFactor(f) * 1_000_000).rounded() / 1000
      let seconds = try number(f, secondsKey)
      guard seconds < 1e9 else { throw Bad("\(c.label(secondsKey)): \(quoted(c.get(f, secondsKey))) is too large") }
      var rpe: Double? = try number(f, "rpe")
      if rpe == 0 { rpe = nil }  // Strong writes 0 for "no RPE"
      guard (rpe ?? 0) <= 10 else { throw Bad("\(c.label("rpe")): \(quoted(c.get(f, "rpe"))) is over 10") }
      guard reps > 0 || kg > 0 || meters > 0 || seconds > 0 else { throw Bad("no reps, weight, distance or time") }
      return Set(
        kind: kind, reps: Int(reps), weightKg: kg, distanceMeters: meters, seconds: Int(seconds.rounded()), rpe: rpe)
    }

    /// Empty is 0. Semicolon files come from locales that may write decimal commas.
    private func number(_ f: [String], _ key: String?) throws(Bad) -> Double {
      guard let key else { return 0 }
      let raw = c.get(f, key).trimmed
      if raw.isEmpty { return 0 }
      var text = raw
      if decimalComma, !raw.utf8.contains(UInt8(ascii: ".")) { text = String(raw.map { $0 == "," ? "." : $0 }) }
      guard let x = Double(text), x.isFinite else { throw Bad("\(c.label(key)): \(quoted(raw)) is not a number") }
      guard x >= 0 else { throw Bad("\(c.label(key)): \(quoted(raw)) is negative") }
      return x
    }

    /// Strong's comma format names no unit: `imperial` decides, for distances too.
    private func weightFactor(_ f: [String]) throws(Bad) -> Double {
      if let kgPerUnit { return kgPerUnit }
      switch c.get(f, "weight unit").trimmed.lowercased() {
      case "": return imperial ? Self.pound : 1
      case "kg", "kgs": return 1
      case "lb", "lbs": return Self.pound
      case let unit: throw Bad("\(c.label("weight unit")): \(quoted(unit)) is not kg or lbs")
      }
    }

    private func distanceFactor(_ f: [String]) throws(Bad) -> Double {
      if let kmPerUnit { return kmPerUnit }
      switch c.get(f, "distance unit").trimmed.lowercased() {
      case "": return imperial ? Self.mile : 1
      case "km": return 1
      case "mi", "mi.", "miles": return Self.mile
      case "m": return 0.001
      case let unit: throw Bad("\(c.label("distance unit")): \(quoted(unit)) is not km or mi.")
      }
    }

    /// `1h 5m`, `45m`, `38min`, `30s`, or plain seconds (`Duration (sec)`). Over a day is a timer
    /// left running (real exports show `264h 1m`), not a workout length, so it is unknown too.
    static func seconds(ofDuration text: String) -> Int? {
      let t = text.trimmed
      if let n = Int(t) { return n <= 86_400 ? n : nil }
      var total = 0
      for part in t.split(separator: " ") {
        let digits = part.prefix(while: \.isNumber)
        guard let n = Int(digits), let unit = durationUnits[part.dropFirst(digits.count).lowercased()] else {
          return nil
        }
        total += n * unit
      }
      return t.isEmpty || total > 86_400 ? nil : total
    }

    static let durationUnits = ["h": 3600, "m": 60, "min": 60, "s": 1, "sec": 1]
  }
}

/// A value for a problem's reason, quoted and cut to 40 characters.
private func quoted(_ s: String) -> String { "\"" + (s.count > 40 ? s.prefix(40) + "…" : s) + "\"" }

extension String {
  /// Spaces and tabs off both ends, without Foundation's CharacterSet (a third of the parse time).
  fileprivate var trimmed: String {
    guard let first = firstIndex(where: { $0 != " " && $0 != "\t" }),
      let last = lastIndex(where: { $0 != " " && $0 != "\t" })
    else { return "" }
    return String(self[first...last])
  }
}
