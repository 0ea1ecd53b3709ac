import GymService
import NIOCore
import NIOPosix

/// A TCP relay on 127.0.0.1 whose connections reach `target` from `source` (another
/// loopback address, e.g. 127.0.0.2), so a test can be a second client address to a
/// server that tells clients apart by address. Runs for the duration of `body`.
public func withSourceAddressRelay<T: Sendable>(
  to target: HostPort, from source: String, _ body: @Sendable (HostPort) async throws -> T
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
            connections.addTask { try? await relay(client, to: target, from: source) }
          }
        }
      }
    }
    defer { tasks.cancelAll() }
    return try await body(HostPort(host: "127.0.0.1", port: port))
  }
}

private func relay(_ client: NIOAsyncChannel<ByteBuffer, ByteBuffer>, to target: HostPort, from source: String) async throws {
  let upstream = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
    .bind(to: try SocketAddress(ipAddress: source, port: 0))
    .connect(host: target.host, port: target.port) { channel in
      channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
    }
  try await client.executeThenClose { clientIn, clientOut in
    try await upstream.executeThenClose { upstreamIn, upstreamOut in
      try await withThrowingTaskGroup(of: Void.self) { pipes in
        pipes.addTask { for try await bytes in clientIn { try await upstreamOut.write(bytes) } }
        pipes.addTask { for try await bytes in upstreamIn { try await clientOut.write(bytes) } }
        // Either side closing ends the relayed connection.
        _ = try await pipes.next()
        pipes.cancelAll()
      }
    }
  }
}
