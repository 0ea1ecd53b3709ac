import Foundation

/// Both providers refuse a notification past 4096 bytes: the body is shortened, on a
/// character boundary and ending with "…", until `encode` gives at most `limit` bytes.
enum PayloadFit {
  static func encode(body: String, limit: Int, _ encode: (String) throws -> Data) throws -> Data {
    var text = body
    var data = try encode(text)
    while data.count > limit, !text.isEmpty {
      text = String(text.dropLast(max(1, (data.count - limit) / 4 + 1)))
      data = try encode(text + "…")
    }
    return data
  }
}
