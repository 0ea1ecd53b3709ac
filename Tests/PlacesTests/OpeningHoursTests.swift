import Foundation
import Testing

@testable import GymPlaces

@Suite struct OpeningHoursTests {
  typealias I = OpeningHours.Interval
  static func day(_ d: Int, _ from: String, _ to: String) -> I {
    func m(_ t: String) -> Int { Int(t.prefix(2))! * 60 + Int(t.suffix(2))! }
    let start = d * 1440 + m(from)
    var end = d * 1440 + m(to)
    if end <= start { end += 1440 }
    return I(start: start, end: end > 10080 ? end - 10080 : end)
  }

  /// Real strings from gyms on OpenStreetMap and what they mean.
  static let table: [(String, [I], Int)] = [
    ("24/7", [I(start: 0, end: 10080)], 0),
    (
      "Mo-Fr 06:00-22:00; Sa,Su 08:00-20:00",
      (0..<5).map { day($0, "06:00", "22:00") } + [day(5, "08:00", "20:00"), day(6, "08:00", "20:00")], 0
    ),
    ("Mo-Fr 06:00-12:00,14:00-21:00", (0..<5).flatMap { [day($0, "06:00", "12:00"), day($0, "14:00", "21:00")] }, 0),
    (
      "Mo-Th 06:00-23:00, Fr 06:00-22:00, Sa 09:00-18:00",
      (0..<4).map { day($0, "06:00", "23:00") } + [day(4, "06:00", "22:00"), day(5, "09:00", "18:00")], 0
    ),
    ("Fr-Sa 22:00-04:00", [day(4, "22:00", "04:00"), day(5, "22:00", "04:00")], 0),
    ("Su 20:00-02:00", [I(start: 6 * 1440 + 1200, end: 120)], 0),
    ("Mo-Su 05:00-24:00; Tu off", [0, 2, 3, 4, 5, 6].map { day($0, "05:00", "00:00") }, 0),
    ("Mo-Fr 07:00-21:00; PH off", (0..<5).map { day($0, "07:00", "21:00") }, 1),
    ("06:00-23:00", (0..<7).map { day($0, "06:00", "23:00") }, 0),
    ("Mo,We,Fr 09:00-17:00", [0, 2, 4].map { day($0, "09:00", "17:00") }, 0),
    ("Mo-Fr 08:00-20:00; Dec 25 off", (0..<5).map { day($0, "08:00", "20:00") }, 1),
    ("Sa-Mo 10:00-16:00", [0, 5, 6].map { day($0, "10:00", "16:00") }, 0),
  ]

  @Test(arguments: table.map { $0 })
  func parsesRealWorldStrings(_ row: (String, [I], Int)) throws {
    let hours = try OpeningHours(row.0)
    #expect(hours.intervals == row.1.sorted { $0.start < $1.start }, "\(row.0)")
    #expect(hours.unsupported.count == row.2, "\(row.0): \(hours.unsupported)")
    #expect(hours.normalized == row.0, "canonical values are their own normalised form")
  }

  @Test func garbageIsASyntaxErrorNotAGuess() {
    for text in ["", "Mo-Fr 25:00-26:00", "Mo-Fr 06:00", "by appointment"] {
      #expect(throws: OpeningHours.SyntaxError.self, "\(text)") { try OpeningHours(text) }
    }
  }

