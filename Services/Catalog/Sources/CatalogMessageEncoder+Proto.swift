import Foundation
import GymAPI
import SwiftProtobuf

extension CatalogMessageEncoder {
  /// The protobuf encoding of `CatalogMapping`, which the store keeps stored messages with.
  public static let proto = CatalogMessageEncoder(
    // Raise it with any change to what `CatalogMapping` puts in these messages.
    version: 2,
    exercise: { try CatalogMapping.exercise($0).serializedBytes() },
    program: { record, names in
      var content = Gym_Catalog_V1_Program()
      CatalogMapping.content(record, exerciseNames: names, into: &content)
      // A message holding only the days encodes as exactly the repeated field's bytes.
      let days = Gym_Catalog_V1_Program.with { $0.days = content.days }
      content.days = []
      return ProgramBytes(content: try content.serializedBytes(), days: try days.serializedBytes())
    })
}
