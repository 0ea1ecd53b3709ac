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
    ("Mo-Fr 06:00-22:00; Sa,Su 08:00-20:00",
      (0..<5).map { day($0, "06:00", "22:00") } + [day(5, "08:00", "20:00"), day(6, "08:00", "20:00")], 0),
    ("Mo-Fr 06:00-12:00,14:00-21:00", (0..<5).flatMap { [day($0, "06:00", "12:00"), day($0, "14:00", "21:00")] }, 0),
    ("Mo-Th 06:00-23:00, Fr 06:00-22:00, Sa 09:00-18:00",
      (0..<4).map { day($0, "06:00", "23:00") } + [day(4, "06:00", "22:00"), day(5, "09:00", "18:00")], 0),
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
  }

  @Test func garbageIsASyntaxErrorNotAGuess() {
    for text in ["", "Mo-Fr 25:00-26:00", "Mo-Fr 8-20", "Mo-Fr 06:00"] {
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
}
