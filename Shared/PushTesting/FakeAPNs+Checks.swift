import Crypto
import Foundation
import GymPush
import NIOHTTP1

extension FakeAPNs {
  struct Reason {
    var text: String
    var since: Date? = nil
  }

  /// What APNs checks of a request, in the order its documentation lists the errors.
  struct Checks: Sendable {
    let keyID: String
    let teamID: String
    let publicKey: P256.Signing.PublicKey
    let topic: String

    func answer(_ head: HTTPRequestHead, body: Data, state: inout State) -> ProviderTestServer.Reply {
      let headers = Dictionary(head.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
      let (status, reason, extra) = check(head, headers: headers, body: body, state: &state)
      state.requests.append(
        Request(
          method: "\(head.method)", path: head.uri, headers: headers, body: body, status: status, reason: reason?.text,
          receivedAt: .now))
      var reply = ProviderTestServer.Reply(status: status, headers: extra)
      reply.headers["apns-id"] = headers["apns-id"] ?? UUID().uuidString
      if let reason {
        var error: [String: Any] = ["reason": reason.text]
        if let since = reason.since { error["timestamp"] = Int(since.timeIntervalSince1970 * 1000) }
        reply.body = (try? JSONSerialization.data(withJSONObject: error)) ?? Data()
        reply.headers["content-type"] = "application/json"
      }
      return reply
    }

    private func check(
      _ head: HTTPRequestHead, headers: [String: String], body: Data, state: inout State
    ) -> (Int, Reason?, [String: String]) {
      if state.unavailable { return (503, Reason(text: "ServiceUnavailable"), [:]) }
      guard head.method == .POST else { return (405, Reason(text: "MethodNotAllowed"), [:]) }
      guard head.uri.hasPrefix("/3/device/") else { return (404, Reason(text: "BadPath"), [:]) }
      let deviceToken = head.uri.dropFirst("/3/device/".count)
      guard deviceToken.count >= 64, deviceToken.count % 2 == 0, deviceToken.allSatisfy(\.isHexDigit) else {
        return (400, Reason(text: "BadDeviceToken"), [:])
      }
      switch verifyProviderToken(headers["authorization"], state: &state) {
      case .some(let refusal): return refusal
      case .none: break
      }
      guard let topic = headers["apns-topic"] else { return (400, Reason(text: "MissingTopic"), [:]) }
      guard topic == self.topic else { return (400, Reason(text: "TopicDisallowed"), [:]) }
      guard let pushType = headers["apns-push-type"], ["alert", "background"].contains(pushType) else {
        return (400, Reason(text: "InvalidPushType"), [:])
      }
      let priority = headers["apns-priority"] ?? "10"
      guard ["1", "5", "10"].contains(priority), !(pushType == "background" && priority == "10") else {
        return (400, Reason(text: "BadPriority"), [:])
      }
      if let collapseID = headers["apns-collapse-id"], collapseID.utf8.count > APNsNotification.maxCollapseIDBytes {
        return (400, Reason(text: "BadCollapseId"), [:])
      }
      if let expiration = headers["apns-expiration"], Int(expiration) == nil { return (400, Reason(text: "BadExpirationDate"), [:]) }
      guard !body.isEmpty else { return (400, Reason(text: "PayloadEmpty"), [:]) }
      guard body.count <= APNsNotification.maxPayloadBytes else { return (413, Reason(text: "PayloadTooLarge"), [:]) }
      guard let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any], json["aps"] is [String: Any] else {
        return (400, Reason(text: "BadPayload"), [:])
      }
      let token = String(deviceToken)
      guard var answers = state.scripted[token], !answers.isEmpty else { return (200, nil, [:]) }
      let next = answers.removeFirst()
      state.scripted[token] = answers
      switch next {
      case .delivered: return (200, nil, [:])
      case .unregistered(let since): return (410, Reason(text: "Unregistered", since: since), [:])
      case .badDeviceToken: return (400, Reason(text: "BadDeviceToken"), [:])
      case .tooManyRequests(let seconds): return (429, Reason(text: "TooManyRequests"), seconds.map { ["retry-after": "\($0)"] } ?? [:])
      case .serviceUnavailable(let seconds):
        return (503, Reason(text: "ServiceUnavailable"), seconds.map { ["retry-after": "\($0)"] } ?? [:])
      case .internalServerError: return (500, Reason(text: "InternalServerError"), [:])
      }
    }

    /// nil when the bearer token is one APNs would accept; else its refusal.
    private func verifyProviderToken(_ authorization: String?, state: inout State) -> (Int, Reason?, [String: String])? {
      guard let authorization, authorization.lowercased().hasPrefix("bearer ") else {
        return (403, Reason(text: "MissingProviderToken"), [:])
      }
      let token = String(authorization.dropFirst("bearer ".count))
      guard let jwt = CompactJWT(token), jwt.header["alg"] as? String == "ES256", jwt.header["kid"] as? String == keyID,
        jwt.claims["iss"] as? String == teamID, let issuedAt = (jwt.claims["iat"] as? NSNumber)?.intValue,
        let signature = try? P256.Signing.ECDSASignature(rawRepresentation: jwt.signature),
        publicKey.isValidSignature(signature, for: jwt.signingInput)
      else { return (403, Reason(text: "InvalidProviderToken"), [:]) }
      let now = Int(Date().timeIntervalSince1970)
      if now - issuedAt > 3600 { return (403, Reason(text: "ExpiredProviderToken"), [:]) }
      if let current = state.currentToken, current.token != token {
        // A new token sooner than 20 minutes after the last one.
        if issuedAt - current.issuedAt < 20 * 60 { return (429, Reason(text: "TooManyProviderTokenUpdates"), [:]) }
      }
      if state.currentToken?.token != token { state.currentToken = (token, issuedAt) }
      return nil
    }
  }
}
