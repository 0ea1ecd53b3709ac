import Synchronization

/// Uploads in flight, by user, in this process: a user may hold only so many open at
/// once, so one account cannot tie up the disk and the streams of the service.
public final class UploadGate: Sendable {
  private let open = Mutex<[String: Int]>([:])

  public init() {}

  /// Admits one more upload of `userID` unless `limit` are open already.
  public func enter(_ userID: String, limit: Int) throws(MessagingError) {
    let refused = open.withLock { open -> Int? in
      let count = open[userID, default: 0]
      guard count < limit else { return count }
      open[userID] = count + 1
      return nil
    }
    if let refused { throw .tooManyUploads(inFlight: refused) }
  }

  /// The upload ended, whichever way.
  public func leave(_ userID: String) {
    open.withLock { open in
      let left = open[userID, default: 1] - 1
      open[userID] = left > 0 ? left : nil
    }
  }
}
