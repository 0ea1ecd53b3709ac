import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymService
import Logging
import ServiceLifecycle
import Synchronization

/// Runs a built process (the same `build` the executable calls) inside a test on an
/// ephemeral loopback port, and stops it gracefully when the body returns.
///
/// `body` starts once the process reports SERVING (its database answers, auth's
/// revocations are heard), waited for up to 30 s.
public func withRunningProcess<T: Sendable>(
  _ built: BuiltProcess,
  _ body: @Sendable (HostPort) async throws -> T
) async throws -> T {
  // Hundreds of tests run side by side on two cores: a peer may well be starved for
  // seconds. Tests check answers, not latency (one that checks a deadline sets its own).
  CallOptions.internalCallTimeout = .seconds(30)
  var configuration = ServiceGroupConfiguration(
    services: built.services.map { .init(service: $0) }, logger: Logger(label: "test"))
  configuration.maximumGracefulShutdownDuration = .seconds(5)
  let group = ServiceGroup(configuration: configuration)
  return try await withThrowingTaskGroup(of: T?.self) { tasks in
    tasks.addTask {
      try await group.run()
      return nil
    }
    defer { try? built.close() }
    let address = try await built.server.listeningAddress
    // Past the bound the body runs anyway: its own expectations say what is wrong.
    let deadline = ContinuousClock.now + .seconds(30)
    while built.server.health.status(of: "") != .serving && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    let result: T
    do {
      result = try await body(address)
    } catch {
      await group.triggerGracefulShutdown()
      try await tasks.waitForAll()
      throw error
    }
    await group.triggerGracefulShutdown()
    try await tasks.waitForAll()
    return result
  }
}

/// A bare gym server (no token check, no database) serving `services` on loopback at
/// `port` (0: any free one) for the duration of `body`: a stand-in for a peer.
public func withBareServer<T: Sendable>(
  _ name: String, services: [any RegistrableRPCService], port: Int = 0, _ body: @Sendable (HostPort) async throws -> T
) async throws -> T {
  var settings = testSettings()
  settings.listen = HostPort(host: "127.0.0.1", port: port)
  let server = try GymServer(
    name: name, settings: settings, services: services, healthNames: [], auth: nil, forwardingProof: nil, logger: Logger(label: name))
  return try await withRunningProcess(BuiltProcess(server: server, services: server.lifecycle(probe: { [] })), body)
}

/// A client connected to `address` for the duration of `body`.
public func withClient<T: Sendable>(
  to address: HostPort,
  security: HTTP2ClientTransport.Posix.TransportSecurity = .plaintext,
  _ body: @Sendable (GRPCClient<HTTP2ClientTransport.Posix>) async throws -> T
) async throws -> T {
  let transport = try HTTP2ClientTransport.Posix(
    target: .ipv4(address: address.host, port: address.port), transportSecurity: security)
  return try await withGRPCClient(transport: transport) { try await body($0) }
}

/// A fresh temporary directory, removed when the process exits.
public func temporaryDirectory(_ prefix: String = "gym-test") throws -> String {
  let path = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString)"
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// Ephemeral-port settings for a process under test.
/// Without access log lines (thousands of them would bury a failing test's output).
public func testSettings() -> CommonSettings {
  var settings = CommonSettings(
    listen: HostPort(host: "127.0.0.1", port: 0), metricsListen: HostPort(host: "127.0.0.1", port: 0), shutdownGrace: .seconds(5))
  settings.accessLog = false
  // Hundreds of tests on two cores can hold a process's revocation stream from auth up
  // past the 15 s a deployment allows, and every older token would be refused. The tests
  // of that refusal build their own RevocationList with the lag they need.
  settings.revocationMaxLag = .seconds(60)
  return settings
}

private let portsHandedOut = Mutex<Set<Int>>([])

/// A TCP port that was free a moment ago, for tests that must start a process on an
/// address known in advance (or restart it there). Chosen below Linux's ephemeral range
/// (32768+): a port from there could be handed to another test's port-0 listener or to
/// an outgoing connection before the process binds it.
/// Each port is handed out once per test process: tests run side by side, and two that
/// drew the same free port would both try to bind it.
public func freePort() throws -> Int {
  for _ in 0..<100 {
    // Below the system tests' stacks (20000 and up) and Linux's ephemeral range (32768+).
    let port = Int.random(in: 10_000..<20_000)
    guard portsHandedOut.withLock({ $0.insert(port).inserted }) else { continue }
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EMFILE) }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
    }
    if bound { return port }
  }
  throw POSIXError(.EADDRINUSE)
}

private let stackPortsHeld = Mutex<Set<Int>>([])

/// A base port for a whole stack started by `gymctl up` or a `Supervisor` (20000–28000,
/// above `freePort()`'s): its gRPC ports (base … base+9) and their metrics ports
/// (+ `metricsOffset`) are held by no other stack of this test process and free now.
/// Stacks running side by side drew their bases at random before, and one stack's metrics
/// ports could be another's gRPC ports (a gymctl then reached the wrong gateway).
/// Give it back with `releaseStackBasePort` once the stack has stopped.
public func reserveStackBasePort(metricsOffset: Int = 2000) throws -> Int {
  for _ in 0..<200 {
    let base = Int.random(in: 200...280) * 100
    let ports = (0..<10).flatMap { [base + $0, base + metricsOffset + $0] }
    let reserved = stackPortsHeld.withLock { held in
      guard held.isDisjoint(with: ports) else { return false }
      held.formUnion(ports)
      return true
    }
    guard reserved else { continue }
    if ports.allSatisfy(portIsFree) { return base }
    stackPortsHeld.withLock { $0.subtract(ports) }
  }
  throw POSIXError(.EADDRINUSE)
}

public func releaseStackBasePort(_ base: Int, metricsOffset: Int = 2000) {
  stackPortsHeld.withLock { $0.subtract((0..<10).flatMap { [base + $0, base + metricsOffset + $0] }) }
}

/// Whether a listener could bind `port` on loopback now.
private func portIsFree(_ port: Int) -> Bool {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard fd >= 0 else { return false }
  defer { close(fd) }
  var reuse: Int32 = 1
  // As servers bind (SO_REUSEADDR): a port in TIME_WAIT from an earlier stack is usable.
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  address.sin_port = UInt16(port).bigEndian
  return withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
  }
}
