/// Why a backup or a restore was refused or failed; the description says what to do.
public struct BackupFailure: Error, CustomStringConvertible {
  public enum Kind: Sendable {
    /// A name that would leave the backup root.
    case invalidName
    /// The run already holds this service's copy.
    case exists
    /// The backup root's file system has too little room.
    case noSpace
    /// No such run, or no manifest.
    case missing
    /// A file does not match its manifest, or the manifest is unreadable.
    case damaged
    case io
  }

  public var kind: Kind
  public var description: String

  public init(kind: Kind, description: String) {
    self.kind = kind
    self.description = description
  }
}
