import Testing

@testable import GymAuth

/// Issue 14 item 8: usernames are checked as typed and emails have one canonical form,
/// so two accounts that look the same cannot both exist.
@Suite struct IdentifierTests {
  private typealias Problem = Identifiers.EmailProblem
  private static let onlyLetters = "may contain only letters a-z, digits, '_' and '.'"
  private static let dotRule = "must not start or end with '.' or contain '..'"

  private func normalized(_ email: String) -> String? { try? Identifiers.normalizeEmail(email).get() }
  private func problem(_ email: String) -> String? {
    if case .failure(let problem) = Identifiers.normalizeEmail(email) { return problem.message }
    return nil
  }

  // MARK: Usernames

  @Test func kelvinSignIsRefused() {
    // Lowercasing turns U+212A into "k", which is how it passed the a-z rule before.
    #expect("\u{212A}elvin".lowercased() == "kelvin")
    #expect(Identifiers.usernameProblem("\u{212A}elvin") == Self.onlyLetters)
  }

  @Test func longSIsRefused() {
    #expect("\u{17F}am".uppercased() == "SAM")
    #expect(Identifiers.usernameProblem("\u{17F}am") == Self.onlyLetters)
  }

  @Test(arguments: [
    "\u{FF42}\u{FF4F}\u{FF42}",  // fullwidth bob
    "\u{FF22}ob",  // fullwidth B
    "bo\u{301}b",  // combining acute
    "\u{130}van",  // dotted capital I
    "b\u{43E}b",  // Cyrillic o
    "bob smith",
    "bob-smith",
  ])
  func nonASCIIOrPunctuationIsRefused(_ username: String) {
    #expect(Identifiers.usernameProblem(username) == Self.onlyLetters)
  }

  @Test func mixedCaseIsAcceptedWithALowercaseKey() {
    #expect(Identifiers.usernameProblem("Bob_Smith.99") == nil)
    #expect(Identifiers.usernameKey("Bob_Smith.99") == "bob_smith.99")
    #expect(Identifiers.usernameKey("BOB") == Identifiers.usernameKey("bob"))
  }

  @Test func usernameLengthAndDots() {
    #expect(Identifiers.usernameProblem("") == "is required")
    #expect(Identifiers.usernameProblem("ab") == "must be 3-30 characters long (it has 2)")
    #expect(Identifiers.usernameProblem(String(repeating: "a", count: 30)) == nil)
    #expect(Identifiers.usernameProblem(String(repeating: "a", count: 31)) == "must be 3-30 characters long (it has 31)")
    #expect(Identifiers.usernameProblem(".bob") == Self.dotRule)
    #expect(Identifiers.usernameProblem("bob.") == Self.dotRule)
    #expect(Identifiers.usernameProblem("b..ob") == Self.dotRule)
    #expect(Identifiers.usernameProblem("b.o.b") == nil)
  }

  // MARK: Emails: one canonical form

  @Test func onlyTheDomainIsCaseFolded() {
    #expect(normalized("bob@EXAMPLE.com") == "bob@example.com")
    #expect(normalized("  Bob.Smith@Example.COM\n") == "Bob.Smith@example.com")
  }

  @Test func decomposedAndPrecomposedSpellingsAreOneAddress() {
    let precomposed = "\u{DC}n\u{EF}code@Ex\u{E4}mple.com"
    let decomposed = "U\u{308}ni\u{308}code@Exa\u{308}mple.com"
    #expect(Array(precomposed.unicodeScalars) != Array(decomposed.unicodeScalars))
    #expect(normalized(decomposed) == "\u{DC}n\u{EF}code@xn--exmple-cua.com")
    #expect(normalized(precomposed) == normalized(decomposed))
    #expect(normalized("\u{212A}elvin@example.com") == "Kelvin@example.com")  // U+212A is canonically K
  }

