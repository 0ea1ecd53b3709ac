import ArgumentParser
import Foundation
import GRDB
import GymPlaces

/// Store-level latency of the R*Tree search against a full scan of the same file.
struct PlacesBaseline: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "R*Tree nearby vs full scan on a places.sqlite file.")
  @Option(help: "places.sqlite of a stack.") var database = "./.gym-data/places.sqlite"
  @Option var queries = 200
  @Option var scans = 10
  @Option var radius = 4_000.0

  func run() async throws {
    let store = try PlacesStore(path: database)
    let total = try await store.placeCount()
    func measure(_ n: Int, _ body: (GeoPoint) async throws -> Int) async throws -> ([Double], Int) {
      var samples: [Double] = []
      var found = 0
      for _ in 0..<n {
        let (lat, lng) = Country.randomPoint()
        let start = ContinuousClock.now
        found += try await body(GeoPoint(latitude: lat, longitude: lng))
        let d = ContinuousClock.now - start
        samples.append(Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15)
      }
      return (samples.sorted(), found)
    }
    let (indexed, indexedFound) = try await measure(queries) { try await store.nearby($0, radius: radius).count }
    let (scanned, _) = try await measure(scans) { try await store.nearbyByFullScan($0, radius: radius).count }
    func pct(_ s: [Double], _ p: Double) -> Double { s[min(s.count - 1, Int(Double(s.count) * p))] }
    print(String(format: "%d places; %d m radius; %.1f hits on average", total, Int(radius), Double(indexedFound) / Double(queries)))
    print(String(format: "R*Tree: p50 %.2f ms, p99 %.2f ms (%d queries)", pct(indexed, 0.5), pct(indexed, 0.99), queries))
    print(String(format: "full scan: p50 %.1f ms, p99 %.1f ms (%d queries)", pct(scanned, 0.5), pct(scanned, 0.99), scans))
    print(String(format: "ratio full scan / R*Tree at p50: %.0fx", pct(scanned, 0.5) / pct(indexed, 0.5)))
  }
}

/// The baseline's queries, read through the store's public writer: the services keep
/// no benchmark code.
private extension PlacesStore {
  /// The same answer as `nearby` without the index (and without filters): every row's
  /// coordinates are read and measured, then sorted as `nearby` sorts.
  func nearbyByFullScan(_ center: GeoPoint, radius: Double) async throws -> [(rid: Int64, distance: Double)] {
    try await writer.read { db in
      var hits: [(rid: Int64, distance: Double)] = []
      let rows = try Row.fetchCursor(db, sql: "SELECT p.rid, p.lat, p.lng FROM places p WHERE 1")
      while let row = try rows.next() {
        let rid: Int64 = row[0]
        let distance = center.distance(to: GeoPoint(latitude: row[1], longitude: row[2]))
        if distance <= radius { hits.append((rid, distance)) }
      }
      return hits.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.rid < $1.rid }
    }
  }

  func placeCount() async throws -> Int {
    try await writer.read { db in try PlaceRecord.fetchCount(db) }
  }
}
