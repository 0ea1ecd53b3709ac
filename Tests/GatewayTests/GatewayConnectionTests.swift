import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import Testing

@testable import GymGateway

/// What the public door does per connection and per call: a cap on connections, an
/// access log line for every call.
@Suite struct GatewayConnectionTests {
  @Test func connectionsPastTheCapAreClosedAndOthersKeepWorking() async throws {
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(
        auth: auth.address, credential: auth.credential, configure: { $0.common.maxConnections = 2 },
        at: { address in
          try await withClient(to: address) { first in
            try await withClient(to: address) { second in
              _ = try await Gym_Auth_V1_AuthService.Client(wrapping: first).getSigningKeys(.init())
              _ = try await Gym_Auth_V1_AuthService.Client(wrapping: second).getSigningKeys(.init())
              let third = await rpcError {
                try await withClient(to: address) { third in
                  _ = try await Gym_Auth_V1_AuthService.Client(wrapping: third).getSigningKeys(.init())
                }
              }
              #expect(third?.code == .unavailable)
              // The two admitted connections still serve.
              _ = try await Gym_Auth_V1_AuthService.Client(wrapping: first).getSigningKeys(.init())
            }
          }
          // A closed connection frees its place.
          #expect(
            try await eventually {
              (try? await withClient(to: address) { client in
                try await Gym_Auth_V1_AuthService.Client(wrapping: client).getSigningKeys(.init())
              }) != nil
            })
        })
    }
  }

  @Test func headersPastSixteenKiBAreRefusedAndTheGatewayServesOn() async throws {
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(
        auth: auth.address, credential: auth.credential,
        at: { address in
          // HTTP/2's SETTINGS_MAX_HEADER_LIST_SIZE, which NIO advertises and enforces: 16 KiB.
          let oversized = await rpcError {
            try await withClient(to: address) { client in
              _ = try await Gym_Auth_V1_AuthService.Client(wrapping: client).getSigningKeys(
                .init(), metadata: ["x-padding": .string(String(repeating: "x", count: 32 * 1024))])
            }
          }
          #expect(oversized != nil)
          try await withClient(to: address) { client in
            _ = try await Gym_Auth_V1_AuthService.Client(wrapping: client).getSigningKeys(
              .init(), metadata: ["x-padding": .string(String(repeating: "x", count: 1024))])
          }
        })
    }
  }

  @Test func everyCallHasAnAccessLogLine() async throws {
    let logs = CapturedLogs()
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(
        auth: auth.address, credential: auth.credential, configure: { $0.common.accessLog = true },
        logger: logs.logger(label: "gateway"),
        at: { address in
          try await withClient(to: address) { client in
            let service = Gym_Auth_V1_AuthService.Client(wrapping: client)
            let registered = try await service.register(newAccount("lou_logged"))
            _ = try await service.getMe(.init(), metadata: bearer(registered.tokens.accessToken))
            _ = await rpcError { _ = try await service.getMe(.init(), metadata: bearer("not-a-token")) }
            let lines = logs.all.filter { $0.message == "rpc" }
            let getMe = lines.filter { $0.metadata["method"] == "gym.auth.v1.AuthService/GetMe" }
            #expect(getMe.map { $0.metadata["code"] } == ["OK", "UNAUTHENTICATED"])
            #expect(getMe.first?.metadata["user_id"] == registered.user.id)
            #expect(getMe.last?.metadata["user_id"] == "-")
            #expect(getMe.allSatisfy { ($0.metadata["request_id"]?.count ?? 0) == 32 && Double($0.metadata["ms"] ?? "") != nil })
            #expect(lines.contains { $0.metadata["method"] == "gym.auth.v1.AuthService/Register" })
          }
        })
    }
  }

  /// Idle connections and old ones are told to go away (GOAWAY) and closed, so a client
  /// that forgets a connection does not hold it for ever, and long-lived clients spread
  /// over new replicas. Seen from a raw HTTP/2 client that opens a connection and waits.
  @Test(arguments: [(idle: true, maxAge: false), (idle: false, maxAge: true)])
  func idleAndOldConnectionsAreToldToGoAwayAndClosed(_ limit: (idle: Bool, maxAge: Bool)) async throws {
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(
        auth: auth.address, credential: auth.credential,
        configure: {
          $0.common.connectionIdle = limit.idle ? .seconds(1) : nil
          $0.common.connectionMaxAge = limit.maxAge ? .seconds(1) : nil
        },
        at: { address in
          // A connection that has said nothing for the idle limit is closed before it
          // speaks HTTP/2, so a try whose preface went out late (a loaded machine) shows
          // nothing about GOAWAY and is made again.
          for attempt in 1...5 {
            let seen = try await RawHTTP2Connection.openAndWaitForClose(to: address, timeout: .seconds(20))
            if limit.idle && seen.prefaceSent >= .milliseconds(500) && attempt < 5 { continue }
            #expect(!limit.idle || seen.prefaceSent < .milliseconds(500), "the preface went out \(seen.prefaceSent) after the connect, in every try")
            #expect(seen.frames.contains(7), "no GOAWAY before the close (frame types \(seen.frames))")
            #expect(seen.lasted >= .milliseconds(900), "closed after \(seen.lasted)")
            #expect(seen.lasted < .seconds(15), "still open after \(seen.lasted)")
            break
          }
        })
    }
  }
}

