import NIOCore

/// A file the gateway serves itself, the same for everyone: the OpenAPI document and the
/// trainers' dashboard. Built into the binary, so a release's files are its own and a
/// container needs nothing beside it.
struct StaticFile: Sendable {
  let contentType: String
  let body: ByteBuffer
  /// Its entity tag, so a browser's cached copy is answered 304.
  let etag: String
  /// Headers of the file's own (a page's content security policy).
  let headers: [(String, String)]

  init(contentType: String, bytes: some Collection<UInt8>, headers: [(String, String)] = []) {
    self.contentType = contentType
    self.body = ByteBuffer(bytes: bytes)
    self.headers = headers
    // FNV-1a over the bytes: stable across runs, enough to tell two builds apart.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    self.etag = "\"" + String(hash, radix: 16) + "\""
  }
}

extension StaticFile {
  /// The policy of the dashboard's pages: its own scripts, styles and API only, never in
  /// a frame, so an injected text can neither run nor send anything anywhere.
  static let pagePolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data: blob:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

  static func html(_ bytes: [UInt8]) -> StaticFile {
    StaticFile(
      contentType: "text/html; charset=utf-8", bytes: bytes,
      headers: [("content-security-policy", pagePolicy), ("x-frame-options", "DENY"), ("referrer-policy", "no-referrer")])
  }

  static func javaScript(_ bytes: [UInt8]) -> StaticFile {
    StaticFile(contentType: "text/javascript; charset=utf-8", bytes: bytes)
  }

  static func css(_ bytes: [UInt8]) -> StaticFile {
    StaticFile(contentType: "text/css; charset=utf-8", bytes: bytes)
  }
}
