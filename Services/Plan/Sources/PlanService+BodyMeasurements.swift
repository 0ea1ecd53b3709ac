import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

/// Circumferences and body fat over time, beside body weight; private unless an entry
/// is shared with the user's trainers (their client overview).
extension PlanService {
  static let circumferenceRange = 10.0...300.0
  static let bodyFatRange = 2.0...75.0

  public func logBodyMeasurements(
    request: Gym_Plan_V1_LogBodyMeasurementsRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_LogBodyMeasurementsResponse {
    let caller = try Caller.current()
    let now = Date()
    let zone = try await timeZone(of: caller.userID)
    let m = request.measurements
    let date = try LocalDate.optional(m.date, field: "measurements.date") ?? LocalDate(now, in: zone)
    var violations: [FieldViolation] = []
    if date > LocalDate(now, in: zone) {
      violations.append(.init("measurements.date", "is in the future (in your time zone, \(zone.identifier))"))
    }
    /// 0 is "not measured"; anything else must be a plausible value.
    func measure(_ value: Double, _ field: String, _ range: ClosedRange<Double>, _ unit: String) -> Double? {
      guard value != 0 else { return nil }
      if !value.isFinite || !range.contains(value) {
        violations.append(.init(field, "must be \(Int(range.lowerBound)) to \(Int(range.upperBound)) \(unit), or 0 when not measured"))
      }
      return value
    }
    /// A circumference in centimetres or inches (`name_cm` or `name_in`).
    func circumference(_ cm: Double, _ inches: Double, _ name: String) -> Double? {
      let reading = Imperial.centimetres(cm, field: "measurements.\(name)_cm", inches, twin: "measurements.\(name)_in")
      if let violation = reading.violation { violations.append(violation) }
      return measure(reading.value, reading.field, Self.circumferenceRange, "cm (3.94 to 118.11 in)")
    }
    let entry = PlanStore.BodyMeasurementsEntry(
      id: ID.make(now: now), date: date, chestCm: circumference(m.chestCm, m.chestIn, "chest"),
      waistCm: circumference(m.waistCm, m.waistIn, "waist"), hipsCm: circumference(m.hipsCm, m.hipsIn, "hips"),
      armCm: circumference(m.armCm, m.armIn, "arm"), thighCm: circumference(m.thighCm, m.thighIn, "thigh"),
      bodyFatPercent: measure(m.bodyFatPercent, "measurements.body_fat_percent", Self.bodyFatRange, "%"),
      sharedWithTrainer: m.sharedWithTrainer, loggedAt: now)
    if [entry.chestCm, entry.waistCm, entry.hipsCm, entry.armCm, entry.thighCm, entry.bodyFatPercent].allSatisfy({ $0 == nil }) {
      violations.append(
        .init("measurements", "give at least one measure (chest, waist, hips, arm, thigh in _cm or _in, body_fat_percent)"))
    }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let logged = try await store.logBodyMeasurements(entry, ownerID: caller.userID)
    return .with { $0.measurements = Self.bodyMeasurements(logged) }
  }

  public func listBodyMeasurements(
    request: Gym_Plan_V1_ListBodyMeasurementsRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_ListBodyMeasurementsResponse {
    let caller = try Caller.current()
    let page = try DatedPage(from: request.from, to: request.to, pageSize: request.pageSize, pageToken: request.pageToken)
    let entries = try await store.bodyMeasurements(
      ownerID: caller.userID, from: page.from, to: page.to, limit: page.size, offset: page.offset)
    return .with {
      $0.entries = entries.map(Self.bodyMeasurements)
      $0.nextPageToken = page.nextToken(returned: entries.count)
    }
  }

  public func deleteBodyMeasurements(
    request: Gym_Plan_V1_DeleteBodyMeasurementsRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_DeleteBodyMeasurementsResponse {
    let caller = try Caller.current()
    try await store.deleteBodyMeasurements(id: request.id, ownerID: caller.userID)
    return .init()
  }

  static func bodyMeasurements(_ entry: PlanStore.BodyMeasurementsEntry) -> Gym_Plan_V1_BodyMeasurements {
    .with {
      $0.id = entry.id
      $0.date = entry.date.proto
      $0.chestCm = entry.chestCm ?? 0
      $0.waistCm = entry.waistCm ?? 0
      $0.hipsCm = entry.hipsCm ?? 0
      $0.armCm = entry.armCm ?? 0
      $0.thighCm = entry.thighCm ?? 0
      $0.chestIn = Imperial.inches(entry.chestCm ?? 0)
      $0.waistIn = Imperial.inches(entry.waistCm ?? 0)
      $0.hipsIn = Imperial.inches(entry.hipsCm ?? 0)
      $0.armIn = Imperial.inches(entry.armCm ?? 0)
      $0.thighIn = Imperial.inches(entry.thighCm ?? 0)
      $0.bodyFatPercent = entry.bodyFatPercent ?? 0
      $0.sharedWithTrainer = entry.sharedWithTrainer
      $0.loggedAt = .init(date: entry.loggedAt)
    }
  }
}
