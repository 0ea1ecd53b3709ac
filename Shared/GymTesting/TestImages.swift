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

  public static func chunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
    let n = data.count
    return [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + Array(name.utf8) + data + [0, 0, 0, 0]
  }
}
