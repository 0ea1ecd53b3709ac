import Foundation

/// How a place row becomes the bytes of its `Place` message, handed to the store so
/// that it keeps each place's stored message in step inside its own write transactions
/// without knowing the wire format (`PlaceMessageEncoder.proto` is the real one).
public struct PlaceMessageEncoder: Sendable {
  public var place: @Sendable (PlaceRecord) throws -> Data

  public init(place: @escaping @Sendable (PlaceRecord) throws -> Data) {
    self.place = place
  }
}
