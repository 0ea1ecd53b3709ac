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

  /// A stopping process goes unready first and serves on for GYM_SHUTDOWN_UNREADY_SECONDS,
  /// so load balancers take it out of rotation before it stops taking calls: after
  /// SIGTERM, `/readyz` is 503 while a call to the process is still answered, and the
  /// process is gone only after the configured time.
  @Test func aStoppingProcessIsUnreadyFirstAndServesOnForTheConfiguredTime() async throws {
    try await Self.withStack(environment: ["GYM_SHUTDOWN_UNREADY_SECONDS": "3"]) { supervisor, _ in
      let layout = supervisor.layout
      let catalog = try #require(ManagedService.all.first { $0.name == "catalog" })
      let metrics = "http://\(layout.host):\(layout.basePort + catalog.portOffset + layout.metricsOffset)"
      func status(_ path: String) async -> Int? { try? await CurlClient.request(http2: false, "GET", metrics + path).status }
      #expect(await status("/readyz") == 200)

      let pid = try #require(supervisor.pid(of: "catalog"))
      let stopping = ContinuousClock.now
      #expect(kill(pid, SIGTERM) == 0)
      let unready = try await eventually(within: .seconds(10)) { await status("/readyz") == 503 }
      #expect(unready, "unready at once")
      // Still taking calls: the gRPC health check is answered (NOT_SERVING), not refused.
      let answered = await HealthProbe.check(catalog.address(in: layout))
      #expect(answered.status == .notServing && answered.error == nil, "\(answered)")
      let answeredAfter = ContinuousClock.now - stopping
      // Gone once the time has passed and the server has drained.
      let gone = try await eventually(within: .seconds(30)) { await status("/livez") == nil }
      let goneAfter = ContinuousClock.now - stopping
      #expect(gone && goneAfter >= .seconds(3), "gone after \(goneAfter)")
      print("SIGTERM: unready, a call answered \(answeredAfter) after it, the process gone after \(goneAfter)")
    }
  }
}

extension SystemTests {
  /// `gym-SERVICE health` is the container health check of an image that holds one
  /// executable and no shell: exit 0 and SERVING for a serving process, 1 for an address
  /// nothing answers on, 2 when it is not told where to look.
  @Test func everyExecutableChecksAProcesssHealthItself() async throws {
    try await Self.withStack { supervisor, _ in
      for service in ManagedService.all {
        let address = service.address(in: supervisor.layout)
        let (status, output) = try await Self.run(
          Supervisor.defaultBinDirectory() + "/" + service.executable, ["health", "--addr", "\(address)"])
        #expect(status == 0 && output == "SERVING\n", "\(service.executable): \(status) \(output)")
      }
    }
    let closed = HostPort(host: "127.0.0.1", port: try freePort())
    let (down, output) = try await Self.run(Supervisor.defaultBinDirectory() + "/gym-auth", ["health", "--addr", "\(closed)"])
    #expect(down == 1 && output.hasPrefix("DOWN"), "\(down) \(output)")
    let (unsaid, usage) = try await Self.run("/usr/bin/env", ["-u", "GYM_HEALTH_ADDR", Supervisor.defaultBinDirectory() + "/gym-places", "health"])
    #expect(unsaid == 2 && usage.contains("--addr HOST:PORT"), "\(unsaid) \(usage)")
  }
}
