import Foundation

/// Where body weight is heading: a straight trend through the last 90 days of weigh-ins
/// that a few odd readings (a salty dinner, the scale on a rug) cannot drag, nudged by
/// how much the owner has eaten lately when food is logged.
///
/// The trend is Theil–Sen: the slope is the median of the slopes between every pair of
/// weigh-ins and the level the median of what is left, so up to about 29 % of readings can
/// be wild before the line follows them. Least squares follows a single one.
public enum BodyWeightTrend {
  /// `day` counts days since 1970-01-01.
  public struct Entry: Sendable {
    public var day: Int
    public var kg: Double

    public init(day: Int, kg: Double) {
      self.day = day
      self.kg = kg
    }
  }

  /// The calories logged on one day.
  public struct FoodDay: Sendable {
    public var day: Int
    public var kcal: Double

    public init(day: Int, kcal: Double) {
      self.day = day
      self.kcal = kcal
    }
  }

  public struct Prediction: Sendable {
    public var kg: Double
    /// An 80 % prediction interval for a weigh-in on the target day.
    public var lowKg: Double
    public var highKg: Double
    /// The trend the forecast follows, calorie correction included.
    public var kgPerWeek: Double
    /// In words, e.g. "Theil–Sen trend over 42 entries in the last 90 days".
    public var method: String
    public var entriesUsed: Int
    /// Days with logged calories in the window; 0 when there were too few to correct by.
    public var foodDaysUsed: Int
  }

  /// Weigh-ins needed in the window, and they must cover `minimumDays` days.
  public static let minimumEntries = 5
  static let minimumDays = 7
  static let windowDays = 90
  /// Food correction: at least this many logged days in the window, and the recent
  /// intake is the mean of the days in the last `recentFoodDays` days of logging.
  static let minimumFoodDays = 7
  static let recentFoodDays = 14
  /// The usual energy content of a kilogram of body weight change.
  static let kcalPerKg = 7700.0
  /// The normal quantile for a two-sided 80 % interval.
  static let z80 = 1.2815515655446004
  /// Scales show 0.1 kg; a window of identical readings must not give a zero-width interval.
  static let minimumSigmaKg = 0.1

  /// Too few weigh-ins in the window (`have` and `need` count them), or enough that
  /// cover too few days (`have` and `need` count days). `message` says which, for a user.
  public struct NotEnoughData: Error, Sendable {
    public var have: Int
    public var need: Int
    public var message: String
  }

