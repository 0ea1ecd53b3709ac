import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymAuth
import GymService
import GymTesting
import Logging
import Testing

@testable import GymGateway

/// The public door: routing, token checks, limits and failure answers.
@Suite struct GatewayTests {
  @Test func theWholeAccountFlowWorksThroughTheGateway() async throws {
    try await GatewayFixture.run { client in
      let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
      let account = newAccount("kim")
      let registered = try await auth.register(account)
      let login = try await auth.login(
        .with {
          $0.identifier = "kim@example.com"; $0.password = account.password
        })
      let me = try await auth.getMe(.init(), metadata: bearer(login.tokens.accessToken))
      #expect(me.user.id == registered.user.id)
      let refreshed = try await auth.refreshSession(.with { $0.refreshToken = login.tokens.refreshToken })
      _ = try await auth.getMe(.init(), metadata: bearer(refreshed.tokens.accessToken))
      _ = try await auth.logout(.init(), metadata: bearer(refreshed.tokens.accessToken))
      let after = await rpcError { _ = try await auth.getMe(.init(), metadata: bearer(refreshed.tokens.accessToken)) }
      #expect(after?.code == .unauthenticated)
    }
  }

  @Test func aBurstLargerThanTheBackendsStreamLimitQueuesAtTheGateway() async throws {
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(
        auth: auth.address, credential: auth.credential,
        configure: {
          $0.backendConnections = 1; $0.backendStreams = 4
          // Time in the gateway's queue counts against a call's deadline: 200 calls four at
          // a time on a loaded machine must not meet the 10 s default, which is not what
          // this test is about.
          $0.defaultDeadline = .seconds(120)
        }
      ) { client in
        let service = Gym_Auth_V1_AuthService.Client(wrapping: client)
        let account = newAccount("burst")
        _ = try await service.register(account)
        let login = try await service.login(
          .with {
            $0.identifier = account.email; $0.password = account.password
          })
        let ok = try await withThrowingTaskGroup(of: Bool.self) { group in
          for _ in 0..<200 {
            group.addTask { try await service.getMe(.init(), metadata: bearer(login.tokens.accessToken)).user.username == "burst" }
          }
          return try await group.reduce(into: 0) { count, matched in count += matched ? 1 : 0 }
        }
        #expect(ok == 200)
      }
    }
  }

  @Test func fieldViolationsAndAlreadyExistsSurviveTheHop() async throws {
    try await GatewayFixture.run { client in
      let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
      var weak = newAccount("lea")
      weak.password = "short"
      let error = await rpcError { _ = try await auth.register(weak) }
      #expect(error?.code == .invalidArgument, "\(String(describing: error))")
      #expect(error?.fieldViolations.first?.field == "password")
      #expect(error?.fieldViolations.first?.description.contains("at least 15") == true)

      _ = try await auth.register(newAccount("lea"))
      let duplicate = await rpcError { _ = try await auth.register(newAccount("lea")) }
      #expect(duplicate?.code == .alreadyExists)
      #expect(duplicate?.fieldViolations.map(\.field) == ["email"])
    }
  }

  /// Messaging is nowhere (port 1): a call the gateway lets through ends UNAVAILABLE, so
  /// UNAUTHENTICATED can only be the gateway's own answer (auth would refuse GetMe alone).
  @Test func missingOrTamperedTokensAreRefusedAtTheGateway() async throws {
    try await GatewayFixture.run { client in
      let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
      let messaging = Gym_Messaging_V1_MessagingService.Client(wrapping: client)
      let tokens = try await auth.register(newAccount("max")).tokens
      func listConversations(_ metadata: Metadata) async -> RPCError? {
        await rpcError { _ = try await messaging.listConversations(.init(), metadata: metadata) }
      }
      let allowed = await listConversations(bearer(tokens.accessToken))
      #expect(allowed?.code == .unavailable, "a valid token is passed on to messaging: \(String(describing: allowed))")
      let missing = await listConversations([:])
      #expect(missing?.code == .unauthenticated, "\(String(describing: missing))")
      #expect(missing?.message.contains("missing access token") == true)
      let parts = tokens.accessToken.split(separator: ".")
      let forged = "\(parts[0]).\(Data("{\"sub\":\"someone\"}".utf8).base64URLEncodedString()).\(parts[2])"
      #expect(await listConversations(bearer(forged))?.code == .unauthenticated)
      #expect(await listConversations(["authorization": "Basic abc"])?.code == .unauthenticated)
    }
  }

  @Test func undecodableRequestBytesAreInvalidArgumentNotACrash() async throws {
    try await GatewayFixture.run { client in
      let error = await rpcError {
        _ = try await client.unary(
          request: ClientRequest(message: [0xFF, 0xFF, 0xFF, 0x07, 0x01]),
          descriptor: Gym_Auth_V1_AuthService.Method.Register.descriptor,
          serializer: RawBytes(), deserializer: RawBytes(), options: .defaults
        ) { try $0.message }
      }
      #expect(error?.code == .invalidArgument, "\(String(describing: error))")
      // The platform is still up afterwards.
      _ = try await Gym_Auth_V1_AuthService.Client(wrapping: client).getSigningKeys(.init())
    }
  }

  @Test func oversizedMessagesAreRefused() async throws {
    try await GatewayFixture.run(maxMessageBytes: 64 * 1024) { client in
      let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
      var request = newAccount("ned")
      request.displayName = String(repeating: "x", count: 100 * 1024)
      let error = await rpcError { _ = try await auth.register(request) }
      #expect(error?.code == .resourceExhausted, "\(String(describing: error))")
      #expect(error?.message.contains("exceeds the limit of 65536 bytes") == true)
      // Far beyond the limit the transport resets the stream; either way nothing is
      // stored and the gateway keeps serving.
      request.displayName = String(repeating: "x", count: 1024 * 1024)
      #expect(await rpcError { _ = try await auth.register(request) } != nil)
      _ = try await auth.register(newAccount("ned"))
    }
  }

  @Test func aResponseOverTheLimitIsRefusedWithAReason() async throws {
    try await GatewayFixture.run(maxMessageBytes: 2048) { client in
      let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
      var token = ""
      for name in ["lia_a", "lia_b", "lia_c", "lia_d", "lia_e", "lia_f"] {
        token = try await auth.register(newAccount(name)).tokens.accessToken
        _ = try await auth.updateProfile(
          .with {
            $0.profile = .with { $0.bio = String(repeating: "Deadlifts on Mondays. ", count: 20) }
            $0.updateMask = .with { $0.paths = ["bio"] }
          }, metadata: bearer(token))
      }
      // Six profiles of 440-character bios: well over 2 KiB in one response.
      let error = await rpcError {
        _ = try await auth.searchProfiles(
          .with {
            $0.query = "lia"; $0.pageSize = 6
          }, metadata: bearer(token))
      }
      #expect(error?.code == .resourceExhausted)
      #expect(error?.message == "the response exceeds the limit of 2048 bytes; ask for less (a smaller page_size)")
      let smaller = try await auth.searchProfiles(
        .with {
          $0.query = "lia"; $0.pageSize = 2
        }, metadata: bearer(token))
      #expect(smaller.profiles.count == 2)
    }
  }

  @Test func internalAndOperatorServicesAreNeverRouted() async throws {
    try await GatewayFixture.run { client in
      let tokens = try await Gym_Auth_V1_AuthService.Client(wrapping: client).register(newAccount("ola")).tokens
      let lookup = await rpcError {
        _ = try await Gym_Auth_V1_AuthInternal.Client(wrapping: client).lookupUsers(.with { $0.usernames = ["ola"] }, metadata: bearer(tokens.accessToken))
      }
      #expect(lookup?.code == .unimplemented)
      let ops = await rpcError { _ = try await Gym_Ops_V1_Ops.Client(wrapping: client).getInfo(.init(), metadata: bearer(tokens.accessToken)) }
      #expect(ops?.code == .unimplemented)
    }
  }

  @Test func aDownBackendIsUnavailablePromptly() async throws {
    // Nothing listens on port 1. The deadline is two minutes, so "promptly" means the
    // refused connection is reported (UNAVAILABLE), not waited out (DEADLINE_EXCEEDED); the
    // time bound, half the deadline, leaves room for a loaded CI machine.
    try await GatewayFixture.runGateway(
      auth: HostPort(host: "127.0.0.1", port: 1),
      configure: {
        $0.defaultDeadline = .seconds(120)
        $0.maximumDeadline = .seconds(120)
      }
    ) { client in
      let start = ContinuousClock.now
      let error = await rpcError { _ = try await Gym_Auth_V1_AuthService.Client(wrapping: client).register(newAccount("pia")) }
      #expect(error?.code == .unavailable)
      #expect(ContinuousClock.now - start < .seconds(60))
      // A well-formed token cannot be verified without auth's keys: UNAVAILABLE (try
      // again), not UNAUTHENTICATED (sign in again).
      let header = Data(#"{"alg":"EdDSA","kid":"k1","typ":"JWT"}"#.utf8).base64URLEncodedString()
      let payload = Data(#"{"sub":"u1"}"#.utf8).base64URLEncodedString()
      let token = "\(header).\(payload).\(Data(repeating: 7, count: 64).base64URLEncodedString())"
      let me = await rpcError { _ = try await Gym_Auth_V1_AuthService.Client(wrapping: client).getMe(.init(), metadata: bearer(token)) }
      #expect(me?.code == .unavailable)
    }
  }

  @Test func gatewayReportsEachRoutedServiceHealth() async throws {
    try await GatewayFixture.run { client in
      let health = Grpc_Health_V1_Health.Client(wrapping: client)
      // The gateway's monitor probes auth on its own schedule, which a loaded machine
      // stretches (seen: past 5 s with the suite and a busy loop on 2 cores).
      let served = try await eventually(within: .seconds(30)) {
        (try? await health.check(.with { $0.service = "gym.auth.v1.AuthService" }).status) == .serving
      }
      #expect(served)
    }
  }

  /// As above, through messaging at port 1: only the gateway can answer UNAUTHENTICATED.
  @Test func aBanStopsTheUsersTokensAtTheGatewayWhileTheyAreValid() async throws {
    try await GatewayFixture.runWithInternal { client, internalAuth in
      let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
      let messaging = Gym_Messaging_V1_MessagingService.Client(wrapping: client)
      let password = newAccount("x").password
      _ = try await internalAuth.createAdmin(
        .with {
          $0.email = "boss@example.com"; $0.username = "boss"; $0.password = password
        })
      let admin = try await auth.login(
        .with {
          $0.identifier = "boss"; $0.password = password
        }
      ).tokens
      let victim = try await auth.register(newAccount("rex_banned"))
      func listConversations() async -> RPCError? {
        await rpcError { _ = try await messaging.listConversations(.init(), metadata: bearer(victim.tokens.accessToken)) }
      }
      let before = await listConversations()
      #expect(before?.code == .unavailable, "before the ban the gateway passes the call on: \(String(describing: before))")
      let start = ContinuousClock.now
      _ = try await auth.banUser(
        .with {
          $0.userID = victim.user.id; $0.reason = "abuse"
        }, metadata: bearer(admin.accessToken))
      // The gateway hears of the ban through its revocation follower: wait for that, bounded.
      var error = await listConversations()
      // The bound only keeps a broken follower from hanging the test: how fast the ban
      // lands is a figure for `gym-bench ban-latency`, not for a loaded test machine.
      while error?.code != .unauthenticated, ContinuousClock.now - start < .seconds(30) {
        try await Task.sleep(for: .milliseconds(20))
        error = await listConversations()
      }
      #expect(error?.code == .unauthenticated, "\(String(describing: error))")
    }
  }

  @Test func backendCallsGetTheMaximumDeadlineWhateverTheClientAsks() async throws {
    // A registration takes well over 5 ms at this cost.
    try await withRunningAuth(configure: { $0.hashParameters = .init(logN: 14) }) { auth in
      try await GatewayFixture.runGateway(auth: auth.address, configure: { $0.maximumDeadline = .milliseconds(5) }) { client in
        var options = CallOptions.defaults
        options.timeout = .seconds(30)
        let error = await rpcError {
          _ = try await Gym_Auth_V1_AuthService.Client(wrapping: client).register(newAccount("slow_one"), options: options)
        }
        #expect(error?.code == .deadlineExceeded)
      }
    }
  }

  @Test func grpcTimeoutHeadersParse() {
    #expect(CallOptions.parseTimeout("100m") == .milliseconds(100))
    #expect(CallOptions.parseTimeout("2S") == .seconds(2))
    #expect(CallOptions.parseTimeout("1H") == .seconds(3600))
    #expect(CallOptions.parseTimeout("x") == nil)
    #expect(CallOptions.parseTimeout("123456789S") == nil)
  }
}

/// The gateway's revocation follower survives an auth restart and catches up.
@Suite struct RevocationFollowerTests {
  @Test func followerReconnectsAfterAnAuthRestartAndCatchesUp() async throws {
    let directory = try temporaryDirectory()
    let port = try freePort()
    let credential = ServiceCredential.generate()
    let list = RevocationList()
    let stop = try following(port: port, credential: credential, into: list)
    defer { stop() }
    let account = newAccount("restart_me")
    let firstSession = try await withRunningAuth(dataDirectory: directory, port: port, credential: credential) { running in
      let tokens = try await running.auth.register(account).tokens
      _ = try await running.auth.logout(.init(), metadata: bearer(tokens.accessToken))
      return tokens.sessionID
    }
    try await waitUntil { list.isRevoked(Caller(userID: "", sessionID: firstSession, roles: [])) }
    // Auth is down for a moment, then back on the same port and data.
    try await Task.sleep(for: .milliseconds(300))
    try await withRunningAuth(dataDirectory: directory, port: port, credential: credential) { running in
      let tokens = try await running.auth.login(
        .with {
          $0.identifier = "restart_me"; $0.password = account.password
        }
      ).tokens
      _ = try await running.auth.logout(.init(), metadata: bearer(tokens.accessToken))
      try await waitUntil { list.isRevoked(Caller(userID: "", sessionID: tokens.sessionID, roles: [])) }
    }
  }

  @Test func followerReadsAgainWhenAuthComesBackRestoredFromAnOlderBackup() async throws {
    let port = try freePort()
    let credential = ServiceCredential.generate()
    let list = RevocationList()
    let stop = try following(port: port, credential: credential, into: list)
    defer { stop() }
    // Three revocations: the follower's cursor reaches 3.
    try await withRunningAuth(dataDirectory: try temporaryDirectory(), port: port, credential: credential) { running in
      for i in 0..<3 {
        let tokens = try await running.auth.register(newAccount("before_\(i)")).tokens
        _ = try await running.auth.logout(.init(), metadata: bearer(tokens.accessToken))
      }
      try await waitUntil { list.cursor == 3 }
    }
    // Auth returns with an older database (here: an empty one); its first revocation is
    // cursor 1 again, which a follower asking "after 3" would never be sent.
    try await withRunningAuth(dataDirectory: try temporaryDirectory(), port: port, credential: credential) { running in
      let tokens = try await running.auth.register(newAccount("after_restore")).tokens
      _ = try await running.auth.logout(.init(), metadata: bearer(tokens.accessToken))
      try await waitUntil { list.isRevoked(Caller(userID: "", sessionID: tokens.sessionID, roles: [])) }
    }
  }

  @Test func heartbeatsKeepAQuietFollowerCurrent() async throws {
    let port = try freePort()
    let credential = ServiceCredential.generate()
    let list = RevocationList(maxLag: .seconds(5))
    let stop = try following(port: port, credential: credential, into: list)
    defer { stop() }
    try await withRunningAuth(dataDirectory: try temporaryDirectory(), port: port, credential: credential) { _ in
      // Nothing is revoked for longer than the bound: only heartbeats keep the follower
      // trusting tokens. Each heartbeat heard makes the silence drop; four of them span
      // more than the bound. Counted, not timed, so a starved machine only takes longer.
      let deadline = ContinuousClock.now + .seconds(60)
      var heard = 0
      var previous = list.silence()
      while heard < 4, ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(50))
        let silence = list.silence()
        if silence < previous {
          heard += 1
          #expect(throws: Never.self, "a follower that just heard auth trusts tokens") { try list.checkLag() }
        }
        previous = silence
      }
      #expect(heard == 4)
    }
    // Auth gone: past the bound the follower stops vouching (awaited, not slept: it is
    // the bound, 5 s, from the last heartbeat heard).
    #expect(try await eventually(within: .seconds(30)) { (try? list.checkLag()) == nil }, "the follower kept vouching without auth")
    #expect(throws: RevocationLag.self) { try list.checkLag() }
  }

  /// Runs a follower of auth at `port` into `list` until the returned function is called.
  func following(port: Int, credential: ServiceCredential, into list: RevocationList) throws -> @Sendable () -> Void {
    let client = try GymClient.make(to: HostPort(host: "127.0.0.1", port: port), tls: nil, interceptors: [credential.clientInterceptor])
    let follower = RevocationFollower(client: client, list: list, logger: Logger(label: "follower"))
    let runner = Task {
      try await withThrowingDiscardingTaskGroup { group in
        group.addTask { try await client.runConnections() }
        group.addTask { try await follower.run() }
      }
    }
    return {
      runner.cancel()
      client.beginGracefulShutdown()
    }
  }

  /// Bounded at 30 s: a follower that lost auth reconnects after its backoff, which a
  /// loaded machine stretches well past the few seconds it takes on an idle one (seen:
  /// more than 5 s while the whole suite and a build shared 2 cores).
  func waitUntil(_ condition: @Sendable () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(30)
    while !condition() {
      guard ContinuousClock.now < deadline else {
        Issue.record("condition not met within 30 s")
        return
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }
}
