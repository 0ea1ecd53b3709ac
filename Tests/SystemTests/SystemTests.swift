import Foundation
import GRPCCore
import GymAPI
import GymCtl
import GymService
import GymTesting
import Testing

/// The real executables, started by the same supervisor as `gymctl up`, driven
/// through the gateway like an app would.
@Suite(.serialized) struct SystemTests {
  /// The checkout, for the interop scripts in Tests/Interop.
  static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  /// What every process of a test stack runs with: cheap password hashing, a short grace.
  /// Cheap password hashes; and wide waits between processes, as the machine runs many
  /// stacks and tests side by side (a test that checks a bound sets its own).
  static let baseEnvironment = [
    "GYM_PASSWORD_HASH_LOG_N": "10", "GYM_SHUTDOWN_GRACE_SECONDS": "5", "GYM_INTERNAL_CALL_TIMEOUT_SECONDS": "30",
    "GYM_REVOCATION_MAX_LAG_SECONDS": "60",
  ]

  /// - Parameters:
  ///   - environment: added to every process's (e.g. a setting one test needs).
  ///   - dataDirectory: the stack's data (e.g. restored from a backup); a fresh one by default.
  static func withStack<T: Sendable>(
    environment: [String: String] = [:], dataDirectory: String? = nil, _ body: @Sendable (Supervisor, HostPort) async throws -> T
  ) async throws -> T {
    let layout = StackLayout(basePort: try reserveStackBasePort(), dataDirectory: try dataDirectory ?? temporaryDirectory("gym-system"))
    defer { releaseStackBasePort(layout.basePort) }
    let supervisor = Supervisor(
      layout: layout, binDirectory: Supervisor.defaultBinDirectory(),
      extraEnvironment: baseEnvironment.merging(environment) { $1 })
    do {
      try await supervisor.start()
      let result = try await body(supervisor, HostPort(host: layout.host, port: layout.basePort))
      await supervisor.stop()
      return result
    } catch {
      await supervisor.stop()
      throw error
    }
  }

  @Test func registerLoginGetMeRefreshLogoutThroughTheGateway() async throws {
    try await Self.withStack { _, gateway in
      try await withClient(to: gateway) { client in
        let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
        let password = "violet staircase under a quiet harbour"
        let registered = try await auth.register(
          .with {
            $0.email = "sys@example.com"; $0.username = "sys_user"; $0.password = password
            $0.acceptTerms = true; $0.termsVersion = "2026-01"; $0.role = .trainer
          })
        // The trainer role is asked for, not granted, at sign-up.
        #expect(registered.user.roles == [.member])
        #expect(registered.user.trainerRoleRequest.state == .pending)
        let login = try await auth.login(
          .with {
            $0.identifier = "sys_user"; $0.password = password; $0.clientDescription = "system test"
          })
        let me = try await auth.getMe(.init(), metadata: ["authorization": "Bearer \(login.tokens.accessToken)"])
        #expect(me.user.email == "sys@example.com")
        let refreshed = try await auth.refreshSession(.with { $0.refreshToken = login.tokens.refreshToken })
        _ = try await auth.logout(.init(), metadata: ["authorization": "Bearer \(refreshed.tokens.accessToken)"])
        do {
          _ = try await auth.getMe(.init(), metadata: ["authorization": "Bearer \(refreshed.tokens.accessToken)"])
          Issue.record("GetMe after logout must fail")
        } catch let error as RPCError {
          #expect(error.code == .unauthenticated)
        }
      }
    }
  }

