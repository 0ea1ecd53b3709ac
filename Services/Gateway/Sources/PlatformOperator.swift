import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import SwiftProtobuf

/// The operator's reach into every backend: each process's `Ops` and health service,
/// asked concurrently through clients that carry the service credential, so one slow or
/// dead process shows up in its own entry and never holds up or fails the others.
struct PlatformOperator: Sendable {
  struct Backend: Sendable {
    var name: String
    var address: HostPort
    var client: GymGRPCClient
  }

  let backends: [Backend]

  /// Every backend's status, in `backends` order, each bounded by `timeout`.
  func status(timeout: Duration) async -> [Gym_Gateway_V1_ProcessStatus] {
    await concurrently { backend in await Self.status(of: backend, timeout: timeout) }
  }

  /// One backup run: every backend writes its part of `run`; when all did, the run's
  /// manifest goes beside the parts (on every backend, since each may have a backup
  /// directory of its own); when any failed, the parts written are removed, so no
  /// incomplete run is ever mistaken for a whole one. In `backends` order.
  func backup(run: String, createdAt: Date) async -> [Gym_Gateway_V1_ServiceBackup] {
    // An hour: a large database takes a while to copy and check (seconds per million rows).
    let options = CallOptions.internalCall(timeout: .seconds(3600))
    let parts = await concurrently { backend in
      await Self.outcome {
        try await Gym_Ops_V1_Ops.Client(wrapping: backend.client).backup(.with { $0.runID = run }, options: options)
      }
    }
    var entries: [Gym_Gateway_V1_ServiceBackup] = zip(backends, parts).map { backend, part in
      switch part {
      case .success(let part):
        .with {
          $0.name = backend.name
          $0.directory = part.directory
          $0.sizeBytes = part.sizeBytes
          $0.files = part.files
        }
      case .failure(let error):
        .with {
          $0.name = backend.name
          $0.error = Self.describe(error)
        }
      }
    }
    // Only whether each part was written matters here; the errors are in `parts`, reported above.
    let written = parts.map { (try? $0.get()) != nil }
    let finishOptions = CallOptions.internalCall(timeout: .seconds(60))
    guard written.allSatisfy({ $0 }) else {
      let discarded = await concurrently(where: { index, _ in written[index] }) { backend in
        await Self.outcome {
          try await Gym_Ops_V1_Ops.Client(wrapping: backend.client).finishBackup(
            .with {
              $0.runID = run; $0.discard = true
            }, options: finishOptions)
        }
      }
      for (index, outcome) in discarded {
        let failure: String
        switch outcome {
        case .success: failure = ""
        case .failure(let error): failure = "; removing it failed too: " + Self.describe(error)
        }
        entries[index].directory = ""
        entries[index].files = []
        entries[index].error = "removed: the run is incomplete (see the other services)" + failure
      }
      return entries
    }
    var manifest = BackupManifest(runID: run, createdAt: createdAt, services: [:])
    for case .success(let part) in parts {
      manifest.services[part.service] = .init(
        files: part.files.map { .init(path: $0.path, sizeBytes: $0.sizeBytes, sha256: $0.sha256) }, directories: part.directories)
    }
    let json: String
    do {
      json = String(decoding: try manifest.encoded(), as: UTF8.self)
    } catch {
      return entries.map { entry in
        var entry = entry; entry.error = "the manifest could not be encoded: \(error)"; return entry
      }
    }
    let finished = await concurrently(where: { _, _ in true }) { backend in
      await Self.outcome {
        try await Gym_Ops_V1_Ops.Client(wrapping: backend.client).finishBackup(
          .with {
            $0.runID = run; $0.manifestJson = json
          }, options: finishOptions)
      }
    }
    for (index, outcome) in finished {
      if case .failure(let error) = outcome {
        entries[index].error = "the copy is written but the run's manifest is not: " + Self.describe(error)
      }
    }
    return entries
  }

  private static func status(of backend: Backend, timeout: Duration) async -> Gym_Gateway_V1_ProcessStatus {
    var status = Gym_Gateway_V1_ProcessStatus.with {
      $0.name = backend.name
      $0.address = "\(backend.address)"
    }
    let options = CallOptions.internalCall(timeout: timeout)
    async let info = Self.outcome { try await Gym_Ops_V1_Ops.Client(wrapping: backend.client).getInfo(.init(), options: options) }
    // Asked beside the process's health, so it adds no wait (a process without a data
    // directory answers NOT_FOUND, ignored).
    async let disk = Self.outcome {
      try await Grpc_Health_V1_Health.Client(wrapping: backend.client).check(.with { $0.service = DiskHealth.healthName }, options: options)
    }
    let started = ContinuousClock.now
    do {
      let health = try await Grpc_Health_V1_Health.Client(wrapping: backend.client).check(.init(), options: options)
      status.latency = Google_Protobuf_Duration(rounding: started.duration(to: .now))
      status.servingStatus = health.status == .serving ? .serving : .notServing
      if health.status != .serving { status.error = "reports \(health.status) (see its log)" }
      // A full disk leaves the process serving reads; the operator hears that writes fail.
      if health.status == .serving, case .success(let disk) = await disk, disk.status == .notServing {
        status.servingStatus = .notServing
        status.error = "disk full: writes fail, reads go on (free space in its data directory)"
      }
    } catch {
      status.error = "unreachable: " + describe(error)
    }
    switch await info {
    case .success(let info):
      status.version = info.version
      status.uptime = Google_Protobuf_Duration(seconds: info.uptimeSeconds)
      status.databasePath = info.databasePath
      status.databaseSizeBytes = info.databaseSizeBytes
      status.outbox = info.outbox
      status.push = info.push
    case .failure(let error) where status.error.isEmpty:
      status.error = "Ops.GetInfo failed: " + describe(error)
    case .failure:
      break
    }
    return status
  }

  /// `body` for the backends `include` picks (by index), side by side; by index.
  private func concurrently<T: Sendable>(
    where include: (Int, Backend) -> Bool, _ body: @escaping @Sendable (Backend) async -> T
  ) async -> [(Int, T)] {
    await withTaskGroup(of: (Int, T).self) { group in
      for (index, backend) in backends.enumerated() where include(index, backend) {
        group.addTask { (index, await body(backend)) }
      }
      var results: [(Int, T)] = []
      for await result in group { results.append(result) }
      return results.sorted { $0.0 < $1.0 }
    }
  }

  private func concurrently<T: Sendable>(_ body: @escaping @Sendable (Backend) async -> T) async -> [T] {
    await concurrently(where: { _, _ in true }, body).map(\.1)
  }

  private static func outcome<T: Sendable>(_ body: @Sendable () async throws -> T) async -> Result<T, any Error> {
    do { return .success(try await body()) } catch { return .failure(error) }
  }

  /// "CODE: message" for an RPC error; the description otherwise.
  static func describe(_ error: any Error) -> String {
    guard let error = error as? RPCError else { return "\(error)" }
    return "\(error.code.canonicalName): \(error.message)"
  }
}
