import Foundation
import GRDB

/// A failure of the disk under a service rather than of the request: SQLite's
/// SQLITE_FULL and SQLITE_IOERR family, and ENOSPC/EDQUOT from plain file writes
/// (attachments, backups, keys). Such a failure is the server's condition, not a bug,
/// and the client hears so (the mapping is `StorageFault+Status` in GymService).
public enum StorageFault: Sendable, Equatable {
  /// No space (or quota) left: writes fail until space is freed; reads still work.
  case full
  /// The disk failed a read or write for another reason.
  case io

  /// The fault `error` reports, looking through wrapped errors; nil when it is not one.
  public init?(_ error: any Error) {
    guard let fault = Self.classify(error, depth: 0) else { return nil }
    self = fault
  }

  private static func classify(_ error: any Error, depth: Int) -> StorageFault? {
    if let database = error as? DatabaseError {
      switch database.resultCode {
      case .SQLITE_FULL: return .full
      case .SQLITE_IOERR: return .io
      default: return nil
      }
    }
    if let posix = error as? POSIXError { return fault(errno: posix.code.rawValue) }
    if let cocoa = error as? CocoaError, cocoa.code == .fileWriteOutOfSpace { return .full }
    let ns = error as NSError
    if ns.domain == NSPOSIXErrorDomain, let fault = fault(errno: Int32(truncatingIfNeeded: ns.code)) { return fault }
    if ns.domain == NSCocoaErrorDomain, ns.code == CocoaError.fileWriteOutOfSpace.rawValue { return .full }
    // Foundation wraps the errno of a failed write in the error it throws.
    if depth < 4, let underlying = ns.userInfo[NSUnderlyingErrorKey] as? any Error {
      return classify(underlying, depth: depth + 1)
    }
    return nil
  }

  private static func fault(errno code: Int32) -> StorageFault? {
    switch code {
    case ENOSPC, EDQUOT: .full
    case EIO: .io
    default: nil
    }
  }
}
