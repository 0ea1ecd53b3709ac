import CryptoExtras
import Foundation
import GymPush
import PushTesting
import Testing

/// The FCM client against a local FCM and token endpoint that check what Google's do:
/// the RS256 grant against the service account's public key, the bearer token, the
/// message's shape.
@Suite struct FCMClientTests {
  static let device = "fcm-registration-token:APA91bH-example_0123456789"

  static func client(_ fake: FakeFCM, account: FCMServiceAccount? = nil) throws -> FCMClient {
    try FCMClient(endpoint: fake.endpoint, account: account ?? fake.account, trustRoots: try fake.trustRoots)
  }

  static func message(_ token: String = device, title: String = "Ana", body: String = "Squats at six?") -> FCMMessage {
    FCMMessage(
      token: token, title: title, body: body, data: ["kind": "direct-message", "reference": "c-1"], collapseKey: "dm:c-1",
      notificationCount: 2)
  }

  @Test func aMessageReachesTheDeviceWithAGrantedAccessToken() async throws {
    let fake = try await FakeFCM()
    let client = try Self.client(fake)
    let response = try await client.send(Self.message())
    #expect(response.status == 200 && response.disposition == .delivered, "\(response)")
    #expect(response.name?.hasPrefix("projects/gym-test/messages/") == true)
    let request = try #require(fake.delivered.first)
    #expect(request.token == Self.device)
    #expect(request.notification["title"] as? String == "Ana" && request.notification["body"] as? String == "Squats at six?")
    #expect(request.data == ["kind": "direct-message", "reference": "c-1"])
    #expect(request.android["collapse_key"] as? String == "dm:c-1" && request.android["priority"] as? String == "HIGH")
    #expect((request.android["notification"] as? [String: Any])?["notification_count"] as? Int == 2)
    #expect(fake.grants == 1)
    await fake.stop()
  }

  /// FCM refuses a message over 4096 bytes: a long one is shortened to fit.
  @Test func aLongMessageIsShortenedToFitFCMsFourKilobytes() async throws {
    let fake = try await FakeFCM()
    let client = try Self.client(fake)
    let long = String(repeating: "Привет, как дела? ", count: 200)
    let response = try await client.send(Self.message(body: long))
    #expect(response.status == 200, "\(response)")
    let sent = try #require(fake.delivered.first)
    #expect(sent.body.count <= FCMMessage.maxBytes)
    let body = try #require(sent.notification["body"] as? String)
    #expect(body.hasSuffix("…") && body.count > 1000 && long.hasPrefix(String(body.dropLast())))
    await fake.stop()
  }

  @Test func oneGrantServesABurstUntilItNearsExpiry() async throws {
    let fake = try await FakeFCM()
    let client = try Self.client(fake)
    let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<100 {
        group.addTask { try await client.send(Self.message("token-\(index)")).status }
      }
      return try await group.reduce(into: [Int]()) { $0.append($1) }
    }
    #expect(statuses.count == 100 && statuses.allSatisfy { $0 == 200 })
    #expect(fake.grants == 1)
    await fake.stop()
  }

  /// An access token FCM no longer takes (401) is replaced on the next send.
  @Test func aRefusedAccessTokenIsReplacedOnTheNextSend() async throws {
    let fake = try await FakeFCM()
    let client = try Self.client(fake)
    #expect(try await client.send(Self.message()).status == 200)
    fake.expireAccessTokens()
    let refused = try await client.send(Self.message())
    #expect(refused.status == 401 && refused.disposition == .refreshCredentials("UNAUTHENTICATED"), "\(refused)")
    #expect(try await client.send(Self.message()).status == 200)
    #expect(fake.grants == 2)
    await fake.stop()
  }

  /// A token about to expire is not used: a new one is granted five minutes before.
  @Test func anAccessTokenNearItsExpiryIsRenewedBeforeUse() async throws {
    let fake = try await FakeFCM(tokenLifetime: 299)
    let client = try Self.client(fake)
    #expect(try await client.send(Self.message()).status == 200)
    #expect(try await client.send(Self.message()).status == 200)
    #expect(fake.grants == 2)
    await fake.stop()
  }

  @Test func aGrantSignedWithAnotherKeyIsRefusedWithGooglesReason() async throws {
    let fake = try await FakeFCM()
    var stranger = fake.account
    stranger.privateKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)
    let client = try Self.client(fake, account: stranger)
    do {
      _ = try await client.send(Self.message())
      Issue.record("a grant signed with another key was accepted")
    } catch let error as FCMGrantError {
      #expect(error.status == 400 && error.reason.contains("Invalid JWT Signature"), "\(error)")
    }
    #expect(fake.requests.isEmpty)
    await fake.stop()
  }

  @Test func answersAreReadAsFCMMeansThem() async throws {
    let fake = try await FakeFCM()
    let client = try Self.client(fake)
    fake.script(Self.device, [.unregistered, .senderIDMismatch, .quotaExceeded(retryAfterSeconds: 30), .unavailable(retryAfterSeconds: nil)])
    #expect(try await client.send(Self.message()).disposition == .invalidToken("UNREGISTERED", since: nil))
    #expect(try await client.send(Self.message()).disposition == .invalidToken("SENDER_ID_MISMATCH", since: nil))
    #expect(try await client.send(Self.message()).disposition == .retry(after: .seconds(30), "QUOTA_EXCEEDED"))
    #expect(try await client.send(Self.message()).disposition == .retry(after: nil, "UNAVAILABLE"))
    #expect(try await client.send(Self.message()).disposition == .delivered)
    await fake.stop()
  }

  @Test func theServiceAccountFileIsReadAsGoogleWritesItAndProblemsAreNamed() async throws {
    let fake = try await FakeFCM()
    let read = try FCMServiceAccount(json: try fake.account.json)
    #expect(read.projectID == "gym-test" && read.clientEmail == fake.account.clientEmail && read.tokenURI == fake.account.tokenURI)
    #expect(read.privateKey.publicKey.pkcs1DERRepresentation == fake.account.privateKey.publicKey.pkcs1DERRepresentation)
    var object = try #require(try JSONSerialization.jsonObject(with: try fake.account.json) as? [String: Any])
    object["private_key"] = nil
    do {
      _ = try FCMServiceAccount(json: try JSONSerialization.data(withJSONObject: object))
      Issue.record("a key file without its key was accepted")
    } catch {
      #expect("\(error)".contains("private_key"), "\(error)")
    }
    object["private_key"] = "-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n"
    #expect(throws: PushConfigurationError.self) { try FCMServiceAccount(json: try JSONSerialization.data(withJSONObject: object)) }
    await fake.stop()
  }
}