  @Test func dataSurvivesARestartAndAKilledBackendIsUnavailableThenBack() async throws {
    try await Self.withStack { supervisor, gateway in
      try await withClient(to: gateway) { client in
        let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
        let password = "violet staircase under a quiet harbour"
        let registered = try await auth.register(
          .with {
            $0.email = "kill@example.com"; $0.username = "kill_me"; $0.password = password
            $0.acceptTerms = true; $0.termsVersion = "1"
          })
        let pid = try #require(supervisor.pid(of: "auth"))
        kill(pid, SIGKILL)
        // Gone once the supervisor has reaped it: its sockets are closed by then.
        #expect(try await eventually(within: .seconds(10)) { supervisor.exitStatuses()["auth"] != nil }, "auth did not die")
        let start = ContinuousClock.now
        let down = await rpcError {
          _ = try await auth.login(
            .with {
              $0.identifier = "kill_me"; $0.password = password
            })
        }
        #expect(down?.code == .unavailable, "\(String(describing: down))")
        #expect(ContinuousClock.now - start < .seconds(3))

        // Started again on the same port and data directory: the gateway reaches it again
        // and what was written before the kill is there (the account, and the signing key
        // that issued the token from before).
        let restarted = try Self.startBackend(.auth, layout: supervisor.layout)
        defer { Self.stopProcess(restarted) }
        // Back once the token from before the kill works again through the gateway (its
        // key fetch backs off while auth is down): polled with a read, as logins are
        // rate-limited.
        let bearer: Metadata = ["authorization": "Bearer \(registered.tokens.accessToken)"]
        let back = try await eventually(within: .seconds(30)) { (try? await auth.getMe(.init(), metadata: bearer)) != nil }
        try #require(back, "auth was not reachable through the gateway after its restart:\n\(Supervisor.tail(of: Self.restartLog(.auth, supervisor.layout)))")
        _ = try await auth.login(
          .with {
            $0.identifier = "kill_me"; $0.password = password
          })
        let me = try await auth.getMe(.init(), metadata: bearer)
        #expect(me.user.id == registered.user.id)
        #expect(me.user.email == "kill@example.com")
      }
    }
  }

  /// Where `startBackend` writes the restarted process's output.
  static func restartLog(_ service: ManagedService, _ layout: StackLayout) -> String {
    layout.dataDirectory + "/logs/\(service.executable)-restarted.log"
  }

