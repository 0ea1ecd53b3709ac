import GymAPI
import Synchronization

/// Serving status per service name ("" = the whole process), with change streams for
/// `Health.Watch`. Written by `HealthMonitor` and by shutdown; read by `HealthService`.
public final class HealthStatus: Sendable {
  public typealias Status = Grpc_Health_V1_HealthCheckResponse.ServingStatus

  private struct State {
    var statuses: [String: Status]
    var watchers: [Int: (service: String, continuation: AsyncStream<Status>.Continuation)] = [:]
    var nextWatcher = 0
  }

  private let state: Mutex<State>

  /// Every name starts NOT_SERVING until the monitor's first successful probe.
  public init(services: [String]) {
    var statuses: [String: Status] = ["": .notServing]
    for name in services { statuses[name] = .notServing }
    state = Mutex(State(statuses: statuses))
  }

  public func status(of service: String) -> Status? {
    state.withLock { $0.statuses[service] }
  }

  public var all: [String: Status] { state.withLock { $0.statuses } }

  /// Sets one service's status, or every service's when `service` is nil.
  public func set(_ status: Status, for service: String? = nil) {
    state.withLock { state in
      let names = service.map { [$0] } ?? Array(state.statuses.keys)
      for name in names {
        guard state.statuses[name] != status else { continue }
        state.statuses[name] = status
        for watcher in state.watchers.values where watcher.service == name {
          watcher.continuation.yield(status)
        }
      }
    }
  }

  /// The current status, then every change; SERVICE_UNKNOWN for a name not served.
  public func updates(for service: String) -> AsyncStream<Status> {
    let (stream, continuation) = AsyncStream.makeStream(of: Status.self, bufferingPolicy: .bufferingNewest(1))
    state.withLock { state in
      continuation.yield(state.statuses[service] ?? .serviceUnknown)
      let id = state.nextWatcher
      state.nextWatcher += 1
      state.watchers[id] = (service, continuation)
      continuation.onTermination = { [weak self] _ in
        self?.state.withLock { _ = $0.watchers.removeValue(forKey: id) }
      }
    }
    return stream
  }
}