  @Test(arguments: [
    ("a@b\u{FC}cher.de", "a@xn--bcher-kva.de"),
    ("a@B\u{DC}CHER.DE", "a@xn--bcher-kva.de"),
    ("a@bu\u{308}cher.de", "a@xn--bcher-kva.de"),
    ("a@xn--bcher-kva.de", "a@xn--bcher-kva.de"),
    ("a@XN--BCHER-KVA.DE", "a@xn--bcher-kva.de"),
    ("a@b\u{FC}cher\u{FF0E}de", "a@xn--bcher-kva.de"),
    ("a@b\u{FC}cher\u{FF61}de", "a@xn--bcher-kva.de"),
    ("a@\u{4F8B}\u{3048}.\u{30C6}\u{30B9}\u{30C8}", "a@xn--r8jz45g.xn--zckzah"),
    ("a@\u{4F8B}\u{3048}\u{3002}\u{30C6}\u{30B9}\u{30C8}", "a@xn--r8jz45g.xn--zckzah"),
    ("a@\u{FF45}\u{FF58}\u{FF41}\u{FF4D}\u{FF50}\u{FF4C}\u{FF45}.com", "a@example.com"),
    ("a@\u{17F}tra\u{DF}e.de", "a@xn--strae-oqa.de"),
    ("a@\u{212A}.com", "a@k.com"),
  ])
  func domainsBecomeLowercaseASCII(_ input: String, _ expected: String) {
    #expect(normalized(input) == expected)
    #expect(normalized(expected) == expected)  // the canonical form is its own
  }

  @Test func halfwidthKatakanaComposes() {
    #expect(normalized("a@\u{FF76}\u{FF9E}.jp") == normalized("a@\u{30AC}.jp"))
  }

  @Test func aLabelsAreCanonicalized() throws {
    // An A-label that decodes to a capital Ü names the same domain as "bücher".
    let capital = try #require(Identifiers.Punycode.encode(Array("b\u{DC}cher".unicodeScalars)))
    #expect(capital != "bcher-kva")
    #expect(normalized("a@xn--\(capital).de") == "a@xn--bcher-kva.de")
  }

  // MARK: Punycode (RFC 3492 section 7.1)

  @Test(arguments: IdentifierTests.rfc3492Samples)
  func rfc3492Sample(_ sample: RFC3492Sample) {
    let scalars = Array(sample.decoded.unicodeScalars)
    // (I) carries a mixed-case annotation ('D'); IDNA never writes one.
    let expected = sample.name.hasPrefix("(I)") ? sample.encoded.lowercased() : sample.encoded
    #expect(Identifiers.Punycode.encode(scalars) == expected)
    #expect(Identifiers.Punycode.decode(sample.encoded) == scalars)

    let email = "a@" + sample.decoded + ".com"
    if sample.validDomainLabel {
      #expect(normalized(email) == "a@xn--" + sample.encoded.lowercased() + ".com")
      #expect(normalized("a@xn--" + sample.encoded + ".com") == normalized(email))
    } else {
      #expect(problem(email) == Problem.domain.message)
    }
  }

  @Test func punycodeRefusesGarbage() {
    #expect(Identifiers.Punycode.decode("tda") == ["\u{FC}"])
    #expect(Identifiers.Punycode.decode("99999999999999999999") == nil)  // overflow
    #expect(Identifiers.Punycode.decode("a-b!") == nil)
  }

  // MARK: Emails: refused

  @Test func badShapesAndLocalParts() {
    #expect(problem("") == Problem.required.message)
    #expect(problem("   ") == Problem.required.message)
    #expect(problem("bob") == Problem.shape.message)
    #expect(problem("a@b@example.com") == Problem.shape.message)
    #expect(problem("@example.com") == Problem.localLength.message)
    #expect(problem(String(repeating: "a", count: 64) + "@example.com") == nil)
    #expect(problem(String(repeating: "a", count: 65) + "@example.com") == Problem.localLength.message)
    #expect(problem(String(repeating: "\u{E9}", count: 32) + "@example.com") == nil)  // 64 bytes
    #expect(problem(String(repeating: "\u{E9}", count: 33) + "@example.com") == Problem.localLength.message)
    for bad in ["a b@example.com", "a\u{7}b@example.com", "a\u{200B}b@example.com", "a\u{202E}b@example.com", "a..b@example.com"] {
      #expect(problem(bad) == Problem.localCharacters.message, "\(bad.debugDescription)")
    }
    #expect(problem(".ab@example.com") == Problem.localDots.message)
    #expect(problem("ab.@example.com") == Problem.localDots.message)
  }