/// A bare HTTP/2 client on a socket: the connection preface and an empty SETTINGS, then
/// it only reads, answering nothing, until the server closes. Its blocking calls run on
/// a thread of their own: on one of the test process's few cooperative threads they
/// would stall every other test's tasks while they wait.
enum RawHTTP2Connection {
  struct Seen {
    /// The types of the frames received before the server closed the connection.
    var frames: [UInt8]
    /// From the start of the connect to the end of the preface's write.
    var prefaceSent: Duration
    /// From the start of the connect to the close.
    var lasted: Duration
  }

  static func openAndWaitForClose(to address: HostPort, timeout: Duration) async throws -> Seen {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(with: Result { try openAndWaitForCloseBlocking(to: address, timeout: timeout) })
      }
    }
  }

  private static func openAndWaitForCloseBlocking(to address: HostPort, timeout: Duration) throws -> Seen {
    let started = ContinuousClock.now
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EMFILE) }
    defer { close(fd) }
    var peer = sockaddr_in()
    peer.sin_family = sa_family_t(AF_INET)
    peer.sin_addr.s_addr = inet_addr(address.host)
    peer.sin_port = UInt16(address.port).bigEndian
    let connected = withUnsafePointer(to: &peer) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
    }
    guard connected else { throw POSIXError(.ECONNREFUSED) }
    var wait = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
    let hello = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8) + [0, 0, 0, 4, 0, 0, 0, 0, 0]
    guard write(fd, hello, hello.count) == hello.count else { throw POSIXError(.EPIPE) }
    let prefaceSent = ContinuousClock.now - started
    // Frames: 3-byte length, type, flags, 4-byte stream id, payload. SETTINGS and PING
    // are acknowledged, as any client does (the server's two-step GOAWAY waits for a
    // PING's answer before it closes).
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var types: [UInt8] = []
    while true {
      let count = read(fd, &buffer, buffer.count)
      if count <= 0 { break }  // closed, reset, or the timeout
      received += buffer[0..<count]
      while received.count >= 9 {
        let length = Int(received[0]) << 16 | Int(received[1]) << 8 | Int(received[2])
        guard received.count >= 9 + length else { break }
        let (type, flags) = (received[3], received[4])
        types.append(type)
        var answer: [UInt8] = []
        if type == 4 && flags & 1 == 0 { answer = [0, 0, 0, 4, 1, 0, 0, 0, 0] }
        if type == 6 && flags & 1 == 0 { answer = [0, 0, 8, 6, 1, 0, 0, 0, 0] + received[9..<17] }
        if !answer.isEmpty { _ = write(fd, answer, answer.count) }
        received.removeFirst(9 + length)
      }
    }
    return Seen(frames: types, prefaceSent: prefaceSent, lasted: ContinuousClock.now - started)
  }
}
