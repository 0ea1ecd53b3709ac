import Foundation
import GymAPI
import GymService
import GymStore

/// A room as CreateRoom asks for it, and a ListRooms search, checked; every problem at
/// once, named by its request field.
struct RoomInput {
  static let nameBound = TextBound(characters: 80, minimum: 3)
  static let topicBound = TextBound(characters: 500)
  /// A search query, in rooms and wherever messaging searches.
  static let queryBound = TextBound(characters: 100)

  let name: String
  let topic: String
  /// nil: a room about no program.
  let programID: String?

  init(_ request: Gym_Messaging_V1_CreateRoomRequest) throws(GymError) {
    name = request.name.trimmingCharacters(in: .whitespacesAndNewlines)
    topic = request.topic
    var violations: [FieldViolation] = []
    if let violation = Self.nameBound.violation(name, field: "name") { violations.append(violation) }
    if let violation = Self.topicBound.violation(topic, field: "topic") { violations.append(violation) }
    guard violations.isEmpty else { throw .invalid(violations) }
    programID = request.programID.isEmpty ? nil : request.programID
  }

  /// The store's query for a ListRooms page.
  static func query(_ request: Gym_Messaging_V1_ListRoomsRequest, limit: Int, offset: Int) throws(GymError) -> MessagingStore.RoomQuery {
    if let violation = queryBound.violation(request.query, field: "query") { throw .invalid([violation]) }
    var query = MessagingStore.RoomQuery()
    query.words = request.query.split(whereSeparator: \.isWhitespace).map(String.init)
    query.programID = request.programID.isEmpty ? nil : request.programID
    query.placeID = request.placeID.isEmpty ? nil : request.placeID
    query.joinedOnly = request.joinedOnly
    query.limit = limit
    query.offset = offset
    return query
  }
}
