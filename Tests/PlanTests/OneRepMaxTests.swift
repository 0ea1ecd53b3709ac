import Testing

@testable import GymPlan

/// Figures worked with python3 from the published formulas (see OneRepMax.swift).
@Suite struct OneRepMaxTests {
  @Test(arguments: OneRepMax.Formula.allCases)
  func aSingleIsItsOwnMax(_ formula: OneRepMax.Formula) {
    #expect(OneRepMax.estimate(weightKg: 142.5, reps: 1, formula: formula) == 142.5)
  }

  @Test func fiveAndTenRepsOf100Kg() {
    // formula: (5 reps, 10 reps)
    let expected: [OneRepMax.Formula: (Double, Double)] = [
      .epley: (116.6667, 133.3333), .brzycki: (112.5, 133.3333), .lombardi: (117.4619, 125.8925),
      .lander: (113.7089, 134.0704), .mayhew: (119.0107, 130.9343), .oconner: (112.5, 125),
      .wathan: (116.5825, 134.7467),
    ]
    for (formula, (five, ten)) in expected {
      #expect(abs(OneRepMax.estimate(weightKg: 100, reps: 5, formula: formula) - five) < 0.0001, "\(formula)")
      #expect(abs(OneRepMax.estimate(weightKg: 100, reps: 10, formula: formula) - ten) < 0.0001, "\(formula)")
    }
  }

  @Test func estimatesListEveryFormulaInOrder() {
    let all = OneRepMax.estimates(weightKg: 100, reps: 5)
    #expect(all.map(\.formula) == OneRepMax.Formula.allCases)
    let mean = all.map(\.kg).reduce(0, +) / Double(all.count)
    #expect(abs(mean - 115.4901) < 0.0001)
  }

  @Test func repsOutsideTheRangeAreClampedNotTrappedOn() {
    #expect(OneRepMax.estimate(weightKg: 100, reps: 0, formula: .mayhew) == 100)
    #expect(
      OneRepMax.estimate(weightKg: 100, reps: 40, formula: .brzycki)
        == OneRepMax.estimate(weightKg: 100, reps: 30, formula: .brzycki))
  }

  /// Each row is the nearest load the lifter's plates make: 1.25 kg steps by default.
  @Test func repMaxTableFrom150Kg() {
    let rows = OneRepMax.repMaxTable(oneRepMax: 150, unit: .kilograms)
    let expected: [(Int, Double, Int)] = [
      (1, 150, 100), (2, 141.25, 94), (3, 136.25, 91), (4, 132.5, 88), (5, 128.75, 86), (6, 125, 83),
      (7, 121.25, 81), (8, 118.75, 79), (9, 115, 77), (10, 112.5, 75), (11, 110, 73), (12, 107.5, 71),
    ]
    #expect(rows.count == expected.count)
    for (row, (reps, weight, percent)) in zip(rows, expected) {
      #expect(row.reps == reps)
      #expect(abs(row.weight - weight) < 1e-9, "\(reps) reps")
      #expect(row.percent == percent, "\(reps) reps")
    }
  }

  /// A pound lifter's table is in pounds, on 2.5 lb steps (or 5 lb, when they say so).
  @Test func repMaxTableFrom330PoundsOnPoundPlates() {
    let rows = OneRepMax.repMaxTable(oneRepMax: 330, unit: LoadUnit(imperial: true, plateStep: 2.5))
    #expect(rows.map(\.weight) == [330, 310, 300, 290, 282.5, 275, 267.5, 260, 255, 247.5, 242.5, 235])
    let fives = OneRepMax.repMaxTable(oneRepMax: 330, unit: LoadUnit(imperial: true, plateStep: 5))
    #expect(fives.map(\.weight) == [330, 310, 300, 290, 285, 275, 270, 260, 255, 250, 240, 235])
    #expect(LoadUnit(imperial: true, plateStep: 5).text(282.5) == "282.5 lb")
  }
}
