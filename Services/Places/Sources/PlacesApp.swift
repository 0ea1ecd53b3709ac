import Foundation
import GRDB
import GRPCCore
import GymAPI
import GymService
import GymStore
import Logging

/// The composition root of gym-places.
public enum PlacesApp {
  public static let listen = ConfigKey("GYM_PLACES_LISTEN", default: "127.0.0.1:7005", "HOST:PORT the places gRPC server listens on")
  public static let authAddress = ConfigKey("GYM_AUTH_ADDR", default: nil, "HOST:PORT of gym-auth (signing keys, revocations, account status)")

  public static let keys: [ConfigKey] = [listen, authAddress, CommonKeys.dataDir, ServiceCredential.fileKey] + CommonKeys.all

  public struct Settings: Sendable {
    public var common: CommonSettings
    public var dataDirectory: String
    public var auth: HostPort
    public var credential: ServiceCredential

    public init(common: CommonSettings, dataDirectory: String, auth: HostPort, credential: ServiceCredential) {
      self.common = common
      self.dataDirectory = dataDirectory
      self.auth = auth
      self.credential = credential
    }

    public init(config: Config) throws {
      self.init(
        common: try CommonSettings(config: config, listenKey: PlacesApp.listen),
        dataDirectory: try config.string(CommonKeys.dataDir),
        auth: try config.address(PlacesApp.authAddress),
        credential: try ServiceCredential.load(path: try config.string(ServiceCredential.fileKey)))
    }
  }

  /// - Parameter accounts: who is active; by default auth's `LookupUsers`.
  public static func build(_ settings: Settings, accounts: (any AccountDirectory)? = nil, logger: Logger) async throws -> BuiltProcess {
    let path = (settings.dataDirectory as NSString).appendingPathComponent("places.sqlite")
    let store = try PlacesStore(path: path)
    return try BuiltProcess.backend(
      name: "gym-places", settings: settings.common, auth: settings.auth, credential: settings.credential,
      database: (path, store.writer), healthName: Gym_Places_V1_PlacesService.descriptor.fullyQualifiedService, logger: logger
    ) { authClient in
      [
        PlacesService(store: store, accounts: accounts ?? AuthAccountDirectory(client: authClient), logger: logger),
        PlacesInternalService(store: store, logger: logger),
      ]
    }
  }
}
