import Foundation
import GymService
import Testing

/// docker-compose.yml and docker-compose.host.yml say what the manifest says: every
/// service with its executable and port, exactly its peers' addresses, a volume for each
/// stateful one.
@Suite struct ComposeManifestTests {
  @Test func composeRunsEveryServiceOfTheManifestAsItSays() throws {
    let compose = try DeploymentFiles.document("docker-compose.yml")
    let services = compose.map("services")
    #expect(Set(services.keys) == Set(PlatformManifest.services.map(\.name)), "docker-compose.yml services")
    let volumes = Set(compose.map("volumes").keys)
    #expect(volumes == Set(PlatformManifest.services.filter(\.stateful).map { "\($0.name)-data" }), "docker-compose.yml volumes")

    for manifest in PlatformManifest.services {
      let service = services.map(manifest.name)
      let name = manifest.name
      #expect(service.list("command").map { "\($0)" } == [manifest.executable], "\(name): command")
      let environment = service.map("environment").mapValues { "\($0)" }
      #expect(environment[manifest.listenKeyName] == "0.0.0.0:\(manifest.port)", "\(name): \(manifest.listenKeyName)")
      #expect(environment["GYM_METRICS_LISTEN"] == "0.0.0.0:\(manifest.metricsPort)", "\(name): GYM_METRICS_LISTEN")
      let expected = Dictionary(
        uniqueKeysWithValues: manifest.calls.compactMap(PlatformManifest.service(named:)).map {
          ($0.name, "\($0.name):\($0.port)")
        })
      #expect(peerAddresses(environment) == expected, "\(name): peer addresses are exactly the services it calls")
      let mounts = service.list("volumes").map { "\($0)" }
      #expect(mounts == (manifest.stateful ? ["\(name)-data:/data"] : []), "\(name): volumes")
      #expect(manifest.stateful == (environment["GYM_DATA_DIR"] == "/data"), "\(name): GYM_DATA_DIR only for a stateful service")
      let health = service.map("healthcheck").list("test").map { "\($0)" }
      #expect(health.contains("127.0.0.1:\(manifest.port)"), "\(name): health check on its own port")
      // Started after the services it calls that are already up; auth starts first.
      let dependsOn = Set(service.map("depends_on").keys)
      #expect(dependsOn.isSubset(of: Set(manifest.calls)), "\(name): depends only on services it calls")
    }
    #expect(services.map(PlatformManifest.gateway.name).list("ports").count == 1, "the gateway is the one published port")
    for backend in PlatformManifest.backends {
      #expect(services.map(backend.name)["ports"] == nil, "\(backend.name) publishes no port")
    }
  }

  @Test func hostComposeOverridesEveryServiceOfTheManifest() throws {
    let host = try DeploymentFiles.document("docker-compose.host.yml")
    #expect(Set(host.map("services").keys) == Set(PlatformManifest.services.map(\.name)), "docker-compose.host.yml services")
  }
}
