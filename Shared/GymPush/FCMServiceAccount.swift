import CryptoExtras
import Foundation

/// A Google service account's key file (the JSON the Firebase console downloads): whom
/// FCM's OAuth 2 grant names and the RSA key that signs it.
public struct FCMServiceAccount: Sendable {
  public var projectID: String
  public var clientEmail: String
  public var privateKeyID: String
  public var privateKey: _RSA.Signing.PrivateKey
  /// Where access tokens are granted (`https://oauth2.googleapis.com/token`).
  public var tokenURI: URL

  public init(projectID: String, clientEmail: String, privateKeyID: String, privateKey: _RSA.Signing.PrivateKey, tokenURI: URL) {
    self.projectID = projectID
    self.clientEmail = clientEmail
    self.privateKeyID = privateKeyID
    self.privateKey = privateKey
    self.tokenURI = tokenURI
  }

  /// From the key file's JSON; says which field is missing or wrong.
  public init(json: Data) throws(PushConfigurationError) {
    guard let object = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] else {
      throw PushConfigurationError("the FCM service account file is not JSON")
    }
    func field(_ name: String) throws(PushConfigurationError) -> String {
      guard let value = object[name] as? String, !value.isEmpty else {
        throw PushConfigurationError("the FCM service account file has no \(name)")
      }
      return value
    }
    guard try field("type") == "service_account" else {
      throw PushConfigurationError("the FCM service account file is not a service account key (type must be service_account)")
    }
    let key: _RSA.Signing.PrivateKey
    do {
      key = try _RSA.Signing.PrivateKey(pemRepresentation: try field("private_key"))
    } catch let error as PushConfigurationError {
      throw error
    } catch {
      throw PushConfigurationError("the FCM service account's private_key is not a PEM-encoded RSA key: \(error)")
    }
    let uri = try field("token_uri")
    guard let tokenURI = URL(string: uri), tokenURI.scheme == "https", tokenURI.host != nil else {
      throw PushConfigurationError("the FCM service account's token_uri '\(uri)' is not an https URL")
    }
    self.init(
      projectID: try field("project_id"), clientEmail: try field("client_email"), privateKeyID: try field("private_key_id"),
      privateKey: key, tokenURI: tokenURI)
  }

  /// The key file's JSON, as Google writes it (for tests and tools that make one).
  public var json: Data {
    get throws {
      try JSONSerialization.data(
        withJSONObject: [
          "type": "service_account", "project_id": projectID, "private_key_id": privateKeyID,
          "private_key": privateKey.pkcs8PEMRepresentation, "client_email": clientEmail, "token_uri": tokenURI.absoluteString,
        ], options: [.sortedKeys, .withoutEscapingSlashes])
    }
  }
}
