import Testing

@testable import GymPlan

/// Worked examples computed with python3 from the coefficients in StrengthScore.swift;
/// the Wilks and Wilks 2020 coefficients are also checked against OpenPowerlifting's
/// tests (modules/coefficients/src/wilks.rs, wilks2.rs), which quote the original
/// Python implementation and the current (2020-03-09) Wilks 2020 tables.
@Suite struct StrengthScoreTests {
  @Test func wilksOriginal() {
    // OpenPowerlifting: a 100 kg man's coefficient is 0.608589071906651 (1000 kg total →
    // 608.58907), a 60 kg woman with a 500 kg total scores 557.4434.
    #expect(abs(StrengthScore.wilks(totalKg: 1, bodyweightKg: 100, sex: .male) - 0.608589071906651) < 1e-12)
    #expect(abs(StrengthScore.wilks(totalKg: 500, bodyweightKg: 60, sex: .female) - 557.4434) < 0.0001)
    #expect(abs(StrengthScore.wilks(totalKg: 700, bodyweightKg: 100, sex: .male) - 426.01) < 0.005)
    #expect(abs(StrengthScore.wilks(totalKg: 400, bodyweightKg: 60, sex: .female) - 445.95) < 0.005)
  }

  @Test func wilks2020MatchesTheCurrentTables() {
    // (body weight, coefficient) from the current tables, to 4 decimals: Wilks revised his
    // coefficients on 2020-03-09 (OpenPowerlifting's wilks2.rs), replacing the first
    // tables (men 40 kg 1.4463, 100 kg 0.7304), which no longer score meets.
    let men: [(Double, Double)] = [
      (40, 1.3895), (50, 1.1510), (60, 0.9968), (80, 0.8191), (100, 0.7294), (140, 0.6546), (200, 0.6123), (200.95, 0.6122),
    ]
    let women: [(Double, Double)] = [
      (40, 1.8486), (50, 1.5091), (60, 1.3190), (80, 1.1318), (100, 1.0525), (140, 0.9753), (150.95, 0.9627),
    ]
    for (bodyweight, coefficient) in men {
      let got = StrengthScore.wilks2020(totalKg: 1, bodyweightKg: bodyweight, sex: .male)
      #expect((got * 10_000).rounded() == (coefficient * 10_000).rounded(), "men \(bodyweight) kg: \(got)")
    }
    for (bodyweight, coefficient) in women {
      let got = StrengthScore.wilks2020(totalKg: 1, bodyweightKg: bodyweight, sex: .female)
      #expect((got * 10_000).rounded() == (coefficient * 10_000).rounded(), "women \(bodyweight) kg: \(got)")
    }
    #expect(abs(StrengthScore.wilks2020(totalKg: 700, bodyweightKg: 100, sex: .male) - 510.55) < 0.005)
    #expect(abs(StrengthScore.wilks2020(totalKg: 400, bodyweightKg: 60, sex: .female) - 527.61) < 0.005)
  }

  @Test func dots() {
    #expect(abs(StrengthScore.dots(totalKg: 1, bodyweightKg: 100, sex: .male) - 0.6155158) < 1e-7)
    #expect(abs(StrengthScore.dots(totalKg: 700, bodyweightKg: 100, sex: .male) - 430.86) < 0.005)
    #expect(abs(StrengthScore.dots(totalKg: 400, bodyweightKg: 60, sex: .female) - 443.42) < 0.005)
  }

  @Test func bodyWeightOutsideEachFormulasRangeCountsAsItsBound() {
    typealias Score = (Double, Double, StrengthScore.Sex) -> Double
    // formula, sex, (outside, bound) pairs
    let cases: [(String, Score, StrengthScore.Sex, [(Double, Double)])] = [
      ("wilks", { StrengthScore.wilks(totalKg: $0, bodyweightKg: $1, sex: $2) }, .male, [(30, 40), (250, 201.9)]),
      ("wilks", { StrengthScore.wilks(totalKg: $0, bodyweightKg: $1, sex: $2) }, .female, [(20, 26.51), (200, 154.53)]),
      ("wilks2020", { StrengthScore.wilks2020(totalKg: $0, bodyweightKg: $1, sex: $2) }, .male, [(30, 40), (250, 200.95)]),
      ("wilks2020", { StrengthScore.wilks2020(totalKg: $0, bodyweightKg: $1, sex: $2) }, .female, [(30, 40), (200, 150.95)]),
      ("dots", { StrengthScore.dots(totalKg: $0, bodyweightKg: $1, sex: $2) }, .male, [(30, 40), (250, 210)]),
      ("dots", { StrengthScore.dots(totalKg: $0, bodyweightKg: $1, sex: $2) }, .female, [(30, 40), (200, 150)]),
    ]
    for (name, score, sex, pairs) in cases {
      for (outside, bound) in pairs {
        #expect(score(500, outside, sex) == score(500, bound, sex), "\(name) \(sex) \(outside) kg")
      }
    }
  }

  /// The pound is 0.45359237 kg exactly; answers show pounds to the hundredth.
  @Test func poundsConvert() {
    #expect(abs(220.462262 * Imperial.kilogramsPerPound - 100) < 1e-6)
    #expect(Imperial.pounds(100) == 220.46 && Imperial.pounds(225 * Imperial.kilogramsPerPound) == 225)
    #expect(Imperial.inches(101.6) == 40)
  }
}
