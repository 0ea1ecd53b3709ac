import Foundation

/// How a place row becomes the bytes of its `Place` message, handed to the store so
/// that it keeps each place's stored message in step inside its own write transactions
/// without knowing the wire format (`PlaceMessageEncoder.proto` is the real one).
public struct PlaceMessageEncoder: Sendable {
  /// Raised whenever what a message holds changes: stored messages of another version
  /// are encoded again at start-up (`StoredMessageEncoding`).
  public var version: Int
  public var place: @Sendable (PlaceRecord) throws -> Data

  public init(version: Int, place: @escaping @Sendable (PlaceRecord) throws -> Data) {
    self.version = version
    self.place = place
  }
}
