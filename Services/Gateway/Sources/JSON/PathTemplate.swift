/// A `google.api.http` path template ("/v1/routines/{id}", "/v1/auth:login",
/// "/v1/{name=shelves/*/books/**}"), parsed once, and its matching against request paths.
///
/// Grammar (google/api/http.proto): `"/" Segments [":" Verb]`, a segment being a literal,
/// `*` (one segment), `**` (any number, last only) or a variable `{field.path[=Segments]}`
/// (`{x}` is `{x=*}`).
struct PathTemplate: Sendable, CustomStringConvertible {
  enum Segment: Sendable, Equatable {
    case literal(String)
    /// `*`: exactly one non-empty segment.
    case one
    /// `**`: zero or more segments, the rest of the path.
    case rest
  }

  /// A variable and the segments it spans (`end` nil: up to the end, for `**`).
  struct Variable: Sendable, Equatable {
    let fieldPath: String
    let start: Int
    let end: Int?
  }

  let description: String
  let segments: [Segment]
  let variables: [Variable]
  let verb: String?

  init(_ text: String) throws(PathTemplateError) {
    description = text
    guard text.hasPrefix("/") else { throw PathTemplateError(template: text, reason: "it must start with /") }
    var body = Substring(text.dropFirst())
    // The verb follows the last ':' that is outside every variable.
    var depth = 0
    var verbStart: Substring.Index?
    for index in body.indices {
      switch body[index] {
      case "{": depth += 1
      case "}": depth -= 1
      case ":" where depth == 0: verbStart = index
      default: break
      }
    }
    if let verbStart {
      verb = String(body[body.index(after: verbStart)...])
      body = body[..<verbStart]
      if verb?.isEmpty ?? true { throw PathTemplateError(template: text, reason: "its verb is empty") }
    } else {
      verb = nil
    }
    var segments: [Segment] = []
    var variables: [Variable] = []
    var rest = body
    while !rest.isEmpty || segments.isEmpty {
      if rest.first == "{" {
        guard let close = rest.firstIndex(of: "}") else { throw PathTemplateError(template: text, reason: "a variable is not closed") }
        let inside = rest[rest.index(after: rest.startIndex)..<close]
        let parts = inside.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let field = String(parts[0])
        guard !field.isEmpty, field.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
          throw PathTemplateError(template: text, reason: "'\(field)' is not a field path")
        }
        let start = segments.count
        let pattern = parts.count == 2 ? parts[1] : "*"
        for piece in pattern.split(separator: "/", omittingEmptySubsequences: false) {
          segments.append(try Self.segment(piece, in: text))
        }
        let deep = segments[start...].contains(.rest)
        variables.append(Variable(fieldPath: field, start: start, end: deep ? nil : segments.count))
        rest = rest[rest.index(after: close)...]
      } else {
        let end = rest.firstIndex(of: "/") ?? rest.endIndex
        segments.append(try Self.segment(rest[..<end], in: text))
        rest = rest[end...]
      }
      if rest.first == "/" {
        rest = rest.dropFirst()
        if rest.isEmpty { throw PathTemplateError(template: text, reason: "it ends with /") }
      } else if !rest.isEmpty {
        throw PathTemplateError(template: text, reason: "a variable must be a whole segment")
      }
    }
    if let deep = segments.firstIndex(of: .rest), deep != segments.count - 1 {
      throw PathTemplateError(template: text, reason: "** must be the last segment")
    }
    self.segments = segments
    self.variables = variables
  }

  private static func segment(_ text: Substring, in template: String) throws(PathTemplateError) -> Segment {
    switch text {
    case "*": return .one
    case "**": return .rest
    case "": throw PathTemplateError(template: template, reason: "it has an empty segment")
    default:
      guard !text.contains(where: { "{}=".contains($0) }) else {
        throw PathTemplateError(template: template, reason: "'\(text)' is not a literal segment")
      }
      return .literal(String(text))
    }
  }

  /// How specific the template is, to pick among several that match one path: more
  /// literal segments first, then a verb, then fewer `**`.
  var specificity: (Int, Int, Int) {
    let literals = segments.filter { if case .literal = $0 { true } else { false } }.count
    return (literals, verb == nil ? 0 : 1, segments.contains(.rest) ? 0 : 1)
  }

  /// The variables' values when `path` (the request path's segments, still
  /// percent-encoded, and the verb when its last segment has one) matches; nil otherwise.
  func match(_ path: RequestPath) -> [(field: String, value: String)]? {
    let requestSegments: [Substring]
    if let verb {
      guard let split = path.verbSplit, split.verb == verb else { return nil }
      requestSegments = split.segments
    } else {
      requestSegments = path.segments
    }
    var decoded: [String] = []
    decoded.reserveCapacity(requestSegments.count)
    var index = 0
    for segment in segments {
      switch segment {
      case .literal(let literal):
        guard index < requestSegments.count, let value = RequestPath.decode(requestSegments[index], keepSlash: false), value == literal
        else { return nil }
        decoded.append(value)
        index += 1
      case .one:
        guard index < requestSegments.count, !requestSegments[index].isEmpty,
          let value = RequestPath.decode(requestSegments[index], keepSlash: false)
        else { return nil }
        decoded.append(value)
        index += 1
      case .rest:
        // `**` keeps %2F encoded, so a slash in a value stays apart from the separators.
        for raw in requestSegments[index...] {
          guard let value = RequestPath.decode(raw, keepSlash: true) else { return nil }
          decoded.append(value)
        }
        index = requestSegments.count
      }
    }
    guard index == requestSegments.count else { return nil }
    return variables.map { variable in
      // `**` is last, so only the variable holding it ends anywhere but where it started.
      (variable.fieldPath, decoded[variable.start..<(variable.end ?? decoded.count)].joined(separator: "/"))
    }
  }
}

struct PathTemplateError: Error, CustomStringConvertible {
  let template: String
  let reason: String
  var description: String { "path template '\(template)': \(reason)" }
}

/// A request's path split into segments once, for matching against every template.
struct RequestPath {
  let segments: [Substring]
  /// The segments with the verb cut off the last one, when it has a ':'.
  let verbSplit: (segments: [Substring], verb: String)?

  /// `path` without its query; nil when it is not absolute.
  init?(_ path: Substring) {
    guard path.first == "/" else { return nil }
    let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
    self.segments = segments
    if let last = segments.last, let colon = last.lastIndex(of: ":") {
      var cut = segments
      cut[cut.count - 1] = last[..<colon]
      verbSplit = (cut, String(last[last.index(after: colon)...]))
    } else {
      verbSplit = nil
    }
  }

  /// Percent-decoding of one segment; nil for a malformed escape or bytes that are not
  /// UTF-8. `keepSlash`: %2F stays encoded (multi-segment variables).
  static func decode(_ text: Substring, keepSlash: Bool) -> String? {
    guard text.contains("%") else { return String(text) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
      let value = high << 4 | low
      if keepSlash && value == UInt8(ascii: "/") {
        bytes += Array("%2F".utf8)
      } else {
        bytes.append(value)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
