import Crypto
import Foundation
import GymPush
import GymTesting
import PushTesting
import Synchronization
import Testing

/// The APNs client against a local server that checks what APNs checks: HTTP/2 over
/// TLS, the ES256 provider token, the headers and the payload.
@Suite struct APNsClientTests {
  static let topic = "app.gym.member"
  static let device = String(repeating: "ab", count: 32)

  struct Setup {
    let key = P256.Signing.PrivateKey()
    let fake: FakeAPNs
    let clock: Clock
    let client: APNsClient

    init(signingKey: P256.Signing.PrivateKey? = nil) async throws {
      fake = try await FakeAPNs(keyID: "KEY1234567", teamID: "TEAM123456", publicKey: key.publicKey, topic: APNsClientTests.topic)
      clock = Clock()
      let credentials = try APNsProviderToken.Credentials(keyID: "KEY1234567", teamID: "TEAM123456", privateKey: signingKey ?? key)
      let clock = self.clock
      let token = APNsProviderToken(credentials: credentials, now: { clock.now })
      let connection = try ProviderConnection(host: "localhost", port: fake.port, trustRoots: try fake.trustRoots)
      client = APNsClient(connection: connection, token: token, timeout: .seconds(30))
    }

    func alert(_ device: String = APNsClientTests.device, title: String = "Sam", body: String = "See you at six?", collapse: String? = nil)
      throws -> APNsNotification
    {
      APNsNotification(
        deviceToken: device, topic: APNsClientTests.topic, collapseID: collapse,
        payload: try APNsNotification.alertPayload(title: title, body: body, badge: 3, threadID: "conversation-1"))
    }
  }

  /// A settable clock for the provider token.
  final class Clock: Sendable {
    private let offset = Mutex<TimeInterval>(0)
    var now: Date { Date().addingTimeInterval(offset.withLock { $0 }) }
    func set(_ seconds: TimeInterval) { offset.withLock { $0 = seconds } }
  }

  @Test func anAlertReachesTheDeviceOverHTTP2WithTheHeadersAPNsWants() async throws {
    let setup = try await Setup()
    let response = try await setup.client.send(try setup.alert(collapse: "conversation-1"))
    #expect(response.status == 200 && response.disposition == .delivered, "\(response)")
    #expect(response.apnsID?.isEmpty == false)
    let request = try #require(setup.fake.delivered.first)
    #expect(request.deviceToken == Self.device)
    #expect(request.headers["apns-topic"] == Self.topic)
    #expect(request.headers["apns-push-type"] == "alert")
    #expect(request.headers["apns-priority"] == "10")
    #expect(request.headers["apns-collapse-id"] == "conversation-1")
    #expect(request.alert["title"] as? String == "Sam")
    #expect(request.alert["body"] as? String == "See you at six?")
    #expect((request.payload["aps"] as? [String: Any])?["badge"] as? Int == 3)
    await setup.fake.stop()
  }

