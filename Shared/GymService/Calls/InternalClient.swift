import GRPCCore

/// A client to another gym process's internal services: the internal TLS and the
/// service credential on every call, so that a callee admits it as a peer. Forwarded
/// user calls never go through one of these.
public enum InternalClient {
  /// Run the client with `ClientConnections`.
  public static func make(to address: HostPort, tls: InternalTLS?, credential: ServiceCredential) throws -> GymGRPCClient {
    try GymClient.make(to: address, tls: tls, interceptors: [credential.clientInterceptor])
  }

  /// A backend's client to `address`, with its settings' internal TLS and credential.
  public static func make(to address: HostPort, settings: BackendSettings) throws -> GymGRPCClient {
    try make(to: address, tls: settings.common.internalTLS, credential: settings.credential)
  }
}