  @Test(arguments: [
    "a@", "a@example", "a@-example.com", "a@example-.com", "a@exa_mple.com", "a@exa/mple.com",
    "a@\u{1F600}.com", "a@example.c", "a@example.123", "a@example..com", "a@.example.com", "a@example.com.",
    "a@[127.0.0.1]", "a@exam ple.com", "a@b\u{FC}cher\u{200D}.de", "a@\u{301}abc.com", "a@-b\u{FC}cher.de",
    "a@xn--a.com", "a@xn--.com", "a@exam\u{FE0F}ple.com", "a@\u{FF20}example.com",
    "a@" + String(repeating: "b", count: 64) + ".com",
  ])
  func badDomainsAreRefused(_ email: String) {
    #expect(Identifiers.normalizeEmail(email) == .failure(Problem.domain))
  }

  @Test func overLongAddressesAreRefused() {
    let label63 = String(repeating: "b", count: 63)
    let local64 = String(repeating: "a", count: 64)
    let at254 = local64 + "@" + label63 + "." + label63 + "." + String(repeating: "d", count: 57) + ".com"
    #expect(at254.utf8.count == 254)
    #expect(normalized(at254) == at254)
    let at255 = local64 + "@" + label63 + "." + label63 + "." + String(repeating: "d", count: 58) + ".com"
    #expect(problem(at255) == Problem.tooLong.message)
    #expect(problem("a@" + String(repeating: "b\u{FC}", count: 200) + ".de") == Problem.tooLong.message)
    // Short as typed, too long once the domain is in Punycode (24 characters a label).
    let grows = "a@" + Array(repeating: String(repeating: "\u{FC}", count: 20), count: 10).joined(separator: ".") + ".de"
    #expect(grows.unicodeScalars.count <= 254)
    #expect(problem(grows) == Problem.tooLong.message)
  }
}

extension IdentifierTests {
  /// One of RFC 3492's sample strings; `validDomainLabel` is false for the three that
  /// are no host-name label: (A) ends in '؟', (H) encodes to more than 63 characters,
  /// (S) is ASCII punctuation.
  struct RFC3492Sample: Sendable, CustomTestStringConvertible {
    var name: String
    var decoded: String
    var encoded: String
    var validDomainLabel = true
    var testDescription: String { name }
  }

