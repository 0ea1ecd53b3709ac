import Foundation
import GymAPI
import GymService
import GymStore

/// Checks shared by plan's handlers.
enum PlanInput {
  static func id(_ value: String, field: String) throws(GymError) {
    if value.isEmpty { throw .invalid([.init(field, "is required")]) }
  }
}
