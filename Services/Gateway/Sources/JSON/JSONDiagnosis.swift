import Foundation

/// Why a JSON document is not a message of a given type, field by field, in the words a
/// client needs to fix it: the field's path as the services name fields
/// (`routine.days[1].exercises[0].sets`), and what is wrong with its value. Every body
/// passes here before swift-protobuf decodes it: unknown fields, values of the wrong
/// type, numbers out of their field's range and enum names the type lacks stop here.
struct JSONDiagnosis {
  struct Problem: Equatable {
    /// The field's proto path; empty for the document as a whole.
    let field: String
    let description: String
  }

  let schemas: ProtoSchemas

  /// The first thing wrong with `value` as a `typeName`, or nil when nothing is found.
  func problem(in value: JSONValue, as typeName: String) -> Problem? {
    message(value, typeName, path: "")
  }

  private func message(_ value: JSONValue, _ typeName: String, path: String) -> Problem? {
    if let problem = wellKnown(value, typeName, path: path) { return problem.description.isEmpty ? nil : problem }
    guard let type = schemas.messages[typeName] else { return nil }
    guard case .object(let members) = value else {
      if value == .null { return nil }
      return Problem(field: path, description: "must be a JSON object (a \(typeName)), not \(value.typeName)")
    }
    var oneofs: [String: String] = [:]
    var seen: Set<String> = []
    for (key, member) in members {
      guard let field = type.field(key) else {
        let hint = suggestion(for: key, in: type).map { "; did you mean '\($0)'?" } ?? ""
        return Problem(
          field: join(path, key), description: "is not a field of \(typeName)\(hint) (unknown fields are refused, not ignored)")
      }
      let fieldPath = join(path, field.name)
      guard seen.insert(field.name).inserted else {
        return Problem(field: fieldPath, description: "is given twice (as '\(field.name)' and '\(field.jsonName)'); give it once")
      }
      if let oneof = field.oneof, member != .null {
        if let other = oneofs[oneof] {
          return Problem(field: fieldPath, description: "and '\(other)' are both set, but only one of '\(oneof)' may be")
        }
        oneofs[oneof] = field.name
      }
      if let problem = self.field(member, field, path: fieldPath) { return problem }
    }
    return nil
  }

