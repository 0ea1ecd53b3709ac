import GRPCCore

extension CallOptions {
  /// A call from one gym process to another: a short deadline, and an immediate
  /// UNAVAILABLE when the peer is down rather than waiting for it to come back.
  public static func internalCall(timeout: Duration = .seconds(2)) -> CallOptions {
    var options = CallOptions.defaults
    options.timeout = timeout
    options.waitForReady = false
    return options
  }
}
