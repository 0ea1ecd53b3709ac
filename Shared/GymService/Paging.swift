import Foundation

/// AIP-158 paging: `page_size` (default 20, at most 100) and an opaque `page_token`.
/// Tokens carry a position the service understands (an offset or the last key seen).
public struct Paging: Sendable, Equatable {
  public static let defaultSize = 20
  public static let maximumSize = 100

  public var size: Int
  /// The position from the token; nil on the first page.
  public var position: String?

  /// Validates size and token; the violations name `page_size` / `page_token`.
  public init(size: Int32, token: String) throws(FieldViolations) {
    guard size >= 0 else { throw FieldViolations([FieldViolation("page_size", "must not be negative")]) }
    self.size = size == 0 ? Self.defaultSize : min(Int(size), Self.maximumSize)
    if token.isEmpty {
      position = nil
    } else {
      guard let data = Data(base64URL: token), let text = String(data: data, encoding: .utf8), text.hasPrefix("p1:") else {
        throw FieldViolations([FieldViolation("page_token", "is not a token this service issued; pass next_page_token unchanged")])
      }
      position = String(text.dropFirst(3))
    }
  }

  /// The position as an offset (0 on the first page).
  public func offset() throws(FieldViolations) -> Int {
    guard let position else { return 0 }
    guard let offset = Int(position), offset >= 0 else {
      throw FieldViolations([FieldViolation("page_token", "is not a token this list issued")])
    }
    return offset
  }

  /// Size and token of an offset-paged list, validated, with the offset to start at.
  public static func withOffset(size: Int32, token: String) throws(FieldViolations) -> (Paging, Int) {
    let paging = try Paging(size: size, token: token)
    return (paging, try paging.offset())
  }

  public static func token(for position: String) -> String {
    Data(("p1:" + position).utf8).base64URLEncodedString()
  }

  /// `next_page_token` for an offset-paged list: empty when the page was not full.
  public func nextToken(offset: Int, returned: Int) -> String {
    returned < size ? "" : Self.token(for: String(offset + returned))
  }
}
