import Foundation
import GRPCCore
import GymAPI
import GymService
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

  /// An online copy of every backend's database into `directory`, in `backends` order.
  func backup(to directory: String) async -> [Gym_Gateway_V1_ServiceBackup] {
    await concurrently { backend in
      do {
        // An hour: a large database takes a while to copy and check (seconds per million rows).
        let copy = try await Gym_Ops_V1_Ops.Client(wrapping: backend.client).backup(
          .with { $0.destinationDir = directory }, options: .internalCall(timeout: .seconds(3600)))
        return .with {
          $0.name = backend.name
          $0.path = copy.path
          $0.sizeBytes = copy.sizeBytes
        }
      } catch {
        return .with {
          $0.name = backend.name
          $0.error = Self.describe(error)
        }
      }
    }
  }

  private static func status(of backend: Backend, timeout: Duration) async -> Gym_Gateway_V1_ProcessStatus {
    var status = Gym_Gateway_V1_ProcessStatus.with {
      $0.name = backend.name
      $0.address = "\(backend.address)"
    }
    let options = CallOptions.internalCall(timeout: timeout)
    async let info = Self.outcome { try await Gym_Ops_V1_Ops.Client(wrapping: backend.client).getInfo(.init(), options: options) }
    let started = ContinuousClock.now
    do {
      let health = try await Grpc_Health_V1_Health.Client(wrapping: backend.client).check(.init(), options: options)
      status.latency = Google_Protobuf_Duration(rounding: started.duration(to: .now))
      status.servingStatus = health.status == .serving ? .serving : .notServing
      if health.status != .serving { status.error = "reports \(health.status) (see its log)" }
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
    case .failure(let error) where status.error.isEmpty:
      status.error = "Ops.GetInfo failed: " + describe(error)
    case .failure:
      break
    }
    return status
  }

  private func concurrently<T: Sendable>(_ body: @escaping @Sendable (Backend) async -> T) async -> [T] {
    await withTaskGroup(of: (Int, T).self) { group in
      for (index, backend) in backends.enumerated() {
        group.addTask { (index, await body(backend)) }
      }
      var results: [(Int, T)] = []
      for await result in group { results.append(result) }
      return results.sorted { $0.0 < $1.0 }.map(\.1)
    }
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

