import GRPCCore
import GymService
import GymStore
import Testing

@testable import GymPlaces

/// The one mapping from places' errors (handlers' and the store's alike) to status codes
/// and the words a client reads, one row per case. `row(for:)` switches over every case,
/// so a new case does not compile until it has a row here.
@Suite struct PlacesErrorStatusTests {
  static let samples: [PlacesError] = [
    .sourceTaken("osm:node/1")
  ]

  static func row(for error: PlacesError) -> (RPCError.Code, String) {
    switch error {
    case .sourceTaken: (.alreadyExists, "a place with source 'osm:node/1' already exists")
    }
  }

  @Test(arguments: samples)
  func mapsToItsStatusAndWords(_ error: PlacesError) {
    let (code, message) = Self.row(for: error)
    #expect(RPCError(error).code == code)
    #expect(RPCError(error).message == message)
  }

  /// The refusals every service shares (`GymError`), as places words them: the same
  /// status codes and words as when places's own enum carried them.
  static let sharedRows: [(GymError, RPCError.Code, String)] = [
    (
      .invalid([FieldViolation("radius_m", "must be at most 50000")]), .invalidArgument,
      "invalid request: radius_m: must be at most 50000"
    ),
    (.notFound("no place with id p1"), .notFound, "no place with id p1"),
    (.staleEtag("place"), .aborted, "the place changed since you read it; read it again and reapply your change"),
    (.permissionDenied("managing places needs the admin role"), .permissionDenied, "managing places needs the admin role"),
  ]

  @Test(arguments: sharedRows)
  func sharedRefusalsMapToTheirStatusAndWords(_ error: GymError, _ code: RPCError.Code, _ message: String) {
    #expect(RPCError(error).code == code)
    #expect(RPCError(error).message == message)
  }

  @Test func aTakenSourceNamesTheField() {
    #expect(RPCError(PlacesError.sourceTaken("osm:node/1")).fieldViolations.map(\.field) == ["place.source"])
  }
}
