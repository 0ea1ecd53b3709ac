/// A nearest-first search that reads only as far out as a page needs. It looks within a
/// small circle and widens it (by the shortfall, at least doubling) until the circle
/// holds `needed` results or reaches the radius asked for. Everything inside a circle is
/// nearer than everything outside it, so the first `needed` results of the last circle
/// are the nearest overall: a first page in a city reads the places of a few streets,
/// not every place within 50 km.
enum NearestFirst {
  /// - Parameter within: every result within the given radius, nearest first.
  static func search<Result>(
    radius: Double, needed: Int, firstRadius: Double, within: (Double) async throws -> [Result]
  ) async throws -> [Result] {
    var current = min(radius, firstRadius)
    while true {
      let found = try await within(current)
      if found.count >= needed || current >= radius { return found }
      // Results grow with the area: scale the radius by the square root of the shortfall.
      let growth = found.isEmpty ? 4 : max(2, (Double(needed) / Double(found.count)).squareRoot() * 1.25)
      current = min(radius, current * growth)
    }
  }
}
