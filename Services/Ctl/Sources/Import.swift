import ArgumentParser
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymService

/// `gymctl import places FILE.geojson`: streams a GeoJSON FeatureCollection (for
/// example an Overpass export of leisure=fitness_centre) to gym-places with a
/// progress bar, then prints what was created, updated and rejected.
struct Import: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Load data into a running stack.", subcommands: [Places.self, Exercises.self])

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
      let credential = try ServiceCredential.load(path: stack.layout.credentialFile)
      let address = ManagedService.places.address(in: stack.layout)
      let transport = try HTTP2ClientTransport.Posix(target: .dns(host: address.host, port: address.port), transportSecurity: .plaintext)
      let total = features.count
      let started = ContinuousClock.now
      let response = try await withGRPCClient(transport: transport, interceptors: [credential.clientInterceptor]) { client in
        try await Gym_Places_V1_PlacesService.Client(wrapping: client).importPlaces { writer in
          try await writer.write(.with { $0.options = .with { $0.defaultTimeZone = timeZone; $0.defaultCurrency = currency } })
          for (index, json) in encoded.enumerated() {
            try await writer.write(.with { $0.geojsonFeature = json })
            if index % 200 == 0 || index == total - 1 { Self.progress(index + 1, of: total) }
          }
        }
      }
      let elapsed = started.duration(to: .now)
      FileHandle.standardError.write(Data("\n".utf8))
      print("created \(response.created), updated \(response.updated), rejected \(response.rejected.count) in \(elapsed.formatted(.units(allowed: [.seconds, .milliseconds])))")
      for rejection in response.rejected.prefix(20) {
        print("  #\(rejection.index) \(rejection.source.isEmpty ? "" : rejection.source + " "): \(rejection.reason)")
      }
      if response.rejected.count > 20 { print("  … and \(response.rejected.count - 20) more") }
    }

    static func progress(_ done: Int, of total: Int) {
      let width = 30
      let filled = total == 0 ? width : done * width / total
      let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
      FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)".utf8))
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
      var rejected: [(Int, String, String)] = []
      for (index, item) in items.enumerated() {
        do {
          let text = String(decoding: try JSONSerialization.data(withJSONObject: item), as: UTF8.self)
          exercises.append((index, try Gym_Catalog_V1_Exercise(jsonString: text)))
        } catch {
          rejected.append((index, ((item as? [String: Any])?["slug"] as? String) ?? "", "not an Exercise: \(error)"))
        }
      }
      let messages = exercises.map(\.1)
      let credential = try ServiceCredential.load(path: stack.layout.credentialFile)
      let address = ManagedService.catalog.address(in: stack.layout)
      let transport = try HTTP2ClientTransport.Posix(target: .dns(host: address.host, port: address.port), transportSecurity: .plaintext)
      let response = try await withGRPCClient(transport: transport, interceptors: [credential.clientInterceptor]) { client in
        try await Gym_Catalog_V1_CatalogService.Client(wrapping: client).importExercises { writer in
          for message in messages { try await writer.write(.with { $0.exercise = message }) }
        }
      }
      rejected += response.rejected.map { (exercises[Int($0.index)].0, $0.slug, $0.reason) }
      rejected.sort { $0.0 < $1.0 }
      print("created \(response.created), updated \(response.updated), unchanged \(response.unchanged), rejected \(rejected.count)")
      for (index, slug, reason) in rejected.prefix(20) {
        print("  #\(index) \(slug.isEmpty ? "" : slug + " "): \(reason)")
      }
      if rejected.count > 20 { print("  … and \(rejected.count - 20) more") }
    }
  }
}
