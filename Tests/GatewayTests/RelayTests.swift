import AuthTesting
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymGateway
import GymService
import GymTesting
import Synchronization
import Testing

/// The gateway relays frames: what a backend receives is what the gateway wrote (the
/// caller's identity and address as the gateway vouches for them), cancellation crosses
/// the relay, and a reader that does not keep up holds the backend back instead of
/// filling the gateway's memory. Seen from a stand-in backend that records what it gets.
@Suite struct RelayTests {
  /// A backend serving the given methods with raw bytes in and out.
  struct RawBackend: RegistrableRPCService {
    typealias Handler = @Sendable (StreamingServerRequest<[UInt8]>, ServerContext) async throws -> StreamingServerResponse<[UInt8]>
    let handlers: [MethodDescriptor: Handler]

    func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
      for (method, handler) in handlers {
        router.registerHandler(forMethod: method, deserializer: RawBytes(), serializer: RawBytes(), handler: handler)
      }
    }
  }

  /// Auth, a gateway, and `backend` standing in for `name`; `body` gets a user of auth
  /// and the gateway's address.
  static func run(
    _ name: String, _ backend: RawBackend, _ body: @Sendable (RunningAuth, RunningAuth.User, HostPort) async throws -> Void
  ) async throws {
    try await withRunningAuth { auth in
      let user = try await auth.register("rita_relay")
      try await withBareServer(name, services: [backend]) { backendAddress in
        try await GatewayFixture.runGateway(
          auth: auth.address, credential: auth.credential, configure: { $0.backends[name] = backendAddress },
          at: { gateway in try await body(auth, user, gateway) })
      }
    }
  }

  static let searchNearby = Gym_Places_V1_PlacesService.Method.SearchNearby.descriptor

  @Test func theBackendSeesTheRequestIDTheClientAddressAndTheGatewaysProofButNoForgedHeader() async throws {
    let seen = Mutex<Metadata?>(nil)
    let backend = RawBackend(handlers: [
      Self.searchNearby: { request, _ in
        seen.withLock { $0 = request.metadata }
        return StreamingServerResponse { writer in
          for try await _ in request.messages {}
          try await writer.write([])
          return [:]
        }
      }
    ])
    try await Self.run("places", backend) { auth, user, gateway in
      try await withClient(to: gateway) { client in
        var metadata = user.metadata
        metadata.addString("client-chosen-id-1", forKey: "x-request-id")
        metadata.addString("203.0.113.9", forKey: "x-forwarded-for")
        metadata.addString("forged-proof", forKey: ServiceCredential.forwardedByHeader)
        metadata.addString("forged-credential", forKey: ServiceCredential.header)
        metadata.addString("kept", forKey: "x-app-version")
        let echoed = try await Gym_Places_V1_PlacesService.Client(wrapping: client).searchNearby(.init(), metadata: metadata) {
          response in
          _ = try response.message
          return Array(response.metadata[stringValues: "x-request-id"])
        }
        #expect(echoed == ["client-chosen-id-1"])
      }
      let received = try #require(seen.withLock { $0 })
      #expect(Array(received[stringValues: "x-request-id"]) == ["client-chosen-id-1"])
      // The gateway's word for the address, with its proof; the client's copies are gone.
      #expect(Array(received[stringValues: "x-forwarded-for"]) == ["127.0.0.1"])
      #expect(Array(received[stringValues: ServiceCredential.forwardedByHeader]) == [auth.credential.forwardingProof])
      #expect(Array(received[stringValues: ServiceCredential.header]).isEmpty)
      #expect(Array(received[stringValues: "authorization"]) == ["Bearer \(user.tokens.accessToken)"])
      #expect(Array(received[stringValues: "x-app-version"]) == ["kept"])
    }
  }

  @Test func aClientThatGivesUpEndsTheBackendsCallAtOnce() async throws {
    let started = Atomic(false)
    let cancelled = Mutex<ContinuousClock.Instant?>(nil)
    let backend = RawBackend(handlers: [
      Self.searchNearby: { request, _ in
        StreamingServerResponse { writer in
          for try await _ in request.messages {}
          started.store(true, ordering: .relaxed)
          // grpc-swift tells a handler of its stream's reset through this handler.
          try await withRPCCancellationHandler {
            try await Task.sleep(for: .seconds(60))
          } onCancelRPC: {
            cancelled.withLock { $0 = .now }
          }
          try await writer.write([])
          return [:]
        }
      }
    ])
    try await Self.run("places", backend) { _, user, gateway in
      try await withClient(to: gateway) { client in
        let places = Gym_Places_V1_PlacesService.Client(wrapping: client)
        var options = CallOptions.defaults
        options.timeout = .seconds(50)
        let call = Task { try await places.searchNearby(.init(), metadata: user.metadata, options: options) }
        #expect(try await eventually(within: .seconds(20)) { started.load(ordering: .relaxed) })
        let gaveUp = ContinuousClock.now
        call.cancel()
        // The client hears of its own cancellation (as CANCELLED or as a CancellationError).
        #expect(await call.result.isFailure)
        // The backend's handler is cancelled long before the call's 50 s deadline.
        #expect(try await eventually(within: .seconds(20)) { cancelled.withLock { $0 != nil } })
        let backendEnded = try #require(cancelled.withLock { $0 })
        #expect(backendEnded - gaveUp < .seconds(10), "the backend's call ended \(backendEnded - gaveUp) after the client's")
      }
    }
  }

  @Test func aReaderThatFallsBehindHoldsTheBackendBackAndGetsEveryByte() async throws {
    let messageBytes = 64 << 10
    let messages = 3072  // 192 MiB in all
    let written = Atomic(0)
    let subscribe = Gym_Messaging_V1_MessagingService.Method.Subscribe.descriptor
    let backend = RawBackend(handlers: [
      subscribe: { request, _ in
        StreamingServerResponse { writer in
          for try await _ in request.messages {}
          for index in 0..<messages {
            var message = [UInt8](repeating: UInt8(truncatingIfNeeded: index), count: messageBytes)
            message[0] = UInt8(index >> 8)
            try await writer.write(message)
            written.add(messageBytes, ordering: .relaxed)
          }
          return [:]
        }
      }
    ])
    try await Self.run("messaging", backend) { _, user, gateway in
      try await withClient(to: gateway) { client in
        let received = try await client.serverStreaming(
          request: ClientRequest(message: [], metadata: user.metadata), descriptor: subscribe, serializer: RawBytes(),
          deserializer: RawBytes(), options: .defaults
        ) { response in
          // Not reading for a while: the backend writes until the windows and buffers on the
          // way are full (the client's 8 MiB window and its own buffers, the relay's 1 MiB
          // window per backend stream), then waits: 17-51 MB measured here, under load the
          // most. A gateway that read on regardless would take in everything (192 MiB).
          // Settled when nothing more was written for half a second.
          var last = -1
          let pause = ContinuousClock.now
          while written.load(ordering: .relaxed) != last, ContinuousClock.now - pause < .seconds(30) {
            last = written.load(ordering: .relaxed)
            try await Task.sleep(for: .milliseconds(500))
          }
          #expect(last < 96 << 20, "\(last) of \(messages * messageBytes) bytes were written while the reader was away")
          var index = 0
          for try await message in response.messages {
            #expect(message.count == messageBytes && message[0] == UInt8(index >> 8) && message[1] == UInt8(truncatingIfNeeded: index))
            index += 1
          }
          return index
        }
        #expect(received == messages)
      }
    }
  }
}

extension Result {
  var isFailure: Bool {
    if case .failure = self { return true }
    return false
  }
}
