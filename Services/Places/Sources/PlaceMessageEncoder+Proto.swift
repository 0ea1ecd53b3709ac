import Foundation
import GymAPI
import SwiftProtobuf

extension PlaceMessageEncoder {
  /// The protobuf encoding of `PlaceMapping`, which the store keeps stored messages with.
  // Raise the version with any change to what `PlaceMapping.place` puts in the message.
  public static let proto = PlaceMessageEncoder(version: 1, place: { try PlaceMapping.place($0).serializedBytes() })
}
