import Foundation

/// Body-weight-adjusted powerlifting scores: total × a coefficient that is 500 (Wilks,
/// DOTS) or 600 (Wilks 2020) over a polynomial in body weight. Each polynomial only holds
/// over the body weights it was fitted to; outside them the weight is clamped to the
/// nearer bound, as OpenPowerlifting does (crates/coefficients in
/// github.com/sstangl/openpowerlifting), so a 210 kg man scores like a 201.9 kg one.
public enum StrengthScore {
  public enum Sex: Sendable { case male, female }

  /// Robert Wilks's original (1995) formula, 500 / (a + b·x + … + f·x⁵). Body weight is
  /// clamped to 40–201.9 kg for men and 26.51–154.53 kg for women: the upper bounds are
  /// about where each curve bottoms out, after which the coefficient would rise again
  /// (rewarding extra body weight) up to a pole at 283 kg (men) or 208 kg (women).
  public static func wilks(totalKg: Double, bodyweightKg: Double, sex: Sex) -> Double {
    switch sex {
    case .male:
      totalKg * 500
        / polynomial(
          [-216.0475144, 16.2606339, -0.002388645, -0.00113732, 7.01863e-06, -1.291e-08],
          at: clamp(bodyweightKg, 40, 201.9))
    case .female:
      totalKg * 500
        / polynomial(
          [594.31747775582, -27.23842536447, 0.82112226871, -0.00930733913, 4.731582e-05, -9.054e-08],
          at: clamp(bodyweightKg, 26.51, 154.53))
    }
  }

  /// Wilks 2020 (Powerlifting Australia, March 2020; not an IPF formula), 600 / poly5.
  /// Wilks published only coefficient tables (men 40–200.9 kg, women 40–150.9 kg, in
  /// 0.1 kg steps) and revised them on 2020-03-09; the revised tables are the ones in use
  /// (men 40 kg 1.3895, where the first tables said 1.4463). The polynomial is
  /// OpenPowerlifting's for the revision (wilks2.rs, from the formula Wilks sent the
  /// USPA), which matches the revised tables to 4 decimals.
  public static func wilks2020(totalKg: Double, bodyweightKg: Double, sex: Sex) -> Double {
    switch sex {
    case .male:
      totalKg * 600
        / polynomial(
          [
            47.4617885411949, 8.47206137941125, 0.073694103462609, -0.00139583381094385, 7.07665973070743e-06,
            -1.20804336482315e-08,
          ],
          at: clamp(bodyweightKg, 40, 200.95))
    case .female:
      totalKg * 600
        / polynomial(
          [
            -125.425539779509, 13.7121941940668, -0.0330725063103405, -0.0010504000506583, 9.38773881462799e-06,
            -2.3334613884954e-08,
          ],
          at: clamp(bodyweightKg, 40, 150.95))
    }
  }

  /// DOTS (Tim Konertz for the German BVDK, 2019), 500 / poly4, body weight clamped to
  /// the formula's published bounds: 40–210 kg for men, 40–150 kg for women.
  public static func dots(totalKg: Double, bodyweightKg: Double, sex: Sex) -> Double {
    switch sex {
    case .male:
      totalKg * 500
        / polynomial(
          [-307.75076, 24.0900756, -0.1918759221, 0.0007391293, -0.000001093],
          at: clamp(bodyweightKg, 40, 210))
    case .female:
      totalKg * 500
        / polynomial(
          [-57.96288, 13.6175032, -0.1126655495, 0.0005158568, -0.0000010706],
          at: clamp(bodyweightKg, 40, 150))
    }
  }

  /// c[0] + c[1]·x + c[2]·x² + …, by Horner's rule.
  static func polynomial(_ coefficients: [Double], at x: Double) -> Double {
    coefficients.reversed().reduce(0) { $0 * x + $1 }
  }

  private static func clamp(_ x: Double, _ low: Double, _ high: Double) -> Double {
    min(max(x, low), high)
  }
}
