import Foundation
import GymStore

/// What every backend that serves users is configured with: its own server settings,
/// its data directory and where its backups go, where auth is, and the service credential.
public struct BackendSettings: Sendable {
  public var common: CommonSettings
  public var dataDirectory: String
  public var backup: BackupRoot
  public var auth: HostPort
  public var credential: ServiceCredential

  public init(common: CommonSettings, dataDirectory: String, auth: HostPort, credential: ServiceCredential) {
    self.common = common
    self.dataDirectory = dataDirectory
    self.backup = BackupRoot(dataDirectory: dataDirectory)
    self.auth = auth
    self.credential = credential
  }

  public init(config: Config, listenKey: ConfigKey, authKey: ConfigKey) throws {
    let dataDirectory = try config.string(CommonKeys.dataDir)
    self.init(
      common: try CommonSettings(config: config, listenKey: listenKey),
      dataDirectory: dataDirectory,
      auth: try config.address(authKey),
      credential: try ServiceCredential.load(path: try config.string(ServiceCredential.fileKey)))
    backup = try BackupRoot(config: config, dataDirectory: dataDirectory)
  }

  /// The path of the backend's SQLite file in its data directory.
  public func databasePath(_ file: String) -> String {
    (dataDirectory as NSString).appendingPathComponent(file)
  }
}
