import Foundation

/// One-rep-max estimates from a set of `reps` at `weightKg`, by the seven formulas that
/// LeSuer et al. compared (J Strength Cond Res 11(4):211–213, 1997), and a rep-max table.
public enum OneRepMax {
  public enum Formula: String, CaseIterable, Sendable {
    case epley, brzycki, lombardi, lander, mayhew, oconner, wathan
  }

  /// reps 1...30, weight > 0 (callers validate); reps == 1 returns weight for every formula.
  ///
  /// The formulas are regressions fitted to sets of several reps, and at one rep Epley
  /// says 103 %, O'Conner 102.5 %, Lander and Wathan 101 %, Mayhew 109 % of the weight
  /// lifted. A single is a measured maximum, so it is returned as it is. Reps outside
  /// 1...30 are clamped rather than trapped on: Brzycki divides by zero at 37.
  public static func estimate(weightKg: Double, reps: Int, formula: Formula) -> Double {
    let reps = min(max(reps, 1), 30)
    if reps == 1 { return weightKg }
    let w = weightKg
    let r = Double(reps)
    switch formula {
    case .epley: return w * (1 + r / 30)  // Epley 1985
    case .brzycki: return w * 36 / (37 - r)  // Brzycki 1993
    case .lombardi: return w * pow(r, 0.10)  // Lombardi 1989
    case .lander: return 100 * w / (101.3 - 2.67123 * r)  // Lander 1985
    case .mayhew: return 100 * w / (52.2 + 41.9 * exp(-0.055 * r))  // Mayhew et al. 1992
    case .oconner: return w * (1 + 0.025 * r)  // O'Conner et al. 1989
    case .wathan: return 100 * w / (48.8 + 53.8 * exp(-0.075 * r))  // Wathan 1994
    }
  }

  /// Every formula's estimate, in `Formula.allCases` order.
  public static func estimates(weightKg: Double, reps: Int) -> [(formula: Formula, kg: Double)] {
    Formula.allCases.map { ($0, estimate(weightKg: weightKg, reps: reps, formula: $0)) }
  }

  /// Rows for 1...12 reps: the weight Epley says can be lifted that many times
  /// (1RM / (1 + reps / 30); 1 rep is the 1RM itself, as in `estimate`) and its percent
  /// of the 1RM. `oneRepMax` and the weights are in `unit`; each weight is the nearest
  /// load the user's plates make. The percent is rounded from the unrounded weight.
  public static func repMaxTable(oneRepMax: Double, unit: LoadUnit) -> [(reps: Int, weight: Double, percent: Int)] {
    (1...12).map { reps in
      let share = reps == 1 ? 1 : 1 / (1 + Double(reps) / 30)
      return (reps, unit.plated(oneRepMax * share), Int((share * 100).rounded()))
    }
  }
}
