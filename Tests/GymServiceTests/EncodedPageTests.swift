import Foundation
import GymAPI
import SwiftProtobuf
import Testing

@testable import GymService

/// Pages written from stored bytes: the same elements as a page built from messages,
/// cut at the same element by the byte budget, and read back as the message type.
@Suite struct EncodedPageTests {
  @Test(arguments: [1, 40, 100, 1_000, 1 << 20])
  func aStoredBytesPageStopsWhereAMessagePageStops(_ budget: Int) throws {
    let items = (0..<12).map { index in
      Gym_Common_V1_Date.with {
        $0.year = Int32(1990 + index * 3); $0.month = Int32(1 + index % 12); $0.day = Int32(index == 5 ? 0 : 28)
      }
    }
    var page = EncodedPage(budget: budget)
    for item in items where page.append(field: 1, element: try item.serializedData()) {}
    let built = Paging.fitting(items, budget: budget)
    #expect(page.count == built.count)
    // The bytes a message with `repeated Date = 1` holding the fitted items encodes to,
    // and they travel unchanged inside the response message.
    var expected = Data()
    for item in built { EncodedPage.append(field: 1, length: try item.serializedData(), to: &expected) }
    #expect(page.bytes == expected)
    #expect(try page.message(Google_Protobuf_Empty.self).serializedData() == expected)
  }
}
