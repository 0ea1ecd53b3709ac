import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymCtl
import GymService
import GymTesting
import Testing

/// A full disk is an answer, not a failure: each stateful service runs with its data
/// directory (database, logs, keys) on a small tmpfs the test mounts and fills. Writes
/// answer RESOURCE_EXHAUSTED or UNAVAILABLE saying the disk is the trouble, reads go on,
/// no process exits, health reports `disk` NOT_SERVING; once space is freed writes
/// resume and every write acknowledged before is still there.
extension SystemTests {
  /// What a service does in the scenario: a write that adds something new each time
  /// (returning how to find it), a read, and the acknowledged writes it cannot find.
  struct DiskScene: Sendable {
    var write: @Sendable (Int) async throws -> String
    var read: @Sendable () async throws -> Void
    var missing: @Sendable ([String]) async throws -> [String]
    /// Another kind of write that must be refused the same way while the disk is full.
    var otherWrite: (@Sendable () async throws -> Void)? = nil
  }

  static let diskPassword = "violet staircase under a quiet harbour"

  @Test(.enabled(if: TmpfsMount.permitted, "mounting a tmpfs needs root"))
  func authAnswersAFullDiskAndResumesWhenSpaceIsFreed() async throws {
    try await Self.fullDisk(.auth, running: [.auth]) { _, client in
      let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
      let reader = try await Self.member("reader", auth)
      return DiskScene(
        write: { index in
          _ = try await Self.register("acked\(index)", auth)
          return "acked\(index)"
        },
        read: { _ = try await auth.getMe(.init(), metadata: reader) },
        missing: { names in
          var missing: [String] = []
          for name in names
          where await rpcError({
            _ = try await auth.login(
              .with {
                $0.identifier = name; $0.password = Self.diskPassword
              })
          }) != nil {
            missing.append(name)
          }
          return missing
        })
    }
  }

  @Test(.enabled(if: TmpfsMount.permitted, "mounting a tmpfs needs root"))
  func catalogAnswersAFullDiskAndResumesWhenSpaceIsFreed() async throws {
    try await Self.fullDisk(.catalog, running: [.auth, .catalog]) { supervisor, client in
      let member = try await supervisor.withClient(to: .auth) { try await Self.member("author", Gym_Auth_V1_AuthService.Client(wrapping: $0)) }
      let catalog = Gym_Catalog_V1_CatalogService.Client(wrapping: client)
      let squat = try #require(try await catalog.listExercises(.with { $0.query = "squat" }, metadata: member).exercises.first)
      return DiskScene(
        write: { index in
          try await catalog.createProgram(
            .with {
              $0.program = .with {
                $0.name = "Disk program \(index)"; $0.goal = .strengthGoal; $0.difficulty = .beginner; $0.durationWeeks = 4
                $0.sessionMinutes = 30; $0.description_p = String(repeating: "five by five, every week. ", count: 40)
                $0.days = [
                  .with {
                    $0.exercises = [
                      .with {
                        $0.exerciseID = squat.id; $0.sets = 5; $0.repsMin = 5
                      }
                    ]
                  }
                ]
              }
            }, metadata: member
          ).program.id
        },
        read: { _ = try await catalog.listExercises(.with { $0.query = "squat" }, metadata: member) },
        missing: { ids in
          var missing: [String] = []
          for id in ids where await rpcError({ _ = try await catalog.getProgram(.with { $0.id = id }, metadata: member) }) != nil {
            missing.append(id)
          }
          return missing
        })
    }
  }

