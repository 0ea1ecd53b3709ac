import GymService
import SwiftProtobuf

/// An HTTP request's parts (path variables, query, JSON body) as its gRPC request
/// message, or the 400 that says what to fix.
struct RequestTranscoder: Sendable {
  let schemas: ProtoSchemas

  /// The request's protobuf bytes. `body`: the JSON body of a unary call, or one line of
  /// a client stream.
  func request(
    _ route: HTTPRoute, variables: [(field: String, value: String)], query: Substring, body: [UInt8]
  ) throws(JSONDoorError) -> [UInt8] {
    var parameters = RequestParameters(schemas: schemas, messageName: route.requestType)
    for (field, value) in variables { try parameters.add(field, value, from: .path) }
    for (name, value) in try QueryString.pairs(query) {
      guard route.body != "*" else {
        throw .badParameter(
          name: name,
          "query parameter '\(name)' is not taken: \(route.verb) \(route.template) reads its fields from the JSON body; move it there")
      }
      try parameters.add(name, value, from: .query)
    }
    let isBlank = body.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    let json: [UInt8]?
    switch route.body {
    case nil:
      guard isBlank else {
        throw JSONDoorError.badBody(
          field: "", "is not taken: \(route.verb) \(route.template) reads its fields from the path and the query parameters; send no body")
      }
      json = nil
    case "*":
      json = isBlank ? nil : body
      if !isBlank { try check(body, as: route.requestType, under: nil) }
    case let field?:
      // The body is the value of that one field: wrapped, not parsed, so numbers keep
      // every digit for the decoder.
      json = isBlank ? nil : Array("{\(JSONText.quoted(field)):".utf8) + body + Array("}".utf8)
      if !isBlank {
        let value = try check(body, as: route.requestType, under: field)
        if route.verb == "PATCH" { try inferUpdateMask(from: value, field: field, route: route, into: &parameters) }
      }
    }
    let parameterJSON = parameters.isEmpty ? nil : Array(parameters.json.utf8)
    do {
      return try route.decode(json, parameterJSON)
    } catch {
      switch error {
      case .body(let cause):
        throw JSONDoorError.badBody(field: "", "is not a \(route.requestType): \(Self.words(cause))")
      case .parameters(let cause):
        throw JSONDoorError(
          httpStatus: 400, code: .invalidArgument, message: "the path or query parameters are not a \(route.requestType): \(Self.words(cause))")
      }
    }
  }

  /// Refuses a body that is not JSON, or not the JSON of the request, naming the field
  /// and what to fix. It runs before swift-protobuf's decoder, which takes some values
  /// it cannot encode again (an enum number past 32 bits stops the process): what it is
  /// handed has passed here.
  @discardableResult
  private func check(_ body: [UInt8], as typeName: String, under field: String?) throws(JSONDoorError) -> JSONValue {
    let value: JSONValue
    do {
      value = try JSONParser.parse(body)
    } catch {
      throw .badBody(field: "", "is not JSON: \(error.description)")
    }
    let document = field.map { JSONValue.object([(key: $0, value: value)]) } ?? value
    if let problem = JSONDiagnosis(schemas: schemas).problem(in: document, as: typeName) {
      throw .badBody(field: problem.field, problem.description)
    }
    return value
  }

  /// A PATCH whose request has an `update_mask` the client left out changes the fields its
  /// body names, as the API design guide (AIP-134) has it: `PATCH /v1/me/profile` with
  /// `{"bio": "…"}` is the mask `bio`.
  private func inferUpdateMask(
    from body: JSONValue, field: String, route: HTTPRoute, into parameters: inout RequestParameters
  ) throws(JSONDoorError) {
    guard case .object(let members) = body, !parameters.isSet("update_mask"),
      let request = schemas.messages[route.requestType], request.field("update_mask")?.kind == .message("google.protobuf.FieldMask"),
      case .message(let bodyType)? = request.field(field)?.kind, let resource = schemas.messages[bodyType]
    else { return }
    let paths = members.compactMap { resource.field($0.key)?.name }
    guard !paths.isEmpty else { return }
    try parameters.add("update_mask", paths.joined(separator: ","), from: .query)
  }

  /// swift-protobuf's refusal in words, for what the diagnosis did not pin down.
  static func words(_ error: any Error) -> String {
    guard let error = error as? JSONDecodingError else { return "\(error)" }
    switch error {
    case .unknownField(let name): return "'\(name.prefix(100))' is not one of its fields"
    case .malformedNumber, .numberRange, .leadingZero: return "a number is malformed or out of range"
    case .malformedBool: return "a bool is not true or false"
    case .malformedString, .invalidUTF8: return "a string is malformed"
    case .unrecognizedEnumValue: return "an enum value is not one of its names"
    case .malformedTimestamp: return "a time is not RFC 3339 (\"2026-01-31T18:30:00Z\")"
    case .malformedDuration: return "a duration is not seconds (\"1.5s\")"
    case .malformedFieldMask: return "a field mask is not lowerCamelCase paths separated by commas"
    case .conflictingOneOf: return "two fields of one oneof are set; set one"
    case .messageDepthLimit: return "it nests too deep"
    case .trailingGarbage: return "there is text after the JSON value"
    case .truncated: return "it ends too early"
    default: return "\(error)"
    }
  }
}

/// The pairs of a URL query (`a=1&b=x+y`), percent-decoded, `+` as a space.
enum QueryString {
  static func pairs(_ query: Substring) throws(JSONDoorError) -> [(String, String)] {
    var pairs: [(String, String)] = []
    for part in query.split(separator: "&") where !part.isEmpty {
      let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = decode(pieces[0]), !name.isEmpty else {
        throw .badParameter(name: String(pieces[0].prefix(100)), "a query parameter's name is not percent-encoded UTF-8")
      }
      guard let value = decode(pieces.count == 2 ? pieces[1] : "") else {
        throw .badParameter(name: name, "query parameter '\(name.prefix(100))' is not percent-encoded UTF-8")
      }
      pairs.append((name, value))
    }
    return pairs
  }

  private static func decode(_ text: Substring) -> String? {
    RequestPath.decode(Substring(text.replacingOccurrences(of: "+", with: " ")), keepSlash: false)
  }
}
