import GymService
import NIOCore
import NIOPosix

/// What a relayed connection does with each chunk before passing it on (count frames,
/// hold bytes back as a slow network would); made anew for every connection.
public struct RelayTaps: Sendable {
  public var toTarget: @Sendable (ByteBuffer) async throws -> Void
  public var toClient: @Sendable (ByteBuffer) async throws -> Void

  public init(
    toTarget: @escaping @Sendable (ByteBuffer) async throws -> Void = { _ in },
    toClient: @escaping @Sendable (ByteBuffer) async throws -> Void = { _ in }
  ) {
    self.toTarget = toTarget
    self.toClient = toClient
  }
}

/// A TCP relay on 127.0.0.1 to `target` for the duration of `body`, which gets its address.
/// - Parameters:
///   - source: the address its connections reach `target` from (another loopback address,
///     e.g. 127.0.0.2, so a test can be a second client address); nil = any.
///   - taps: called for each relayed connection.
public func withTCPRelay<T: Sendable>(
  to target: HostPort, from source: String? = nil, taps: @escaping @Sendable () -> RelayTaps = { RelayTaps() },
  _ body: @Sendable (HostPort) async throws -> T
) async throws -> T {
  let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
    .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
    .bind(host: "127.0.0.1", port: 0) { channel in
      channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
    }
  guard let port = server.channel.localAddress?.port else { throw ChannelError.unknownLocalAddress }
  return try await withThrowingTaskGroup(of: Void.self) { tasks in
    tasks.addTask {
      try await server.executeThenClose { inbound in
        try await withThrowingDiscardingTaskGroup { connections in
          for try await client in inbound {
            connections.addTask { try? await relay(client, to: target, from: source, taps: taps()) }
          }
        }
      }
    }
    defer { tasks.cancelAll() }
    return try await body(HostPort(host: "127.0.0.1", port: port))
  }
}

private func relay(_ client: NIOAsyncChannel<ByteBuffer, ByteBuffer>, to target: HostPort, from source: String?, taps: RelayTaps) async throws {
  var bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
  if let source { bootstrap = bootstrap.bind(to: try SocketAddress(ipAddress: source, port: 0)) }
  let upstream = try await bootstrap.connect(host: target.host, port: target.port) { channel in
    channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
  }
  try await client.executeThenClose { clientIn, clientOut in
    try await upstream.executeThenClose { upstreamIn, upstreamOut in
      try await withThrowingTaskGroup(of: Void.self) { pipes in
        pipes.addTask {
          for try await bytes in clientIn {
            try await taps.toTarget(bytes)
            try await upstreamOut.write(bytes)
          }
        }
        pipes.addTask {
          for try await bytes in upstreamIn {
            try await taps.toClient(bytes)
            try await clientOut.write(bytes)
          }
        }
        // Either side closing ends the relayed connection.
        _ = try await pipes.next()
        pipes.cancelAll()
      }
    }
  }
}
