import ArgumentParser
import Foundation
import GRPCCore
import GymAPI
import Histogram
import Synchronization

/// Opens one Subscribe stream per user through the gateway, then measures how long a
/// direct message and a room message take from the send call to arrival on the
/// recipients' streams, how many messages per second go through, and what each open
/// stream costs gym-messaging and the gateway in memory.
struct MessagingStreams: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "messaging-streams", abstract: "Send-to-receive latency and memory with many open Subscribe streams.")
  @OptionGroup var options: LoadOptions
  @Option(help: "Users, each with an open stream.") var users = 1000
  @Option(help: "Room members for the fan-out measurement.") var roomMembers = 200
  @Option(help: "Room messages to send, one at a time.") var roomMessages = 50

  /// Send instants by message text, and the latencies of arrivals.
  final class Arrivals: Sendable {
    let sent = Mutex<[String: ContinuousClock.Instant]>([:])
    let latencies = Mutex(Histogram<UInt64>(highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three))
    let count = Mutex(0)
    let openStreams = Mutex(0)

    func arrived(_ text: String) {
      let now = ContinuousClock.now
      guard let start = sent.withLock({ $0[text] }) else { return }
      let micros = (now - start).components
      latencies.withLock { _ = $0.record(UInt64(micros.seconds) * 1_000_000 + UInt64(micros.attoseconds / 1_000_000_000_000)) }
      count.withLock { $0 += 1 }
    }

    func reset() {
      sent.withLock { $0.removeAll() }
      latencies.withLock { $0.reset() }
      count.withLock { $0 = 0 }
    }

    func report(_ label: String) {
      let histogram = latencies.withLock { $0 }
      print(
        String(
          format: "%@: %d arrivals; p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms", label, Int(histogram.totalCount),
          Double(histogram.valueAtPercentile(50)) / 1000, Double(histogram.valueAtPercentile(90)) / 1000,
          Double(histogram.valueAtPercentile(99)) / 1000, Double(histogram.max) / 1000))
    }
  }

  func run() async throws {
    let clients = try (0..<max(1, options.connections)).map { _ in try Load.client(options.addr) }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for client in clients { group.addTask { try await client.runConnections() } }
      defer { clients.forEach { $0.beginGracefulShutdown() } }
      let messaging = clients.map { Gym_Messaging_V1_MessagingService.Client(wrapping: $0) }

      var tokens: [(id: String, token: String)] = []
      try await withThrowingTaskGroup(of: (String, String).self) { register in
        for index in 0..<users {
          if index >= 16 { tokens.append(try await register.next()!) }
          register.addTask {
            let token = try await Load.registerUser(at: options.registerAddr).token
            let me = try await Gym_Auth_V1_AuthService.Client(wrapping: clients[0]).getMe(.init(), metadata: Load.bearer(token))
            return (me.user.id, token)
          }
        }
        for try await user in register { tokens.append(user) }
      }
      let before = (Self.residentKB("gym-messaging"), Self.residentKB("gym-gateway"))

      let arrivals = Arrivals()
      for (index, user) in tokens.enumerated() {
        let client = messaging[index % messaging.count]
        group.addTask {
          try await client.subscribe(.init(), metadata: Load.bearer(user.token)) { response in
            arrivals.openStreams.withLock { $0 += 1 }
            for try await event in response.messages where event.kind == .directMessage || event.kind == .roomMessage {
              // Only the recipient's arrival counts, not the sender's own copy.
              if event.message.sender.userID != user.id { arrivals.arrived(event.message.text) }
            }
          }
        }
      }
      try await Task.sleep(for: .seconds(3))
      let after = (Self.residentKB("gym-messaging"), Self.residentKB("gym-gateway"))
      print("open streams: \(arrivals.openStreams.withLock { $0 }) of \(users)")
      print(
        String(
          format: "resident memory: gym-messaging %d → %d KB (%.1f KB per stream), gym-gateway %d → %d KB (%.1f KB per stream)",
          before.0, after.0, Double(after.0 - before.0) / Double(users), before.1, after.1, Double(after.1 - before.1) / Double(users)))

      // Direct messages between random pairs at the configured concurrency.
      let pairs = tokens
      let figures = try await Load.run(options) { client in
        let from = pairs.randomElement()!
        var to = pairs.randomElement()!
        while to.id == from.id { to = pairs.randomElement()! }
        let text = "dm-\(UUID().uuidString)"
        arrivals.sent.withLock { $0[text] = ContinuousClock.now }
        _ = try await Gym_Messaging_V1_MessagingService.Client(wrapping: client).sendDirectMessage(
          .with {
            $0.userID = to.id; $0.text = text
          }, metadata: Load.bearer(from.token))
      }
      try await Task.sleep(for: .seconds(1))
      figures.report("SendDirectMessage via \(options.addr) x\(options.concurrency) (sustained messages/s)")
      arrivals.report("direct message, send to arrival")

      // One room with `roomMembers` members, messages sent one at a time.
      arrivals.reset()
      let members = Array(tokens.prefix(roomMembers))
      let room = try await messaging[0].createRoom(.with { $0.name = "bench room \(UUID().uuidString.prefix(8))" }, metadata: Load.bearer(members[0].token))
        .room
      for member in members.dropFirst() {
        _ = try await messaging[0].joinRoom(.with { $0.roomID = room.id }, metadata: Load.bearer(member.token))
      }
      for index in 0..<roomMessages {
        let text = "room-\(index)"
        arrivals.sent.withLock { $0[text] = ContinuousClock.now }
        // Senders take turns: one member posting them all would pass the posting rate
        // (GYM_MESSAGING_ROOM_POSTS_PER_MINUTE).
        let sender = members[index % members.count]
        _ = try await messaging[0].postRoomMessage(
          .with {
            $0.roomID = room.id; $0.text = text
          }, metadata: Load.bearer(sender.token))
        try await Task.sleep(for: .milliseconds(50))
      }
      try await Task.sleep(for: .seconds(1))
      arrivals.report("room message fanned out to \(roomMembers - 1) members, send to arrival")
      group.cancelAll()
    }
  }

  /// VmRSS of the first process with this name, in KB (0 when not found).
  static func residentKB(_ name: String) -> Int {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return 0 }
    for pid in entries where Int(pid) != nil {
      guard let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8),
        comm.trimmingCharacters(in: .whitespacesAndNewlines) == name,
        let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
      else { continue }
      return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
    return 0
  }
}
