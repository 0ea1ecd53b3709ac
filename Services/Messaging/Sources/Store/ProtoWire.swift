import Foundation

/// Just enough of protobuf's wire format to read a string out of a stored event. Used by
/// migrations, which must not depend on the generated types of the day they run.
enum ProtoWire {
  /// The string at `path` (field numbers, each but the last a nested message), or nil
  /// when a field is missing or the bytes are not well formed.
  static func string(at path: [UInt64], in payload: Data) -> String? {
    var bytes = [UInt8](payload)
    for number in path {
      guard let value = field(number, in: bytes) else { return nil }
      bytes = value
    }
    return String(bytes: bytes, encoding: .utf8)
  }

  /// The last length-delimited field `number` at the top level of `bytes`.
  static func field(_ number: UInt64, in bytes: [UInt8]) -> [UInt8]? {
    var index = 0
    var found: [UInt8]?
    func varint() -> UInt64? {
      var value: UInt64 = 0
      var shift: UInt64 = 0
      while index < bytes.count, shift < 64 {
        let byte = bytes[index]
        index += 1
        value |= UInt64(byte & 0x7F) << shift
        if byte & 0x80 == 0 { return value }
        shift += 7
      }
      return nil
    }
    while index < bytes.count {
      guard let key = varint() else { return nil }
      switch key & 7 {
      case 0: guard varint() != nil else { return nil }
      case 1: index += 8
      case 2:
        guard let length = varint(), length <= UInt64(bytes.count - index) else { return nil }
        let end = index + Int(length)
        if key >> 3 == number { found = Array(bytes[index..<end]) }
        index = end
      case 5: index += 4
      default: return nil
      }
      guard index <= bytes.count else { return nil }
    }
    return found
  }
}
