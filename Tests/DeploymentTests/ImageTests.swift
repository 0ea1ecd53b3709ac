import Foundation
import GymService
import Testing

/// One image per service: compose and Kubernetes run each service from an image of its own,
/// built from the Dockerfiles' stage of that name, whose health check is the service's own
/// executable (the images hold nothing else to run), and the two Dockerfiles (built in
/// Docker, or from host-built executables) share those stages word for word.
@Suite struct ImageTests {
  static let marker = "# ---- From here on the same in deploy/Dockerfile and deploy/runtime.Dockerfile"

  @Test func composeRunsEachServiceFromItsOwnImageAndChecksItWithItsOwnExecutable() throws {
    let services = try DeploymentFiles.document("docker-compose.yml").map("services")
    let host = try DeploymentFiles.document("docker-compose.host.yml").map("services")
    for manifest in PlatformManifest.services {
      let name = manifest.name
      let service = services.map(name)
      #expect("\(service["image"] ?? "")" == "gym-\(name):dev", "\(name): image")
      #expect("\(service.map("build")["target"] ?? "")" == name, "\(name): build target")
      #expect("\(host.map(name)["image"] ?? "")" == "gym-\(name):host", "\(name): host image")
      #expect("\(host.map(name).map("build")["target"] ?? "")" == name, "\(name): host build target")
      let health = service.map("healthcheck").list("test").map { "\($0)" }
      #expect(health == ["CMD", manifest.executable, "health", "--addr", "127.0.0.1:\(manifest.port)"], "\(name): health check")
    }
  }

  @Test func kubernetesRunsEachServiceFromItsOwnImage() throws {
    let workloads = try DeploymentFiles.kubernetesObjects().filter { ["Deployment", "StatefulSet"].contains("\($0["kind"] ?? "")") }
    for manifest in PlatformManifest.services {
      let workload = try #require(workloads.first { "\($0.map("metadata")["name"] ?? "")" == manifest.name }, "\(manifest.name)")
      let container = try #require(workload.map("spec").map("template").map("spec").list("containers").first as? [String: Any])
      #expect("\(container["image"] ?? "")" == "gym-\(manifest.name):dev", "\(manifest.name): image")
    }
  }

  @Test func bothDockerfilesBuildTheSameStagesForEveryService() throws {
    let inDocker = try DeploymentFiles.text("deploy/Dockerfile")
    let fromHost = try DeploymentFiles.text("deploy/runtime.Dockerfile")
    let shared = try [inDocker, fromHost].map { text in
      try #require(text.range(of: Self.marker).map { String(text[$0.lowerBound...]) }, "the shared stages' marker")
    }
    #expect(shared[0] == shared[1], "deploy/Dockerfile and deploy/runtime.Dockerfile differ after the marker")
    for manifest in PlatformManifest.services {
      let stage = try #require(shared[0].range(of: "FROM minimal AS \(manifest.name)\n"), "\(manifest.name): its stage")
      let body = shared[0][stage.upperBound...].prefix { _ in true }.components(separatedBy: "\nFROM ").first ?? ""
      #expect(body.contains("COPY --from=dist /dist/\(manifest.executable) /usr/local/bin/"), "\(manifest.name): its executable")
      #expect(body.contains("GYM_HEALTH_ADDR=127.0.0.1:\(manifest.port)"), "\(manifest.name): its health address")
      #expect(body.contains("CMD [\"\(manifest.executable)\"]"), "\(manifest.name): runs its executable")
    }
  }
}
