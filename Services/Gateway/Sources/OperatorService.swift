import Foundation
import GRPCCore
import GymAPI
import GymService
import SwiftProtobuf

/// `gym.gateway.v1.OperatorService`: the whole platform's status and backups at the
/// gateway's address (admin or service credential, `MethodAccess`).
struct OperatorService: Gym_Gateway_V1_OperatorService.SimpleServiceProtocol {
  static let defaultTimeout: Duration = .seconds(2)
  static let maximumTimeout: Duration = .seconds(30)

  let platform: PlatformOperator
  /// Throws why the gateway itself is not fit to serve (auth's revocations unheard).
  let selfCheck: @Sendable () throws -> Void
  private let startedAt = ContinuousClock.now

  init(platform: PlatformOperator, selfCheck: @escaping @Sendable () throws -> Void) {
    self.platform = platform
    self.selfCheck = selfCheck
  }

  func getSystemStatus(
    request: Gym_Gateway_V1_GetSystemStatusRequest, context: ServerContext
  ) async throws -> Gym_Gateway_V1_GetSystemStatusResponse {
    var timeout = Self.defaultTimeout
    if request.hasTimeoutPerProcess {
      timeout = Duration(request.timeoutPerProcess)
      guard timeout > .zero, timeout <= Self.maximumTimeout else {
        throw RPCError.invalidArgument(
          field: "timeout_per_process", "must be more than 0 and at most \(Int(Self.maximumTimeout.inSeconds)) s; leave unset for 2 s")
      }
    }
    let backends = await platform.status(timeout: timeout)
    let processes = [ownStatus(address: context.localPeer)] + backends
    return .with {
      $0.processes = processes
      $0.allServing = processes.allSatisfy { $0.servingStatus == .serving }
      $0.checkedAt = Google_Protobuf_Timestamp(date: Date())
    }
  }

  func backup(request: Gym_Gateway_V1_BackupRequest, context: ServerContext) async throws -> Gym_Gateway_V1_BackupResponse {
    guard request.destinationDir.hasPrefix("/") else {
      throw RPCError.invalidArgument(
        field: "destination_dir", "must be an absolute directory path on the services' machine (a volume they share)")
    }
    let backups = await platform.backup(to: request.destinationDir)
    return .with {
      $0.backups = backups
      $0.complete = backups.allSatisfy(\.error.isEmpty)
      $0.completedAt = Google_Protobuf_Timestamp(date: Date())
    }
  }

  /// The gateway answers this call, so it is up; it serves only while it hears auth.
  /// - Parameter address: the address this call reached ("ipv4:127.0.0.1:7000").
  private func ownStatus(address: String) -> Gym_Gateway_V1_ProcessStatus {
    var status = Gym_Gateway_V1_ProcessStatus.with {
      $0.name = "gateway"
      $0.address = address.split(separator: ":", maxSplits: 1).last.map(String.init) ?? address
      $0.servingStatus = .serving
      $0.latency = Google_Protobuf_Duration()
      $0.version = OpsService.version
      $0.uptime = Google_Protobuf_Duration(rounding: startedAt.duration(to: .now))
    }
    do {
      try selfCheck()
    } catch {
      status.servingStatus = .notServing
      status.error = PlatformOperator.describe(error)
    }
    return status
  }
}
