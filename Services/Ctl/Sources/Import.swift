import ArgumentParser
import Foundation
import GymAPI

/// `gymctl import places|exercises FILE`: streams records to the owning service with a
/// progress bar on stderr, then prints what was created, updated and rejected.
struct Import: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Load data into a running stack.", subcommands: [Places.self, Exercises.self])

  /// A bar on stderr, redrawn in place; stdout keeps only the result (and `--json` stays parseable).
  static func progress(_ done: Int, of total: Int) {
    guard done % 200 == 0 || done == total else { return }
    let width = 30
    let filled = total == 0 ? width : done * width / total
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)\(done == total ? "\n" : "")".utf8))
  }

  static func printRejections(_ rejections: [(index: Int32, name: String, reason: String)]) {
    for rejection in rejections.prefix(20) {
      print("  #\(rejection.index) \(rejection.name.isEmpty ? "" : rejection.name + " "): \(rejection.reason)")
    }
    if rejections.count > 20 { print("  … and \(rejections.count - 20) more") }
  }

  /// `gymctl import places FILE.geojson`: a GeoJSON FeatureCollection (for example an
  /// Overpass export of leisure=fitness_centre), idempotent by OpenStreetMap id.
  struct Places: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Import gyms and sports centres from GeoJSON with OpenStreetMap tags.")

    @OptionGroup var stack: StackOptions
    @Argument(help: "A GeoJSON FeatureCollection file.") var file: String
    @Option(help: "IANA time zone for features without a 'timezone' tag.") var timeZone: String
    @Option(help: "ISO 4217 currency for prices without one.") var currency = ""

    func run() async throws {
      guard let data = FileManager.default.contents(atPath: file),
        let collection = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let features = collection["features"] as? [Any]
      else {
        throw ValidationError("\(file) is not a GeoJSON FeatureCollection")
      }
      // Serialised up front: the stream's producer must only capture Sendable values.
      let encoded: [String] = features.map { feature in
        (try? JSONSerialization.data(withJSONObject: feature)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
      }
      let (timeZone, currency) = (timeZone, currency)
      let started = ContinuousClock.now
      let response = try await OperatorCall.with(.places, stack) { client in
        try await Gym_Places_V1_PlacesService.Client(wrapping: client).importPlaces { writer in
          try await writer.write(
            .with {
              $0.options = .with {
                $0.defaultTimeZone = timeZone; $0.defaultCurrency = currency
              }
            })
          for (index, json) in encoded.enumerated() {
            try await writer.write(.with { $0.geojsonFeature = json })
            Import.progress(index + 1, of: encoded.count)
          }
        }
      }
      if stack.json { return try Output.json(response) }
      let elapsed = started.duration(to: .now).formatted(.units(allowed: [.seconds, .milliseconds]))
      print("created \(response.created), updated \(response.updated), rejected \(response.rejected.count) in \(elapsed)")
      Import.printRejections(response.rejected.map { ($0.index, $0.source, $0.reason) })
    }
  }

  /// `gymctl import exercises FILE.json`: exercises in the library's JSON format (an
  /// array of gym.catalog.v1.Exercise in proto JSON, as in Seed/exercise-library.json),
  /// created or updated by slug.
  struct Exercises: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Import exercises (JSON array of gym.catalog.v1.Exercise).")

    @OptionGroup var stack: StackOptions
    @Argument(help: "A JSON file: an array of exercises, or {\"exercises\": [...]}.") var file: String

    func run() async throws {
      guard let data = FileManager.default.contents(atPath: file),
        let json = try? JSONSerialization.jsonObject(with: data),
        let items = (json as? [Any]) ?? ((json as? [String: Any])?["exercises"] as? [Any])
      else {
        throw ValidationError("\(file) is not a JSON array of exercises")
      }
      // Each record is decoded on its own, so one typo rejects that record, not the file.
      var exercises: [(Int, Gym_Catalog_V1_Exercise)] = []
      var rejected: [Gym_Catalog_V1_ImportRejection] = []
      for (index, item) in items.enumerated() {
        do {
          let text = String(decoding: try JSONSerialization.data(withJSONObject: item), as: UTF8.self)
          exercises.append((index, try Gym_Catalog_V1_Exercise(jsonString: text)))
        } catch {
          rejected.append(
            .with {
              $0.index = Int32(index)
              $0.slug = ((item as? [String: Any])?["slug"] as? String) ?? ""
              $0.reason = "not an Exercise: \(error)"
            })
        }
      }
      let messages = exercises.map(\.1)
      var response = try await OperatorCall.with(.catalog, stack) { client in
        try await Gym_Catalog_V1_CatalogService.Client(wrapping: client).importExercises { writer in
          for (index, message) in messages.enumerated() {
            try await writer.write(.with { $0.exercise = message })
            Import.progress(index + 1, of: messages.count)
          }
        }
      }
      // The service counts positions in its stream; the operator needs positions in the file.
      response.rejected =
        (rejected
        + response.rejected.map { rejection in
          var rejection = rejection
          rejection.index = Int32(exercises[Int(rejection.index)].0)
          return rejection
        }).sorted { $0.index < $1.index }
      if stack.json { return try Output.json(response) }
      print("created \(response.created), updated \(response.updated), unchanged \(response.unchanged), rejected \(response.rejected.count)")
      Import.printRejections(response.rejected.map { ($0.index, $0.slug, $0.reason) })
    }
  }
}
