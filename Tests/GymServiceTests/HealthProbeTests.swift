import Foundation
import GRPCCore
import GymService
import GymTesting
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `gymctl up` and the system tests wait for each service with these probes; on a
/// loaded machine a new connection can take longer than one probe's timeout.
@Suite struct HealthProbeTests {
  /// Every connection through the door waits 800 ms before its first byte moves, as on
  /// a machine busy enough that a handshake outlasts a 500 ms probe.
  @Test func aServiceWhoseConnectionsAreSlowToOpenIsSeenServing() async throws {
    try await withBareServer("slow", services: []) { address in
      let door = try SlowDoor(to: address, delay: .milliseconds(800))
      defer { door.close() }
      // A fresh connection per try with a 500 ms timeout never sees it: the fault the
      // start-up wait had.
      #expect(await HealthProbe.check(door.address, timeout: .milliseconds(500)).serving == false)
      let started = ContinuousClock.now
      let seen = try await HealthProbe.waitUntilServing(door.address, until: .now + .seconds(60)).serving
      #expect(seen, "one connection kept across tries gets an answer once it is open")
      // One connection per client, kept for 10 s, then 20, 40…: a loaded machine may see
      // a second (the first connection was the lone check's).
      let elapsed = ContinuousClock.now - started
      let clients = elapsed > .seconds(70) ? 4 : elapsed > .seconds(30) ? 3 : elapsed > .seconds(10) ? 2 : 1
      #expect(door.connections <= 1 + clients, "the wait opened more connections than clients in \(elapsed)")
      #expect(door.connections >= 2)
    }
  }

  /// Every answer comes 6 s after it was sent, as from a process swamped with work (a
  /// test run's first minute, when a system test's service once served for 60 s and
  /// was never heard): a try that gives up after 5 s never hears one.
  @Test func aServiceWhoseAnswersComeSecondsLateIsSeenServing() async throws {
    try await withBareServer("late-answers", services: []) { address in
      let door = try SlowDoor(to: address, delay: .zero, latency: .seconds(6))
      defer { door.close() }
      let wait = try await HealthProbe.waitUntilServing(door.address, until: .now + .seconds(60), renewal: .seconds(15))
      #expect(wait.serving, "\(wait)")
    }
  }

  /// Before the service listens each try is refused at once; it is seen soon after it
  /// listens, and the wait stops when the caller says its process died.
  @Test func aServiceThatListensLateIsSeenAndADeadProcessEndsTheWait() async throws {
    // Held (bound, not listening: connections are refused) until the server takes it, so
    // that no other test's listener or outgoing connection is given the port meanwhile.
    let (reservation, port) = try reservedLoopbackPort()
    let address = HostPort(host: "127.0.0.1", port: port)
    let seen = Mutex(false)
    let late = Task {
      try await Task.sleep(for: .milliseconds(600))
      Glibc.close(reservation)
      return try await withBareServer("late", services: [], port: port) { _ in
        // Serves until the wait below has seen it (bounded, should it never).
        _ = try await eventually(within: .seconds(60)) { seen.withLock { $0 } }
      }
    }
    #expect(try await HealthProbe.waitUntilServing(address, until: .now + .seconds(60)).serving)
    seen.withLock { $0 = true }
    try await late.value

    struct Died: Error {}
    let tries = Mutex(0)
    await #expect(throws: Died.self) {
      _ = try await HealthProbe.waitUntilServing(address, until: .now + .seconds(60)) {
        if tries.withLock({
          $0 += 1; return $0
        }) == 3 {
          throw Died()
        }
      }
    }
    #expect(tries.withLock { $0 } == 3)
  }
}

/// A port nothing listens on (the kernel's pick), kept by the returned socket until the
/// caller closes it.
extension HealthProbeTests {
  /// The probe's first connection reaches a listener that accepts it and never answers;
  /// the service then listens on that port. A probe that kept its client would wait on
  /// the silent connection until its deadline (and then hang closing it); it gives the
  /// client up and sees the service.
  @Test(.timeLimit(.minutes(2))) func aConnectionThatNeverAnswersIsGivenUp() async throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var on: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    var addr = sockaddr_in.loopback(port: 0)
    try #require(withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, 16) } } == 0)
    try #require(listen(listener, 16) == 0)
    var bound = sockaddr_in()
    var length = socklen_t(16)
    _ = withUnsafeMutablePointer(to: &bound) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
    let port = Int(UInt16(bigEndian: bound.sin_port))
    _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
    let silent = Mutex<Int32>(-1)
    defer { silent.withLock { if $0 >= 0 { _ = Glibc.close($0) } } }

    let served = Task {
      // Once the probe is connected: keep its connection open and silent, stop
      // listening, and serve on the port.
      var accepted: Int32 = -1
      while accepted < 0 {
        accepted = accept(listener, nil, nil)
        if accepted < 0 { try await Task.sleep(for: .milliseconds(10)) }
      }
      silent.withLock { $0 = accepted }
      Glibc.close(listener)
      try await withBareServer("late", services: [], port: port) { _ in
        try await Task.sleep(for: .seconds(30))
      }
    }
    defer { served.cancel() }
    let address = HostPort(host: "127.0.0.1", port: port)
    #expect(try await HealthProbe.waitUntilServing(address, until: .now + .seconds(60), renewal: .seconds(1)).serving)
  }
}

