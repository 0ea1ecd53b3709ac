import Foundation

/// A directory of a backup run (auth's signing keys, messaging's attachments) copied
/// beside the one it will replace, every file flushed. Nothing is replaced until
/// `commit`, so a restore stages everything it needs before it changes anything.
public struct StagedDirectory: Sendable {
  public let target: String
  let temporary: String

  /// Copies the files of `source` (owner-only) next to `target`.
  public static func stage(from source: String, to target: String) throws -> StagedDirectory {
    let parent = (target as NSString).deletingLastPathComponent
    try PrivateFiles.makeDirectoryTree(parent)
    let temporary = (parent as NSString).appendingPathComponent(
      ".\((target as NSString).lastPathComponent).restoring-\(UUID().uuidString.prefix(8))")
    try PrivateFiles.makeDirectory(temporary)
    let staged = StagedDirectory(target: target, temporary: temporary)
    do {
      for name in try PrivateFiles.regularFiles(in: source) {
        _ = try PrivateFiles.copy(
          (source as NSString).appendingPathComponent(name), to: (temporary as NSString).appendingPathComponent(name))
      }
      try PrivateFiles.fsync(temporary)
    } catch {
      staged.discard()
      throw error
    }
    return staged
  }

  /// Puts the copy in place of `target`, which no process may be using: the old
  /// directory is moved aside, the copy renamed in, and the old one removed.
  public func commit() throws {
    let parent = (target as NSString).deletingLastPathComponent
    var replaced: String?
    if FileManager.default.fileExists(atPath: target) {
      let aside = (parent as NSString).appendingPathComponent(
        ".\((target as NSString).lastPathComponent).replaced-\(UUID().uuidString.prefix(8))")
      guard rename(target, aside) == 0 else { throw PrivateFiles.failure("move \(target) aside") }
      replaced = aside
    }
    guard rename(temporary, target) == 0 else { throw PrivateFiles.failure("rename \(temporary) to \(target)") }
    try PrivateFiles.fsync(parent)
    // The new directory is in place; the old one set aside only takes space if it stays.
    if let replaced { try? FileManager.default.removeItem(atPath: replaced) }
  }

  public func discard() {
    // Discarding is cleanup after a failure the caller reports; what stays is only a staging folder.
    try? FileManager.default.removeItem(atPath: temporary)
  }
}