  /// The weight forecast for `targetDay` from the weigh-ins in the 90 days up to the last
  /// one, with `food` correcting the trend when it covers at least 7 days of that window.
  ///
  /// The forecast is the trend line at `targetDay`, plus (recent 14-day mean intake −
  /// window mean intake) / 7700 kg for every day past the last weigh-in: the trend already
  /// reflects what was eaten on average, so only a change in eating moves it. The interval
  /// is the textbook regression prediction interval, z·σ·√(1 + 1/n + (t − mean)²/Σ(day −
  /// mean)²), with σ from the median absolute deviation (1.4826·MAD) so that outliers do
  /// not inflate it, and with the slope term replaced by Sen's rank-based 80 % interval
  /// for the slope (from the spread of the pairwise slopes) when that is wider. Weigh-ins
  /// wander for days at a time (water, glycogen) and this treats them as independent, so
  /// on real data the interval is likely somewhat narrow. On simulated independent noise
  /// with 5 % outliers (60 daily weigh-ins, 28 days ahead) it held 76 % of the readings
  /// (95 % are not outliers, × 80 %) and the true line 99 % of the time.
  public static func predict(entries: [Entry], food: [FoodDay], targetDay: Int) throws(NotEnoughData) -> Prediction {
    let valid = entries.filter { $0.kg.isFinite && $0.kg > 0 }
    let lastDay = valid.map(\.day).max() ?? 0
    let start = lastDay - (windowDays - 1)
    let used = valid.filter { $0.day >= start }.sorted { $0.day < $1.day }
    let need = "needs at least \(minimumEntries) weigh-ins over \(minimumDays) days"
    guard used.count >= minimumEntries else {
      let when = valid.count > used.count ? " in the last \(windowDays) days" : ""
      throw NotEnoughData(have: used.count, need: minimumEntries, message: "\(need); you have \(used.count)\(when)")
    }
    let covered = lastDay - used[0].day + 1
    guard covered >= minimumDays else {
      throw NotEnoughData(have: covered, need: minimumDays, message: "\(need); yours cover \(covered) days")
    }

    let n = Double(used.count)
    let meanDay = used.reduce(0.0) { $0 + Double($1.day) } / n
    let x = used.map { Double($0.day) - meanDay }
    let y = used.map(\.kg)
    let slopes = pairwiseSlopes(days: used.map(\.day), kg: y)
    let slope = median(slopes)
    let level = median(zip(x, y).map { $1 - slope * $0 })  // the line's value at meanDay
    let residuals = zip(x, y).map { $1 - (level + slope * $0) }
    let middle = median(residuals)
    let sigma = max(1.4826 * median(residuals.map { abs($0 - middle) }), minimumSigmaKg)
    let sxx = x.reduce(0) { $0 + $1 * $1 }

    // Sen (1968): the pairwise slopes ranked (N ∓ C)/2 bound the slope, C = z·√Var(S)
    // with Var(S) = n(n − 1)(2n + 5)/18, Kendall's S without ties.
    let c = z80 * (n * (n - 1) * (2 * n + 5) / 18).squareRoot()
    let total = Double(slopes.count)
    let senHalfWidth = (interpolated(slopes, at: (total + c) / 2) - interpolated(slopes, at: (total - c) / 2 - 1)) / 2
    let slopeHalfWidth = max(z80 * sigma / sxx.squareRoot(), senHalfWidth)

    var extraPerDay = 0.0
    var foodDaysUsed = 0
    var method = "Theil–Sen trend over \(used.count) entries in the last \(windowDays) days"
    let eaten = food.filter { $0.day >= start && $0.kcal.isFinite && $0.kcal > 0 }
    if eaten.count >= minimumFoodDays, let lastFoodDay = eaten.map(\.day).max() {
      let windowMean = eaten.reduce(0) { $0 + $1.kcal } / Double(eaten.count)
      let recent = eaten.filter { $0.day > lastFoodDay - recentFoodDays }
      let recentMean = recent.reduce(0) { $0 + $1.kcal } / Double(recent.count)
      extraPerDay = (recentMean - windowMean) / kcalPerKg
      foodDaysUsed = eaten.count
      let maintenance = windowMean - slope * kcalPerKg
      // %.0f, not Int(_:), which would trap on an absurd logged figure.
      let kcal = { (value: Double) in String(format: "%.0f kcal", value) }
      method +=
        ", corrected by \(eaten.count) days of logged calories (the last \(recentFoodDays) days' mean "
        + "\(kcal(recentMean)) against \(kcal(windowMean)); maintenance about \(kcal(maintenance)) a day)"
    }

    let distance = Double(targetDay) - meanDay
    let kg = level + slope * distance + extraPerDay * Double(max(0, targetDay - lastDay))
    let spread = z80 * sigma
    let halfWidth = (spread * spread * (1 + 1 / n) + pow(slopeHalfWidth * distance, 2)).squareRoot()
    return Prediction(
      kg: kg, lowKg: kg - halfWidth, highKg: kg + halfWidth, kgPerWeek: (slope + extraPerDay) * 7, method: method,
      entriesUsed: used.count, foodDaysUsed: foodDaysUsed)
  }

  /// kg per day between every two weigh-ins on different days, sorted.
  static func pairwiseSlopes(days: [Int], kg: [Double]) -> [Double] {
    var slopes: [Double] = []
    slopes.reserveCapacity(days.count * (days.count - 1) / 2)
    for i in days.indices {
      for j in days.indices where j > i && days[j] != days[i] {
        slopes.append((kg[j] - kg[i]) / Double(days[j] - days[i]))
      }
    }
    return slopes.sorted()
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
  }

  /// The value at a fractional 0-based `position` of `sorted`, clamped to its ends.
  private static func interpolated(_ sorted: [Double], at position: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let position = min(max(position, 0), Double(sorted.count - 1))
    let low = Int(position.rounded(.down))
    let high = min(low + 1, sorted.count - 1)
    return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
  }
}
