import Foundation
import GRPCCore
import GymAPI
import Synchronization

/// A Subscribe stream whose reader takes the first event, then reads nothing until
/// `release()`: a slow phone. The server's writes stall once the transport's window is
/// full, so what is sent meanwhile piles up in the stream's buffer on the server.
final class HeldStream: Sendable {
  let events = Mutex<[Gym_Messaging_V1_Event]>([])
  let ended = Mutex<Result<Void, RPCError>?>(nil)
  private let gate: AsyncStream<Void>.Continuation
  private let task = Mutex<Task<Void, Never>?>(nil)

  init(_ messaging: Messaging, _ metadata: Metadata) {
    let (gate, continuation) = AsyncStream<Void>.makeStream()
    self.gate = continuation
    let task = Task { [self] in
      do {
        try await messaging.subscribe(.init(), metadata: metadata) { response in
          var held = false
          for try await event in response.messages {
            self.events.withLock { $0.append(event) }
            if !held {
              held = true
              for await _ in gate {}
            }
          }
        }
        ended.withLock { $0 = .success(()) }
      } catch let error as RPCError {
        ended.withLock { $0 = .failure(error) }
      } catch {
        ended.withLock { $0 = .failure(RPCError(code: .cancelled, message: "\(error)")) }
      }
    }
    self.task.withLock { $0 = task }
  }

  var received: [Gym_Messaging_V1_Event] { events.withLock { $0 } }

  /// Reads on from where it stopped.
  func release() { gate.finish() }

  func close() async {
    gate.finish()
    let task = self.task.withLock { $0 }
    task?.cancel()
    await task?.value
  }

  /// Waits until the stream has ended, for at most `seconds`.
  func waitForEnd(seconds: Double = 10) async throws -> Result<Void, RPCError>? {
    let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
    while ContinuousClock.now < end {
      if let result = ended.withLock({ $0 }) { return result }
      try await Task.sleep(for: .milliseconds(10))
    }
    return ended.withLock { $0 }
  }
}