  @Test func openAtFollowsTheLocalClockAcrossDaylightSaving() throws {
    let hours = try OpeningHours("Mo-Su 06:00-22:00")
    let london = TimeZone(identifier: "Europe/London")!
    let utc = ISO8601DateFormatter()
    // Saturday 28 March 2026, 05:30 UTC = 05:30 GMT: not yet open.
    #expect(!hours.isOpen(at: utc.date(from: "2026-03-28T05:30:00Z")!, in: london))
    // Sunday 29 March 2026, clocks went forward at 01:00 UTC: 05:30 UTC = 06:30 BST, open.
    #expect(hours.isOpen(at: utc.date(from: "2026-03-29T05:30:00Z")!, in: london))
    // The same instant in New York (01:30 EDT) is closed.
    #expect(!hours.isOpen(at: utc.date(from: "2026-03-29T05:30:00Z")!, in: TimeZone(identifier: "America/New_York")!))
    // Past midnight into the next day.
    let late = try OpeningHours("Fr 22:00-02:00")
    #expect(late.isOpen(at: utc.date(from: "2026-07-04T00:30:00Z")!, in: london))  // Sat 01:30 BST
    #expect(!late.isOpen(at: utc.date(from: "2026-07-04T01:30:00Z")!, in: london))  // Sat 02:30 BST
  }

  // MARK: `off` with times, variants, unsupported parts (issue 26)

  static let london = TimeZone(identifier: "Europe/London")!
  static func at(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

  @Test func offWithTimesClosesOnlyThoseTimes() throws {
    // Monday 13 July 2026 (BST = UTC+1).
    let monday = try OpeningHours("24/7; Mo 15:00-16:00 off")
    #expect(monday.isOpen(at: Self.at("2026-07-13T13:30:00Z"), in: Self.london))  // Mo 14:30
    #expect(!monday.isOpen(at: Self.at("2026-07-13T14:30:00Z"), in: Self.london))  // Mo 15:30
    #expect(monday.isOpen(at: Self.at("2026-07-13T15:00:00Z"), in: Self.london))  // Mo 16:00
    #expect(monday.isOpen(at: Self.at("2026-07-14T14:30:00Z"), in: Self.london))  // Tu 15:30
    #expect(monday.intervals == [I(start: 0, end: 900), I(start: 960, end: 10080)])
    #expect(monday.unsupported.isEmpty)

    let midday = try OpeningHours("10:00-14:00; 12:00-14:00 off")
    #expect(midday.intervals == (0..<7).map { Self.day($0, "10:00", "12:00") })
    #expect(midday.isOpen(at: Self.at("2026-07-15T10:30:00Z"), in: Self.london))  // We 11:30
    #expect(!midday.isOpen(at: Self.at("2026-07-15T11:30:00Z"), in: Self.london))  // We 12:30

    // Without times `off` still closes the whole day; a time past midnight is cut on
    // the day it runs into.
    #expect(try OpeningHours("Mo-Fr 08:00-20:00; We off").intervals == [0, 1, 3, 4].map { Self.day($0, "08:00", "20:00") })
    #expect(
      try OpeningHours("Fr 22:00-04:00; Sa 02:00-03:00 off").intervals
        == [I(start: 4 * 1440 + 1320, end: 5 * 1440 + 120), I(start: 5 * 1440 + 180, end: 5 * 1440 + 240)])
  }

  /// Variants real OSM data is full of, each with the form opening_hours.js reads it as.
  static let variants: [(String, String, [I])] = [
    ("Mo–Fr 08:00–20:00", "Mo-Fr 08:00-20:00", (0..<5).map { day($0, "08:00", "20:00") }),
    ("Mo12:00-14:00", "Mo 12:00-14:00", [day(0, "12:00", "14:00")]),
    ("7-18", "07:00-18:00", (0..<7).map { day($0, "07:00", "18:00") }),
    ("Mo-Fr 10am-8pm", "Mo-Fr 10:00-20:00", (0..<5).map { day($0, "10:00", "20:00") }),
    ("Sa 10.00-18.00", "Sa 10:00-18:00", [day(5, "10:00", "18:00")]),
    ("Fr 22:00-26:00", "Fr 22:00-26:00", [day(4, "22:00", "02:00")]),
    (
      "Mo - Fr 06:00 - 22:00, Sa 8-14", "Mo-Fr 06:00-22:00, Sa 08:00-14:00",
      (0..<5).map { day($0, "06:00", "22:00") } + [day(5, "08:00", "14:00")]
    ),
    ("mon-fri 6:30am-9pm; Sa closed", "Mo-Fr 06:30-21:00; Sa off", (0..<5).map { day($0, "06:30", "21:00") }),
  ]

