import Foundation
import GymService
import Yams

/// The repository's deployment files, parsed: YAML mappings as `[String: Any]`.
enum DeploymentFiles {
  /// The repository root (this file is Tests/DeploymentTests/DeploymentFiles.swift).
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// One YAML document (merge keys `<<` resolved).
  static func document(_ path: String) throws -> [String: Any] {
    guard let document = try Yams.load(yaml: try text(path)) as? [String: Any] else { throw Unreadable(path: path) }
    return document
  }

  /// Every document of every `deploy/k8s/*.yaml`.
  static func kubernetesObjects() throws -> [[String: Any]] {
    let directory = root.appendingPathComponent("deploy/k8s")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yaml") }.sorted()
    var objects: [[String: Any]] = []
    for file in files {
      for document in try Yams.load_all(yaml: try text("deploy/k8s/\(file)")) {
        if let object = document as? [String: Any] { objects.append(object) }
      }
    }
    return objects
  }

  struct Unreadable: Error, CustomStringConvertible {
    var path: String
    var description: String { "\(path) is not a YAML mapping" }
  }
}

/// Reading nested YAML without a force cast at every step.
extension Dictionary where Key == String, Value == Any {
  func map(_ key: String) -> [String: Any] { self[key] as? [String: Any] ?? [:] }
  func list(_ key: String) -> [Any] { self[key] as? [Any] ?? [] }
  func maps(_ key: String) -> [[String: Any]] { list(key).compactMap { $0 as? [String: Any] } }
  func string(_ key: String) -> String? { self[key].map { "\($0)" } }
}

extension ServiceManifest {
  var port: Int { PlatformManifest.basePort + portOffset }
  var metricsPort: Int { port + PlatformManifest.metricsOffset }
}

/// `GYM_<PEER>_ADDR` keys that name a gym service (not the SMTP relay), as peer names.
func peerAddresses(_ environment: [String: String]) -> [String: String] {
  var peers: [String: String] = [:]
  for (key, value) in environment where key.hasPrefix("GYM_") && key.hasSuffix("_ADDR") {
    let name = key.dropFirst(4).dropLast(5).lowercased()
    if PlatformManifest.service(named: name) != nil { peers[name] = value }
  }
  return peers
}

/// The address key of every service in `keys` that names a gym service, as peer names.
func peerNames(inKeys keys: [String]) -> Set<String> {
  Set(
    keys.compactMap { key in
      guard key.hasPrefix("GYM_"), key.hasSuffix("_ADDR") else { return nil }
      let name = key.dropFirst(4).dropLast(5).lowercased()
      return PlatformManifest.service(named: name)?.name
    })
}
