import Foundation
import Testing

@testable import GymPlan

/// The body-weight forecast against synthetic series whose true line is known. Figures
/// were reproduced with a python3 port of the same generator and method.
@Suite struct BodyWeightTrendTests {
  /// Knuth's MMIX linear congruential generator: the same series on every machine.
  struct SeededGenerator {
    var state: UInt64

    mutating func uniform() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / 9_007_199_254_740_992  // 2^53
    }

    /// Irwin–Hall: the sum of 12 uniforms minus 6 has mean 0 and variance 1, and is
    /// near enough to normal while staying pure arithmetic.
    mutating func normal() -> Double {
      (0..<12).reduce(0) { sum, _ in sum + uniform() } - 6
    }
  }

  static let firstDay = 20_000  // 2024-10-04

  /// 60 daily weigh-ins from 80 kg along `kgPerWeek`, noise of σ `sigma`, and with
  /// probability `outlierShare` a reading `outlierKg` too high.
  static func series(
    seed: UInt64, days: Int = 60, kgPerWeek: Double = -0.5, sigma: Double = 0.6, outlierShare: Double = 0.05,
    outlierKg: Double = 3
  ) -> (entries: [BodyWeightTrend.Entry], truth: (Int) -> Double) {
    var generator = SeededGenerator(state: seed)
    let truth = { (day: Int) in 80 + kgPerWeek / 7 * Double(day - firstDay) }
    let entries = (0..<days).map { offset in
      let day = firstDay + offset
      let noise = generator.normal() * sigma
      let outlier = generator.uniform() < outlierShare ? outlierKg : 0
      return BodyWeightTrend.Entry(day: day, kg: truth(day) + noise + outlier)
    }
    return (entries, truth)
  }

  @Test func backTestFourWeeksPastSixtyDailyWeighIns() throws {
    // 20 series: −0.5 kg a week, σ 0.6 kg, 5 % of readings 3 kg high; forecast 28 days
    // past the last of 60 daily weigh-ins. python3 over the same 20 seeds: mean error
    // 0.317 kg, worst 0.818 kg; over 500 seeds the true weight fell outside the interval
    // or the error reached 1 kg in 4.
    let target = Self.firstDay + 59 + 28
    var errors: [Double] = []
    for seed in UInt64(1)...20 {
      let (entries, truth) = Self.series(seed: seed)
      let prediction = try BodyWeightTrend.predict(entries: entries, food: [], targetDay: target)
      let error = prediction.kg - truth(target)
      errors.append(abs(error))
      print(
        "back-test seed \(seed): "
          + String(
            format: "predicted %.3f kg, true %.3f kg, error %+.3f kg, 80%% interval %.3f–%.3f kg, %.3f kg/week",
            prediction.kg, truth(target), error, prediction.lowKg, prediction.highKg, prediction.kgPerWeek))
      #expect(abs(error) < 1, "seed \(seed)")
      #expect(prediction.lowKg <= truth(target) && truth(target) <= prediction.highKg, "seed \(seed)")
      #expect(prediction.entriesUsed == 60 && prediction.foodDaysUsed == 0)
    }
    let mean = errors.reduce(0, +) / Double(errors.count)
    print(String(format: "back-test: mean absolute error %.3f kg, worst %.3f kg over 20 series", mean, errors.max()!))
    #expect(abs(mean - 0.317) < 0.001)
    #expect(abs(errors.max()! - 0.818) < 0.001)
  }

  @Test func outliersMoveTheSlopeLessThanLeastSquares() throws {
    // A clean series, then the same with its last 4 of 60 readings 3 kg high: the end
    // of the series is where least squares is most easily pulled.
    let (clean, _) = Self.series(seed: 7, outlierShare: 0)
    let spoiled = clean.enumerated().map { index, entry in
      index >= 56 ? BodyWeightTrend.Entry(day: entry.day, kg: entry.kg + 3) : entry
    }
    let target = Self.firstDay + 100
    let theilSen =
      try BodyWeightTrend.predict(entries: spoiled, food: [], targetDay: target).kgPerWeek
      - BodyWeightTrend.predict(entries: clean, food: [], targetDay: target).kgPerWeek
    let leastSquares = (Self.leastSquaresSlope(spoiled) - Self.leastSquaresSlope(clean)) * 7
    print(String(format: "4 outliers of +3 kg moved the trend %.3f kg/week (Theil–Sen) and %.3f kg/week (least squares)", theilSen, leastSquares))
    #expect(abs(theilSen - 0.047) < 0.001)
    #expect(abs(leastSquares - 0.131) < 0.001)
    #expect(abs(theilSen) < abs(leastSquares) / 2)
  }

  @Test func aChangeInEatingBendsTheForecast() throws {
    // Exactly −0.01 kg a day for 60 days; 2500 kcal a day, then 2000 for the last 14.
    let entries = (0..<60).map { BodyWeightTrend.Entry(day: Self.firstDay + $0, kg: 80 - 0.01 * Double($0)) }
    let food = (0..<60).map { BodyWeightTrend.FoodDay(day: Self.firstDay + $0, kcal: $0 < 46 ? 2500 : 2000) }
    let target = Self.firstDay + 59 + 28
    let plain = try BodyWeightTrend.predict(entries: entries, food: [], targetDay: target)
    #expect(abs(plain.kg - 79.13) < 1e-9)
    #expect(abs(plain.kgPerWeek + 0.07) < 1e-9)
    #expect(plain.method == "Theil–Sen trend over 60 entries in the last 90 days")

    // Window mean 2383.33 kcal, recent 2000: (2000 − 2383.33) / 7700 = −0.0498 kg a day
    // more, for 28 days: −1.394 kg.
    let corrected = try BodyWeightTrend.predict(entries: entries, food: food, targetDay: target)
    #expect(abs(corrected.kg - 77.73606) < 1e-5)
    #expect(abs(corrected.kgPerWeek + 0.41848) < 1e-5)
    #expect(corrected.foodDaysUsed == 60)
    #expect(
      corrected.method == "Theil–Sen trend over 60 entries in the last 90 days, corrected by 60 days of logged "
        + "calories (the last 14 days' mean 2000 kcal against 2383 kcal; maintenance about 2460 kcal a day)")

    // Six days of food are too few to correct by.
    let sparse = try BodyWeightTrend.predict(entries: entries, food: Array(food.suffix(6)), targetDay: target)
    #expect(sparse.kg == plain.kg && sparse.foodDaysUsed == 0)
  }

  @Test func theIntervalWidensFurtherOut() throws {
    let (entries, _) = Self.series(seed: 3)
    let near = try BodyWeightTrend.predict(entries: entries, food: [], targetDay: Self.firstDay + 59 + 7)
    let far = try BodyWeightTrend.predict(entries: entries, food: [], targetDay: Self.firstDay + 59 + 60)
    #expect(far.highKg - far.lowKg > near.highKg - near.lowKg)
    #expect(near.lowKg < near.kg && near.kg < near.highKg)
  }

  @Test func onlyTheLast90DaysCount() throws {
    let old = (0..<30).map { BodyWeightTrend.Entry(day: Self.firstDay - 200 + $0, kg: 95) }
    let recent = (0..<10).map { BodyWeightTrend.Entry(day: Self.firstDay + $0, kg: 80) }
    let prediction = try BodyWeightTrend.predict(entries: old + recent, food: [], targetDay: Self.firstDay + 30)
    #expect(prediction.entriesUsed == 10)
    #expect(abs(prediction.kg - 80) < 1e-9)
  }

  @Test func tooFewWeighInsSayHowManyAreNeeded() {
    let three = (0..<3).map { BodyWeightTrend.Entry(day: Self.firstDay + $0 * 5, kg: 80) }
    let refused = #expect(throws: BodyWeightTrend.NotEnoughData.self) {
      try BodyWeightTrend.predict(entries: three, food: [], targetDay: Self.firstDay + 30)
    }
    #expect(refused?.have == 3 && refused?.need == 5)
    #expect(refused?.message == "needs at least 5 weigh-ins over 7 days; you have 3")

    let old = (0..<10).map { BodyWeightTrend.Entry(day: Self.firstDay - 200 + $0, kg: 80) }
    let stale = #expect(throws: BodyWeightTrend.NotEnoughData.self) {
      try BodyWeightTrend.predict(entries: old + three, food: [], targetDay: Self.firstDay + 30)
    }
    #expect(stale?.message == "needs at least 5 weigh-ins over 7 days; you have 3 in the last 90 days")

    let none = #expect(throws: BodyWeightTrend.NotEnoughData.self) {
      try BodyWeightTrend.predict(entries: [], food: [], targetDay: Self.firstDay)
    }
    #expect(none?.have == 0)
  }

  @Test func weighInsCrowdedIntoAFewDaysAreNotEnough() {
    let crowded = (0..<6).map { BodyWeightTrend.Entry(day: Self.firstDay + $0 / 2, kg: 80) }  // days 0…2
    let refused = #expect(throws: BodyWeightTrend.NotEnoughData.self) {
      try BodyWeightTrend.predict(entries: crowded, food: [], targetDay: Self.firstDay + 30)
    }
    #expect(refused?.have == 3 && refused?.need == 7)
    #expect(refused?.message == "needs at least 5 weigh-ins over 7 days; yours cover 3 days")

    // Five weigh-ins from day 0 to day 6 cover 7 days: enough.
    let week = [0, 2, 3, 5, 6].map { BodyWeightTrend.Entry(day: Self.firstDay + $0, kg: 80 - 0.1 * Double($0)) }
    #expect(throws: Never.self) {
      try BodyWeightTrend.predict(entries: week, food: [], targetDay: Self.firstDay + 14)
    }
  }

  static func leastSquaresSlope(_ entries: [BodyWeightTrend.Entry]) -> Double {
    let n = Double(entries.count)
    let meanDay = entries.reduce(0) { $0 + Double($1.day) } / n
    let meanKg = entries.reduce(0) { $0 + $1.kg } / n
    let sxy = entries.reduce(0) { $0 + (Double($1.day) - meanDay) * ($1.kg - meanKg) }
    let sxx = entries.reduce(0) { $0 + pow(Double($1.day) - meanDay, 2) }
    return sxy / sxx
  }
}
