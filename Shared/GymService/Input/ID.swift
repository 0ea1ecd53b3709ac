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
    // Hand-rolled hex: String(format:) costs microseconds per byte on Linux, and ids
    // are made for every imported row.
    let digits = Array("0123456789abcdef".utf8)
    var text = [UInt8]()
    text.reserveCapacity(36)
    for (index, byte) in bytes.enumerated() {
      if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// True for strings `make` could have produced; cheap input validation.
  public static func isValid(_ text: String) -> Bool {
    UUID(uuidString: text) != nil
  }
}
