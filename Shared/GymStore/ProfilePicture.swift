import Foundation

/// A member's profile picture: one of their uploads that messaging keeps and serves to
/// anyone signed in. The profile's `avatar_url` holds its path on the gateway, relative to
/// the API's address, so every service's copy of the profile names it like any URL.
public enum ProfilePicture {
  public static let prefix = "/v1/attachments/"
  public static let suffix = "/content"

  /// The most bytes a picture may have: it is fetched wherever the member's name is
  /// shown, and a phone's camera file is not needed for that.
  public static let maxBytes: Int64 = 2 * 1024 * 1024
  /// What a browser shows in an `<img>`.
  public static let types: Set<String> = ["image/jpeg", "image/png", "image/gif", "image/webp"]

  /// The avatar_url of the upload `attachmentID`.
  public static func path(attachmentID: String) -> String { prefix + attachmentID + suffix }

  /// The upload an avatar_url names when it is a profile picture's path; nil for any other URL.
  public static func attachmentID(in avatarURL: String) -> String? {
    guard avatarURL.hasPrefix(prefix), avatarURL.hasSuffix(suffix) else { return nil }
    let id = String(avatarURL.dropFirst(prefix.count).dropLast(suffix.count))
    return UUID(uuidString: id) != nil ? id : nil
  }
}
