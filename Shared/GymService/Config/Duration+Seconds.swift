extension Duration {
  /// As a `TimeInterval`, for arithmetic with `Date`.
  public var inSeconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
