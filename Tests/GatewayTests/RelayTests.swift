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
    _ name: String, _ backend: RawBackend, configure: @Sendable (inout GatewayApp.Settings) -> Void = { _ in },
    _ body: @Sendable (RunningAuth, RunningAuth.User, HostPort) async throws -> Void
  ) async throws {
    try await withRunningAuth { auth in
      let user = try await auth.register("rita_relay")
      try await withBareServer(name, services: [backend]) { backendAddress in
        try await GatewayFixture.runGateway(
          auth: auth.address, credential: auth.credential,
          configure: {
            $0.backends[name] = backendAddress
            configure(&$0)
          },
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
      Self.searchNearby: { request, context in
        StreamingServerResponse { _ in
          for try await _ in request.messages {}
          started.store(true, ordering: .relaxed)
          // grpc-swift tells a handler of its stream's reset through its context (the
          // handler's task goes on): the handler ends there, as a real one should.
          try await context.cancellation.cancelled
          cancelled.withLock { $0 = .now }
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

  /// Answers already on their way when the gateway reset their streams (the client gave
  /// up on them) arrive for streams the gateway's HTTP/2 state has closed. They must be
  /// dropped, not taken as the backend breaking the protocol: a bench run that dropped
  /// 512 calls at once left one event loop's backend connection stuck that way, and every
  /// later call on it waited out its deadline.
  @Test func answersArrivingAfterTheGatewayResetTheirStreamsLeaveTheConnectionWorking() async throws {
    let answered = Atomic(0)
    let backend = RawBackend(handlers: [
      Self.searchNearby: { request, _ in
        StreamingServerResponse { writer in
          for try await _ in request.messages {}
          answered.add(1, ordering: .relaxed)
          try await writer.write([])
          return [:]
        }
      }
    ])
    let network = HoldingRelay()
    try await withRunningAuth { auth in
      let user = try await auth.register("rita_late")
      try await withBareServer("places", services: [backend]) { backendAddress in
        try await network.run(to: backendAddress) { relayed in
          // One backend connection per event loop: the client's calls all share one.
          try await GatewayFixture.runGateway(
            auth: auth.address, credential: auth.credential,
            configure: {
              $0.backends["places"] = relayed
              $0.backendConnections = 2
              $0.rateLimits = [:]
            },
            at: { gateway in
              try await withClient(to: gateway) { client in
                let places = Gym_Places_V1_PlacesService.Client(wrapping: client)
                let options = {
                  var options = CallOptions.defaults
                  options.timeout = .seconds(50)
                  return options
                }()
                _ = try await places.searchNearby(.init(), metadata: user.metadata, options: options)
                network.hold()
                let dropped = 60
                let calls = (0..<dropped).map { _ in
                  Task { try await places.searchNearby(.init(), metadata: user.metadata, options: options) }
                }
                #expect(try await eventually(within: .seconds(30)) { answered.load(ordering: .relaxed) == 1 + dropped })
                for call in calls { call.cancel() }
                for call in calls { _ = await call.result }
                // Every dropped call's reset is on its way before its answer comes back.
                #expect(try await eventually(within: .seconds(30)) { network.resetsSent >= dropped })
                network.release()
                var quick = CallOptions.defaults
                quick.timeout = .seconds(15)
                for _ in 0..<3 {
                  let next = await rpcError { _ = try await places.searchNearby(.init(), metadata: user.metadata, options: quick) }
                  #expect(next == nil, "a call after the late answers: \(String(describing: next))")
                }
              }
            })
        }
      }
    }
  }

  /// A server closes a connection whose peer resets many streams in a short time (NIO's
  /// defence against rapid resets: 200 in 30 s). The gateway carries every user's calls to
  /// a backend on shared connections, so one client that drops hundreds of calls at once
  /// (a load tool stopping, an app killed mid-sync) must not make the gateway reset its way
  /// into that limit: the other calls on the connection would fail with it.
  @Test func aClientDroppingHundredsOfCallsLeavesEveryoneElsesCallsToThatBackendAlone() async throws {
    // Hundreds of calls at once: alone among the gateway tests (LoadGate).
    try await LoadGate.alone {
      let held = Atomic(0)
      let released = Atomic(false)
      let backend = RawBackend(handlers: [
        Self.searchNearby: { request, _ in
          let role = request.metadata[stringValues: "x-test-role"].first { _ in true } ?? ""
          return StreamingServerResponse { writer in
            for try await _ in request.messages {}
            held.add(1, ordering: .relaxed)
            switch role {
            case "patient":
              while !released.load(ordering: .relaxed) { try await Task.sleep(for: .milliseconds(20)) }
            case "dropped":
              try await Task.sleep(for: .seconds(60))
            default:
              break
            }
            try await writer.write([])
            return [:]
          }
        }
      ])
      // One user's 600 calls at once would meet the per-user read limit first.
      try await Self.run("places", backend, configure: { $0.rateLimits = [:] }) { _, user, gateway in
        let options = {
          var options = CallOptions.defaults
          options.timeout = .seconds(55)
          return options
        }()
        @Sendable func metadata(_ role: String) -> Metadata {
          var metadata = user.metadata
          metadata.addString(role, forKey: "x-test-role")
          return metadata
        }
        try await withClient(to: gateway) { client in
          let places = Gym_Places_V1_PlacesService.Client(wrapping: client)
          let patient = Task { try await places.searchNearby(.init(), metadata: metadata("patient"), options: options) }
          #expect(try await eventually(within: .seconds(20)) { held.load(ordering: .relaxed) == 1 })
          // Four more connections, so the dropped calls reach every event loop's connections.
          let clients = 4
          let callsEach = 150
          let dropped = metadata("dropped")
          try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<clients {
              group.addTask { @Sendable in
                try await withClient(to: gateway) { dropper in
                  let dropping = Gym_Places_V1_PlacesService.Client(wrapping: dropper)
                  let calls = (0..<callsEach).map { _ in
                    Task { try await dropping.searchNearby(.init(), metadata: dropped, options: options) }
                  }
                  _ = try await eventually(within: .seconds(30)) { held.load(ordering: .relaxed) == 1 + clients * callsEach }
                  for call in calls { call.cancel() }
                  for call in calls { _ = await call.result }
                }
              }
            }
            try await group.waitForAll()
          }
          #expect(held.load(ordering: .relaxed) == 1 + clients * callsEach, "every dropped call reached the backend first")
          released.store(true, ordering: .relaxed)
          let answered = await patient.result
          #expect(!answered.isFailure, "the patient call failed: \(answered)")
          // And the next call is answered, on a connection that is still there: well
          // within its deadline (a loaded machine stretched it to 6 s once; a connection
          // waiting on a dead one would take the whole 55 s).
          let next = ContinuousClock.now
          _ = try await places.searchNearby(.init(), metadata: metadata("quick"), options: options)
          #expect(ContinuousClock.now - next < .seconds(30))
        }
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
    // The client reads through a relay that stops passing the gateway's bytes on: a
    // reader whose network (or app) fell behind. What the client library buffers of its
    // own is then no part of the figure, which is the gateway's to bound.
    let network = HoldingRelay()
    // Held after the first MiB towards the client: however late this task gets to run,
    // the client cannot have taken in more before the network stopped.
    network.hold(after: 1 << 20)
    try await Self.run("messaging", backend) { _, user, gateway in
      try await network.run(to: gateway) { relayed in
        try await withClient(to: relayed) { client in
          let received = try await client.serverStreaming(
            request: ClientRequest(message: [], metadata: user.metadata), descriptor: subscribe, serializer: RawBytes(),
            deserializer: RawBytes(), options: .defaults
          ) { response in
            // The backend writes until the windows and buffers on the way are full (the
            // relay's 1 MiB window per backend stream, the client connection's window and
            // the sockets' buffers), then waits. A gateway that read on regardless would
            // take in everything (192 MiB). Settled when nothing more was written for half
            // a second.
            var last = -1
            let pause = ContinuousClock.now
            while written.load(ordering: .relaxed) != last, ContinuousClock.now - pause < .seconds(30) {
              last = written.load(ordering: .relaxed)
              try await Task.sleep(for: .milliseconds(500))
            }
            #expect(last < 96 << 20, "\(last) of \(messages * messageBytes) bytes were written while the reader was away")
            network.release()
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
}

extension Result {
  var isFailure: Bool {
    if case .failure = self { return true }
    return false
  }
}
