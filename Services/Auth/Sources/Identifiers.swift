import Foundation

/// Canonical forms of the identifiers people sign up with, so that two accounts that
/// look the same cannot both exist (issue 14 item 8).
///
/// - Usernames are checked as typed, scalar by scalar, against ASCII only: no Kelvin
///   sign (U+212A), long s (U+017F) or fullwidth letters that lowercase or uppercase
///   into the ASCII range. The unique key is the ASCII lowercase form.
/// - Emails are trimmed and NFC-normalized; the part before the @ is kept as typed
///   (RFC 5321: it is case-sensitive); the domain is mapped roughly as UTS #46 does
///   (compatibility-normalized, ideographic full stops to '.', lowercased, NFC) and
///   every non-ASCII label becomes its "xn--" Punycode (RFC 3492) form.
enum Identifiers {
  // MARK: Usernames

  /// nil when `username` is 3-30 of ASCII a-z A-Z 0-9 _ . as typed, not starting or
  /// ending with '.' and without "..".
  static func usernameProblem(_ username: String) -> String? {
    if username.isEmpty { return "is required" }
    guard username.unicodeScalars.allSatisfy(isUsernameScalar) else {
      return "may contain only letters a-z, digits, '_' and '.'"
    }
    let length = username.unicodeScalars.count
    guard (3...30).contains(length) else { return "must be 3-30 characters long (it has \(length))" }
    if username.hasPrefix(".") || username.hasSuffix(".") || username.contains("..") {
      return "must not start or end with '.' or contain '..'"
    }
    return nil
  }

