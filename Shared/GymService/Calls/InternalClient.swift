import GRPCCore

/// A client to another gym process's internal services: the internal TLS and the
/// service credential on every call, so that a callee admits it as a peer. Forwarded
/// user calls never go through one of these.
public enum InternalClient {
  /// Run the client with `ClientConnections`.
  /// With `metrics`, its calls are counted as this process's client calls.
  public static func make(
    to address: HostPort, tls: InternalTLS?, credential: ServiceCredential, metrics: RPCMetrics? = nil
  ) throws -> GymGRPCClient {
    try GymClient.make(to: address, tls: tls, interceptors: [credential.clientInterceptor], metrics: metrics)
  }

  /// A backend's client to `address`, with its settings' internal TLS and credential.
  public static func make(to address: HostPort, settings: BackendSettings, metrics: RPCMetrics? = nil) throws -> GymGRPCClient {
    try make(to: address, tls: settings.common.internalTLS, credential: settings.credential, metrics: metrics)
  }
}
