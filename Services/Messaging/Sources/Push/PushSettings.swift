import Foundation
import GymPush
import GymService
import NIOSSL

/// Push delivery's configuration (`GYM_MESSAGING_APNS_*`, `GYM_MESSAGING_FCM_*`, `GYM_MESSAGING_PUSH_*`): which
/// providers are on, with what credentials, and the limits.
public struct PushSettings: Sendable {
  public struct APNs: Sendable {
    public var keyFile: String
    public var keyID: String
    public var teamID: String
    /// The app's bundle id.
    public var topic: String
    public var endpoint: ProviderEndpoint

    public init(keyFile: String, keyID: String, teamID: String, topic: String, endpoint: ProviderEndpoint) {
      self.keyFile = keyFile
      self.keyID = keyID
      self.teamID = teamID
      self.topic = topic
      self.endpoint = endpoint
    }
  }

  public struct FCM: Sendable {
    /// The service account's key file (JSON) from the Firebase console.
    public var serviceAccountFile: String
    public var endpoint: ProviderEndpoint

    public init(serviceAccountFile: String, endpoint: ProviderEndpoint = .fcm) {
      self.serviceAccountFile = serviceAccountFile
      self.endpoint = endpoint
    }
  }

  /// nil: iOS devices cannot register.
  public var apns: APNs?
  /// nil: Android devices cannot register.
  public var fcm: FCM?
  /// PEM file of the certificates provider connections trust; nil: the system's store.
  public var caFile: String?
  public var devicesPerUser = 10
  public var concurrency = 200
  public var maxAge: TimeInterval = 86_400
  public var pollInterval: Duration = .seconds(1)

  public init() {}

  public static let apnsKeyFile = ConfigKey(
    "GYM_MESSAGING_APNS_KEY_FILE", default: "",
    "The APNs signing key (.p8) for token-based authentication; empty = no push to iOS devices (RegisterDevice refuses them)")
  public static let apnsKeyID = ConfigKey("GYM_MESSAGING_APNS_KEY_ID", default: "", "The APNs key's id (10 characters); needed with the key file")
  public static let apnsTeamID = ConfigKey("GYM_MESSAGING_APNS_TEAM_ID", default: "", "The Apple developer team's id (10 characters); needed with the key file")
  public static let apnsTopic = ConfigKey("GYM_MESSAGING_APNS_TOPIC", default: "", "The iOS app's bundle id (apns-topic); needed with the key file")
  public static let apnsEndpoint = ConfigKey(
    "GYM_MESSAGING_APNS_ENDPOINT", default: "production",
    "production (api.push.apple.com), sandbox (api.sandbox.push.apple.com, for development builds of the app) or HOST:PORT")
  public static let fcmServiceAccountFile = ConfigKey(
    "GYM_MESSAGING_FCM_SERVICE_ACCOUNT_FILE", default: "",
    "The Firebase service account's key file (JSON) for FCM's HTTP v1 API; empty = no push to Android devices (RegisterDevice refuses them)")
  public static let fcmEndpoint = ConfigKey(
    "GYM_MESSAGING_FCM_ENDPOINT", default: "production", "production (fcm.googleapis.com) or HOST:PORT")
  public static let caFileKey = ConfigKey(
    "GYM_MESSAGING_PUSH_CA_FILE", default: "", "PEM certificates push providers' servers must chain to; empty = the system's trust store")
  public static let devicesPerUserKey = ConfigKey(
    "GYM_MESSAGING_PUSH_DEVICES_PER_USER", default: "10",
    "Devices one account may register for push; one more drops the one registered longest ago")
  public static let concurrencyKey = ConfigKey(
    "GYM_MESSAGING_PUSH_CONCURRENCY", default: "200", "Push notifications sent at once (streams on each provider's connection)")
  public static let maxAgeKey = ConfigKey(
    "GYM_MESSAGING_PUSH_MAX_AGE_HOURS", default: "24", "A push notification not sent within this many hours (provider down) is dropped")

  public static let keys = [
    apnsKeyFile, apnsKeyID, apnsTeamID, apnsTopic, apnsEndpoint, fcmServiceAccountFile, fcmEndpoint, caFileKey, devicesPerUserKey,
    concurrencyKey, maxAgeKey,
  ]

