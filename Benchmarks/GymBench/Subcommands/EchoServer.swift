import ArgumentParser
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GRPCProtobuf
import GymAPI
import GymService

/// `gym-bench echo-server`: the floor under `GetMe`. It serves gym.auth.v1.AuthService
/// on the transport settings every gym process uses (`GymServer`), but GetMe answers a
/// constant user: no interceptors, no token check, no database. `scripts/bench-paths`
/// measures it beside gym-auth, so what our own code costs per call shows as the gap.
struct EchoServer: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "echo-server",
    abstract: "Serve AuthService.GetMe with a constant user (no auth, no database) until killed.",
    discussion: """
      The HTTP/2 settings are those of GymServer, read from the same environment \
      (GYM_MAX_CONCURRENT_STREAMS, GYM_MAX_MESSAGE_BYTES). Every other AuthService \
      method answers UNIMPLEMENTED.
      """)

  @Option(help: "HOST:PORT to listen on (IPv4).")
  var listen = "127.0.0.1:7010"

  func run() async throws {
    guard let address = HostPort(listen) else {
      throw ValidationError("--listen must be HOST:PORT, e.g. 127.0.0.1:7010")
    }
    let settings = try Self.settings(listen: address)
    let transport = HTTP2ServerTransport.Posix(
      address: .ipv4(host: address.host, port: address.port),
      transportSecurity: .plaintext,
      config: Self.transportConfig(settings)
    )
    let server = GRPCServer(transport: transport, services: [ConstantGetMe()])
    try await withThrowingDiscardingTaskGroup { group in
      group.addTask { try await server.serve() }
      let bound = try await transport.listeningAddress
      let shown = bound.ipv4.map { "\($0.host):\($0.port)" } ?? "\(address)"
      // Straight to stdout, unbuffered: the line is for a log file, read while we run.
      FileHandle.standardOutput.write(Data(("echo-server listening on \(shown) (max streams \(settings.maxConcurrentStreams))\n").utf8))
    }
  }

  /// The services' `CommonSettings` from the same environment keys, so that an
  /// operator's GYM_MAX_CONCURRENT_STREAMS reaches the echo as it reaches the stack.
  static func settings(listen: HostPort) throws -> CommonSettings {
    let listenKey = ConfigKey("GYM_BENCH_ECHO_LISTEN", default: nil, "HOST:PORT of gym-bench echo-server")
    let environment = ProcessInfo.processInfo.environment.merging([listenKey.name: "\(listen)"]) { _, flag in flag }
    let config = try Config(keys: CommonKeys.all + [listenKey], environment: environment, arguments: [])
    return try CommonSettings(config: config, listenKey: listenKey)
  }

  /// Mirrors the transport configuration in `GymServer.init`, which builds it inline
  /// (it cannot be had without a whole service with interceptors). Keep the two alike.
  static func transportConfig(_ settings: CommonSettings) -> HTTP2ServerTransport.Posix.Config {
    .defaults { config in
      config.rpc.maxRequestPayloadSize = settings.maxMessageBytes
      config.http2.maxConcurrentStreams = settings.maxConcurrentStreams
      config.channelDebuggingCallbacks.onBindTCPListener = { channel in
        channel.setOption(.backlog, value: 4096)
      }
    }
  }
}

/// AuthService with GetMe alone. The generated service protocols require every method,
/// so this registers one handler with the router directly; the router answers
/// UNIMPLEMENTED for the others.
struct ConstantGetMe: RegistrableRPCService {
  /// About the size of a real GetMe answer for a freshly registered user.
  let response = Gym_Auth_V1_GetMeResponse.with {
    $0.user = .with {
      $0.id = ID.make()
      $0.username = "bench_echo"
      $0.email = "bench_echo@bench.example.com"
      $0.roles = [.member]
      $0.termsVersion = "2026-01"
    }
  }

  func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
    let response = self.response
    router.registerHandler(
      forMethod: Gym_Auth_V1_AuthService.Method.GetMe.descriptor,
      deserializer: ProtobufDeserializer<Gym_Auth_V1_GetMeRequest>(),
      serializer: ProtobufSerializer<Gym_Auth_V1_GetMeResponse>(),
      handler: { request, _ in
        // Read and decode the request as the generated unary glue does for gym-auth.
        _ = try await ServerRequest(stream: request)
        return StreamingServerResponse(single: ServerResponse(message: response))
      }
    )
  }
}
