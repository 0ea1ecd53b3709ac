/// What a file is, read from its first bytes (magic numbers), never from the client's word.
enum MediaType {
  /// The accepted types, by the signatures that identify them.
  static func sniff(_ head: [UInt8]) -> String? {
    func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + signature.count && Array(head[offset..<offset + signature.count]) == signature
    }
    if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
    if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "image/gif" }
    if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
    if starts(Array("ftyp".utf8), at: 4) { return "video/mp4" }
    if starts(Array("%PDF-".utf8)) { return "application/pdf" }
    return nil
  }

  /// Bytes needed to recognise every accepted type.
  static let headLength = 12
}