  static let rfc3492Samples: [RFC3492Sample] = [
    RFC3492Sample(
      name: "(A) Arabic (Egyptian)",
      decoded: "\u{644}\u{64A}\u{647}\u{645}\u{627}\u{628}\u{62A}\u{643}\u{644}\u{645}\u{648}\u{634}\u{639}\u{631}\u{628}\u{64A}\u{61F}",
      encoded: "egbpdaj6bu4bxfgehfvwxn", validDomainLabel: false),
    RFC3492Sample(
      name: "(B) Chinese (simplified)", decoded: "\u{4ED6}\u{4EEC}\u{4E3A}\u{4EC0}\u{4E48}\u{4E0D}\u{8BF4}\u{4E2D}\u{6587}",
      encoded: "ihqwcrb4cv8a8dqg056pqjye"),
    RFC3492Sample(
      name: "(C) Chinese (traditional)", decoded: "\u{4ED6}\u{5011}\u{7232}\u{4EC0}\u{9EBD}\u{4E0D}\u{8AAA}\u{4E2D}\u{6587}",
      encoded: "ihqwctvzc91f659drss3x8bo0yb"),
    RFC3492Sample(
      name: "(D) Czech", decoded: "Pro\u{10D}prost\u{11B}nemluv\u{ED}\u{10D}esky", encoded: "Proprostnemluvesky-uyb24dma41a"),
    RFC3492Sample(
      name: "(E) Hebrew",
      decoded:
        "\u{5DC}\u{5DE}\u{5D4}\u{5D4}\u{5DD}\u{5E4}\u{5E9}\u{5D5}\u{5D8}\u{5DC}\u{5D0}\u{5DE}\u{5D3}\u{5D1}\u{5E8}\u{5D9}\u{5DD}\u{5E2}\u{5D1}\u{5E8}\u{5D9}\u{5EA}",
      encoded: "4dbcagdahymbxekheh6e0a7fei0b"),
    RFC3492Sample(
      name: "(F) Hindi (Devanagari)",
      decoded:
        "\u{92F}\u{939}\u{932}\u{94B}\u{917}\u{939}\u{93F}\u{928}\u{94D}\u{926}\u{940}\u{915}\u{94D}\u{92F}\u{94B}\u{902}\u{928}\u{939}\u{940}\u{902}\u{92C}\u{94B}\u{932}\u{938}\u{915}\u{924}\u{947}\u{939}\u{948}\u{902}",
      encoded: "i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd"),
    RFC3492Sample(
      name: "(G) Japanese (kanji and hiragana)",
      decoded:
        "\u{306A}\u{305C}\u{307F}\u{3093}\u{306A}\u{65E5}\u{672C}\u{8A9E}\u{3092}\u{8A71}\u{3057}\u{3066}\u{304F}\u{308C}\u{306A}\u{3044}\u{306E}\u{304B}",
      encoded: "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa"),
    RFC3492Sample(
      name: "(H) Korean (Hangul syllables)",
      decoded:
        "\u{C138}\u{ACC4}\u{C758}\u{BAA8}\u{B4E0}\u{C0AC}\u{B78C}\u{B4E4}\u{C774}\u{D55C}\u{AD6D}\u{C5B4}\u{B97C}\u{C774}\u{D574}\u{D55C}\u{B2E4}\u{BA74}\u{C5BC}\u{B9C8}\u{B098}\u{C88B}\u{C744}\u{AE4C}",
      encoded: "989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c", validDomainLabel: false),
    RFC3492Sample(
      name: "(I) Russian (Cyrillic)",
      decoded:
        "\u{43F}\u{43E}\u{447}\u{435}\u{43C}\u{443}\u{436}\u{435}\u{43E}\u{43D}\u{438}\u{43D}\u{435}\u{433}\u{43E}\u{432}\u{43E}\u{440}\u{44F}\u{442}\u{43F}\u{43E}\u{440}\u{443}\u{441}\u{441}\u{43A}\u{438}",
      encoded: "b1abfaaepdrnnbgefbaDotcwatmq2g4l"),
    RFC3492Sample(
      name: "(J) Spanish", decoded: "Porqu\u{E9}nopuedensimplementehablarenEspa\u{F1}ol",
      encoded: "PorqunopuedensimplementehablarenEspaol-fmd56a"),
    RFC3492Sample(
      name: "(K) Vietnamese",
      decoded: "T\u{1EA1}isaoh\u{1ECD}kh\u{F4}ngth\u{1EC3}ch\u{1EC9}n\u{F3}iti\u{1EBF}ngVi\u{1EC7}t",
      encoded: "TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g"),
    RFC3492Sample(
      name: "(L) 3<nen>B<gumi><kinpachi><sensei>", decoded: "3\u{5E74}B\u{7D44}\u{91D1}\u{516B}\u{5148}\u{751F}",
      encoded: "3B-ww4c5e180e575a65lsy2b"),
    RFC3492Sample(
      name: "(M) <amuro><namie>-with-SUPER-MONKEYS", decoded: "\u{5B89}\u{5BA4}\u{5948}\u{7F8E}\u{6075}-with-SUPER-MONKEYS",
      encoded: "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"),
    RFC3492Sample(
      name: "(N) Hello-Another-Way-<sorezore><no><basho>",
      decoded: "Hello-Another-Way-\u{305D}\u{308C}\u{305E}\u{308C}\u{306E}\u{5834}\u{6240}",
      encoded: "Hello-Another-Way--fc4qua05auwb3674vfr0b"),
    RFC3492Sample(
      name: "(O) <hitotsu><yane><no><shita>2", decoded: "\u{3072}\u{3068}\u{3064}\u{5C4B}\u{6839}\u{306E}\u{4E0B}2",
      encoded: "2-u9tlzr9756bt3uc0v"),
    RFC3492Sample(
      name: "(P) Maji<de>Koi<suru>5<byou><mae>", decoded: "Maji\u{3067}Koi\u{3059}\u{308B}5\u{79D2}\u{524D}",
      encoded: "MajiKoi5-783gue6qz075azm5e"),
    RFC3492Sample(
      name: "(Q) <pafii>de<runba>", decoded: "\u{30D1}\u{30D5}\u{30A3}\u{30FC}de\u{30EB}\u{30F3}\u{30D0}",
      encoded: "de-jg4avhby1noc0d"),
    RFC3492Sample(
      name: "(R) <sono><supiido><de>", decoded: "\u{305D}\u{306E}\u{30B9}\u{30D4}\u{30FC}\u{30C9}\u{3067}",
      encoded: "d9juau41awczczp"),
    RFC3492Sample(name: "(S) -> $1.00 <-", decoded: "-> $1.00 <-", encoded: "-> $1.00 <--", validDomainLabel: false),
  ]
}
