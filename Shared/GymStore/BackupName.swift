/// The one rule for every name that becomes a path below a backup root (a run's label
/// or id, a service, a directory): a plain directory entry, so no name reaches outside.
public enum BackupName {
  public static let maximumLength = 100

  /// nil when `name` is fine; otherwise what is wrong with it, phrased to follow it.
  public static func problem(with name: String) -> String? {
    if name.isEmpty { return "is empty" }
    if name.utf8.count > maximumLength { return "is longer than \(maximumLength) characters" }
    if name.hasPrefix(".") { return "starts with '.' (no '..', no hidden names)" }
    let allowed = name.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
    }
    return allowed ? nil : "may hold only letters, digits, '-', '_' and '.' (no '/', no path)"
  }
}
