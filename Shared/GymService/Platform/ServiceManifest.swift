import GRPCCore
import GymStore

/// One process of the platform as everything else sees it: the gateway's routes, the
/// supervisor of `gymctl up`, the address keys the apps read, auth's outbox and the
/// deployment files (checked by `DeploymentTests`) all follow from these values
/// (`PlatformManifest`).
public struct ServiceManifest: Sendable, Hashable {
  /// A public gRPC service and its long-lived streams.
  public struct API: Sendable, Hashable {
    public var descriptor: ServiceDescriptor
    public var methods: [MethodDescriptor]
    /// Streams without the gateway's deadlines (`Subscribe`, `ExportMyData`).
    public var longLived: [MethodDescriptor]

    public init(descriptor: ServiceDescriptor, methods: [MethodDescriptor], longLived: [MethodDescriptor] = []) {
      self.descriptor = descriptor
      self.methods = methods
      self.longLived = longLived
    }
  }

  /// "auth", "catalog", …: the outbox destination, the Compose service, the Kubernetes
  /// workload and the `GYM_<NAME>_…` prefix.
  public var name: String
  public var executable: String
  /// Offset from the base port (7000): its gRPC port; metrics listen 2000 above it.
  public var portOffset: Int
  /// What the gateway routes to it; empty for the gateway itself.
  public var publicServices: [API]
  /// Services only other processes (with the service credential) call; never routed.
  public var internalServices: [ServiceDescriptor]
  /// The services it calls: each is `GYM_<PEER>_ADDR` in its environment and an arrow the
  /// network policies allow.
  public var calls: [String]
  /// Implements `gym.common.v1.UserLifecycleInternal`: auth's outbox delivers every
  /// user-lifecycle event to it (deletion, standing, visibility, updates) and a data
  /// export asks it for its part.
  public var receivesLifecycle: Bool
  /// Owns a data directory (its SQLite file): a volume in every deployment.
  public var stateful: Bool
  /// The operator tasks it serves (gymctl's): admin methods of its public services and
  /// the operator methods of its internal ones. The gateway relays exactly these, when the
  /// call carries the service credential, over its own credentialed connection; a user's
  /// call to an internal one is refused, and no other internal method is reachable there.
  public var operatorMethods: [MethodDescriptor]

  public init(
    name: String, portOffset: Int, publicServices: [API], internalServices: [ServiceDescriptor], calls: [String],
    receivesLifecycle: Bool = false, operatorMethods: [MethodDescriptor] = [], stateful: Bool = true
  ) {
    self.name = name
    self.executable = "gym-\(name)"
    self.portOffset = portOffset
    self.publicServices = publicServices
    self.internalServices = internalServices
    self.calls = calls
    self.receivesLifecycle = receivesLifecycle
    self.operatorMethods = operatorMethods
    self.stateful = stateful
  }

  /// `GYM_<NAME>_ADDR`: where its callers reach it.
  public var addressKeyName: String { "GYM_\(name.uppercased())_ADDR" }
  /// `GYM_<NAME>_LISTEN`: where it listens.
  public var listenKeyName: String { "GYM_\(name.uppercased())_LISTEN" }
  /// Jobs for it in an outbox are stored under its name.
  public var outboxDestination: Outbox.Destination { Outbox.Destination(rawValue: name) }

  /// Its listen key, on loopback at its port from the base port 7000 by default.
  public func listenKey(_ help: String) -> ConfigKey {
    ConfigKey(listenKeyName, default: "127.0.0.1:\(PlatformManifest.basePort + portOffset)", help)
  }

  /// The key this service reads `peer`'s address from. Only a peer it `calls` has one, so
  /// an app cannot reach a service the manifest (and the network policies made from it)
  /// does not let it reach.
  /// - Parameter defaultValue: nil = required; "" = optional (the feature is off without it).
  public func addressKey(of peer: ServiceManifest, default defaultValue: String?, _ help: String) -> ConfigKey {
    precondition(calls.contains(peer.name), "\(name) does not call \(peer.name) in PlatformManifest; add the arrow there first")
    return ConfigKey(peer.addressKeyName, default: defaultValue, help)
  }

  public static func == (lhs: ServiceManifest, rhs: ServiceManifest) -> Bool { lhs.name == rhs.name }
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
