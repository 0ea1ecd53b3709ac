import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import SwiftProtobuf

/// `gym.gateway.v1.OperatorService`: the whole platform's status (admin or service
/// credential) and backup runs (service credential only, `MethodAccess`) at the
/// gateway's address.
struct OperatorService: Gym_Gateway_V1_OperatorService.SimpleServiceProtocol {
  static let defaultTimeout: Duration = .seconds(2)
  static let maximumTimeout: Duration = .seconds(30)
  /// Leaves room for the time in front of it within `BackupName.maximumLength`.
  static let maximumLabelLength = 60

  let platform: PlatformOperator
  /// Throws why the gateway itself is not fit to serve (auth's revocations unheard).
  let selfCheck: @Sendable () throws -> Void
  private let startedAt = ContinuousClock.now
  /// One run at a time: runs side by side would double the disk they take.
  private let runInProgress = OneAtATime()

  init(platform: PlatformOperator, selfCheck: @escaping @Sendable () throws -> Void) {
    self.platform = platform
    self.selfCheck = selfCheck
  }

  /// The relay says which of the gateway's addresses the call reached (its local gRPC
  /// server's own address is only for the relay): read from the request's metadata.
  func getSystemStatus(
    request: ServerRequest<Gym_Gateway_V1_GetSystemStatusRequest>, context: ServerContext
  ) async throws -> ServerResponse<Gym_Gateway_V1_GetSystemStatusResponse> {
    let reached = request.metadata[stringValues: FrameRelay.reachedAddressHeader].first(where: { _ in true })
    return ServerResponse(message: try await systemStatus(request.message, reached: reached ?? context.localPeer))
  }

  func getSystemStatus(
    request: Gym_Gateway_V1_GetSystemStatusRequest, context: ServerContext
  ) async throws -> Gym_Gateway_V1_GetSystemStatusResponse {
    try await systemStatus(request, reached: context.localPeer)
  }

  private func systemStatus(
    _ request: Gym_Gateway_V1_GetSystemStatusRequest, reached: String
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
    let processes = [ownStatus(address: reached)] + backends
    return .with {
      $0.processes = processes
      $0.allServing = processes.allSatisfy { $0.servingStatus == .serving }
      $0.checkedAt = Google_Protobuf_Timestamp(date: Date())
    }
  }

  func backup(request: Gym_Gateway_V1_BackupRequest, context: ServerContext) async throws -> Gym_Gateway_V1_BackupResponse {
    let label = request.label
    if !label.isEmpty {
      let problem =
        label.count > Self.maximumLabelLength
        ? "is longer than \(Self.maximumLabelLength) characters" : BackupName.problem(with: label)
      if let problem {
        throw RPCError.invalidArgument(
          field: "label",
          "\(problem): give a short name for the run such as nightly, or none; every service writes under its own "
            + "GYM_BACKUP_DIR, never at a path given here")
      }
    }
    guard runInProgress.begin() else {
      throw RPCError(code: .failedPrecondition, message: "a backup run is already in progress: wait for it to finish")
    }
    defer { runInProgress.end() }
    let startedAt = Date()
    let runID = Self.runID(label: label, at: startedAt)
    let backups = await platform.backup(run: runID, createdAt: startedAt)
    return .with {
      $0.runID = runID
      $0.backups = backups
      $0.complete = backups.allSatisfy(\.error.isEmpty)
      $0.completedAt = Google_Protobuf_Timestamp(date: Date())
    }
  }

  /// "2026-01-25T135300Z-nightly": sorts by time, and is a plain name (`BackupName`).
  static func runID(label: String, at instant: Date) -> String {
    let time = instant.formatted(Date.ISO8601FormatStyle()).replacingOccurrences(of: ":", with: "")
    return label.isEmpty ? time : "\(time)-\(label)"
  }

  /// The gateway answers this call, so it is up; it serves only while it hears auth.
  /// - Parameter address: the address this call reached ("127.0.0.1:7000" or "ipv4:127.0.0.1:7000").
  private func ownStatus(address: String) -> Gym_Gateway_V1_ProcessStatus {
    var status = Gym_Gateway_V1_ProcessStatus.with {
      $0.name = "gateway"
      $0.address = address.hasPrefix("ipv") ? address.split(separator: ":", maxSplits: 1).last.map(String.init) ?? address : address
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
