import Foundation
import GymAPI
import GymService
import GymStore

/// A review as ReviewPlace sends it, checked: every field problem at once.
struct PlaceReviewInput {
  static let textBound = TextBound(characters: 1000)

  let placeID: String
  let stars: Int
  let text: String

  init(_ request: Gym_Messaging_V1_ReviewPlaceRequest) throws(GymError) {
    var violations: [FieldViolation] = []
    if request.placeID.isEmpty { violations.append(.init("place_id", "is required")) }
    if !(1...5).contains(request.stars) { violations.append(.init("stars", "give 1 to 5 stars (got \(request.stars))")) }
    let text = request.text.trimmingCharacters(in: .whitespacesAndNewlines)
    if let violation = Self.textBound.violation(text, field: "text") { violations.append(violation) }
    guard violations.isEmpty else { throw .invalid(violations) }
    placeID = request.placeID
    stars = Int(request.stars)
    self.text = text
  }
}
