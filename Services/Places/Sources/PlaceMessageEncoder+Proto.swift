import Foundation
import GymAPI
import SwiftProtobuf

extension PlaceMessageEncoder {
  /// The protobuf encoding of `PlaceMapping`, which the store keeps stored messages with.
  public static let proto = PlaceMessageEncoder(place: { try PlaceMapping.place($0).serializedBytes() })
}