  /// Starts `service` again by hand where the supervisor ran it (its port, its data), as
  /// an operator bringing back a crashed backend would.
  static func startBackend(_ service: ManagedService, layout: StackLayout) throws -> Process {
    let log = restartLog(service, layout)
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Supervisor.defaultBinDirectory() + "/" + service.executable)
    process.environment = ProcessInfo.processInfo.environment.merging(baseEnvironment) { $1 }
      .merging(layout.environment(for: service)) { $1 }
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// SIGTERM, then SIGKILL if it is still running after ten seconds.
  static func stopProcess(_ process: Process) {
    guard process.isRunning else { return }
    process.terminate()
    let deadline = Date().addingTimeInterval(10)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  @Test func requestIdsMetricsAndAGracefulStop() async throws {
    let (supervisor, logFile) = try await Self.withStack { supervisor, gateway in
      try await withClient(to: gateway) { client in
        let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
        // A failed sign-in is logged by auth with the request id the client chose.
        let requestID = "sys-test-\(Int.random(in: 1000...9999))"
        do {
          _ = try await auth.login(
            .with {
              $0.identifier = "nobody_here"; $0.password = "not the password at all"
            },
            metadata: [RequestContext.requestIDKey: .string(requestID)])
          Issue.record("login of an unknown account must fail")
        } catch let error as RPCError {
          #expect(error.code == .unauthenticated)
        }
        // The gateway hands the request id back.
        let echoed = try await auth.getSigningKeys(.init(), metadata: [RequestContext.requestIDKey: .string(requestID)]) {
          $0.metadata[stringValues: RequestContext.requestIDKey].first(where: { _ in true })
        }
        #expect(echoed == requestID)
        let log = supervisor.layout.dataDirectory + "/logs/gym-auth.log"
        // The line is written after the answer went out: wait for it, bounded.
        #expect(try await eventually { (try? String(contentsOfFile: log, encoding: .utf8))?.contains("request_id=\(requestID)") == true })

        let metricsPort = supervisor.layout.basePort + 1 + supervisor.layout.metricsOffset
        let (status, metrics) = try await Self.run("/usr/bin/curl", ["-s", "http://127.0.0.1:\(metricsPort)/metrics"])
        #expect(status == 0)
        // In the names and labels stock gRPC dashboards read.
        let login = #"grpc_service="gym.auth.v1.AuthService",grpc_method="Login",grpc_type="unary""#
        #expect(metrics.contains("grpc_server_started_total{\(login)} 1"), "\(metrics)")
        #expect(metrics.contains(#"grpc_server_handled_total{\#(login),grpc_code="Unauthenticated"} 1"#))
        #expect(metrics.contains("grpc_server_handling_seconds_bucket{\(login)"))
        #expect(metrics.contains(#"grpc_type="server_stream""#), "WatchRevocations, which every other process follows")
        // The process's own figures, and auth's database and hash queue.
        for name in ["process_cpu_seconds_total", "process_resident_memory_bytes", "process_open_fds", "process_start_time_seconds"] {
          #expect(metrics.contains("\n\(name) "), "\(name)")
        }
        #expect(metrics.contains(#"gym_database_bytes{file="main"} "#) && metrics.contains("\ngym_password_hash_queue 0\n"))
        // The gateway counts the call as its server and as the backend's client.
        let gatewayMetricsPort = supervisor.layout.basePort + supervisor.layout.metricsOffset
        let (_, gatewayMetrics) = try await Self.run("/usr/bin/curl", ["-s", "http://127.0.0.1:\(gatewayMetricsPort)/metrics"])
        #expect(gatewayMetrics.contains(#"grpc_server_handled_total{\#(login),grpc_code="Unauthenticated"} 1"#), "\(gatewayMetrics)")
        #expect(gatewayMetrics.contains(#"grpc_client_handled_total{\#(login),grpc_code="Unauthenticated"} 1"#))
        #expect(gatewayMetrics.contains("grpc_client_handling_seconds_bucket{\(login)"))
        // And its own calls to auth: the revocation stream it follows.
        #expect(
          gatewayMetrics.contains(
            #"grpc_client_started_total{grpc_service="gym.auth.v1.AuthInternal",grpc_method="WatchRevocations",grpc_type="server_stream"}"#))
        #expect(gatewayMetrics.contains("\ngym_gateway_streams_open 0\n") && gatewayMetrics.contains("\ngym_revocation_lag_seconds "))
        return (supervisor, log)
      }
    }
    // SIGTERM drained and exited cleanly.
    #expect(supervisor.exitStatuses() == ["auth": 0, "catalog": 0, "plan": 0, "messaging": 0, "places": 0, "gateway": 0])
    #expect(try String(contentsOfFile: logFile, encoding: .utf8).contains("msg=stopped"))
  }

  @Test func passwordResetThroughTheGatewayWithTheCodeFromGymctlMail() async throws {
    try await Self.withStack { supervisor, gateway in
      try await withClient(to: gateway) { client in
        let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
        let old = "violet staircase under a quiet harbour", new = "amber lantern over the winter field"
        _ = try await auth.register(
          .with {
            $0.email = "forgetful@example.com"; $0.username = "forgetful"; $0.password = old
            $0.acceptTerms = true; $0.termsVersion = "1"
          })
        _ = try await auth.requestPasswordReset(.with { $0.email = "forgetful@example.com" })
        let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"
        let (status, mail) = try await Self.run(
          gymctl,
          [
            "mail", "--to", "forgetful@example.com", "--base-port", "\(supervisor.layout.basePort)",
            "--data-dir", supervisor.layout.dataDirectory,
          ])
        #expect(status == 0, "\(mail)")
        let code = try #require(mail.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.count == 43 })
        _ = try await auth.resetPassword(
          .with {
            $0.resetCode = code; $0.newPassword = new
          })
        do {
          _ = try await auth.resetPassword(
            .with {
              $0.resetCode = code; $0.newPassword = "yet another long passphrase"
            })
          Issue.record("a used code must be refused")
        } catch let error as RPCError {
          #expect(error.code == .unauthenticated)
        }
        _ = try await auth.login(
          .with {
            $0.identifier = "forgetful"; $0.password = new
          })
      }
    }
  }

  @Test func gymctlCreatesTheFirstAdminAndShowsTheOutbox() async throws {
    try await Self.withStack { supervisor, gateway in
      let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"
      let stack = ["--base-port", "\(supervisor.layout.basePort)", "--data-dir", supervisor.layout.dataDirectory]
      let (status, output) = try await Self.run(
        gymctl, ["users", "create-admin", "--email", "root@example.com", "--username", "root"] + stack,
        input: "violet staircase under a quiet harbour\n")
      #expect(status == 0, "\(output)")
      try await withClient(to: gateway) { client in
        let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
        let admin = try await auth.login(
          .with {
            $0.identifier = "root"; $0.password = "violet staircase under a quiet harbour"
          })
        #expect(admin.user.roles == [.admin])
        _ = try await auth.deleteAccount(
          .with { $0.password = "violet staircase under a quiet harbour" }, metadata: ["authorization": "Bearer \(admin.tokens.accessToken)"])
      }
      // The purge reaches catalog, plan, messaging and places; then nothing waits.
      var outbox = ""
      for _ in 0..<100 {
        outbox = try await Self.run(gymctl, ["outbox"] + stack).1
        if outbox.contains("nothing pending") { break }
        try await Task.sleep(for: .milliseconds(100))
      }
      #expect(outbox.contains("nothing pending"), "\(outbox)")
    }
  }

  @Test func gymctlImportsPlacesIdempotentlyAndTheyAreFoundThroughTheGateway() async throws {
    try await Self.withStack { supervisor, gateway in
      let file = supervisor.layout.dataDirectory + "/gyms.geojson"
      let features = (0..<3).map { i in
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(-0.12 + Double(i) * 0.001),51.5]},"properties":{"@id":"node/\#(100 + i)","name":"Gym \#(i)","leisure":"fitness_centre","opening_hours":"Mo-Su 06:00-22:00"}}"#
      }
      try #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.write(toFile: file, atomically: true, encoding: .utf8)
      let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"
      let arguments = [
        "import", "places", file, "--time-zone", "Europe/London", "--base-port", "\(supervisor.layout.basePort)",
        "--data-dir", supervisor.layout.dataDirectory,
      ]
      let (firstStatus, first) = try await Self.run(gymctl, arguments)
      #expect(firstStatus == 0, "\(first)")
      #expect(first.contains("created 3, updated 0, rejected 0"), "\(first)")
      #expect(first.contains("] 3/3"), "a progress bar: \(first)")
      let (_, second) = try await Self.run(gymctl, arguments)
      #expect(second.contains("created 0, updated 3, rejected 0"), "\(second)")

      try await withClient(to: gateway) { client in
        let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
        let tokens = try await auth.register(
          .with {
            $0.email = "finder@example.com"; $0.username = "finder"; $0.password = "violet staircase under a quiet harbour"
            $0.acceptTerms = true; $0.termsVersion = "1"
          }
        ).tokens
        let results = try await Gym_Places_V1_PlacesService.Client(wrapping: client).searchNearby(
          .with {
            $0.location = .with {
              $0.latitude = 51.5; $0.longitude = -0.12
            }
          }, metadata: ["authorization": "Bearer \(tokens.accessToken)"]
        ).results
        #expect(results.map(\.place.name) == ["Gym 0", "Gym 1", "Gym 2"])
      }
    }
  }

  @Test func gymctlImportsExercisesAndAppsBrowseAndPublishThroughTheGateway() async throws {
    try await Self.withStack { supervisor, gateway in
      let file = supervisor.layout.dataDirectory + "/exercises.json"
      try #"""
      [{"slug": "sandbag-carry", "name": "Sandbag Bear-Hug Carry", "instructions": ["Hug the bag to your chest.", "Walk tall for 30 metres."],
        "primary_muscles": ["UPPER_BACK", "ABS"], "equipment": ["BODYWEIGHT"], "category": "STRENGTH", "difficulty": "BEGINNER"},
       {"slug": "typo", "name": "Typo", "primary_muscles": ["HAMSTRING"]}]
      """#.write(toFile: file, atomically: true, encoding: .utf8)
      let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"
      let arguments = ["import", "exercises", file, "--base-port", "\(supervisor.layout.basePort)", "--data-dir", supervisor.layout.dataDirectory]
      let (status, first) = try await Self.run(gymctl, arguments)
      #expect(status == 0, "\(first)")
      #expect(first.contains("created 1, updated 0, unchanged 0, rejected 1"), "\(first)")
      #expect(first.contains("] 1/1"), "a progress bar: \(first)")
      #expect(first.contains("#1 typo"), "\(first)")
      let (_, second) = try await Self.run(gymctl, arguments)
      #expect(second.contains("created 0, updated 0, unchanged 1, rejected 1"), "\(second)")

      try await withClient(to: gateway) { client in
        let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
        let tokens = try await auth.register(
          .with {
            $0.email = "lifter@example.com"; $0.username = "lifter"; $0.password = "violet staircase under a quiet harbour"
            $0.acceptTerms = true; $0.termsVersion = "1"
          }
        ).tokens
        // Publishing needs a verified email: the code arrives by mail (`gymctl mail` reads the sink).
        let (mailStatus, mail) = try await Self.run(
          gymctl, ["mail", "--to", "lifter@example.com", "--base-port", "\(supervisor.layout.basePort)", "--data-dir", supervisor.layout.dataDirectory])
        #expect(mailStatus == 0, "\(mail)")
        let code = try #require(mail.range(of: #"code: \d{6}"#, options: .regularExpression).map { String(mail[$0].suffix(6)) })
        let verified = try await auth.verifyEmail(.with { $0.code = code }, metadata: ["authorization": "Bearer \(tokens.accessToken)"])
        #expect(verified.user.emailVerified)
        let me: Metadata = ["authorization": "Bearer \(verified.accessToken)"]
        let catalog = Gym_Catalog_V1_CatalogService.Client(wrapping: client)
        let found = try await catalog.listExercises(.with { $0.query = "romanian" }, metadata: me)
        let rdl = try #require(found.exercises.first)
        #expect(rdl.name == "Romanian Deadlift" && !rdl.commonMistakes.isEmpty && found.totalSize >= 2)
        #expect(try await catalog.listExercises(.with { $0.query = "sandbag" }, metadata: me).exercises.first?.slug == "sandbag-carry")
        let published = try await catalog.createProgram(
          .with {
            $0.program = .with {
              $0.name = "Hinge Basics"
              $0.goal = .strengthGoal
              $0.difficulty = .beginner
              $0.durationWeeks = 6
              $0.sessionMinutes = 40
              $0.days = [
                .with {
                  $0.exercises = [
                    .with {
                      $0.exerciseID = rdl.id; $0.sets = 3; $0.repsMin = 8
                    }
                  ]
                }
              ]
            }
          }, metadata: me
        ).program
        #expect(try await catalog.listPrograms(.init(), metadata: me).programs.map(\.id) == [published.id])
        // The internal services (here the user lifecycle catalog implements) are not reachable through the gateway.
        let internalCall = await rpcError {
          _ = try await Gym_Common_V1_UserLifecycleInternal.Client(wrapping: client).purgeUser(.with { $0.userID = "x" }, metadata: me)
        }
        #expect(internalCall?.code == .unimplemented)
      }
    }
  }

  @Test func gymctlBacksUpEveryDatabaseOnline() async throws {
    try await Self.withStack { supervisor, gateway in
      try await withClient(to: gateway) { client in
        _ = try await Gym_Auth_V1_AuthService.Client(wrapping: client).register(
          .with {
            $0.email = "kept@example.com"; $0.username = "kept"; $0.password = "violet staircase under a quiet harbour"
            $0.acceptTerms = true; $0.termsVersion = "1"
          })
      }
      let (status, output) = try await Self.run(
        Supervisor.defaultBinDirectory() + "/gymctl",
        [
          "backup", "--label", "nightly", "--base-port", "\(supervisor.layout.basePort)", "--data-dir", supervisor.layout.dataDirectory,
        ])
      #expect(status == 0, "\(output)")
      let run = try #require(Self.runID(in: output), "\(output)")
      // Under the services' own backup directory (GYM_BACKUP_DIR, by default DATA_DIR/backups).
      let runDirectory = supervisor.layout.dataDirectory + "/backups/" + run
      let parts = try FileManager.default.contentsOfDirectory(atPath: runDirectory).sorted()
      #expect(parts == ["auth", "catalog", "manifest.json", "messaging", "places", "plan"], "\(parts)")
      // The copy is a complete database: the account is in it.
      let (_, rows) = try await Self.run(
        "/usr/bin/env",
        [
          "python3", "-c", "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select username from users').fetchall())",
          runDirectory + "/auth/auth.sqlite",
        ])
      #expect(rows.contains("kept"))
    }
  }

  /// The run id in `gymctl backup`'s last line ("run RUN_ID is complete; …").
  static func runID(in output: String) -> String? {
    guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("run ") && $0.contains(" is complete") }) else { return nil }
    return line.split(separator: " ").dropFirst().first.map(String.init)
  }

  /// Containers run the gateway with no capabilities at all: a socket option that needs
  /// one (SO_DEBUG, which `socketOption(.tcp_nodelay)` set by mistake) must not make it
  /// close every connection it accepts.
  @Test func theGatewayServesAsAnUnprivilegedUserWithoutCapabilities() async throws {
    try await Self.withStack { supervisor, _ in
      let layout = supervisor.layout
      let directory = try temporaryDirectory("gym-unprivileged")
      let credential = directory + "/service-credential"
      try FileManager.default.copyItem(atPath: layout.credentialFile, toPath: credential)
      let nobody: [FileAttributeKey: Any] = [.ownerAccountID: 65534, .groupOwnerAccountID: 65534]
      try FileManager.default.setAttributes(nobody, ofItemAtPath: directory)
      try FileManager.default.setAttributes(nobody, ofItemAtPath: credential)
      let port = try reserveStackBasePort()
      defer { releaseStackBasePort(port) }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
      process.arguments = [
        "--reuid=65534", "--regid=65534", "--clear-groups", "--inh-caps=-all", "--bounding-set=-all",
        Supervisor.defaultBinDirectory() + "/gym-gateway",
      ]
      process.environment = ProcessInfo.processInfo.environment.merging(Self.baseEnvironment) { $1 }
        .merging(layout.environment(for: .gateway)) { $1 }
        .merging([
          "GYM_GATEWAY_LISTEN": "127.0.0.1:\(port)", "GYM_METRICS_LISTEN": "127.0.0.1:\(port + 1)", "GYM_SERVICE_CREDENTIAL_FILE": credential,
        ]) { $1 }
      let log = directory + "/gateway.log"
      FileManager.default.createFile(atPath: log, contents: nil)
      let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
      process.standardOutput = output
      process.standardError = output
      try process.run()
      defer { Self.stopProcess(process) }
      let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"
      // Serving within 30 s of the start (measured from here).
      let deadline = ContinuousClock.now + .seconds(30)
      var status: Int32 = -1
      while status != 0, ContinuousClock.now < deadline, process.isRunning {
        status = try await Self.exitCode(gymctl, ["health", "--addr", "127.0.0.1:\(port)"])
        if status != 0 { try await Task.sleep(for: .milliseconds(200)) }
      }
      #expect(status == 0, "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    }
  }

  @Test func gymctlHealthExitCodes() async throws {
    try await Self.withStack { _, gateway in
      let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"
      let serving = try await Self.exitCode(gymctl, ["health", "--addr", "\(gateway)"])
      let nothing = try await Self.exitCode(gymctl, ["health", "--addr", "127.0.0.1:1"])
      #expect(serving == 0)
      #expect(nothing != 0)
    }
  }

  @Test func pythonGRPCClientCompletesTheAccountFlow() async throws {
    try await Self.withStack { _, gateway in
      let root = Self.repositoryRoot
      let (status, output) = try await Self.run("/bin/bash", [root + "/Tests/Interop/run-interop.sh", "auth_flow.py", "\(gateway)"])
      #expect(status == 0, "interop failed:\n\(output)")
      #expect(output.contains("interop ok"))
    }
  }

  /// Standard clients refuse trailers past 16 KiB: 150 violations and a 100,000-character
  /// id quoted back reach grpcio through the gateway as their real status.
  @Test func pythonGRPCClientReadsErrorsWithManyViolationsOrHugeValues() async throws {
    try await Self.withStack { _, gateway in
      let (status, output) = try await Self.run("/bin/bash", [Self.repositoryRoot + "/Tests/Interop/run-interop.sh", "error_trailers.py", "\(gateway)"])
      #expect(status == 0, "interop failed:\n\(output)")
      #expect(output.contains("error trailers ok"))
    }
  }

  /// The lowest-level client there is: C on libnghttp2 and protobuf-c, built here by
  /// the system compiler. Unary calls, statuses and messages from trailers, a
  /// server-enforced grpc-timeout, and a Subscribe stream replaying then live.
  @Test func cClientOnNghttp2CompletesTheAccountFlow() async throws {
    // The C client cannot read the mail sink to verify its users' addresses; this test is
    // about the wire, so the stack does not ask for verified email here.
    try await Self.withStack(environment: ["GYM_REQUIRE_VERIFIED_EMAIL": "false"]) { _, gateway in
      let root = Self.repositoryRoot
      let (status, output) = try await Self.run("/bin/bash", [root + "/Tests/Interop/c/run-c-client.sh", "\(gateway)"])
      #expect(status == 0, "C client failed:\n\(output)")
      #expect(output.contains("c interop ok"), "\(output)")
    }
  }

  /// TypeScript on the HTTP/JSON API with nothing but fetch (Debian's TypeScript and
  /// Node): the account flow, filters as query parameters, a google.rpc.Status with its
  /// field violation, and a direct message arriving on the NDJSON event stream.
  @Test func aTypeScriptClientUsesTheJSONAPI() async throws {
    try await Self.withStack(environment: ["GYM_REQUIRE_VERIFIED_EMAIL": "false"]) { _, gateway in
      let directory = try temporaryDirectory("typescript")
      defer { try? FileManager.default.removeItem(atPath: directory) }
      let status = try await ChildProcess(
        "/bin/bash", [Self.repositoryRoot + "/Tests/Interop/typescript/run-ts-client.sh", "\(gateway)"], outputPath: directory + "/output"
      ).status()
      let output = (try? String(contentsOfFile: directory + "/output", encoding: .utf8)) ?? ""
      #expect(status == 0, "TypeScript client failed:\n\(output)")
      #expect(output.contains("typescript client: all ok"), "\(output)")
    }
  }

  /// grpcio on one channel, 1,000 calls at once: every server advertises its stream
  /// limit, so the client queues beyond it instead of losing the connection, and the
  /// gateway's single connection to auth carries the whole burst. (One user from one
  /// address: the gateway's rate limits would rightly refuse most of it, so they are off.)
  @Test func aThousandConcurrentCallsOnOneChannelAllSucceed() async throws {
    try await Self.withStack(environment: ["GYM_GATEWAY_RATE_LIMITS": "false"]) { supervisor, gateway in
      let root = Self.repositoryRoot
      let auth = ManagedService.auth.address(in: supervisor.layout)
      let (status, output) = try await Self.run(
        "/bin/bash", [root + "/Tests/Interop/run-interop.sh", "concurrent_calls.py", "\(gateway)", "\(auth)", "1000"])
      #expect(status == 0, "concurrent calls failed:\n\(output)")
      #expect(output.contains("concurrency ok"), "\(output)")
    }
  }

  static func exitCode(_ path: String, _ arguments: [String]) async throws -> Int32 {
    try await run(path, arguments).0
  }

  /// Runs `path` to its end with `input` on its standard input: its exit status and what
  /// it printed (standard output and error together). Spawned with `ChildProcess` and
  /// waited for without holding a thread of the cooperative pool.
  /// `executable` (relative to the venv) of the venv `name`, made from the pinned
  /// `requirements` (relative to the repository) by Tests/lib/pinned-venv.sh on first use.
  static func pinnedVenv(_ name: String, requirements: String, executable: String) async throws -> String {
    let root = Self.repositoryRoot
    let (made, output) = try await Self.run(
      "/bin/bash", [root + "/Tests/lib/pinned-venv.sh", name, root + "/" + requirements, executable])
    try #require(made == 0, "\(output)")
    return output.split(separator: "\n").last.map(String.init)! + "/" + executable
  }

  static func run(_ path: String, _ arguments: [String], input: String? = nil) async throws -> (Int32, String) {
    let directory = try temporaryDirectory("run")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var inputPath: String? = nil
    if let input {
      inputPath = directory + "/input"
      try Data(input.utf8).write(to: URL(fileURLWithPath: inputPath!))
    }
    let status = try await ChildProcess(path, arguments, outputPath: directory + "/output", inputPath: inputPath).status()
    return (status, (try? String(contentsOfFile: directory + "/output", encoding: .utf8)) ?? "")
  }
}