  private func field(_ value: JSONValue, _ field: ProtoSchemas.Field, path: String) -> Problem? {
    if case .message(let name) = field.kind, let entry = schemas.messages[name], entry.mapEntry {
      return map(value, entry, path: path)
    }
    guard field.repeated else { return single(value, field.kind, path: path) }
    switch value {
    case .null: return nil
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        if element == .null { return Problem(field: "\(path)[\(index)]", description: "is null; a list holds no nulls") }
        if let problem = single(element, field.kind, path: "\(path)[\(index)]") { return problem }
      }
      return nil
    default:
      return Problem(field: path, description: "must be a JSON array, not \(value.typeName)")
    }
  }

  private func map(_ value: JSONValue, _ entry: ProtoSchemas.MessageType, path: String) -> Problem? {
    guard let keyField = entry.field("key"), let valueField = entry.field("value") else { return nil }
    switch value {
    case .null: return nil
    case .object(let members):
      for (key, member) in members {
        let keyPath = "\(path)[\"\(key)\"]"
        switch keyField.kind {
        case .bool where key != "true" && key != "false": return Problem(field: keyPath, description: "is not a key of this map: write true or false")
        case .int32, .int64, .uint32, .uint64:
          if let problem = integer(.string(key), keyField.kind, path: keyPath) { return problem }
        default: break
        }
        if let problem = single(member, valueField.kind, path: keyPath) { return problem }
      }
      return nil
    default:
      return Problem(field: path, description: "must be a JSON object (a map), not \(value.typeName)")
    }
  }

  private func single(_ value: JSONValue, _ kind: ProtoSchemas.Kind, path: String) -> Problem? {
    if value == .null { return nil }
    switch kind {
    case .string:
      guard case .string = value else { return Problem(field: path, description: "must be a string, not \(value.typeName)") }
      return nil
    case .bytes:
      guard case .string(let text) = value else { return Problem(field: path, description: "must be a base64 string, not \(value.typeName)") }
      return Self.isBase64(text) ? nil : Problem(field: path, description: "must be base64 (RFC 4648, standard or URL-safe alphabet)")
    case .bool:
      guard case .bool = value else { return Problem(field: path, description: "must be true or false, not \(value.typeName)") }
      return nil
    case .int32, .int64, .uint32, .uint64:
      return integer(value, kind, path: path)
    case .double, .float:
      return floating(value, kind, path: path)
    case .enumeration(let name):
      return enumeration(value, name, path: path)
    case .message(let name):
      return message(value, name, path: path)
    }
  }

  private func integer(_ value: JSONValue, _ kind: ProtoSchemas.Kind, path: String) -> Problem? {
    let (low, high, name): (Decimal, Decimal, String) =
      switch kind {
      case .int32: (Decimal(Int32.min), Decimal(Int32.max), "a 32-bit whole number")
      case .uint32: (0, Decimal(UInt32.max), "a whole number from 0")
      case .int64: (Decimal(Int64.min), Decimal(Int64.max), "a 64-bit whole number (a string or a number)")
      default: (0, Decimal(UInt64.max), "a whole number from 0 (a string or a number)")
      }
    let text: String
    switch value {
    case .number(let number): text = number
    case .string(let string): text = string
    default: return Problem(field: path, description: "must be \(name), not \(value.typeName)")
    }
    guard let number = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), text.allSatisfy({ "0123456789-+.eE".contains($0) }),
      !text.isEmpty
    else { return Problem(field: path, description: "must be \(name); '\(text.prefix(40))' is not a number") }
    var rounded = Decimal()
    var copy = number
    NSDecimalRound(&rounded, &copy, 0, .plain)
    guard rounded == number else { return Problem(field: path, description: "must be \(name); \(text.prefix(40)) has a fraction") }
    guard number >= low, number <= high else {
      return Problem(field: path, description: "must be \(name) between \(low) and \(high); \(text.prefix(40)) is out of range")
    }
    return nil
  }

  private func floating(_ value: JSONValue, _ kind: ProtoSchemas.Kind, path: String) -> Problem? {
    let text: String
    switch value {
    case .number(let number): text = number
    case .string(let string):
      if ["NaN", "Infinity", "-Infinity"].contains(string) { return nil }
      text = string
    default: return Problem(field: path, description: "must be a number, not \(value.typeName)")
    }
    guard let number = Double(text), text.allSatisfy({ "0123456789-+.eE".contains($0) }) else {
      return Problem(field: path, description: "must be a number; '\(text.prefix(40))' is not one")
    }
    if kind == .float, number.isFinite, abs(number) > Double(Float.greatestFiniteMagnitude) {
      return Problem(field: path, description: "is out of the range of a 32-bit float")
    }
    if !number.isFinite { return Problem(field: path, description: "is out of the range of a number") }
    return nil
  }

  private func enumeration(_ value: JSONValue, _ name: String, path: String) -> Problem? {
    guard let type = schemas.enums[name] else { return nil }
    switch value {
    case .string(let text):
      if type.values.contains(text) { return nil }
      return Problem(field: path, description: "'\(text.prefix(60))' is not a \(name); use one of \(type.values.joined(separator: ", "))")
    case .number(let text):
      return Int32(text) == nil ? Problem(field: path, description: "must be a name of \(name) or its number") : nil
    default:
      return Problem(field: path, description: "must be one of \(type.values.joined(separator: ", ")), not \(value.typeName)")
    }
  }

  /// The well-known types with a JSON form of their own: a problem, an empty problem when
  /// the value is fine, nil when `typeName` is not one of them.
  private func wellKnown(_ value: JSONValue, _ typeName: String, path: String) -> Problem? {
    let fine = Problem(field: path, description: "")
    func expect(_ ok: Bool, _ text: String) -> Problem { ok ? fine : Problem(field: path, description: text) }
    switch typeName {
    case "google.protobuf.Timestamp":
      guard case .string(let text) = value else { return expect(value == .null, "must be an RFC 3339 time string such as \"2026-01-31T18:30:00Z\"") }
      return expect(Self.isTimestamp(text), "'\(text.prefix(60))' is not an RFC 3339 time between years 1 and 9999 (e.g. \"2026-01-31T18:30:00Z\")")
    case "google.protobuf.Duration":
      guard case .string(let text) = value else { return expect(value == .null, "must be a duration string in seconds such as \"1.5s\"") }
      return expect(
        text.range(of: #"^-?[0-9]+(\.[0-9]{1,9})?s$"#, options: .regularExpression) != nil, "'\(text.prefix(60))' is not a duration such as \"1.5s\"")
    case "google.protobuf.FieldMask":
      guard case .string(let text) = value else { return expect(value == .null, "must be a string of field paths separated by commas") }
      return expect(!text.contains("_"), "'\(text.prefix(60))': write field mask paths in lowerCamelCase (\"displayName,bio\")")
    case "google.protobuf.Struct":
      guard case .object = value else { return expect(value == .null, "must be a JSON object") }
      return fine
    case "google.protobuf.ListValue":
      guard case .array = value else { return expect(value == .null, "must be a JSON array") }
      return fine
    case "google.protobuf.Value":
      return fine
    case "google.protobuf.Any":
      guard case .object(let members) = value else { return expect(value == .null, "must be an object with \"@type\"") }
      return expect(members.contains { $0.key == "@type" }, "needs \"@type\" naming its message type")
    case "google.protobuf.DoubleValue": return single(value, .double, path: path) ?? fine
    case "google.protobuf.FloatValue": return single(value, .float, path: path) ?? fine
    case "google.protobuf.Int64Value": return single(value, .int64, path: path) ?? fine
    case "google.protobuf.UInt64Value": return single(value, .uint64, path: path) ?? fine
    case "google.protobuf.Int32Value": return single(value, .int32, path: path) ?? fine
    case "google.protobuf.UInt32Value": return single(value, .uint32, path: path) ?? fine
    case "google.protobuf.BoolValue": return single(value, .bool, path: path) ?? fine
    case "google.protobuf.StringValue": return single(value, .string, path: path) ?? fine
    case "google.protobuf.BytesValue": return single(value, .bytes, path: path) ?? fine
    default: return nil
    }
  }

  private func join(_ path: String, _ name: String) -> String { path.isEmpty ? name : path + "." + name }

  /// The field a misspelt name most likely meant: the same letters ignoring case and
  /// underscores, else the nearest within two edits.
  private func suggestion(for key: String, in type: ProtoSchemas.MessageType) -> String? {
    func folded(_ text: String) -> [Character] { Array(text.lowercased().filter { $0 != "_" }) }
    let wanted = folded(key)
    guard wanted.count <= 64 else { return nil }
    let scored = type.fields.map { (name: $0.jsonName, distance: Self.editDistance(folded($0.jsonName), wanted)) }
    guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= min(2, wanted.count / 3) else { return nil }
    return best.name
  }

  /// Levenshtein distance: insertions, deletions and substitutions.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }

  static func isBase64(_ text: String) -> Bool {
    text.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
      case UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "="): true
      default: false
      }
    }
  }

  static func isTimestamp(_ text: String) -> Bool {
    text.range(of: #"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,9})?(Z|[+-][0-9]{2}:[0-9]{2})$"#, options: .regularExpression)
      != nil && !text.hasPrefix("0000")
  }
}
