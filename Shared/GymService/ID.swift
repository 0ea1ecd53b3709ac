import Foundation

/// Opaque, creation-sortable identifiers (UUIDv7, RFC 9562): 48 bits of Unix
/// milliseconds, then random bits. Lower-case hex with dashes.
public enum ID {
  public static func make(now: Date = Date()) -> String {
    let millis = UInt64(max(0, now.timeIntervalSince1970 * 1000))
    var bytes = [UInt8](repeating: 0, count: 16)
    for i in 0..<6 { bytes[i] = UInt8(truncatingIfNeeded: millis >> (8 * (5 - i))) }
    var generator = SystemRandomNumberGenerator()
    for i in 6..<16 { bytes[i] = UInt8.random(in: 0...255, using: &generator) }
    bytes[6] = (bytes[6] & 0x0F) | 0x70  // version 7
    bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
    let hex = bytes.map { String(format: "%02x", $0) }.joined()
    let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
    return parts.joined(separator: "-")
  }

  /// True for strings `make` could have produced; cheap input validation.
  public static func isValid(_ text: String) -> Bool {
    UUID(uuidString: text) != nil
  }
}
