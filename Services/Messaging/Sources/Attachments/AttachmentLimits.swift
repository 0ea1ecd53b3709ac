/// What one user may hold and upload at once.
public struct AttachmentLimits: Sendable, Equatable {
  /// Bytes of attachments one user may hold (each upload counted, shared bytes too:
  /// the quota is what the user asked the service to keep).
  public var quotaBytes: Int64
  /// Uploads one user may have open at once: each holds a temporary file and a stream.
  public var inFlight: Int

  public init(quotaBytes: Int64 = 1 << 30, inFlight: Int = 3) {
    self.quotaBytes = quotaBytes
    self.inFlight = inFlight
  }
}
