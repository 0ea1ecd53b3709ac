import ArgumentParser
import Foundation
import GRDB
import GRPCCore
import GymAPI
import GymStore
import Logging

/// Delivery rate of an outbox of N queued jobs once the receiver is reachable. The
/// receiver is a real RPC over loopback (Health.Check on --addr) standing in for a
/// service's PurgeUser, which no service implements yet.
struct OutboxDrain: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Queue N outbox jobs, then measure their delivery rate.")

  @Option(help: "Receiver address (any gym process).") var addr = "127.0.0.1:7001"
  @Option var jobs = 1000

  func run() async throws {
    var migrator = DatabaseMigrator()
    Outbox.registerMigration(in: &migrator)
    let path = NSTemporaryDirectory() + "outbox-bench-\(UUID().uuidString).sqlite"
    let pool = try GymDatabase.openPool(at: path, migrator: migrator)
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await pool.write { db in
      for i in 0..<jobs { try Outbox.enqueue(db, destination: "receiver", kind: "purge-user", payload: Data("user-\(i)".utf8)) }
    }
    let client = try Load.client(addr)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await client.runConnections() }
      defer { client.beginGracefulShutdown() }
      let health = Grpc_Health_V1_Health.Client(wrapping: client)
      let worker = OutboxWorker(writer: pool, logger: Logger(label: "bench")) { _ in
        _ = try await health.check(.init())
      }
      let start = ContinuousClock.now
      var delivered = 0
      while delivered < jobs { delivered += try await worker.deliverDue(limit: 500) }
      let elapsed = ContinuousClock.now - start
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      print(String(format: "outbox: %d queued jobs delivered in %.2f s = %.0f jobs/s", jobs, seconds, Double(jobs) / seconds))
    }
  }
}
