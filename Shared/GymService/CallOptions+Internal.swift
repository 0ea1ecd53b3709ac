import GRPCCore

extension CallOptions {
  /// A call from one gym process to another: a bounded deadline (5 s: long enough for a
  /// peer under a burst, short enough that the caller's own deadline usually outlasts
  /// it), and an immediate UNAVAILABLE when the peer is down rather than waiting for it.
  /// - Parameter timeout: nil for no deadline (a long-lived stream).
  public static func internalCall(timeout: Duration? = .seconds(5)) -> CallOptions {
    var options = CallOptions.defaults
    options.timeout = timeout
    options.waitForReady = false
    return options
  }
}
