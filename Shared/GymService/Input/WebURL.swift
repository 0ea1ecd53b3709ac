import Foundation

/// Links users give (avatars, exercise media, trainers' videos): http or https with a
/// host, so a stored link never runs script or reads a file when a client opens it.
public enum WebURL {
  public static func isValid(_ text: String, maxBytes: Int) -> Bool {
    guard text.utf8.count <= maxBytes, let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "https" || scheme == "http", url.host?.isEmpty == false
    else { return false }
    return true
  }
}