private func reservedLoopbackPort() throws -> (fd: Int32, port: Int) {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  var addr = sockaddr_in.loopback(port: 0)
  guard withUnsafePointer(to: &addr, { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, 16) } }) == 0 else {
    Glibc.close(fd)
    throw POSIXError(.EADDRINUSE)
  }
  var bound = sockaddr_in()
  var length = socklen_t(16)
  _ = withUnsafeMutablePointer(to: &bound) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
  return (fd, Int(UInt16(bigEndian: bound.sin_port)))
}

extension sockaddr_in {
  fileprivate static func loopback(port: UInt16) -> sockaddr_in {
    var addr = sockaddr_in()
    addr.sin_family = sa_family_t(AF_INET)
    addr.sin_port = port.bigEndian
    addr.sin_addr.s_addr = inet_addr("127.0.0.1")
    return addr
  }
}

/// A TCP relay to `upstream` that holds each new connection for `delay` before relaying,
/// and passes each of the upstream's bytes on `latency` after it came (a link that slow,
/// or a process that busy), on threads of its own (the test process's async pool is busy
/// with other tests).
private final class SlowDoor: Sendable {
  let address: HostPort
  private let listener: Int32
  private let accepted = Tally()
  var connections: Int { accepted.count }

  final class Tally: Sendable {
    private let value = Mutex(0)
    var count: Int { value.withLock { $0 } }
    func add() { value.withLock { $0 += 1 } }
  }

  init(to upstream: HostPort, delay: Duration, latency: Duration = .zero) throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var addr = sockaddr_in.loopback(port: 0)
    let bound = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, 16) } }
    guard bound == 0, listen(fd, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
    var local = sockaddr_in()
    var length = socklen_t(16)
    _ = withUnsafeMutablePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
    listener = fd
    address = HostPort(host: "127.0.0.1", port: Int(UInt16(bigEndian: local.sin_port)))
    let accepted = self.accepted
    let pause = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
    Thread.detachNewThread {
      while true {
        let client = accept(fd, nil, nil)
        guard client >= 0 else { return }  // closed
        accepted.add()
        Thread.detachNewThread {
          Thread.sleep(forTimeInterval: pause)
          let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
          var target = sockaddr_in.loopback(port: UInt16(upstream.port))
          let connected = withUnsafePointer(to: &target) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, 16) } }
          guard connected == 0 else {
            Glibc.close(client)
            Glibc.close(server)
            return
          }
          Thread.detachNewThread { SlowDoor.pump(from: server, to: client, latency: latency) }
          SlowDoor.pump(from: client, to: server)
        }
      }
    }
  }

  func close() {
    shutdown(listener, Int32(SHUT_RDWR))
    Glibc.close(listener)
  }

  /// Copies until either side closes, then closes both; with a `latency`, each read is
  /// written that long after it came, in order, while the reads go on.
  private static func pump(from source: Int32, to sink: Int32, latency: Duration = .zero) {
    let queue = LatencyQueue()
    if latency > .zero {
      Thread.detachNewThread {
        while let (due, bytes) = queue.next() {
          let wait = ContinuousClock.now.duration(to: due)
          if wait > .zero { Thread.sleep(forTimeInterval: Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18) }
          guard write(all: bytes, to: sink) else { break }
        }
        shutdown(source, Int32(SHUT_RDWR))
        shutdown(sink, Int32(SHUT_RDWR))
      }
    }
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      if latency > .zero {
        queue.add(Array(buffer[0..<count]), due: .now + latency)
      } else if !write(all: Array(buffer[0..<count]), to: sink) {
        break
      }
    }
    if latency > .zero {
      queue.finish()
    } else {
      shutdown(source, Int32(SHUT_RDWR))
      shutdown(sink, Int32(SHUT_RDWR))
    }
  }

  private static func write(all bytes: [UInt8], to sink: Int32) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let wrote = bytes.withUnsafeBytes { Glibc.write(sink, $0.baseAddress! + sent, bytes.count - sent) }
      guard wrote > 0 else { return false }
      sent += wrote
    }
    return true
  }

  /// Reads waiting for their time, oldest first.
  private final class LatencyQueue: Sendable {
    private let state = Mutex((items: [(ContinuousClock.Instant, [UInt8])](), finished: false))
    private let signal = DispatchSemaphore(value: 0)

    func add(_ bytes: [UInt8], due: ContinuousClock.Instant) {
      state.withLock { $0.items.append((due, bytes)) }
      signal.signal()
    }

    func finish() {
      state.withLock { $0.finished = true }
      signal.signal()
    }

    /// The next read, once there is one; nil when the source has closed and all went out.
    func next() -> (ContinuousClock.Instant, [UInt8])? {
      while true {
        let taken: (item: (ContinuousClock.Instant, [UInt8])?, finished: Bool) = state.withLock { state in
          state.items.isEmpty ? (nil, state.finished) : (state.items.removeFirst(), false)
        }
        if let item = taken.item { return item }
        if taken.finished { return nil }
        signal.wait()
      }
    }
  }
}
