/// What a file is, read from its first bytes (magic numbers), never from the client's word.
enum MediaType {
  /// The accepted types, by the signatures that identify them.
  /// - Parameter size: the whole file's length, which a container's first box must fit in.
  static func sniff(_ head: [UInt8], size: Int) -> String? {
    func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + signature.count && Array(head[offset..<offset + signature.count]) == signature
    }
    if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
    if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "image/gif" }
    if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
    if isISOMediaVideo(head, size: size) { return "video/mp4" }
    if starts(Array("%PDF-".utf8)) { return "application/pdf" }
    return nil
  }

  /// Bytes needed to recognise every accepted type.
  static let headLength = 12

  /// An ISO base media file (MP4, QuickTime) opens with its `ftyp` box: a big-endian
  /// size, "ftyp", a major brand, a minor version, then compatible brands. "ftyp" at
  /// offset 4 alone is four bytes anyone can type, so the size must be one a real box
  /// has and the brand one a video player plays.
  static func isISOMediaVideo(_ head: [UInt8], size: Int) -> Bool {
    guard head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) else { return false }
    let boxSize = head[0..<4].reduce(0) { $0 << 8 | Int($1) }
    // At least size, type, major brand and minor version; within the file; and short,
    // as a list of brands is (a few dozen bytes in practice).
    guard boxSize >= 16, boxSize <= size, boxSize <= maximumFileTypeBox else { return false }
    // Bytes that are not UTF-8 decode to U+FFFD, which no brand contains.
    return videoBrands.contains(String(decoding: head[8..<12], as: UTF8.self))
  }

  static let maximumFileTypeBox = 4096

  /// Major brands of MP4 and QuickTime video (the registry at mp4ra.org); audio-only
  /// (M4A, M4B) and image (HEIF, AVIF) brands are not videos.
  static let videoBrands: Set<String> = [
    "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "iso7", "iso8", "iso9",
    "mp41", "mp42", "mp71", "avc1", "M4V ", "M4VH", "M4VP", "f4v ", "qt  ", "dash", "msnv", "MSNV", "XAVC", "mmp4",
    "3gp4", "3gp5", "3gp6", "3gp7", "3gp8", "3gp9", "3gg6", "3g2a", "3g2b", "3g2c",
  ]
}
