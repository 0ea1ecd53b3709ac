import GymService
import NIOCore
import NIOHPACK
import NIOHTTP2

/// A media route's answer: the file itself, not JSON. The first message says what it is
/// (its type, size, name and sha256), the others carry its bytes.
extension JSONCallHandler {
  /// Revalidated on every use (`no-cache`): whether the caller may still see the file can
  /// change (a block, a new profile picture), and asking again costs a 304 when it has not.
  static let mediaCacheControl = "private, no-cache"

  func receivedMedia(_ message: ByteBuffer, route: HTTPRoute) {
    let part: MediaPart
    do {
      guard let read = route.mediaPart else { return }
      part = try read(message)
    } catch {
      fail(code: 13, "the gateway could not read \(route.responseType): \(error)")
      return
    }
    switch (part, phase) {
    case (.file(let contentType, let sha256, let size, let filename), .awaitingResponse):
      let etag = EntityTag.quoted(sha256)
      if let condition = request["if-none-match"].first, EntityTag.matches(condition, sha256) {
        // The backend was handed the same condition and ends after this message.
        respond(status: 304, extra: [("etag", etag), ("cache-control", Self.mediaCacheControl)])
        return
      }
      phase = .streamingResponse
      let headers = responseHeaders(
        status: 200, contentType: contentType,
        extra: [
          ("content-length", String(size)), ("etag", etag), ("cache-control", Self.mediaCacheControl),
          // Uploads are members' files: the browser takes the type the bytes were checked
          // as, and runs nothing the file might hold.
          ("x-content-type-options", "nosniff"), ("content-security-policy", "default-src 'none'; sandbox"),
          ("content-disposition", Self.contentDisposition(filename, inline: contentType.hasPrefix("image/"))),
        ])
      context.write(wrapOutboundOut(.headers(.init(headers: headers))), promise: nil)
    case (.bytes(let data), .streamingResponse):
      context.write(wrapOutboundOut(.data(.init(data: .byteBuffer(ByteBuffer(bytes: data))))), promise: nil)
    default:
      fail(code: 13, "\(route.method) sent bytes before saying what the file is")
    }
  }

  /// `inline` (pictures) or `attachment`, with the name as a plain-ASCII fallback and in
  /// full (RFC 6266, RFC 8187).
  static func contentDisposition(_ filename: String, inline: Bool) -> String {
    let kind = inline ? "inline" : "attachment"
    guard !filename.isEmpty else { return kind }
    let fallback = String(
      filename.unicodeScalars.map { scalar -> Character in
        scalar.isASCII && scalar.value >= 0x20 && scalar.value < 0x7F && scalar != "\"" && scalar != "\\" ? Character(scalar) : "_"
      })
    let encoded = filename.utf8.map { byte -> String in
      let unreserved = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || "-._~".utf8.contains(byte)
      return unreserved ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
    }.joined()
    return "\(kind); filename=\"\(fallback)\"; filename*=UTF-8''\(encoded)"
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
