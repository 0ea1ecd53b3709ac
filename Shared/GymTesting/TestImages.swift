/// Pictures for tests, laid out as real files are (markers, chunks) so that an upload's
/// metadata stripping can walk them, with deterministic content.
public enum TestImages {
  /// A JPEG: JFIF header, `exif` as an APP1 segment when given, one scan of `size`
  /// bytes (with `text` inside it), the end marker. Scan bytes are never 0xFF, so none
  /// reads as a marker; `seed` varies them.
  public static func jpeg(size: Int, seed: Int = 0, carrying text: [UInt8] = [], exif: [UInt8]? = nil) -> [UInt8] {
    var bytes: [UInt8] = [0xFF, 0xD8]
    bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]
    if let exif { bytes += segment(0xE1, Array("Exif".utf8) + [0, 0] + exif) }
    // Start of scan: one component, its tables, the spectral range.
    bytes += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
    bytes += text.map { $0 == 0xFF ? 0xFE : $0 }
    bytes += (0..<size).map { i in
      let byte = UInt8(truncatingIfNeeded: i &* 31 &+ 7 &+ seed)
      return byte == 0xFF ? 0xFE : byte
    }
    return bytes + [0xFF, 0xD9]
  }

  /// A JPEG segment: its marker, its length (which counts itself) and its payload.
  public static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
    let length = payload.count + 2
    return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
  }

  /// A PNG: the signature, a 1×1 header, `extra` chunks (name, data), one IDAT of
  /// `size` bytes and the end. Checksums are zero: nothing here decodes the picture.
  public static func png(size: Int, seed: Int = 0, extra: [(String, [UInt8])] = []) -> [UInt8] {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    bytes += chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])
    for (name, data) in extra { bytes += chunk(name, data) }
    bytes += chunk("IDAT", (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ seed) })
    return bytes + chunk("IEND", [])
  }

  /// A PNG a browser shows: `width` × `height` RGB pixels of a gradient (shifted by
  /// `seed`), stored uncompressed (deflate's stored blocks), with real checksums.
  public static func decodablePNG(width: Int, height: Int, seed: Int = 0) -> [UInt8] {
    var raw: [UInt8] = []
    for y in 0..<height {
      raw.append(0)  // filter: none
      for x in 0..<width {
        raw += [
          UInt8(truncatingIfNeeded: x * 255 / max(width - 1, 1) + seed), UInt8(truncatingIfNeeded: y * 255 / max(height - 1, 1)),
          UInt8(truncatingIfNeeded: seed * 40),
        ]
      }
    }
    var zlib: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let length = min(65_535, raw.count - offset)
      let final: UInt8 = offset + length == raw.count ? 1 : 0
      zlib += [final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
      zlib += raw[offset..<offset + length]
      offset += length
    } while offset < raw.count
    var (a, b): (UInt32, UInt32) = (1, 0)
    for byte in raw {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    zlib += bigEndian(b << 16 | a)
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    bytes += checkedChunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0])
    bytes += checkedChunk("IDAT", zlib)
    return bytes + checkedChunk("IEND", [])
  }

  /// A PNG chunk with its CRC-32, as a decoder checks it.
  static func checkedChunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in Array(name.utf8) + data {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return bigEndian(UInt32(data.count)) + Array(name.utf8) + data + bigEndian(~crc)
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  public static func chunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
    let n = data.count
    return [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + Array(name.utf8) + data + [0, 0, 0, 0]
  }
}