  @Test(.enabled(if: TmpfsMount.permitted, "mounting a tmpfs needs root"))
  func planAnswersAFullDiskAndResumesWhenSpaceIsFreed() async throws {
    try await Self.fullDisk(.plan, running: [.auth, .catalog, .plan]) { supervisor, client in
      let member = try await supervisor.withClient(to: .auth) { try await Self.member("lifter", Gym_Auth_V1_AuthService.Client(wrapping: $0)) }
      let squat = try await supervisor.withClient(to: .catalog) { catalog in
        try #require(
          try await Gym_Catalog_V1_CatalogService.Client(wrapping: catalog).listExercises(.with { $0.query = "squat" }, metadata: member)
            .exercises.first)
      }
      let plan = Gym_Plan_V1_PlanService.Client(wrapping: client)
      return DiskScene(
        write: { index in
          try await plan.createRoutine(
            .with {
              $0.routine = .with {
                $0.name = "Disk routine \(index)"
                $0.days = (0..<5).map { day in
                  .with {
                    $0.name = "Day \(day)";
                    $0.exercises = [
                      .with {
                        $0.exerciseID = squat.id; $0.sets = [.with { $0.targetReps = 5 }]
                      }
                    ]
                  }
                }
              }
            }, metadata: member
          ).routine.id
        },
        read: { _ = try await plan.listRoutines(.init(), metadata: member) },
        missing: { ids in
          var missing: [String] = []
          for id in ids where await rpcError({ _ = try await plan.getRoutine(.with { $0.id = id }, metadata: member) }) != nil {
            missing.append(id)
          }
          return missing
        })
    }
  }

  @Test(.enabled(if: TmpfsMount.permitted, "mounting a tmpfs needs root"))
  func messagingAnswersAFullDiskAndResumesWhenSpaceIsFreed() async throws {
    try await Self.fullDisk(.messaging, running: [.auth, .messaging]) { supervisor, client in
      let member = try await supervisor.withClient(to: .auth) { try await Self.member("poster", Gym_Auth_V1_AuthService.Client(wrapping: $0)) }
      let messaging = Gym_Messaging_V1_MessagingService.Client(wrapping: client)
      let words = String(repeating: "squats today, deadlifts tomorrow. ", count: 50)
      return DiskScene(
        write: { index in
          try await messaging.createPost(.with { $0.text = "post \(index): \(words)" }, metadata: member).post.id
        },
        read: { _ = try await messaging.listUserPosts(.with { $0.pageSize = 10 }, metadata: member) },
        missing: { ids in
          var found: Set<String> = []
          var token = ""
          repeat {
            let page = try await messaging.listUserPosts(
              .with {
                $0.pageSize = 100; $0.pageToken = token
              }, metadata: member)
            found.formUnion(page.posts.map(\.id))
            token = page.nextPageToken
          } while !token.isEmpty
          return ids.filter { !found.contains($0) }
        },
        // An attachment goes to a file beside the database: ENOSPC there is the same answer.
        otherWrite: {
          let photo = TestImages.jpeg(size: 300_000)
          _ = try await messaging.uploadAttachment(metadata: member) { writer in
            try await writer.write(.with { $0.start = .with { $0.filename = "photo.jpg" } })
            for start in stride(from: 0, to: photo.count, by: 64 * 1024) {
              try await writer.write(.with { $0.chunk = Data(photo[start..<min(start + 64 * 1024, photo.count)]) })
            }
          }
        })
    }
  }

  @Test(.enabled(if: TmpfsMount.permitted, "mounting a tmpfs needs root"))
  func placesAnswersAFullDiskAndResumesWhenSpaceIsFreed() async throws {
    try await Self.fullDisk(.places, running: [.auth, .places]) { supervisor, client in
      // What `gymctl users create-admin` asks of auth; gymctl goes through the gateway,
      // which this stack of two does not run.
      let credential = try ServiceCredential.load(path: supervisor.layout.credentialFile)
      let authAddress = ManagedService.auth.address(in: supervisor.layout)
      let transport = try HTTP2ClientTransport.Posix(
        target: .ipv4(address: authAddress.host, port: authAddress.port), transportSecurity: .plaintext)
      _ = try await withGRPCClient(transport: transport, interceptors: [credential.clientInterceptor]) { client in
        try await Gym_Auth_V1_AuthInternal.Client(wrapping: client).createAdmin(
          .with {
            $0.email = "admin@example.com"; $0.username = "disk_admin"; $0.password = Self.diskPassword
          })
      }
      let admin = try await supervisor.withClient(to: .auth) { client in
        let signedIn = try await Gym_Auth_V1_AuthService.Client(wrapping: client).login(
          .with {
            $0.identifier = "disk_admin"; $0.password = Self.diskPassword
          })
        return bearer(signedIn.tokens.accessToken)
      }
      let places = Gym_Places_V1_PlacesService.Client(wrapping: client)
      return DiskScene(
        write: { index in
          try await places.createPlace(
            .with {
              $0.place = .with {
                $0.name = "Disk gym \(index)"; $0.kind = .gym
                $0.location = .with {
                  $0.latitude = 51.5 + Double(index) / 10_000; $0.longitude = -0.1
                }
                $0.openingHours = .with { $0.osm = "24/7" }; $0.timeZone = "Europe/London"
              }
            }, metadata: admin
          ).place.id
        },
        read: {
          _ = try await places.searchNearby(
            .with {
              $0.location = .with {
                $0.latitude = 51.5; $0.longitude = -0.1
              }
            }, metadata: admin)
        },
        missing: { ids in
          var missing: [String] = []
          for id in ids where await rpcError({ _ = try await places.getPlace(.with { $0.id = id }, metadata: admin) }) != nil {
            missing.append(id)
          }
          return missing
        })
    }
  }

  /// `running` on a stack whose whole data directory (databases, logs, credential) is a
  /// small tmpfs; `prepare` (given a client to `target`) sets up its scene while there is
  /// room. Then the disk is filled, first by a filler file, then by the scene's writes
  /// until one is refused, and the checks run.
  static func fullDisk(
    _ target: ManagedService, running: [ManagedService],
    prepare: @Sendable (Supervisor, GRPCClient<HTTP2ClientTransport.Posix>) async throws -> DiskScene
  ) async throws {
    try await TmpfsMount.with(sizeMiB: 64) { directory in
      let layout = StackLayout(basePort: try reserveStackBasePort(), dataDirectory: directory)
      let supervisor = Supervisor(
        layout: layout, binDirectory: Supervisor.defaultBinDirectory(), services: running,
        extraEnvironment: [
          "GYM_PASSWORD_HASH_LOG_N": "10", "GYM_SHUTDOWN_GRACE_SECONDS": "5", "GYM_REQUIRE_VERIFIED_EMAIL": "false",
          "GYM_AUTH_REGISTRATIONS_PER_ADDRESS": "100000", "GYM_DISK_PROBE_SECONDS": "1",
        ])
      do {
        try await supervisor.start()
        try await supervisor.withClient(to: target) { client in
          try await checkFullDisk(target, running: running, supervisor: supervisor, scene: try await prepare(supervisor, client))
        }
        await supervisor.stop()
      } catch {
        await supervisor.stop()
        throw error
      }
    }
  }

  private static func checkFullDisk(_ target: ManagedService, running: [ManagedService], supervisor: Supervisor, scene: DiskScene) async throws {
    let layout = supervisor.layout
    var acknowledged: [String] = []
    for index in 0..<3 { acknowledged.append(try await scene.write(index)) }
    let pids = Dictionary(uniqueKeysWithValues: running.map { ($0.name, supervisor.pid(of: $0.name)) })

    let filler = (layout.dataDirectory as NSString).appendingPathComponent("filler")
    let filled = try TmpfsMount.fill(filler)
    #expect(filled > 0)
    // The scene's own writes take what room is left (SQLite reuses its WAL first).
    var refusal: RPCError? = nil
    for index in 3..<400 {
      do {
        acknowledged.append(try await scene.write(index))
      } catch let error as RPCError {
        refusal = error
        break
      }
    }
    let refused = try #require(refusal, "a write was refused once the disk was full (\(acknowledged.count) acknowledged)")
    #expect([.resourceExhausted, .unavailable].contains(refused.code), "\(refused)")
    #expect(refused.message.contains("disk"), "\(refused)")
    if refused.code == .resourceExhausted { #expect(refused.retryDelay != nil, "a full disk says when to try again") }
    // Still refused, the same way, and reads go on.
    let again = await rpcError { _ = try await scene.write(1000) }
    #expect(again?.code == refused.code && again?.message.contains("disk") == true, "\(String(describing: again))")
    try await scene.read()
    if let otherWrite = scene.otherWrite {
      let other = await rpcError { try await otherWrite() }
      let refusedToo = other.map { [.resourceExhausted, .unavailable].contains($0.code) && $0.message.contains("disk") } ?? false
      #expect(refusedToo, "\(String(describing: other))")
    }

    let address = target.address(in: layout)
    // Status, not latency, is under test: each probe may wait as long as a loaded machine needs.
    let probeTimeout = Duration.seconds(15)
    let reported = try await eventually(within: .seconds(30)) {
      await HealthProbe.check(address, service: "disk", timeout: probeTimeout).status == .notServing
    }
    #expect(reported, "health reports the disk NOT_SERVING while writes fail")
    // The process (and its service name) stay SERVING: reads are served.
    let process = await HealthProbe.check(address, timeout: probeTimeout)
    #expect(process.status == .serving, "\(process)")
    let healthz = "http://\(layout.host):\(address.port + layout.metricsOffset)/healthz"
    let (_, body) = try await Self.run("/usr/bin/curl", ["-s", "-w", " %{http_code}", healthz])
    #expect(body == "SERVING\ndisk full: writes fail\n 200", "\(body)")
    // No process exited or was restarted, though every one of them logs to the full disk.
    for (service, pid) in pids {
      let pid = try #require(pid)
      #expect(supervisor.pid(of: service) == pid && kill(pid, 0) == 0, "\(service) is still running")
    }
    #expect(supervisor.exitStatuses().isEmpty, "\(supervisor.exitStatuses())")

    try FileManager.default.removeItem(atPath: filler)
    let recovered = try await eventually(within: .seconds(30)) {
      await HealthProbe.check(address, service: "disk", timeout: probeTimeout).status == .serving
    }
    #expect(recovered, "health reports the disk SERVING once space is freed")
    acknowledged.append(try await scene.write(2000))
    try await scene.read()
    #expect(try await scene.missing(acknowledged) == [], "every acknowledged write is still there")
    for (service, pid) in pids { #expect(supervisor.pid(of: service) == pid, "\(service) was never restarted") }
  }

  /// A registered, signed-in member; their authorization metadata.
  static func member(_ name: String, _ auth: Gym_Auth_V1_AuthService.Client<HTTP2ClientTransport.Posix>) async throws -> Metadata {
    let registered = try await register(name, auth)
    return bearer(registered.tokens.accessToken)
  }

  @discardableResult
  static func register(_ name: String, _ auth: Gym_Auth_V1_AuthService.Client<HTTP2ClientTransport.Posix>) async throws
    -> Gym_Auth_V1_RegisterResponse
  {
    try await auth.register(
      .with {
        $0.email = "\(name)@example.com"; $0.username = name; $0.password = Self.diskPassword
        $0.acceptTerms = true; $0.termsVersion = "1"
      })
  }
}

extension Supervisor {
  /// A client to one of the stack's processes, directly (not through the gateway).
  func withClient<T: Sendable>(
    to service: ManagedService, _ body: @Sendable (GRPCClient<HTTP2ClientTransport.Posix>) async throws -> T
  ) async throws -> T {
    try await GymTesting.withClient(to: service.address(in: layout), body)
  }
}
