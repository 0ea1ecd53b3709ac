import GymService

/// Path variables and query parameters of one request, written as a JSON object of the
/// request message so that swift-protobuf's proto3 JSON decoder reads them with the body:
/// `from.year=2026` becomes `{"from":{"year":"2026"}}`, a repeated parameter an array, a
/// bool a JSON bool. Names are the fields' JSON or proto names, nested by dots.
struct RequestParameters {
  enum Source { case path, query }

  private indirect enum Node {
    case value(String)
    case list([String])
    case object([(String, Node)])
  }

  private let schemas: ProtoSchemas
  private let messageName: String
  private var root: [(String, Node)] = []
  private var sources: [String: Source] = [:]
  /// The field set of each oneof so far, by the oneof's path ("with", "entry.when").
  private var oneofs: [String: String] = [:]
  /// Whether any parameter was added.
  private(set) var isEmpty = true

  init(schemas: ProtoSchemas, messageName: String) {
    self.schemas = schemas
    self.messageName = messageName
  }

  /// Sets the field `name` names to `value`; a refusal names the parameter and says why.
  mutating func add(_ name: String, _ value: String, from source: Source) throws(JSONDoorError) {
    let what = source == .path ? "path variable '\(name)'" : "query parameter '\(name)'"
    guard var type = schemas.messages[messageName] else { return }
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    var keys: [String] = []
    var protoPath: [String] = []
    var field: ProtoSchemas.Field?
    for (index, part) in parts.enumerated() {
      guard let found = type.field(part) else {
        let known = type.fields.map(\.jsonName).joined(separator: ", ")
        throw .badParameter(
          name: protoPath.isEmpty ? name : protoPath.joined(separator: ".") + "." + part, "\(what) is not a field of \(type.name) (its fields: \(known))")
      }
      keys.append(found.jsonName)
      protoPath.append(found.name)
      field = found
      let last = index == parts.count - 1
      if case .message(let nested) = found.kind, !ProtoSchemas.scalarWellKnown.contains(nested) {
        guard !last else {
          throw .badParameter(name: name, "\(what) is a message (\(nested)); set its fields one by one (\(name).FIELD=…)")
        }
        guard !found.repeated, let nestedType = schemas.messages[nested], !nestedType.mapEntry else {
          throw .badParameter(name: name, "\(what) goes through a list or map, which a query cannot set; send the request body instead")
        }
        type = nestedType
      } else if !last {
        throw .badParameter(name: name, "\(what): '\(found.name)' is not a message, so it has no field '\(parts[index + 1])'")
      }
    }
    guard let field else { return }
    let key = protoPath.joined(separator: ".")
    if let earlier = sources[key], earlier != source || !field.repeated {
      let why = earlier == source ? "is given more than once, but it holds one value" : "is set by the path already; leave it out of the query"
      throw .badParameter(name: key, "\(what) \(why)")
    }
    if let oneof = field.oneof {
      let group = (protoPath.dropLast() + [oneof]).joined(separator: ".")
      if let other = oneofs[group], other != key {
        throw .badParameter(name: key, "\(what) and '\(other)' are both set, but only one of '\(oneof)' may be")
      }
      oneofs[group] = key
    }
    sources[key] = source
    let literal = try Self.literal(value, field.kind, schemas: schemas, what: what, name: key)
    insert(keys: keys[...], literal: literal, repeated: field.repeated, into: &root)
    isEmpty = false
  }

  private func insert(keys: ArraySlice<String>, literal: String, repeated: Bool, into members: inout [(String, Node)]) {
    guard let key = keys.first else { return }
    let index = members.firstIndex { $0.0 == key }
    if keys.count == 1 {
      if let index, repeated, case .list(let values) = members[index].1 {
        members[index].1 = .list(values + [literal])
      } else {
        members.append((key, repeated ? .list([literal]) : .value(literal)))
      }
      return
    }
    var nested: [(String, Node)] = []
    if let index, case .object(let existing) = members[index].1 { nested = existing }
    insert(keys: keys.dropFirst(), literal: literal, repeated: repeated, into: &nested)
    if let index { members[index].1 = .object(nested) } else { members.append((key, .object(nested))) }
  }

