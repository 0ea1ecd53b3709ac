import Foundation

/// One configuration key: the `GYM_…` environment variable, the flag that overrides
/// it, its default and what it does. Each process declares its keys where it reads them.
public struct ConfigKey: Sendable, Hashable {
  public let name: String
  public let defaultValue: String?
  public let help: String

  /// `defaultValue == nil` marks a required key: start-up stops with a clear message when unset.
  public init(_ name: String, default defaultValue: String?, _ help: String) {
    precondition(name.hasPrefix("GYM_"), "config keys start with GYM_")
    self.name = name
    self.defaultValue = defaultValue
    self.help = help
  }

  /// `GYM_AUTH_ADDR` → `--auth-addr`.
  public var flag: String {
    "--" + name.dropFirst(4).lowercased().replacingOccurrences(of: "_", with: "-")
  }
}

/// A configuration problem that stops start-up before anything listens.
public struct ConfigError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

/// Configuration of one process: environment variables, overridden by flags.
public struct Config: Sendable {
  public let keys: [ConfigKey]
  private let values: [String: String]

  /// Reads `keys` from `environment`, then from `arguments` (`--flag value` or `--flag=value`).
  /// Unknown flags are an error so that a typo never silently falls back to a default.
  public init(
    keys: [ConfigKey],
    environment: [String: String] = ProcessInfo.processInfo.environment,
    arguments: [String] = Array(CommandLine.arguments.dropFirst())
  ) throws {
    self.keys = keys
    var values: [String: String] = [:]
    for key in keys {
      if let value = environment[key.name], !value.isEmpty { values[key.name] = value }
    }
    let byFlag = Dictionary(uniqueKeysWithValues: keys.map { ($0.flag, $0) })
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      guard let key = byFlag[parts[0]] else {
        throw ConfigError("unknown option \(argument); run with --help for the list")
      }
      if parts.count == 2 {
        values[key.name] = parts[1]
      } else {
        guard index + 1 < arguments.count else { throw ConfigError("\(argument) needs a value") }
        index += 1
        values[key.name] = arguments[index]
      }
      index += 1
    }
    self.values = values
  }

  /// The value of a key, its default, or an error naming the key when it is required.
  public func string(_ key: ConfigKey) throws -> String {
    if let value = values[key.name] ?? key.defaultValue { return value }
    throw ConfigError("\(key.name) (or \(key.flag)) is required: \(key.help)")
  }

  public func int(_ key: ConfigKey, in range: ClosedRange<Int> = Int.min...Int.max) throws -> Int {
    let raw = try string(key)
    guard let value = Int(raw), range.contains(value) else {
      throw ConfigError("\(key.name)=\(raw) must be a whole number in \(range.lowerBound)...\(range.upperBound)")
    }
    return value
  }

  public func bool(_ key: ConfigKey) throws -> Bool {
    let raw = try string(key)
    switch raw.lowercased() {
    case "true", "1", "yes": return true
    case "false", "0", "no": return false
    default: throw ConfigError("\(key.name)=\(raw) must be true or false")
    }
  }

  public func seconds(_ key: ConfigKey) throws -> Duration {
    let raw = try string(key)
    guard let value = Double(raw), value > 0 else {
      throw ConfigError("\(key.name)=\(raw) must be a positive number of seconds")
    }
    return .milliseconds(Int64(value * 1000))
  }

  public func address(_ key: ConfigKey) throws -> HostPort {
    let raw = try string(key)
    guard let address = HostPort(raw) else {
      throw ConfigError("\(key.name)=\(raw) must be HOST:PORT, e.g. 127.0.0.1:7001")
    }
    return address
  }

  /// `--help` text: every key with its default.
  public static func usage(process: String, keys: [ConfigKey]) -> String {
    var lines = ["usage: \(process) [--option value]...", "", "Options (environment variable, flag, default):"]
    for key in keys {
      let def = key.defaultValue.map { $0.isEmpty ? "(empty)" : $0 } ?? "(required)"
      lines.append("  \(key.name) / \(key.flag)  [\(def)]")
      lines.append("      \(key.help)")
    }
    return lines.joined(separator: "\n")
  }
}

/// `host:port`, IPv4 or a name; `[::1]:7000` for IPv6.
public struct HostPort: Sendable, Hashable, CustomStringConvertible {
  public var host: String
  public var port: Int

  public init(host: String, port: Int) {
    self.host = host
    self.port = port
  }

  public init?(_ text: String) {
    guard let colon = text.lastIndex(of: ":") else { return nil }
    var host = String(text[..<colon])
    if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    guard !host.isEmpty, let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port)
    else { return nil }
    self.host = host
    self.port = port
  }

  public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

  /// The bytes of an IP address literal (4 for IPv4, 16 for IPv6, brackets allowed); nil
  /// for a name, which is not resolved here.
  public static func addressBytes(_ host: String) -> [UInt8]? {
    var name = host
    if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
    var v4 = in_addr()
    if inet_pton(AF_INET, name, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
    var v6 = in6_addr()
    if inet_pton(AF_INET6, name, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
    return nil
  }

  /// Whether `host` names this machine only: localhost, 127.0.0.0/8, ::1 (also
  /// IPv4-mapped); a name is not resolved here.
  public static func isLoopback(_ host: String) -> Bool {
    let name = host.lowercased()
    if name == "localhost" || name == "localhost." { return true }
    guard let bytes = addressBytes(name) else { return false }
    if bytes.count == 4 { return bytes[0] == 127 }
    let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
    return bytes == [UInt8](repeating: 0, count: 15) + [1] || (mapped && bytes[12] == 127)
  }
}
