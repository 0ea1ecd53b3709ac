import Foundation
import GymStore

/// Plan keeps kilograms and centimetres; its answers carry pounds and inches beside
/// them, and its requests take either. These are the conversions and the reading of
/// such a pair of fields.
enum Imperial {
  /// Exact, by the international yard and pound agreement (1959).
  static let kilogramsPerPound = 0.45359237
  static let centimetresPerInch = 2.54

  /// Kilograms in pounds, to 0.01 lb as answers show them.
  static func pounds(_ kg: Double) -> Double { hundredths(kg / kilogramsPerPound) }

  /// Centimetres in inches, to 0.01 in.
  static func inches(_ cm: Double) -> Double { hundredths(cm / centimetresPerInch) }

  static func hundredths(_ value: Double) -> Double { (value * 100).rounded() / 100 }

  /// The metric value a request gives through a metric field or its imperial twin, and
  /// the field it came through (for messages about the value). Both given must agree to
  /// within 0.01 of the imperial unit, as an answer sent back does; the metric one is
  /// then kept, since it is the stored value exactly.
  struct Reading: Sendable {
    var value: Double
    var field: String
    var violation: FieldViolation?
  }

  static func read(_ metric: Double, field: String, _ imperial: Double, twin: String, metricPerImperial: Double) -> Reading {
    if imperial == 0 { return Reading(value: metric, field: field) }
    let converted = imperial * metricPerImperial
    if metric == 0 || !metric.isFinite || !imperial.isFinite {
      return Reading(value: metric == 0 ? converted : metric, field: metric == 0 ? twin : field)
    }
    // The tolerance covers the rounding of answers to 0.01 and the doubles' last bit.
    if abs(metric / metricPerImperial - imperial) <= 0.005 + 1e-9 { return Reading(value: metric, field: field) }
    return Reading(
      value: metric, field: field,
      violation: FieldViolation(twin, "says \(imperial), but \(field) says \(metric): give one of them, or both alike"))
  }

  static func kilograms(_ kg: Double, field: String, _ lb: Double, twin: String) -> Reading {
    read(kg, field: field, lb, twin: twin, metricPerImperial: kilogramsPerPound)
  }

  static func centimetres(_ cm: Double, field: String, _ inches: Double, twin: String) -> Reading {
    read(cm, field: field, inches, twin: twin, metricPerImperial: centimetresPerInch)
  }
}
