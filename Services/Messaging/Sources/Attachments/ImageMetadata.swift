import Foundation

/// Takes out of a JPEG, PNG or WebP what is about the photo rather than the picture:
/// EXIF (where and when it was taken, the camera, often a thumbnail), XMP, IPTC,
/// comments, text chunks, and anything after the image's end. What a decoder needs to
/// show it (the image data, colour profile and transforms, transparency, animation) is
/// kept byte for byte: nothing is decoded or re-encoded. A file whose structure cannot be
/// walked is refused, since what it hides cannot be known.
enum ImageMetadata {
  struct Unreadable: Error, Equatable {
    let reason: String
  }

  /// The types `stripped` reads. GIF carries no EXIF and is stored as sent.
  static let types: Set<String> = ["image/jpeg", "image/png", "image/webp"]

  /// The file without its metadata; the same bytes when it had none.
  static func stripped(_ bytes: [UInt8], type: String) throws(Unreadable) -> [UInt8] {
    switch type {
    case "image/jpeg": try jpeg(bytes)
    case "image/png": try png(bytes)
    case "image/webp": try webp(bytes)
    default: bytes
    }
  }

  // MARK: JPEG (ITU T.81 markers; JFIF, EXIF, ICC and Adobe application segments)

  static func jpeg(_ b: [UInt8]) throws(Unreadable) -> [UInt8] {
    guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { throw Unreadable(reason: "it does not start with a JPEG start-of-image marker") }
    var out: [UInt8] = [0xFF, 0xD8]
    out.reserveCapacity(b.count)
    var i = 2
    while true {
      // Stray bytes between segments are skipped (and dropped), as decoders do.
      while i < b.count, b[i] != 0xFF { i += 1 }
      while i < b.count, b[i] == 0xFF { i += 1 }  // fill bytes
      guard i < b.count else { throw Unreadable(reason: "it ends before its end-of-image marker") }
      let marker = b[i]
      i += 1
      switch marker {
      case 0xD9:
        // The end of the image: whatever follows it is not the picture.
        return out + [0xFF, 0xD9]
      case 0xD0...0xD7, 0x01:
        out += [0xFF, marker]
        continue
      case 0x00, 0xD8:
        throw Unreadable(reason: "an unexpected marker at byte \(i - 1)")
      default:
        break
      }
      guard i + 2 <= b.count else { throw Unreadable(reason: "it ends inside a segment's length") }
      let length = Int(b[i]) << 8 | Int(b[i + 1])
      guard length >= 2, i + length <= b.count else { throw Unreadable(reason: "a segment's length runs past the end of the file") }
      if keepsJPEGSegment(marker, b[(i + 2)..<(i + length)]) { out += [0xFF, marker] + b[i..<(i + length)] }
      i += length
      guard marker == 0xDA else { continue }
      // Start of scan: entropy-coded data up to the next marker (0xFF followed by
      // anything but a stuffed 0x00, a restart marker or another fill byte).
      let start = i
      while i < b.count {
        if b[i] == 0xFF, i + 1 < b.count {
          let next = b[i + 1]
          if next == 0x00 || (0xD0...0xD7).contains(next) {
            i += 2
            continue
          }
          if next != 0xFF { break }
        }
        i += 1
      }
      guard i < b.count else { throw Unreadable(reason: "it ends before its end-of-image marker") }
      out += b[start..<i]
    }
  }

  /// Frame, scan, table and restart segments, JFIF (APP0), an ICC profile (APP2) and
  /// Adobe's colour transform (APP14); not EXIF or XMP (APP1), other APP2 uses (FlashPix,
  /// MPF with its second picture), IPTC/Photoshop (APP13), other application segments
  /// or comments.
  static func keepsJPEGSegment(_ marker: UInt8, _ payload: ArraySlice<UInt8>) -> Bool {
    switch marker {
    case 0xE0: true
    case 0xE2: payload.starts(with: Array("ICC_PROFILE\0".utf8))
    case 0xEE: payload.starts(with: Array("Adobe".utf8))
    case 0xE1, 0xE3...0xED, 0xEF, 0xFE: false
    default: true
    }
  }

  // MARK: PNG (chunks; critical ones and those that change how the picture looks)

  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  /// Ancillary chunks a viewer needs (transparency, colour, pixel size, palette,
  /// animation); text (tEXt, zTXt, iTXt), eXIf, tIME and unknown ancillary chunks go.
  static let pngAncillaryKept: Set<String> = [
    "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT", "bKGD", "hIST", "pHYs", "sPLT", "acTL", "fcTL", "fdAT", "cICP", "mDCv", "cLLi",
  ]

  static func png(_ b: [UInt8]) throws(Unreadable) -> [UInt8] {
    guard b.starts(with: pngSignature) else { throw Unreadable(reason: "it does not start with the PNG signature") }
    var out = pngSignature
    out.reserveCapacity(b.count)
    var i = pngSignature.count
    while i + 12 <= b.count {
      let length = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
      guard length <= b.count - i - 12 else { throw Unreadable(reason: "a chunk's length runs past the end of the file") }
      let type = String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self)
      let chunk = b[i..<(i + 12 + length)]
      // A chunk whose type starts in upper case is critical: the picture needs it.
      let critical = b[i + 4] & 0x20 == 0
      if critical || pngAncillaryKept.contains(type) { out += chunk }
      i += 12 + length
      if type == "IEND" { return out }
    }
    throw Unreadable(reason: "it ends before its IEND chunk")
  }

  // MARK: WebP (RIFF chunks; the extended header's flags say which are present)

  static func webp(_ b: [UInt8]) throws(Unreadable) -> [UInt8] {
    guard b.count >= 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) else {
      throw Unreadable(reason: "it is not a RIFF WebP file")
    }
    let riffEnd = 8 + littleEndian(b, at: 4)
    guard riffEnd <= b.count else { throw Unreadable(reason: "its RIFF size runs past the end of the file") }
    var chunks: [UInt8] = []
    var i = 12
    while i < riffEnd {
      guard i + 8 <= riffEnd else { throw Unreadable(reason: "it ends inside a chunk header") }
      let fourCC = String(decoding: b[i..<(i + 4)], as: UTF8.self)
      let size = littleEndian(b, at: i + 4)
      let padded = size + size % 2
      guard size <= riffEnd - i - 8, padded <= b.count - i - 8 else { throw Unreadable(reason: "a chunk's size runs past the end of the file") }
      var chunk = Array(b[i..<(i + 8 + padded)])
      // The extended header says no EXIF or XMP follows any more (flag bits 3 and 2).
      if fourCC == "VP8X", size >= 1 { chunk[8] &= ~0x0C }
      if fourCC != "EXIF", fourCC != "XMP " { chunks += chunk }
      i += 8 + padded
    }
    let riffSize = UInt32(4 + chunks.count)
    return Array("RIFF".utf8) + withUnsafeBytes(of: riffSize.littleEndian, Array.init) + Array("WEBP".utf8) + chunks
  }

  private static func littleEndian(_ b: [UInt8], at i: Int) -> Int {
    Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 | Int(b[i + 3]) << 24
  }
}
