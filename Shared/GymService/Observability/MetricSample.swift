/// One value read when Prometheus scrapes: a gauge (or a counter kept elsewhere) that no
/// call records as it happens, such as a queue's length or a file's size.
public struct MetricSample: Sendable, Equatable {
  public enum Kind: String, Sendable { case gauge, counter }

  public var name: String
  public var help: String
  public var kind: Kind
  public var labels: [String: String]
  public var value: Double

  public init(_ name: String, _ help: String, kind: Kind = .gauge, labels: [String: String] = [:], value: Double) {
    self.name = name
    self.help = help
    self.kind = kind
    self.labels = labels
    self.value = value
  }

  /// Prometheus text exposition of `samples`: one HELP and TYPE per family, in the order
  /// families first appear.
  public static func exposition(_ samples: [MetricSample]) -> String {
    var order: [String] = []
    var families: [String: [MetricSample]] = [:]
    for sample in samples {
      if families[sample.name] == nil { order.append(sample.name) }
      families[sample.name, default: []].append(sample)
    }
    var text = ""
    for name in order {
      let family = families[name]!
      text += "# HELP \(name) \(family[0].help)\n# TYPE \(name) \(family[0].kind.rawValue)\n"
      for sample in family {
        let labels = sample.labels.sorted { $0.key < $1.key }.map { "\($0.key)=\"\(escaped($0.value))\"" }
        text += name + (labels.isEmpty ? "" : "{" + labels.joined(separator: ",") + "}") + " " + format(sample.value) + "\n"
      }
    }
    return text
  }

  private static func escaped(_ value: String) -> String {
    value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "\n", with: "\\n")
  }

  private static func format(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }
}
