import Crypto
import Foundation
import GymStore

/// AIP-158 paging: `page_size` (default 20, at most 100) and an opaque `page_token`.
/// Tokens carry a position the service understands (an offset or the last key seen),
/// signed with HMAC-SHA256 under a key made when the process starts: a client can only
/// hand back a token this process issued, never one it wrote or edited (an offset of
/// millions would make SQLite step over millions of rows). Tokens therefore end with the
/// process; a restarted service refuses them and the client starts again from page one.
public struct Paging: Sendable, Equatable {
  public static let defaultSize = 20
  public static let maximumSize = 100
  /// The deepest offset a list serves. Beyond it every page costs the rows skipped, so
  /// the client narrows the query instead (a search, a filter, a date range).
  public static let maximumOffset = 10_000

  public var size: Int
  /// The position from the token; nil on the first page.
  public var position: String?

  /// Validates size and token; the violations name `page_size` / `page_token`.
  public init(size: Int32, token: String) throws(GymError) {
    try self.init(size: size, token: token, key: Self.processKey)
  }

  /// As `init(size:token:)`, checking the token under `key` (tests: another process's key).
  init(size: Int32, token: String, key: SymmetricKey) throws(GymError) {
    guard size >= 0 else { throw GymError.invalid([FieldViolation("page_size", "must not be negative")]) }
    self.size = size == 0 ? Self.defaultSize : min(Int(size), Self.maximumSize)
    if token.isEmpty {
      position = nil
    } else {
      guard let position = Self.verifiedPosition(in: token, key: key) else {
        throw GymError.invalid([
          FieldViolation(
            "page_token",
            "is not a token this service issued, or the service restarted since; start again from the first page "
              + "(empty page_token) and pass next_page_token unchanged")
        ])
      }
      self.position = position
    }
  }

  /// The position as an offset (0 on the first page), at most `maximumOffset`.
  public func offset() throws(GymError) -> Int {
    guard let position else { return 0 }
    guard let offset = Int(position), offset >= 0 else {
      throw GymError.invalid([FieldViolation("page_token", "is not a token this list issued; pass next_page_token unchanged")])
    }
    guard offset <= Self.maximumOffset else {
      throw GymError.invalid([
        FieldViolation(
          "page_token", "goes deeper than the \(Self.maximumOffset) rows a list pages through; narrow the query instead")
      ])
    }
    return offset
  }

  /// Size and token of an offset-paged list, validated, with the offset to start at.
  public static func withOffset(size: Int32, token: String) throws(GymError) -> (Paging, Int) {
    let paging = try Paging(size: size, token: token)
    return (paging, try paging.offset())
  }

  /// The token for `position`, signed under this process's key. Every `next_page_token`
  /// (offsets and last keys seen alike) is made here, so every token is signed.
  public static func token(for position: String) -> String {
    token(for: position, key: processKey)
  }

  /// `next_page_token` for an offset-paged list: empty when the page was not full.
  public func nextToken(offset: Int, returned: Int) -> String {
    returned < size ? "" : Self.token(for: String(offset + returned))
  }

  // MARK: Signing

  /// Made once per process and never stored: nothing outside the process can sign.
  static let processKey = SymmetricKey(size: .bits256)

  /// Marks the payload's format, so a later format can never be read as this one.
  private static let version = "p2:"

  /// `base64url(version + position) "." base64url(HMAC-SHA256(key, version + position))`.
  static func token(for position: String, key: SymmetricKey) -> String {
    let payload = Data((version + position).utf8)
    let mac = HMAC<SHA256>.authenticationCode(for: payload, using: key)
    return payload.base64URLEncodedString() + "." + Data(mac).base64URLEncodedString()
  }

  /// The position a token carries when its signature holds under `key`, else nil.
  static func verifiedPosition(in token: String, key: SymmetricKey) -> String? {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, let payload = Data(base64URL: String(parts[0])), let mac = Data(base64URL: String(parts[1])),
      HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: payload, using: key),
      let text = String(data: payload, encoding: .utf8), text.hasPrefix(version)
    else { return nil }
    return String(text.dropFirst(version.count))
  }
}
