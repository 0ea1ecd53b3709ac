import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import Testing

/// Places bounds place text by UTF-8 bytes as well as characters (issue 26).
@Suite struct PlacesTextBytesTests {
  @Test func aPlaceNameWithinTheCharactersButOverTheBytesIsRefused() async throws {
    try await PlacesFixture.run { env in
      // 200 characters of "e" with two combining accents: 1,000 bytes.
      let heavy = String(repeating: "e\u{0301}\u{0301}", count: 200)
      let refused = await rpcError { _ = try await env.places.createPlace(.with { $0.place = gym(heavy, 1, 1) }, metadata: env.admin) }
      #expect(refused?.code == .invalidArgument)
      #expect(refused?.fieldViolations.map(\.field) == ["place.name"])
      #expect(refused?.fieldViolations.first?.description.contains("800 bytes (UTF-8)") == true)
    }
  }
}
