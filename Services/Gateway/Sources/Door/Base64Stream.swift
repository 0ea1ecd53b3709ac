import NIOCore

/// Base64 for gRPC-Web's text framing, where a body arrives and leaves in pieces.
enum Base64Stream {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
  private static let values: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
    return table
  }()

  /// `bytes` encoded on their own, padded: each piece of a response can be decoded as
  /// soon as it arrives (a streamed message must not wait for the next one).
  static func encode(_ bytes: ByteBufferView, into out: inout ByteBuffer) {
    var iterator = bytes.makeIterator()
    while let first = iterator.next() {
      let second = iterator.next()
      let third = iterator.next()
      let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
      out.writeInteger(alphabet[Int(group >> 18 & 63)])
      out.writeInteger(alphabet[Int(group >> 12 & 63)])
      out.writeInteger(second == nil ? UInt8(ascii: "=") : alphabet[Int(group >> 6 & 63)])
      out.writeInteger(third == nil ? UInt8(ascii: "=") : alphabet[Int(group & 63)])
    }
  }

  /// Decodes a body that arrives in pieces: groups of four characters, each group
  /// possibly padded (clients may send several padded pieces one after the other).
  struct Decoder {
    private var carry: [UInt8] = []

    struct Invalid: Error {}

    /// The bytes of every whole group received so far; a partial group waits for the next piece.
    mutating func decode(_ piece: ByteBufferView, into out: inout ByteBuffer) throws(Invalid) {
      for byte in piece {
        if byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") { continue }
        carry.append(byte)
        if carry.count == 4 {
          try Self.decodeGroup(carry, into: &out)
          carry.removeAll(keepingCapacity: true)
        }
      }
    }

    /// Whether the body ended on a whole group.
    var isComplete: Bool { carry.isEmpty }

    private static func decodeGroup(_ group: [UInt8], into out: inout ByteBuffer) throws(Invalid) {
      let padding = group[3] == UInt8(ascii: "=") ? (group[2] == UInt8(ascii: "=") ? 2 : 1) : 0
      var value: UInt32 = 0
      for (index, byte) in group.enumerated() {
        let digit: UInt8
        if index >= 4 - padding {
          digit = 0
        } else {
          digit = values[Int(byte)]
          guard digit != 0xFF else { throw Invalid() }
        }
        value = value << 6 | UInt32(digit)
      }
      out.writeInteger(UInt8(value >> 16 & 0xFF))
      if padding < 2 { out.writeInteger(UInt8(value >> 8 & 0xFF)) }
      if padding < 1 { out.writeInteger(UInt8(value & 0xFF)) }
    }
  }
}