  /// Whether a parameter set the field at `protoPath` ("update_mask").
  func isSet(_ protoPath: String) -> Bool { sources[protoPath] != nil }

  /// The JSON text of everything added.
  var json: String { Self.text(.object(root)) }

  private static func text(_ node: Node) -> String {
    switch node {
    case .value(let literal): literal
    case .list(let literals): "[" + literals.joined(separator: ",") + "]"
    case .object(let members): "{" + members.map { JSONText.quoted($0.0) + ":" + text($0.1) }.joined(separator: ",") + "}"
    }
  }

  /// `value` as the JSON literal proto3 JSON expects for `kind`, checked here so that the
  /// refusal names the parameter.
  private static func literal(_ value: String, _ kind: ProtoSchemas.Kind, schemas: ProtoSchemas, what: String, name: String) throws(JSONDoorError) -> String {
    switch kind {
    case .bool, .message("google.protobuf.BoolValue"):
      guard value == "true" || value == "false" else { throw .badParameter(name: name, "\(what) must be true or false, not '\(value.prefix(40))'") }
      return value
    case .int32, .message("google.protobuf.Int32Value"):
      guard Int32(value) != nil else { throw .badParameter(name: name, "\(what) must be a 32-bit whole number, not '\(value.prefix(40))'") }
    case .uint32, .message("google.protobuf.UInt32Value"):
      guard UInt32(value) != nil else { throw .badParameter(name: name, "\(what) must be a whole number from 0, not '\(value.prefix(40))'") }
    case .int64, .message("google.protobuf.Int64Value"):
      guard Int64(value) != nil else { throw .badParameter(name: name, "\(what) must be a 64-bit whole number, not '\(value.prefix(40))'") }
    case .uint64, .message("google.protobuf.UInt64Value"):
      guard UInt64(value) != nil else { throw .badParameter(name: name, "\(what) must be a whole number from 0, not '\(value.prefix(40))'") }
    case .double, .float, .message("google.protobuf.DoubleValue"), .message("google.protobuf.FloatValue"):
      guard ["NaN", "Infinity", "-Infinity"].contains(value) || (Double(value) != nil && value.allSatisfy({ "0123456789-+.eE".contains($0) }))
      else { throw .badParameter(name: name, "\(what) must be a number, not '\(value.prefix(40))'") }
    case .enumeration(let enumName):
      if Int32(value) != nil { return value }
      guard let type = schemas.enums[enumName], type.values.contains(value) else {
        let names = schemas.enums[enumName]?.values.joined(separator: ", ") ?? ""
        throw .badParameter(name: name, "\(what): '\(value.prefix(60))' is not a \(enumName); use one of \(names)")
      }
    case .message("google.protobuf.FieldMask"):
      // Proto names are what most people type; the JSON form wants lowerCamelCase.
      return JSONText.quoted(value.split(separator: ",", omittingEmptySubsequences: false).map { JSONText.lowerCamel($0) }.joined(separator: ","))
    case .message("google.protobuf.Timestamp"):
      guard JSONDiagnosis.isTimestamp(value) else {
        throw .badParameter(name: name, "\(what) must be an RFC 3339 time such as 2026-01-31T18:30:00Z, not '\(value.prefix(60))'")
      }
    case .bytes, .message("google.protobuf.BytesValue"):
      guard JSONDiagnosis.isBase64(value) else { throw .badParameter(name: name, "\(what) must be base64") }
    default:
      break
    }
    return JSONText.quoted(value)
  }
}

extension JSONText {
  /// "display_name" → "displayName"; a name without underscores is left as it is.
  static func lowerCamel(_ name: some StringProtocol) -> String {
    guard name.contains("_") else { return String(name) }
    var out = ""
    var upper = false
    for character in name {
      if character == "_" {
        upper = true
      } else {
        out.append(upper ? Character(character.uppercased()) : character)
        upper = false
      }
    }
    return out
  }
}
