import Foundation
import GymAPI
import SwiftProtobuf
import Testing

@testable import GymService

/// Text bounded by characters and UTF-8 bytes; pages bounded by encoded bytes.
@Suite struct TextBoundTests {
  @Test func aStringWithinTheCharactersButOverTheBytesIsRefusedWithBothBoundsNamed() {
    let bound = TextBound(characters: 80)
    #expect(bound.bytes == 320)
    let stacked = "a" + String(repeating: "\u{0301}", count: 450_000)
    #expect(stacked.count == 1)
    #expect(!bound.allows(stacked))
    let violation = bound.violation(stacked, field: "name")
    #expect(violation?.field == "name")
    #expect(violation?.description == "must be at most 80 characters and 320 bytes (UTF-8)")
    // 80 four-byte characters are exactly at both bounds; one more character is not.
    #expect(bound.allows(String(repeating: "\u{1F4AA}", count: 80)))
    #expect(!bound.allows(String(repeating: "x", count: 81)))
  }

  @Test func aMinimumCountsCharactersAndListsBoundEachElementAndTheirNumber() {
    let bound = TextBound(characters: 30, minimum: 3)
    #expect(!bound.allows("ab"))
    #expect(bound.allows("abc"))
    #expect(bound.violation("", field: "name")?.description == "must be 3 to 30 characters and at most 120 bytes (UTF-8)")
    let tag = TextBound(characters: 30, minimum: 1)
    #expect(tag.violation(["a", "b"], field: "tags", count: 2) == nil)
    #expect(tag.violation(["a", "b", "c"], field: "tags", count: 2)?.field == "tags")
    #expect(tag.violation(["a", String(repeating: "e\u{0301}\u{0301}", count: 30)], field: "tags", count: 2) != nil)
  }

  /// A page stops before the item that would pass the budget, always holds one item,
  /// and its token continues after the last item sent: paging covers every item once.
  @Test func aPageOverTheByteBudgetHoldsFewerAndItsTokenContinuesWithoutGaps() throws {
    let items = (0..<10).map { index in
      Gym_Common_V1_Date.with { $0.year = Int32(1000 + index) }  // 3 bytes each encoded, 9 with tag and length
    }
    let size = (try items[0].serializedBytes() as [UInt8]).count + 6
    let budget = size * 3 + 1
    #expect(Paging.fitting(items, budget: budget).count == 3)
    #expect(Paging.fitting(items, budget: 1).count == 1)
    #expect(Paging.fitting(items, budget: size * 100).count == 10)
    #expect(Paging.fitting([Gym_Common_V1_Date](), budget: 1).isEmpty)

    // Offset paging through a list of 10, 5 a page, at most 3 per page by bytes.
    var seen: [Int32] = []
    var token = ""
    var pages = 0
    repeat {
      let (paging, offset) = try Paging.withOffset(size: 5, token: token)
      let fetched = Array(items.dropFirst(offset).prefix(paging.size))
      let page = Paging.fitting(fetched, budget: budget)
      seen += page.map { $0.year }
      token = paging.nextToken(offset: offset, returned: page.count, fetched: fetched.count)
      pages += 1
    } while !token.isEmpty && pages < 20
    #expect(seen == items.map { $0.year })
    #expect(pages == 4)
  }

  @Test func theBudgetIsAQuarterOfALowerMessageLimit() {
    #expect(Paging.byteBudget(messageLimit: 4 << 20) == 1 << 20)
    #expect(Paging.byteBudget(messageLimit: 1 << 20) == 256 << 10)
    #expect(Paging.byteBudget(messageLimit: 64 << 20) == 1 << 20)
  }
}