  @Test func aBurstSharesOneConnectionAndOneProviderToken() async throws {
    let setup = try await Setup()
    let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<200 {
        let alert = try setup.alert(String(format: "%064x", index + 1))
        group.addTask { try await setup.client.send(alert).status }
      }
      return try await group.reduce(into: [Int]()) { $0.append($1) }
    }
    #expect(statuses.count == 200 && statuses.allSatisfy { $0 == 200 })
    #expect(setup.fake.connections == 1)
    #expect(Set(setup.fake.requests.compactMap { $0.headers["authorization"] }).count == 1)
    await setup.fake.stop()
  }

  @Test func answersAreReadAsAPNsMeansThem() async throws {
    let setup = try await Setup()
    let gone = Date(timeIntervalSince1970: 1_790_000_000)
    setup.fake.script(
      Self.device,
      [
        .unregistered(since: gone), .badDeviceToken, .tooManyRequests(retryAfterSeconds: 7), .serviceUnavailable(retryAfterSeconds: nil),
        .internalServerError,
      ])
    let alert = try setup.alert()
    let unregistered = try await setup.client.send(alert)
    #expect(unregistered.status == 410 && unregistered.disposition == .invalidToken("Unregistered", since: gone), "\(unregistered)")
    #expect(unregistered.timestamp == gone)
    #expect(try await setup.client.send(alert).disposition == .invalidToken("BadDeviceToken", since: nil))
    #expect(try await setup.client.send(alert).disposition == .retry(after: .seconds(7), "TooManyRequests"))
    #expect(try await setup.client.send(alert).disposition == .retry(after: nil, "ServiceUnavailable"))
    #expect(try await setup.client.send(alert).disposition == .retry(after: nil, "InternalServerError"))
    #expect(try await setup.client.send(alert).disposition == .delivered)
    await setup.fake.stop()
  }

  @Test func aRequestAPNsWouldRefuseIsRefusedWithItsReason() async throws {
    let setup = try await Setup()
    var wrongTopic = try setup.alert()
    wrongTopic.topic = "app.someone.else"
    #expect(try await setup.client.send(wrongTopic).disposition == .dropped("HTTP 400 TopicDisallowed"))
    var loud = try setup.alert()
    loud.pushType = .background
    #expect(try await setup.client.send(loud).disposition == .dropped("HTTP 400 BadPriority"))
    var long = try setup.alert()
    long.collapseID = String(repeating: "c", count: 65)
    #expect(try await setup.client.send(long).disposition == .dropped("HTTP 400 BadCollapseId"))
    #expect(try await setup.client.send(try setup.alert("12ab")).disposition == .invalidToken("BadDeviceToken", since: nil))
    #expect(setup.fake.delivered.isEmpty)
    await setup.fake.stop()
  }

  @Test func aTokenSignedWithAnotherKeyIsRefused() async throws {
    let setup = try await Setup(signingKey: P256.Signing.PrivateKey())
    let response = try await setup.client.send(try setup.alert())
    #expect(response.status == 403 && response.disposition == .refreshCredentials("InvalidProviderToken"), "\(response)")
    #expect(setup.fake.delivered.isEmpty)
    await setup.fake.stop()
  }

  /// An hour-old token is refused; the client drops it and the next request carries a new one.
  @Test func anExpiredProviderTokenIsReplacedOnTheNextRequest() async throws {
    let setup = try await Setup()
    setup.clock.set(-3700)
    let expired = try await setup.client.send(try setup.alert())
    #expect(expired.disposition == .refreshCredentials("ExpiredProviderToken"), "\(expired)")
    setup.clock.set(0)
    #expect(try await setup.client.send(try setup.alert()).disposition == .delivered)
    await setup.fake.stop()
  }

  @Test func theProviderTokenServesFiftyMinutesAndIsThenReplaced() throws {
    let clock = Clock()
    let credentials = try APNsProviderToken.Credentials(keyID: "KEY1234567", teamID: "TEAM123456", privateKey: P256.Signing.PrivateKey())
    let token = APNsProviderToken(credentials: credentials, now: { clock.now })
    let first = try token.token()
    clock.set(49 * 60)
    #expect(try token.token() == first)
    clock.set(50 * 60 + 1)
    let second = try token.token()
    #expect(second != first)
    token.discard(first)  // an older token refused: the current one stays
    #expect(try token.token() == second)
    token.discard(second)
    #expect(try token.token() != second)
  }

  @Test func credentialsThatCannotWorkAreRefusedWithWhatToFix() throws {
    #expect(throws: PushConfigurationError.self) {
      try APNsProviderToken.Credentials(keyID: "short", teamID: "TEAM123456", privateKey: P256.Signing.PrivateKey())
    }
    do {
      _ = try APNsProviderToken.Credentials(keyID: "KEY1234567", teamID: "TEAM123456", p8: "not a key")
      Issue.record("a file that is not a key was accepted")
    } catch {
      #expect(error.description.contains(".p8"), "\(error)")
    }
    let pem = P256.Signing.PrivateKey().pemRepresentation
    #expect(throws: Never.self) { try APNsProviderToken.Credentials(keyID: "KEY1234567", teamID: "TEAM123456", p8: pem) }
  }

  @Test func aLongMessageIsShortenedToFitTheFourKilobytesAPNsTakes() throws {
    let body = String(repeating: "Ünïcödé and emoji 🏋️ ", count: 400)
    let payload = try APNsNotification.alertPayload(title: "Long", body: body, badge: 1)
    #expect(payload.count <= APNsNotification.maxPayloadBytes)
    let json = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
    let alert = try #require((json["aps"] as? [String: Any])?["alert"] as? [String: Any])
    let shortened = try #require(alert["body"] as? String)
    #expect(shortened.hasSuffix("…") && shortened.count > 500)
  }

  @Test func aDroppedConnectionIsMadeAgain() async throws {
    let setup = try await Setup()
    #expect(try await setup.client.send(try setup.alert()).status == 200)
    await setup.client.connection.close()
    #expect(try await setup.client.send(try setup.alert()).status == 200)
    #expect(setup.fake.connections == 2)
    await setup.fake.stop()
  }

  /// After GOAWAY (APNs moving the provider to another host) the next notification goes
  /// on a new connection; the old one is not used for new streams.
  @Test func aConnectionThatSaidGoAwayIsReplaced() async throws {
    let setup = try await Setup()
    #expect(try await setup.client.send(try setup.alert()).status == 200)
    try await setup.fake.goAway()
    let moved = try await eventually(within: .seconds(10)) {
      (try? await setup.client.send(try setup.alert()))?.status == 200 && setup.fake.connections == 2
    }
    #expect(moved, "\(setup.fake.connections) connections, \(setup.fake.requests.map(\.status))")
    await setup.fake.stop()
  }

  @Test func retryAfterIsReadInSecondsOrAsADate() {
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    #expect(RetryAfter.parse("120", now: now) == .seconds(120))
    #expect(RetryAfter.parse("Wed, 09 Sep 2026 14:13:40 GMT", now: Date(timeIntervalSince1970: 1_788_963_200)) == .seconds(20))
    #expect(RetryAfter.parse("soon", now: now) == nil)
    #expect(RetryAfter.parse(nil, now: now) == nil)
  }
}
