import Foundation

/// Common passwords refused by the password policy (NIST SP 800-63B 5.1.1.2): the package
/// resource `Password/common-passwords.txt`, Openwall's public-domain password.lst
/// lower-cased and de-duplicated, one per line, most common first. Its `#` lines (source
/// and licence) and blank lines are skipped; no entry starts with `#`.
enum CommonPasswords {
  static let resourceName = "common-passwords"

  /// The entries, one per line, most common first. Read once; a missing or empty list is a
  /// packaging defect and stops the process rather than accepting every password.
  static let text: String = {
    do {
      return try load().joined(separator: "\n")
    } catch {
      fatalError("\(error)")
    }
  }()

  /// The list could not be read from the GymAuth resource bundle.
  struct LoadError: Error, CustomStringConvertible {
    let description: String
  }

  /// Reads the entries from the bundled list, skipping comment and blank lines.
  static func load() throws -> [String] {
    let file = "\(resourceName).txt"
    guard let url = Bundle.module.url(forResource: resourceName, withExtension: "txt") else {
      throw LoadError(
        description: "\(file) is missing from the GymAuth resource bundle (\(Bundle.module.bundlePath)); "
          + "the gym_GymAuth bundle must ship next to the executable")
    }
    let entries = try String(contentsOf: url, encoding: .utf8)
      .split(whereSeparator: \.isNewline)
      .filter { !$0.hasPrefix("#") && !$0.allSatisfy(\.isWhitespace) }
      .map(String.init)
    guard !entries.isEmpty else {
      throw LoadError(description: "\(file) in the GymAuth resource bundle has no entries")
    }
    return entries
  }
}