  public init(config: Config) throws {
    let keyFile = try config.string(Self.apnsKeyFile)
    if !keyFile.isEmpty {
      var missing: [String] = []
      let keyID = try config.string(Self.apnsKeyID)
      let teamID = try config.string(Self.apnsTeamID)
      let topic = try config.string(Self.apnsTopic)
      for (key, value) in [(Self.apnsKeyID, keyID), (Self.apnsTeamID, teamID), (Self.apnsTopic, topic)] where value.isEmpty {
        missing.append(key.name)
      }
      guard missing.isEmpty else {
        throw ConfigError("\(Self.apnsKeyFile.name) is set, so \(missing.joined(separator: " and ")) must be too")
      }
      let endpoint: ProviderEndpoint
      switch try config.string(Self.apnsEndpoint) {
      case "production": endpoint = .apns
      case "sandbox": endpoint = .apnsSandbox
      default:
        let address = try config.address(Self.apnsEndpoint)
        endpoint = .init(host: address.host, port: address.port)
      }
      apns = APNs(keyFile: keyFile, keyID: keyID, teamID: teamID, topic: topic, endpoint: endpoint)
    }
    let serviceAccount = try config.string(Self.fcmServiceAccountFile)
    if !serviceAccount.isEmpty {
      let endpoint: ProviderEndpoint
      switch try config.string(Self.fcmEndpoint) {
      case "production": endpoint = .fcm
      default:
        let address = try config.address(Self.fcmEndpoint)
        endpoint = .init(host: address.host, port: address.port)
      }
      fcm = FCM(serviceAccountFile: serviceAccount, endpoint: endpoint)
    }
    let ca = try config.string(Self.caFileKey)
    caFile = ca.isEmpty ? nil : ca
    devicesPerUser = try config.int(Self.devicesPerUserKey, in: 1...100)
    concurrency = try config.int(Self.concurrencyKey, in: 1...5000)
    maxAge = TimeInterval(try config.int(Self.maxAgeKey, in: 1...720) * 3600)
  }

  /// The platforms devices may register for.
  public var platforms: Set<PushPlatform> {
    var platforms: Set<PushPlatform> = []
    if apns != nil { platforms.insert(.ios) }
    if fcm != nil { platforms.insert(.android) }
    return platforms
  }

  /// A sender per configured provider; reads the key files (a start-up error names the
  /// file and what is wrong with it).
  func senders() throws -> [PushPlatform: any PushSender] {
    var senders: [PushPlatform: any PushSender] = [:]
    let trustRoots: NIOSSLTrustRoots
    if let caFile {
      do {
        trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(caFile))
      } catch {
        throw ConfigError("\(Self.caFileKey.name)=\(caFile): not a readable PEM file of certificates (\(error))")
      }
    } else {
      trustRoots = .default
    }
    if let apns {
      let pem: String
      do {
        pem = try String(contentsOfFile: apns.keyFile, encoding: .utf8)
      } catch {
        throw ConfigError("\(Self.apnsKeyFile.name)=\(apns.keyFile) cannot be read: \(error.localizedDescription)")
      }
      let credentials: APNsProviderToken.Credentials
      do {
        credentials = try APNsProviderToken.Credentials(keyID: apns.keyID, teamID: apns.teamID, p8: pem)
      } catch {
        throw ConfigError("\(Self.apnsKeyFile.name)=\(apns.keyFile): \(error.description)")
      }
      let client = try APNsClient(endpoint: apns.endpoint, token: APNsProviderToken(credentials: credentials), trustRoots: trustRoots)
      senders[.ios] = APNsPushSender(client: client, topic: apns.topic)
    }
    if let fcm {
      let json: Data
      do {
        json = try Data(contentsOf: URL(fileURLWithPath: fcm.serviceAccountFile))
      } catch {
        throw ConfigError("\(Self.fcmServiceAccountFile.name)=\(fcm.serviceAccountFile) cannot be read: \(error.localizedDescription)")
      }
      let account: FCMServiceAccount
      do {
        account = try FCMServiceAccount(json: json)
      } catch {
        throw ConfigError("\(Self.fcmServiceAccountFile.name)=\(fcm.serviceAccountFile): \(error.description)")
      }
      senders[.android] = FCMPushSender(client: try FCMClient(endpoint: fcm.endpoint, account: account, trustRoots: trustRoots))
    }
    return senders
  }
}
