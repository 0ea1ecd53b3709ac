import ServiceLifecycle

/// A process's public listener when it is not the gRPC server itself: the gateway's
/// frame relay. The gRPC server then listens on loopback only, and the door passes it
/// whatever the door does not serve (health, the operator service).
public protocol FrontDoor: Service {
  /// The bound public address (useful with port 0 in tests).
  var listeningAddress: HostPort { get async throws }
}

/// What a door gets from the process it stands in front of.
public struct FrontDoorParts: Sendable {
  /// Where the process's own gRPC server listens, once bound.
  public let local: @Sendable () async throws -> HostPort
  /// The process's token check, for the calls the door admits itself.
  public let auth: AuthInterceptor?
}

/// Makes the door from the process's parts.
public typealias FrontDoorFactory = @Sendable (FrontDoorParts) throws -> any FrontDoor
