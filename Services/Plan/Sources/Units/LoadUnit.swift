import Foundation

/// The unit a user loads a bar in, from the unit system on their profile, with the
/// smallest change their plates allow: what suggested weights are rounded to and what
/// sentences about weights say.
public struct LoadUnit: Sendable, Equatable {
  public var imperial: Bool
  /// In this unit.
  public var plateStep: Double

  public static let defaultStepKg = 1.25
  public static let defaultStepLb = 2.5
  public static let stepRangeKg = 0.25...10.0
  public static let stepRangeLb = 0.5...25.0

  public init(imperial: Bool, plateStep: Double) {
    self.imperial = imperial
    self.plateStep = plateStep
  }

  public static let kilograms = LoadUnit(imperial: false, plateStep: defaultStepKg)

  public var symbol: String { imperial ? "lb" : "kg" }

  /// Kilograms in this unit, exactly (no rounding: sums stay exact).
  public func fromKilograms(_ kg: Double) -> Double { imperial ? kg / Imperial.kilogramsPerPound : kg }

  public func toKilograms(_ value: Double) -> Double { imperial ? value * Imperial.kilogramsPerPound : value }

  /// The nearest load the plates make, in this unit.
  public func plated(_ value: Double) -> Double {
    guard plateStep > 0, value.isFinite else { return value }
    return toThousandths((value / plateStep).rounded() * plateStep)
  }

  /// "102.5 kg", "225 lb", "1.25 kg": to a thousandth at most, no trailing zeros.
  public func text(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e9 else { return "\(value) \(symbol)" }
    let thousandths = Int((abs(value) * 1000).rounded())
    var text = "\(thousandths / 1000)"
    var fraction = thousandths % 1000
    if fraction != 0 {
      var digits = 3
      while fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
      }
      text += "." + String(repeating: "0", count: digits - String(fraction).count) + String(fraction)
    }
    return (value < 0 && thousandths != 0 ? "-" : "") + text + " " + symbol
  }

  /// Sums like 100 + 2.5 are exact, but 0.1 steps are not: loads are kept to a thousandth.
  public func toThousandths(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

  /// Whether two loads in this unit are the same, to a thousandth.
  public func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 0.001 }
}
