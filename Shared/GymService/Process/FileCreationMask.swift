import Foundation

/// The umask every gym process sets first thing, before it opens a database or writes a
/// file: owner-only (077). SQLite files and their WAL, attachments, logs and backups then
/// start unreadable by other accounts on the machine, whatever the shell's umask was.
public enum FileCreationMask {
  public static let ownerOnly: mode_t = 0o077

  /// Sets the owner-only mask for the whole process; returns the mask it replaced.
  @discardableResult
  public static func restrictToOwner() -> mode_t {
    umask(ownerOnly)
  }

  /// The mask in force (umask can only be read by setting it, so it is set back at once).
  public static var current: mode_t {
    let mask = umask(0o077)
    _ = umask(mask)
    return mask
  }
}
