/// A JSON body as the door checks it against its message type before swift-protobuf
/// decodes it (`JSONDiagnosis`), so a refusal can name the field and say what to fix.
/// Numbers keep their text.
indirect enum JSONValue: Equatable {
  case object([(key: String, value: JSONValue)])
  case array([JSONValue])
  case string(String)
  case number(String)
  case bool(Bool)
  case null

  static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    case (.array(let a), .array(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.bool(let a), .bool(let b)): a == b
    case (.null, .null): true
    default: false
    }
  }

  /// What a client would call this value's type.
  var typeName: String {
    switch self {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "true or false"
    case .null: "null"
    }
  }
}

/// Where and why a document is not JSON.
struct JSONSyntaxError: Error, CustomStringConvertible {
  let line: Int
  let column: Int
  let reason: String
  var description: String { "\(reason) at line \(line), column \(column)" }
}

/// RFC 8259, strictly: no comments, no trailing commas, no leading zeros, UTF-8 only.
struct JSONParser {
  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0
  /// As deep as swift-protobuf decodes.
  static let maximumDepth = 100

  private init(_ bytes: [UInt8]) { self.bytes = bytes }

  static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    var parser = JSONParser(bytes)
    parser.skipWhitespace()
    let value = try parser.value()
    parser.skipWhitespace()
    if parser.index < bytes.count { throw parser.error("unexpected text after the JSON value") }
    return value
  }

  private mutating func value() throws(JSONSyntaxError) -> JSONValue {
    guard index < bytes.count else { throw error("the JSON ends too early") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try keyword("true", .bool(true))
    case UInt8(ascii: "f"): return try keyword("false", .bool(false))
    case UInt8(ascii: "n"): return try keyword("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    case UInt8(ascii: "'"): throw error("strings take double quotes (\"), not single ones")
    default: throw error("expected a value (an object, array, string, number, true, false or null)")
    }
  }

  private mutating func object() throws(JSONSyntaxError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    index += 1
    var members: [(key: String, value: JSONValue)] = []
    skipWhitespace()
    if peek(UInt8(ascii: "}")) {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard peek(UInt8(ascii: "\"")) else { throw error("expected a field name in double quotes") }
      let key = try string()
      skipWhitespace()
      guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after the field name \"\(key)\"") }
      index += 1
      skipWhitespace()
      members.append((key, try value()))
      skipWhitespace()
      if peek(UInt8(ascii: ",")) {
        index += 1
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { throw error("a comma before '}' (trailing commas are not JSON)") }
        continue
      }
      if peek(UInt8(ascii: "}")) {
        index += 1
        return .object(members)
      }
      throw error("expected ',' or '}' in an object")
    }
  }

  private mutating func array() throws(JSONSyntaxError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek(UInt8(ascii: "]")) {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try value())
      skipWhitespace()
      if peek(UInt8(ascii: ",")) {
        index += 1
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { throw error("a comma before ']' (trailing commas are not JSON)") }
        continue
      }
      if peek(UInt8(ascii: "]")) {
        index += 1
        return .array(elements)
      }
      throw error("expected ',' or ']' in an array")
    }
  }

  private mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    if depth > Self.maximumDepth { throw error("objects and arrays nest deeper than \(Self.maximumDepth) levels") }
  }

  private mutating func string() throws(JSONSyntaxError) -> String {
    index += 1
    var out: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        guard let text = String(validating: out, as: UTF8.self) else { throw error("a string is not valid UTF-8") }
        return text
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.count else { throw error("the JSON ends inside a string") }
        switch bytes[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(bytes[index])
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try hex4()
          if (0xD800..<0xDC00).contains(scalar) {
            guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\"), bytes[index + 2] == UInt8(ascii: "u") else {
              throw error("a \\u escape holds half of a surrogate pair")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("a \\u escape holds half of a surrogate pair") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let unicode = Unicode.Scalar(scalar) else { throw error("a \\u escape is not a character") }
          out += Array(String(Character(unicode)).utf8)
        default: throw error("'\\\(Character(Unicode.Scalar(bytes[index])))' is not an escape JSON knows")
        }
        index += 1
      case 0..<0x20:
        throw error("a control character inside a string (write it as \\n, \\t or \\u00XX)")
      default:
        out.append(byte)
        index += 1
      }
    }
    throw error("a string is not closed")
  }

  private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    guard index + 4 < bytes.count else { throw error("a \\u escape needs four hex digits") }
    var value: UInt32 = 0
    for offset in 1...4 {
      guard let digit = RequestPath.hexValue(bytes[index + offset]) else { throw error("a \\u escape needs four hex digits") }
      value = value << 4 | UInt32(digit)
    }
    index += 4
    return value
  }

  private mutating func number() throws(JSONSyntaxError) -> String {
    let start = index
    if peek(UInt8(ascii: "-")) { index += 1 }
    guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { throw error("a number needs digits") }
    if first == UInt8(ascii: "0"), index + 1 < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index + 1]) {
      throw error("numbers do not start with 0 (leading zeros are not JSON)")
    }
    digits()
    if peek(UInt8(ascii: ".")) {
      index += 1
      guard digits() > 0 else { throw error("a number needs digits after its decimal point") }
    }
    if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
      index += 1
      if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
      guard digits() > 0 else { throw error("a number needs digits in its exponent") }
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  @discardableResult private mutating func digits() -> Int {
    let start = index
    while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
    return index - start
  }

  private mutating func keyword(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
    let utf8 = Array(word.utf8)
    guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
      throw error("expected a value (an object, array, string, number, true, false or null)")
    }
    index += utf8.count
    return value
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }
  private func peek(_ byte: UInt8) -> Bool { current == byte }

  private mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
  }

  private func error(_ reason: String) -> JSONSyntaxError {
    var line = 1
    var column = 1
    for byte in bytes[..<min(index, bytes.count)] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return JSONSyntaxError(line: line, column: column, reason: reason)
  }
}
