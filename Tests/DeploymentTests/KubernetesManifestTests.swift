import Foundation
import GymService
import Testing

/// deploy/k8s/ says what the manifest says: a workload per service with its executable,
/// port and exactly its peers' addresses, a volume for each stateful one, and network
/// policies that allow exactly the manifest's arrows.
@Suite struct KubernetesManifestTests {
  let objects: [[String: Any]]

  init() throws { objects = try DeploymentFiles.kubernetesObjects() }

  func objects(_ kind: String) -> [String: [String: Any]] {
    var found: [String: [String: Any]] = [:]
    for object in objects where object.string("kind") == kind {
      if let name = object.map("metadata").string("name") { found[name] = object }
    }
    return found
  }

  @Test func aWorkloadPerServiceAsTheManifestSays() throws {
    let workloads = objects("StatefulSet").merging(objects("Deployment")) { first, _ in first }
    let services = objects("Service")
    #expect(Set(workloads.keys) == Set(PlatformManifest.services.map(\.name)), "workloads")
    for manifest in PlatformManifest.services {
      let name = manifest.name
      let workload = workloads[name] ?? [:]
      #expect(workload.string("kind") == (manifest.stateful ? "StatefulSet" : "Deployment"), "\(name): kind")
      let spec = workload.map("spec")
      let claims = spec.maps("volumeClaimTemplates").compactMap { $0.map("metadata").string("name") }
      #expect(claims == (manifest.stateful ? ["data"] : []), "\(name): a data volume exactly when stateful")
      let container = spec.map("template").map("spec").maps("containers").first ?? [:]
      #expect(container.list("command").map { "\($0)" } == [manifest.executable], "\(name): command")
      var environment: [String: String] = [:]
      for variable in container.maps("env") {
        if let key = variable.string("name") { environment[key] = variable.string("value") }
      }
      #expect(environment[manifest.listenKeyName] == "0.0.0.0:\(manifest.port)", "\(name): \(manifest.listenKeyName)")
      #expect(environment["GYM_METRICS_LISTEN"] == "0.0.0.0:\(manifest.metricsPort)", "\(name): GYM_METRICS_LISTEN")
      let expected = Dictionary(
        uniqueKeysWithValues: manifest.calls.compactMap(PlatformManifest.service(named:)).map {
          ($0.name, "\($0.name):\($0.port)")
        })
      #expect(peerAddresses(environment) == expected, "\(name): peer addresses are exactly the services it calls")
      let mounts = container.maps("volumeMounts").filter { $0.string("mountPath") == "/data" }.compactMap { $0.string("name") }
      #expect(mounts == (manifest.stateful ? ["data"] : []), "\(name): /data mounted exactly when stateful")
      var ports: [String: Int] = [:]
      for port in container.maps("ports") {
        if let portName = port.string("name") { ports[portName] = port["containerPort"] as? Int }
      }
      #expect(ports == ["grpc": manifest.port, "metrics": manifest.metricsPort], "\(name): container ports")
      let grpcPorts = services[name]?.map("spec").maps("ports").filter { $0.string("name") == "grpc" }.compactMap { $0["port"] as? Int }
      #expect(grpcPorts == [manifest.port], "\(name): Service \(name) serves gRPC on its port")
    }
  }

  @Test func networkPoliciesAllowExactlyTheManifestsArrows() throws {
    let policies = objects("NetworkPolicy").values.map { $0.map("spec") }
    #expect(
      policies.contains { policy in
        policy["podSelector"] != nil && policy.map("podSelector").isEmpty
          && Set(policy.list("policyTypes").map { "\($0)" }) == ["Ingress", "Egress"]
          && policy.list("ingress").isEmpty && policy.list("egress").isEmpty
      },
      "a default deny of ingress and egress")
    let byPort = Dictionary(uniqueKeysWithValues: PlatformManifest.services.map { ($0.port, $0.name) })
    for manifest in PlatformManifest.services {
      var admitted: Set<String> = []
      var openToAll = false
      var reached: Set<String> = []
      for policy in policies {
        let selector = policy.map("podSelector")
        guard selector.isEmpty || selector.map("matchLabels").string("app") == manifest.name else { continue }
        for rule in policy.maps("ingress") {
          let rulePorts = Set(rule.maps("ports").compactMap { $0["port"] as? Int })
          if !rulePorts.isEmpty && !rulePorts.contains(manifest.port) { continue }
          if rule["from"] == nil { openToAll = true }
          for peer in rule.maps("from") { admitted.formUnion(Self.apps(peer)) }
        }
        for rule in policy.maps("egress") {
          for peer in rule.maps("to") {
            for app in Self.apps(peer) {
              for port in rule.maps("ports") {
                if let port = port["port"] as? Int, byPort[port] == app { reached.insert(app) }
              }
            }
          }
        }
      }
      let callers = Set(PlatformManifest.callers(of: manifest).map(\.name))
      if manifest == PlatformManifest.gateway {
        #expect(openToAll, "the gateway's port is open to clients")
      } else {
        #expect(!openToAll, "\(manifest.name):\(manifest.port) is open to everyone")
        #expect(admitted == callers, "\(manifest.name):\(manifest.port) admits exactly its callers")
      }
      #expect(reached == Set(manifest.calls), "\(manifest.name) may reach exactly the services it calls")
    }
  }

  /// The `app` values a policy peer's podSelector admits (none for namespace or IP peers).
  static func apps(_ peer: [String: Any]) -> Set<String> {
    guard peer["namespaceSelector"] == nil, peer["ipBlock"] == nil else { return [] }
    let selector = peer.map("podSelector")
    var apps: Set<String> = []
    if let app = selector.map("matchLabels").string("app") { apps.insert(app) }
    for expression in selector.maps("matchExpressions") where expression.string("key") == "app" && expression.string("operator") == "In" {
      apps.formUnion(expression.list("values").map { "\($0)" })
    }
    return apps
  }
}
