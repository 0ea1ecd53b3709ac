import CryptoExtras
import Foundation
import GymPush
import NIOHTTP1

extension FakeFCM {
  /// What Google's token endpoint and FCM's `messages:send` check.
  struct Checks: Sendable {
    let account: FCMServiceAccount
    let publicKey: _RSA.Signing.PublicKey
    let tokenLifetime: Int

    func answer(_ head: HTTPRequestHead, body: Data, state: inout State) -> ProviderTestServer.Reply {
      guard head.method == .POST else { return Self.error(405, "METHOD_NOT_ALLOWED", nil, "POST only") }
      if head.uri == account.tokenURI.path { return grant(body, state: &state) }
      let headers = Dictionary(head.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
      var reply = send(head.uri, headers: headers, body: body, state: &state)
      if reply.status == 200 {
        state.sent += 1
        reply.body = (try? JSONSerialization.data(withJSONObject: ["name": "projects/\(account.projectID)/messages/0:\(state.sent)"])) ?? Data()
        reply.headers["content-type"] = "application/json; charset=UTF-8"
      }
      let code = ((try? JSONSerialization.jsonObject(with: reply.body)) as? [String: Any]).flatMap {
        (($0["error"] as? [String: Any])?["details"] as? [[String: Any]])?.first?["errorCode"] as? String
      }
      state.requests.append(
        Request(path: head.uri, headers: headers, body: body, status: reply.status, errorCode: code, receivedAt: .now))
      return reply
    }

    /// The OAuth 2 JWT-bearer grant (RFC 7523).
    private func grant(_ body: Data, state: inout State) -> ProviderTestServer.Reply {
      var form = URLComponents()
      form.percentEncodedQuery = String(decoding: body, as: UTF8.self)
      let fields = Dictionary((form.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
      guard fields["grant_type"] == "urn:ietf:params:oauth:grant-type:jwt-bearer" else {
        return Self.oauthError("unsupported_grant_type", "Invalid grant_type")
      }
      guard let jwt = CompactJWT(fields["assertion"] ?? ""),
        jwt.header["alg"] as? String == "RS256", jwt.header["kid"] as? String == account.privateKeyID,
        publicKey.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: jwt.signature), for: jwt.signingInput, padding: .insecurePKCS1v1_5)
      else { return Self.oauthError("invalid_grant", "Invalid JWT Signature.") }
      let now = Int(Date().timeIntervalSince1970)
      let claims = jwt.claims
      guard claims["iss"] as? String == account.clientEmail, claims["aud"] as? String == account.tokenURI.absoluteString,
        (claims["scope"] as? String)?.split(separator: " ").contains(Substring(FCMAccessToken.scope)) == true,
        let iat = (claims["iat"] as? NSNumber)?.intValue, let exp = (claims["exp"] as? NSNumber)?.intValue,
        exp - iat <= 3600, exp > now, iat <= now + 60
      else { return Self.oauthError("invalid_grant", "Invalid JWT: claims, scope, audience or times are wrong.") }
      let token = "ya29.fake-\(UUID().uuidString)"
      state.issued[token] = Date().addingTimeInterval(TimeInterval(tokenLifetime))
      state.grants += 1
      let answer: [String: Any] = ["access_token": token, "expires_in": tokenLifetime, "token_type": "Bearer"]
      return .init(
        status: 200, headers: ["content-type": "application/json"], body: (try? JSONSerialization.data(withJSONObject: answer)) ?? Data())
    }

    private func send(_ path: String, headers: [String: String], body: Data, state: inout State) -> ProviderTestServer.Reply {
      if state.unavailable { return Self.error(503, "UNAVAILABLE", "UNAVAILABLE", "The service is currently unavailable.") }
      guard path.hasPrefix("/v1/projects/"), path.hasSuffix("/messages:send") else {
        return Self.error(404, "NOT_FOUND", nil, "The requested URL \(path) was not found on this server.")
      }
      guard let bearer = headers["authorization"], bearer.hasPrefix("Bearer "),
        let expires = state.issued[String(bearer.dropFirst(7))], expires > Date()
      else {
        return Self.error(401, "UNAUTHENTICATED", nil, "Request had invalid authentication credentials. Expected OAuth 2 access token.")
      }
      guard path == "/v1/projects/\(account.projectID)/messages:send" else {
        return Self.error(403, "PERMISSION_DENIED", nil, "Permission 'cloudmessaging.messages.create' denied on resource.")
      }
      guard body.count <= 4096 else { return Self.error(400, "INVALID_ARGUMENT", "INVALID_ARGUMENT", "Message is too big") }
      guard let root = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any], let message = root["message"] as? [String: Any]
      else { return Self.error(400, "INVALID_ARGUMENT", "INVALID_ARGUMENT", "Invalid JSON payload received.") }
      guard let token = message["token"] as? String, !token.isEmpty else {
        return Self.error(400, "INVALID_ARGUMENT", "INVALID_ARGUMENT", "Exactly one of token, topic or condition must be given")
      }
      if let data = message["data"] {
        guard let data = data as? [String: Any], data.values.allSatisfy({ $0 is String }) else {
          return Self.error(400, "INVALID_ARGUMENT", "INVALID_ARGUMENT", "Invalid value at 'message.data': values must be strings")
        }
      }
      if let notification = message["notification"] {
        guard let notification = notification as? [String: Any], notification.values.allSatisfy({ $0 is String }) else {
          return Self.error(400, "INVALID_ARGUMENT", "INVALID_ARGUMENT", "Invalid value at 'message.notification'")
        }
      }
      if let android = message["android"] as? [String: Any] {
        if let priority = android["priority"], !["HIGH", "NORMAL"].contains(priority as? String ?? "") {
          return Self.error(400, "INVALID_ARGUMENT", "INVALID_ARGUMENT", "Invalid value at 'message.android.priority'")
        }
        if let ttl = android["ttl"] as? String, !(ttl.hasSuffix("s") && Double(ttl.dropLast()) != nil) {
          return Self.error(400, "INVALID_ARGUMENT", "INVALID_ARGUMENT", "Invalid value at 'message.android.ttl'")
        }
      }
      guard var answers = state.scripted[token], !answers.isEmpty else { return .init(status: 200) }
      let next = answers.removeFirst()
      state.scripted[token] = answers
      switch next {
      case .delivered: return .init(status: 200)
      case .unregistered: return Self.error(404, "NOT_FOUND", "UNREGISTERED", "Requested entity was not found.")
      case .senderIDMismatch: return Self.error(403, "PERMISSION_DENIED", "SENDER_ID_MISMATCH", "SenderId mismatch")
      case .quotaExceeded(let seconds):
        var reply = Self.error(429, "RESOURCE_EXHAUSTED", "QUOTA_EXCEEDED", "Quota exceeded for quota metric 'Send requests'")
        if let seconds { reply.headers["retry-after"] = "\(seconds)" }
        return reply
      case .unavailable(let seconds):
        var reply = Self.error(503, "UNAVAILABLE", "UNAVAILABLE", "The service is currently unavailable.")
        if let seconds { reply.headers["retry-after"] = "\(seconds)" }
        return reply
      }
    }

    /// Google's error body, with FCM's `errorCode` in the details when there is one.
    static func error(_ status: Int, _ name: String, _ errorCode: String?, _ message: String) -> ProviderTestServer.Reply {
      var error: [String: Any] = ["code": status, "message": message, "status": name]
      if let errorCode { error["details"] = [["@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", "errorCode": errorCode]] }
      return .init(
        status: status, headers: ["content-type": "application/json; charset=UTF-8"],
        body: (try? JSONSerialization.data(withJSONObject: ["error": error])) ?? Data())
    }

    static func oauthError(_ error: String, _ description: String) -> ProviderTestServer.Reply {
      .init(
        status: 400, headers: ["content-type": "application/json"],
        body: (try? JSONSerialization.data(withJSONObject: ["error": error, "error_description": description])) ?? Data())
    }
  }
}