  @Test(arguments: variants.map { $0 })
  func acceptsRealWorldVariantsWithTheirNormalisedForm(_ row: (String, String, [I])) throws {
    let hours = try OpeningHours(row.0)
    #expect(hours.normalized == row.1, "\(row.0)")
    #expect(hours.intervals == row.2.sorted { $0.start < $1.start }, "\(row.0)")
    #expect(hours.unsupported.isEmpty, "\(row.0): \(hours.unsupported)")
  }

  @Test func anUnsupportedPartIsListedAndTheRestKept() throws {
    let hours = try OpeningHours("Mo-Fr 07:00-21:00; Sa 09:00-12:00 by appointment; PH off")
    #expect(hours.intervals == (0..<5).map { Self.day($0, "07:00", "21:00") })
    #expect(hours.unsupported.count == 2)
    #expect(hours.unsupported.contains { $0.contains("Sa 09:00-12:00 by appointment") })
    #expect(hours.unsupported.contains("public holidays (PH)"))
    #expect(hours.normalized == "Mo-Fr 07:00-21:00; Sa 09:00-12:00 by appointment; PH off")

    // An open end is not read as open all day.
    let openEnd = try OpeningHours("Mo-Fr 07:00-21:00; Sa 10+")
    #expect(openEnd.intervals == (0..<5).map { Self.day($0, "07:00", "21:00") })
    #expect(openEnd.unsupported == ["open end '10+'"])
    #expect(openEnd.normalized == "Mo-Fr 07:00-21:00; Sa 10:00+")
  }

  @Test func stateGivesWhenItClosesOrOpensInLocalTime() throws {
    let hours = try OpeningHours("Mo-Fr 06:00-22:00; Sa 08:00-12:00")
    let open = OpeningState(hours.intervals, at: Self.at("2026-07-13T12:00:00Z"), in: Self.london)  // Mo 13:00 BST
    #expect(open == OpeningState(open: true, closesAt: Self.at("2026-07-13T21:00:00Z")))
    let closed = OpeningState(hours.intervals, at: Self.at("2026-07-11T12:00:00Z"), in: Self.london)  // Sa 13:00
    #expect(closed == OpeningState(open: false, opensAt: Self.at("2026-07-13T05:00:00Z")))  // Mo 06:00 BST
    // Across the clocks going back (Sunday 25 October 2026): Monday 06:00 is GMT.
    let weekend = OpeningState(hours.intervals, at: Self.at("2026-10-24T12:00:00Z"), in: Self.london)
    #expect(weekend.opensAt == Self.at("2026-10-26T06:00:00Z"))
    // 24/7 never closes; no hours never open.
    #expect(
      OpeningState(try OpeningHours("24/7").intervals, at: Self.at("2026-07-13T12:00:00Z"), in: Self.london)
        == OpeningState(open: true))
    #expect(OpeningState([], at: Self.at("2026-07-13T12:00:00Z"), in: Self.london) == OpeningState(open: false))
    // Clocks go forward at 01:00 GMT on Sunday 29 March 2026: a Saturday night open
    // until 03:00 closes at 03:00 BST, 02:00 UTC.
    let night = try OpeningHours("Sa 22:00-03:00")
    #expect(
      OpeningState(night.intervals, at: Self.at("2026-03-28T23:00:00Z"), in: Self.london).closesAt
        == Self.at("2026-03-29T02:00:00Z"))
    // Open past Sunday midnight into Monday: closes Monday, not at midnight.
    let late = try OpeningHours("Su 20:00-02:00")
    #expect(
      OpeningState(late.intervals, at: Self.at("2026-07-12T22:30:00Z"), in: Self.london).closesAt
        == Self.at("2026-07-13T01:00:00Z"))
  }
}
