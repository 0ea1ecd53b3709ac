import Foundation
import GymService

/// A JWT in compact form (`header.claims.signature`, each base64url), as both providers'
/// credentials are: APNs' ES256 provider token and FCM's RS256 grant.
public struct CompactJWT {
  public var header: [String: Any]
  public var claims: [String: Any]
  /// The bytes the signature covers: `header.claims` as sent.
  public var signingInput: Data
  public var signature: Data

  /// Signs `header` and `claims` with `sign`, which is given the signing input.
  public static func make(header: [String: Any], claims: [String: Any], sign: (Data) throws -> Data) throws -> String {
    let encoded = try [header, claims].map {
      try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys, .withoutEscapingSlashes]).base64URLEncodedString()
    }
    let signingInput = encoded.joined(separator: ".")
    return signingInput + "." + (try sign(Data(signingInput.utf8))).base64URLEncodedString()
  }

  /// The parts of `token`; nil unless it has three parts, JSON objects for the first two.
  public init?(_ token: String) {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 3,
      let header = Data(base64URL: parts[0]).flatMap({ (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] }),
      let claims = Data(base64URL: parts[1]).flatMap({ (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] }),
      let signature = Data(base64URL: parts[2])
    else { return nil }
    self.header = header
    self.claims = claims
    self.signingInput = Data("\(parts[0]).\(parts[1])".utf8)
    self.signature = signature
  }
}