  /// The key usernames are unique by: ASCII letters lowercased, nothing else touched.
  /// Meaningful only for a username `usernameProblem` accepts.
  static func usernameKey(_ username: String) -> String {
    String(decoding: username.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
  }

  private static func isUsernameScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x61...0x7A, 0x41...0x5A, 0x30...0x39, 0x5F, 0x2E: return true  // a-z A-Z 0-9 _ .
    default: return false
    }
  }

  // MARK: Emails

  /// Why an email address was refused; `message` reads after the field name.
  struct EmailProblem: Error, Equatable, Sendable, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }

    static let required = EmailProblem("is required")
    static let tooLong = EmailProblem("must be at most 254 characters")
    static let shape = EmailProblem("must look like name@example.com")
    static let localLength = EmailProblem("must have 1-64 characters before the @")
    static let localCharacters = EmailProblem(
      "must not contain spaces, control or invisible characters, or '..' before the @")
    static let localDots = EmailProblem("must not start or end with '.' before the @")
    static let domain = EmailProblem("must have a domain like example.com after the @")
  }

  /// The canonical form of `email` (which decides uniqueness), or why it is refused.
  ///
  /// Trims surrounding whitespace and NFC-normalizes; keeps the part before the single
  /// '@' as typed; converts the domain to lowercase ASCII, non-ASCII labels as
  /// "xn--" + Punycode. "bob@EXAMPLE.com" gives "bob@example.com", "a@bücher.de" gives
  /// "a@xn--bcher-kva.de", and decomposed and precomposed spellings give the same result.
  static func normalizeEmail(_ email: String) -> Result<String, EmailProblem> {
    let trimmed = email.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.isEmpty { return .failure(.required) }
    let address = trimmed.precomposedStringWithCanonicalMapping
    // Every scalar typed ends up as at least one character of the result, so this
    // bounds the work below as well as the length.
    if address.unicodeScalars.count > 254 { return .failure(.tooLong) }

    let parts = address.unicodeScalars.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return .failure(.shape) }
    let local = String(parts[0]), domain = String(parts[1])

    if local.isEmpty || local.utf8.count > 64 { return .failure(.localLength) }
    // Scalar by scalar: as Characters, "." followed by a combining mark is not ".".
    let localScalars = Array(local.unicodeScalars)
    let doubleDot = zip(localScalars, localScalars.dropFirst()).contains { $0 == "." && $1 == "." }
    if localScalars.contains(where: isForbiddenInLocalPart) || doubleDot { return .failure(.localCharacters) }
    if localScalars.first == "." || localScalars.last == "." { return .failure(.localDots) }

    guard let asciiDomain = asciiDomain(domain) else { return .failure(.domain) }
    let normalized = local + "@" + asciiDomain
    // 254 in all (RFC 5321's path limit, in bytes) also keeps the domain within 253.
    if normalized.utf8.count > 254 || asciiDomain.utf8.count > 253 { return .failure(.tooLong) }
    return .success(normalized)
  }

  /// The form an address is stored and unique by: `normalizeEmail`'s, lower-cased
  /// (accounts never differed by the case of an address).
  static func canonicalEmail(_ email: String) -> Result<String, EmailProblem> {
    normalizeEmail(email).map { $0.lowercased() }
  }

  /// What to look an address up by: its canonical form, or (when it does not parse) its
  /// lower-cased text, which matches no account.
  static func emailKey(_ email: String) -> String {
    (try? canonicalEmail(email).get()) ?? email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
  }

  /// Spaces, controls, format characters (zero-width joiners, bidi overrides), other
  /// invisible (default-ignorable) characters, private-use, unpaired and unassigned.
  private static func isForbiddenInLocalPart(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    if properties.isWhitespace || properties.isDefaultIgnorableCodePoint { return true }
    switch properties.generalCategory {
    case .control, .format, .privateUse, .surrogate, .unassigned,
      .spaceSeparator, .lineSeparator, .paragraphSeparator:
      return true
    default:
      return false
    }
  }

  // MARK: Domains (IDNA)

  /// Label separators UTS #46 maps to '.': ideographic, fullwidth and halfwidth
  /// ideographic full stops.
  private static let fullStops: Set<UInt32> = [0x3002, 0xFF0E, 0xFF61]

  /// The lowercase ASCII form of `domain`, or nil when it is not a usable host name:
  /// at least two labels of 1-63 characters, letters, digits and '-' only, no '-' at
  /// either end, a top-level label of 2+ letters (or an "xn--" label). The caller
  /// checks the total length.
  private static func asciiDomain(_ domain: String) -> String? {
    guard !domain.isEmpty else { return nil }
    let mapped = uts46Map(domain)
    let labels = mapped.unicodeScalars.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2 else { return nil }
    var asciiLabels: [String] = []
    for label in labels {
      guard let ascii = asciiLabel(String(label)) else { return nil }
      asciiLabels.append(ascii)
    }
    guard let tld = asciiLabels.last,
      tld.hasPrefix("xn--") || (tld.utf8.count >= 2 && tld.utf8.allSatisfy { (0x61...0x7A).contains($0) })
    else { return nil }
    return asciiLabels.joined(separator: ".")
  }

  /// The basic UTS #46 mapping: compatibility forms folded (fullwidth letters, the
  /// long s, ligatures), full stops to '.', full Unicode lowercase, then NFC.
  private static func uts46Map(_ text: String) -> String {
    let compatible = text.precomposedStringWithCompatibilityMapping
    var scalars = String.UnicodeScalarView()
    for scalar in compatible.unicodeScalars {
      scalars.append(fullStops.contains(scalar.value) ? "." : scalar)
    }
    return String(scalars).lowercased().precomposedStringWithCanonicalMapping
  }

  /// One mapped label in ASCII, or nil when it is not allowed.
  private static func asciiLabel(_ label: String) -> String? {
    guard !label.isEmpty else { return nil }
    let scalars = Array(label.unicodeScalars)
    if scalars.allSatisfy(\.isASCII) {
      guard isLDHLabel(label) else { return nil }
      guard label.hasPrefix("xn--") else { return label }
      // An A-label typed as such: decode it and canonicalize the Unicode form, so it
      // gives the same result as the U-label would.
      guard let decoded = Punycode.decode(String(label.dropFirst(4))) else { return nil }
      let unicode = String(String.UnicodeScalarView(decoded))
      let canonical = uts46Map(unicode)
      guard !canonical.unicodeScalars.contains(where: { $0 == "." }) else { return nil }
      guard !canonical.unicodeScalars.allSatisfy(\.isASCII) else { return nil }
      return unicodeLabel(Array(canonical.unicodeScalars))
    }
    return unicodeLabel(scalars)
  }

  /// A non-ASCII label (already mapped) as "xn--" + Punycode, or nil when it holds
  /// anything but letters, combining marks (not first), decimal digits and '-' (not
  /// first or last), or encodes to more than 63 characters.
  private static func unicodeLabel(_ scalars: [Unicode.Scalar]) -> String? {
    guard let first = scalars.first, let last = scalars.last, first != "-", last != "-" else { return nil }
    for (index, scalar) in scalars.enumerated() {
      if scalar == "-" { continue }
      let properties = scalar.properties
      if properties.isDefaultIgnorableCodePoint { return nil }
      switch properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber:
        if scalar.isASCII && !(("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)) { return nil }
      case .nonspacingMark, .spacingMark, .enclosingMark:
        if index == 0 { return nil }
      default:
        return nil
      }
    }
    guard let encoded = Punycode.encode(scalars) else { return nil }
    let label = "xn--" + encoded
    return label.utf8.count <= 63 ? label : nil
  }

  /// 1-63 of a-z 0-9 '-', not starting or ending with '-'.
  private static func isLDHLabel(_ label: String) -> Bool {
    let bytes = Array(label.utf8)
    guard (1...63).contains(bytes.count), bytes.first != 0x2D, bytes.last != 0x2D else { return false }
    return bytes.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
  }

  // MARK: Punycode (RFC 3492)

  /// Bootstring with the Punycode parameters. Lowercase digits, no mixed-case
  /// annotation (IDNA does not use it); decoding accepts either case.
  enum Punycode {
    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700
    private static let initialBias = 72, initialN = 128

    /// The Punycode encoding of `input` (without "xn--"), nil on overflow.
    static func encode(_ input: [Unicode.Scalar]) -> String? {
      let codePoints = input.map { Int($0.value) }
      var output: [UInt8] = codePoints.filter { $0 < 0x80 }.map { UInt8($0) }
      let basicCount = output.count
      var handled = basicCount
      if basicCount > 0 { output.append(0x2D) }  // '-'
      var n = initialN, delta = 0, bias = initialBias
      while handled < codePoints.count {
        guard let m = codePoints.filter({ $0 >= n }).min() else { return nil }
        let (step, overflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
        guard !overflow, delta <= Int.max - step else { return nil }
        delta += step
        n = m
        for codePoint in codePoints {
          if codePoint < n {
            guard delta < Int.max else { return nil }
            delta += 1
          }
          if codePoint == n {
            var q = delta
            var k = base
            while true {
              let t = threshold(k, bias)
              if q < t { break }
              output.append(digit(t + (q - t) % (base - t)))
              q = (q - t) / (base - t)
              k += base
            }
            output.append(digit(q))
            bias = adapt(delta, handled + 1, firstTime: handled == basicCount)
            delta = 0
            handled += 1
          }
        }
        delta += 1
        n += 1
      }
      return String(decoding: output, as: UTF8.self)
    }

    /// The code points `input` (without "xn--") encodes, nil when it is not valid
    /// Punycode or decodes to something other than Unicode scalars.
    static func decode(_ input: String) -> [Unicode.Scalar]? {
      let bytes = Array(input.utf8)
      guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
      let delimiter = bytes.lastIndex(of: 0x2D)  // '-'
      var output: [Unicode.Scalar] = bytes[..<(delimiter ?? 0)].map { Unicode.Scalar($0) }
      var position = delimiter.map { $0 + 1 } ?? 0
      var n = initialN, i = 0, bias = initialBias
      while position < bytes.count {
        let oldI = i
        var w = 1
        var k = base
        while true {
          guard position < bytes.count, let value = digitValue(bytes[position]) else { return nil }
          position += 1
          let (product, overflow1) = value.multipliedReportingOverflow(by: w)
          let (sum, overflow2) = i.addingReportingOverflow(product)
          guard !overflow1, !overflow2 else { return nil }
          i = sum
          let t = threshold(k, bias)
          if value < t { break }
          let (next, overflow3) = w.multipliedReportingOverflow(by: base - t)
          guard !overflow3 else { return nil }
          w = next
          k += base
        }
        let count = output.count + 1
        bias = adapt(i - oldI, count, firstTime: oldI == 0)
        guard i / count <= 0x10FFFF - n else { return nil }
        n += i / count
        i %= count
        guard n >= 0x80, let scalar = Unicode.Scalar(UInt32(n)) else { return nil }
        output.insert(scalar, at: i)
        i += 1
      }
      return output
    }

    private static func threshold(_ k: Int, _ bias: Int) -> Int {
      k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
    }

    private static func adapt(_ delta: Int, _ count: Int, firstTime: Bool) -> Int {
      var delta = firstTime ? delta / damp : delta / 2
      delta += delta / count
      var k = 0
      while delta > ((base - tMin) * tMax) / 2 {
        delta /= base - tMin
        k += base
      }
      return k + (base - tMin + 1) * delta / (delta + skew)
    }

    /// 0-25 as a-z, 26-35 as 0-9.
    private static func digit(_ value: Int) -> UInt8 {
      value < 26 ? UInt8(0x61 + value) : UInt8(0x30 + value - 26)
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
      switch byte {
      case 0x61...0x7A: return Int(byte - 0x61)
      case 0x41...0x5A: return Int(byte - 0x41)
      case 0x30...0x39: return Int(byte - 0x30) + 26
      default: return nil
      }
    }
  }
}
