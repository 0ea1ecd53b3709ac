import Foundation
import GymCtl
import GymService
import GymTesting
import Testing

extension SystemTests {
  /// Liveness is the process alone, readiness includes what it depends on, so the loss
  /// of a dependency makes others unready and never gets them restarted. Auth frozen
  /// (SIGSTOP) past the revocation lag: the processes that follow its revocations go
  /// unready (`/readyz` 503, as `/healthz`), while every process stays alive (`/livez`
  /// 200); auth thawed, all are ready again.
  @Test func aFrozenAuthMakesTheOthersUnreadyButNeverDead() async throws {
    try await Self.withStack(environment: ["GYM_REVOCATION_MAX_LAG_SECONDS": "3"]) { supervisor, _ in
      let layout = supervisor.layout
      func probe(_ service: ManagedService, _ path: String) async throws -> Int {
        let port = layout.basePort + service.portOffset + layout.metricsOffset
        return try await CurlClient.request(http2: false, "GET", "http://\(layout.host):\(port)\(path)").status
      }
      let others = ManagedService.all.filter { $0.name != "auth" }
      for service in ManagedService.all {
        #expect(try await probe(service, "/livez") == 200, "\(service.name) alive")
        #expect(try await probe(service, "/readyz") == 200, "\(service.name) ready")
      }

      let auth = try #require(supervisor.pid(of: "auth"))
      #expect(kill(auth, SIGSTOP) == 0)
      let frozen = ContinuousClock.now
      defer { kill(auth, SIGCONT) }
      // The gateway follows auth's revocations: unready once they are older than the lag.
      let unready = try await eventually(within: .seconds(60)) { try await probe(.gateway, "/readyz") == 503 }
      #expect(unready, "the gateway's readiness reports auth's silence")
      #expect(try await probe(.gateway, "/healthz") == 503, "/healthz is readiness, as before")
      let tookUnready = ContinuousClock.now - frozen
      for service in others {
        #expect(try await probe(service, "/livez") == 200, "\(service.name) stays alive with auth frozen")
      }
      print("auth frozen: the gateway unready after \(tookUnready), every other process alive")

      #expect(kill(auth, SIGCONT) == 0)
      for service in ManagedService.all {
        let ready = try await eventually(within: .seconds(60)) { try await probe(service, "/readyz") == 200 }
        #expect(ready, "\(service.name) ready again once auth answers")
      }
    }
  }
}
