import Foundation

/// The lower bound of the Wilson score interval for the share of up votes (95 %,
/// z = 1.96): how good a program is at least, given how many have voted. Three up
/// votes and none down score 0.44; 300 up and 20 down score 0.91, so the well-tried
/// program ranks first. No votes score 0.
public enum WilsonScore {
  public static let z = 1.959964

  public static func lowerBound(up: Int, down: Int) -> Double {
    let n = Double(up + down)
    guard n > 0 else { return 0 }
    let p = Double(up) / n
    let z2 = z * z
    let centre = p + z2 / (2 * n)
    let margin = z * ((p * (1 - p) + z2 / (4 * n)) / n).squareRoot()
    return max(0, (centre - margin) / (1 + z2 / n))
  }
}
