import GymStore
import Testing

@testable import GymService

@Suite struct ConfigTests {
  let listen = ConfigKey("GYM_X_LISTEN", default: "127.0.0.1:7001", "where to listen")
  let upstream = ConfigKey("GYM_AUTH_ADDR", default: nil, "HOST:PORT of gym-auth")

  @Test func flagsOverrideEnvironmentWhichOverridesDefaults() throws {
    let config = try Config(
      keys: [listen, upstream],
      environment: ["GYM_X_LISTEN": "0.0.0.0:9000", "GYM_AUTH_ADDR": "10.0.0.1:7001"],
      arguments: ["--auth-addr", "127.0.0.1:17001"])
    #expect(try config.address(listen) == HostPort(host: "0.0.0.0", port: 9000))
    #expect(try config.address(upstream) == HostPort(host: "127.0.0.1", port: 17001))
  }

  @Test func missingRequiredUpstreamNamesTheKey() throws {
    let config = try Config(keys: [listen, upstream], environment: [:], arguments: [])
    #expect(try config.address(listen).port == 7001)
    let error = #expect(throws: ConfigError.self) { try config.address(upstream) }
    #expect(error?.description.contains("GYM_AUTH_ADDR") == true)
    #expect(error?.description.contains("--auth-addr") == true)
  }

  @Test func unknownFlagAndBadValuesAreRefused() throws {
    #expect(throws: ConfigError.self) { try Config(keys: [listen], environment: [:], arguments: ["--lisen=1"]) }
    let config = try Config(keys: [listen], environment: ["GYM_X_LISTEN": "nonsense"], arguments: [])
    let error = #expect(throws: ConfigError.self) { try config.address(listen) }
    #expect(error?.description.contains("HOST:PORT") == true)
  }

  @Test func usageListsEveryKeyWithItsDefault() {
    let text = Config.usage(process: "gym-x", keys: [listen, upstream])
    #expect(text.contains("GYM_X_LISTEN / --x-listen  [127.0.0.1:7001]"))
    #expect(text.contains("GYM_AUTH_ADDR / --auth-addr  [(required)]"))
  }

  @Test func databaseMemoryIsConfiguredAndBounded() throws {
    let keys = [listen] + CommonKeys.all
    let defaults = try CommonSettings(config: try Config(keys: keys, environment: [:], arguments: []), listenKey: listen)
    #expect(defaults.database == GymDatabase.Tuning(cacheKiB: 8192, readers: 3))
    let set = try CommonSettings(
      config: try Config(keys: keys, environment: ["GYM_SQLITE_CACHE_KIB": "2048", "GYM_SQLITE_READERS": "2"], arguments: []),
      listenKey: listen)
    #expect(set.database == GymDatabase.Tuning(cacheKiB: 2048, readers: 2))
    let none = try Config(keys: keys, environment: ["GYM_SQLITE_READERS": "0"], arguments: [])
    let error = #expect(throws: ConfigError.self) { try CommonSettings(config: none, listenKey: listen) }
    #expect(error?.description.contains("GYM_SQLITE_READERS") == true)
  }

  @Test func theUnreadyTimeBeforeAStopFitsInTheGraceTime() throws {
    let keys = [listen] + CommonKeys.all
    func settings(_ environment: [String: String]) throws -> CommonSettings {
      try CommonSettings(config: try Config(keys: keys, environment: environment, arguments: []), listenKey: listen)
    }
    #expect(try settings([:]).shutdownUnready == .zero)
    #expect(try settings(["GYM_SHUTDOWN_UNREADY_SECONDS": "5"]).shutdownUnready == .seconds(5))
    let error = #expect(throws: ConfigError.self) { try settings(["GYM_SHUTDOWN_UNREADY_SECONDS": "10"]) }
    #expect(error?.description.contains("less than GYM_SHUTDOWN_GRACE_SECONDS=10") == true, "\(String(describing: error))")
  }
}
