import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import Synchronization
import Testing

@testable import GymAuth

/// Issue 14: auth holds under abuse. Each test here failed before the change it covers.
@Suite struct AccountAbuseTests {
  // MARK: The throttle

  @Test func concurrentGuessesCountBeforeAnyIsChecked() {
    let throttle = LoginThrottle(limits: .init(perPair: 5))
    // Five checks in flight, none settled: the sixth is refused before it costs a hash.
    let attempts = (0..<5).compactMap { _ in try? throttle.begin(account: "user:a", address: "10.0.0.1").get() }
    #expect(attempts.count == 5)
    guard case .failure(let refused) = throttle.begin(account: "user:a", address: "10.0.0.1") else {
      Issue.record("the sixth concurrent guess got through")
      return
    }
    #expect(refused.retryAfter > .zero)
    // Checks that end without a verdict (queue full, caller gone) give their place back.
    for attempt in attempts { throttle.finish(attempt, .abandoned) }
    #expect((try? throttle.begin(account: "user:a", address: "10.0.0.1").get()) != nil)
  }

  @Test func knowingTheUsernameDoesNotLockTheOwnerOut() {
    let throttle = LoginThrottle(limits: .init(perPair: 5, perAddress: 50, slowAfter: 10, maxDelay: .seconds(30)))
    // An attacker spends the budget from one address, then from nine more.
    var delays: [Duration] = []
    for address in 1...10 {
      for _ in 0..<5 {
        guard case .success(let attempt) = throttle.begin(account: "user:victim", address: "10.0.0.\(address)") else {
          Issue.record("refused before the pair's budget was spent")
          return
        }
        delays.append(throttle.finish(attempt, .failed))
      }
      #expect((try? throttle.begin(account: "user:victim", address: "10.0.0.\(address)").get()) == nil)
    }
    // Past ten wrong passwords each further wrong one is answered later: 1 s, doubling, capped.
    #expect(delays.prefix(10).allSatisfy { $0 == .zero })
    #expect(Array(delays[10..<16]) == [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30)])
    // The owner, from their own address, is checked at once, and the right password clears the slow-down.
    guard case .success(let owner) = throttle.begin(account: "user:victim", address: "192.0.2.7") else {
      Issue.record("the owner was locked out by someone else's guesses")
      return
    }
    #expect(throttle.finish(owner, .succeeded) == .zero)
    guard case .success(let next) = throttle.begin(account: "user:victim", address: "192.0.2.8") else { return }
    #expect(throttle.finish(next, .failed) == .zero)
  }

  @Test func resetMailHasABudgetOfItsOwnPerAccountAndAddress() {
    let resets = LoginThrottle(limits: .resets)
    #expect((0..<3).allSatisfy { _ in resets.spend(account: "ana@example.com", address: "10.0.0.1") == nil })
    #expect(resets.spend(account: "ana@example.com", address: "10.0.0.1") != nil, "three per address and account")
    #expect(resets.spend(account: "ana@example.com", address: "10.0.0.2") == nil)
    #expect(resets.spend(account: "ana@example.com", address: "10.0.0.3") == nil)
    #expect(resets.spend(account: "ana@example.com", address: "10.0.0.4") != nil, "five per account from anywhere")
  }

  @Test func theKeyTableStaysBoundedUnderSpraying() {
    let throttle = LoginThrottle(limits: .init(), maxKeys: 1_000)
    for i in 0..<5_000 {
      if case .success(let attempt) = throttle.begin(account: "name:spray\(i)", address: "10.1.\(i / 256).\(i % 256)") {
        throttle.finish(attempt, .failed)
      }
    }
    #expect(throttle.keyCount <= 1_000 + 3)
  }

  // MARK: The hash queue

  @Test func aFullHashQueueAnswersAtOnceWithARetryDelay() async throws {
    let hasher = try PasswordHasher(parameters: .init(logN: 14), maxConcurrent: 1, queueLimit: 1)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { _ = try await hasher.hash("first password in the queue") }
      group.addTask { _ = try await hasher.hash("second password in the queue") }
      #expect(try await eventually { hasher.waiting == 1 })
      let busy = await #expect(throws: AuthError.self) { _ = try await hasher.hash("third password in the queue") }
      guard case .busy(let retryAfter) = busy else {
        Issue.record("expected busy, got \(String(describing: busy))")
        return
      }
      #expect(retryAfter > .zero)
      // Refused without waiting its turn: the second is still in line.
      #expect(hasher.waiting == 1)
      try await group.waitForAll()
    }
  }

  @Test func aCallerWhoGivesUpLeavesTheQueue() async throws {
    let hasher = try PasswordHasher(parameters: .init(logN: 14), maxConcurrent: 1, queueLimit: 1)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { _ = try await hasher.hash("the running hash") }
      #expect(try await eventually { hasher.waiting == 0 })
      let waiting = Task { try await hasher.hash("a caller that gives up") }
      #expect(try await eventually { hasher.waiting == 1 })
      waiting.cancel()
      await #expect(throws: CancellationError.self) { _ = try await waiting.value }
      #expect(hasher.waiting == 0)
      // Its place is free again: another caller queues instead of hearing "busy".
      _ = try await hasher.hash("the next caller")
      try await group.waitForAll()
    }
  }

  // MARK: Sign-in around a ban or a reset

  @Test func aBanOrResetCommittedDuringTheCheckWins() async throws {
    let store = try AuthStore(path: try temporaryDirectory() + "/auth.sqlite")
    let now = Date()
    func user(_ name: String) -> UserRecord {
      UserRecord(
        id: ID.make(), email: "\(name)@example.com", username: name, usernameKey: name, displayName: name, role: "member",
        passwordHash: "$scrypt$old", termsVersion: "1", termsAcceptedAt: now, createdAt: now, updatedAt: now)
    }
    func session() -> AuthStore.NewSession {
      .init(
        id: ID.make(), clientDescription: "phone", clientAddress: "127.0.0.1", createdAt: now,
        expiresAt: now.addingTimeInterval(3600), refreshToken: AuthService.newRefreshToken())
    }
    let banned = user("banned"), reset = user("reset")
    _ = try await store.createUser(banned, firstSession: nil)
    _ = try await store.createUser(reset, firstSession: nil)
    // Both checks read the old hash; then the ban and the reset commit.
    _ = try await store.ban(userID: banned.id, reason: "spam", until: nil, standingDestinations: [], now: now)
    _ = try await store.changePassword(userID: reset.id, hash: "$scrypt$new", newSession: session(), now: now)
    await #expect(throws: AuthError.banned(reason: "spam", until: nil)) {
      _ = try await store.createSession(userID: banned.id, checkedHash: "$scrypt$old", session(), now: now)
    }
    await #expect(throws: AuthError.invalidCredentials) {
      _ = try await store.createSession(userID: reset.id, checkedHash: "$scrypt$old", session(), now: now)
    }
    let sessions = try await store.writer.read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sessions WHERE user_id = ? AND revoked_at IS NULL", arguments: [banned.id])
    }
    #expect(sessions == 0)
  }

  @Test func refreshingABannedAccountsSessionIsRefused() async throws {
    let store = try AuthStore(path: try temporaryDirectory() + "/auth.sqlite")
    let now = Date()
    let user = UserRecord(
      id: ID.make(), email: "late@example.com", username: "late", usernameKey: "late", displayName: "late", role: "member",
      passwordHash: "$scrypt$x", termsVersion: "1", termsAcceptedAt: now, createdAt: now, updatedAt: now)
    let token = AuthService.newRefreshToken()
    _ = try await store.createUser(
      user,
      session: .init(
        id: ID.make(), clientDescription: "phone", clientAddress: "127.0.0.1", createdAt: now,
        expiresAt: now.addingTimeInterval(3600), refreshToken: token))
    // A session that outlived its ban's revocation (created by a sign-in racing the ban).
    try await store.writer.write { db in
      try db.execute(sql: "UPDATE users SET banned_at = ?, ban_reason = 'spam' WHERE id = ?", arguments: [now, user.id])
    }
    let rotation = try await store.rotateRefreshToken(old: token, new: AuthService.newRefreshToken(), now: now)
    guard case .banned(let banned) = rotation else {
      Issue.record("a banned account's session was refreshed: \(rotation)")
      return
    }
    #expect(banned.banReason == "spam")
  }

  // MARK: Registration and profiles

  /// Issue 26: a gym's Wi-Fi, a campus or a carrier's NAT puts hundreds behind one
  /// address; the default per-address budget must not turn away a launch evening.
  @Test func aHundredSignUpsFromOneAddressWithinTheHourAllSucceed() async throws {
    try await AuthFixture.run(configure: { $0.hashParameters = .init(logN: 4) }) { auth in
      var refused: [Int] = []
      for i in 1...100 {
        if await rpcError({ _ = try await auth.register(newAccount("shared_wifi_\(i)")) }) != nil { refused.append(i) }
      }
      #expect(refused.count == 0, "\(refused.count) of 100 refused, the first being number \(refused.first ?? 0)")
    }
  }

  @Test func registrationsPerAddressAreLimitedAndATakenNameCostsNoHash() async throws {
    // One slow hash at a time and no queue: a request that needs a hash while one runs hears "busy".
    try await AuthFixture.run(configure: {
      $0.hashQueue = 0
      $0.hashConcurrency = 1
      $0.hashParameters = .init(logN: 15)
      $0.registrations = .registrations(perAddress: 10)
    }) { auth in
      let first = newAccount("first_one")
      _ = try await auth.register(first)
      // Sign-ins that keep the permit busy until a probe has seen it taken (one sign-in
      // alone may finish before any probe arrives on a loaded machine; "busy" spends no
      // budget, and a right password counts against none).
      let seen = Mutex(false)
      let background = Task {
        while !seen.withLock({ $0 }) {
          do {
            _ = try await auth.login(
              .with {
                $0.identifier = "first_one"; $0.password = first.password
              })
          } catch let error as RPCError where error.message.hasPrefix("too many sign-ins are being checked") {}
        }
      }
      // Probe (each as another unknown account, so no budget runs out) until the permit is
      // seen taken: three at once, so that one at least arrives while another hashes even
      // when the background sign-ins are starved of the CPU.
      var probes = 0
      var answers = "no probe answered"
      #expect(
        try await eventually(within: .seconds(60)) {
          let names = (0..<3).map { "nobody_\(probes + $0)" }
          probes += names.count
          let errors = await withTaskGroup(of: RPCError?.self) { group in
            for name in names {
              group.addTask {
                await rpcError {
                  _ = try await auth.login(
                    .with {
                      $0.identifier = name; $0.password = "probe probe probe"
                    })
                }
              }
            }
            return await group.reduce(into: [RPCError?]()) { $0.append($1) }
          }
          answers = errors.map { $0.map { "\($0.code): \($0.message)" } ?? "no error" }.joined(separator: "; ")
          return errors.contains { $0?.message.hasPrefix("too many sign-ins are being checked") == true }
        }, "after \(probes) probes the last answers were: \(answers)")
      seen.withLock { $0 = true }
      // A taken name is refused before hashing: ALREADY_EXISTS, not "busy".
      var again = newAccount("first_one")
      again.email = "someone.else@example.com"
      let taken = await rpcError { _ = try await auth.register(again) }
      #expect(taken?.code == .alreadyExists)
      _ = try await background.value
      // Ten registrations an hour per address (as configured), a refused one included.
      for i in 3...10 { _ = try await auth.register(newAccount("member_\(i)")) }
      let eleventh = await rpcError { _ = try await auth.register(newAccount("one_too_many")) }
      #expect(eleventh?.code == .resourceExhausted)
      #expect(eleventh?.message.hasPrefix("too many accounts registered from this address") == true)
      #expect((eleventh?.retryDelay ?? .zero) > .seconds(60))
    }
  }

  @Test func perAddressLimitsAreConfigurableAndSizedForSharedAddresses() throws {
    let directory = try temporaryDirectory("gym-auth-config")
    let credential = directory + "/credential"
    _ = try ServiceCredential.loadOrCreate(path: credential)
    func settings(_ environment: [String: String]) throws -> AuthApp.Settings {
      try AuthApp.Settings(
        config: Config(
          keys: AuthApp.keys, environment: ["GYM_DATA_DIR": directory, "GYM_SERVICE_CREDENTIAL_FILE": credential].merging(environment) { $1 },
          arguments: []))
    }
    let defaults = try settings([:])
    #expect(defaults.registrations.perAddress >= 100 && defaults.registrations.perPair >= 100)
    #expect(defaults.throttle.perAddress == 500 && defaults.throttle.perPair == 5)
    #expect(defaults.resets.perAddress == 200 && defaults.resets.perPair == 3 && defaults.resets.perAccount == 5)
    let configured = try settings([
      "GYM_AUTH_REGISTRATIONS_PER_ADDRESS": "7", "GYM_AUTH_WRONG_PASSWORDS_PER_ADDRESS": "40", "GYM_AUTH_RESETS_PER_ADDRESS": "9",
    ])
    #expect(configured.registrations == .registrations(perAddress: 7))
    #expect(configured.throttle.perAddress == 40 && configured.resets.perAddress == 9)
    #expect(throws: ConfigError.self) { try settings(["GYM_AUTH_REGISTRATIONS_PER_ADDRESS": "0"]) }
  }

  @Test func onlyTheGatewayIsBelievedAboutTheClientAddress() async throws {
    try await AuthFixture.runAll { c in
      let victim = newAccount("victim")
      _ = try await c.auth.register(victim)
      func guess(from address: String, proof: String? = nil) async -> RPCError? {
        var metadata: Metadata = ["x-forwarded-for": .string(address)]
        if let proof { metadata.addString(proof, forKey: ServiceCredential.forwardedByHeader) }
        return await rpcError {
          _ = try await c.auth.login(
            .with {
              $0.identifier = "victim"; $0.password = "not the password"
            }, metadata: metadata)
        }
      }
      // A caller that reaches auth directly cannot claim a new address per guess: the
      // per-address budget is its own connection's.
      for i in 1...5 { #expect(await guess(from: "10.0.0.\(i)")?.code == .unauthenticated) }
      #expect(await guess(from: "10.0.0.6")?.code == .resourceExhausted)
      #expect(await guess(from: "10.0.0.7", proof: "forged")?.code == .resourceExhausted)
      // The gateway's proof makes the header believed: another client address, another budget.
      #expect(await guess(from: "198.51.100.9", proof: c.credential.forwardingProof)?.code == .unauthenticated)
    }
  }

  @Test func membersCannotListAdministrators() async throws {
    try await AuthFixture.runAll { c in
      let admin = try await AuthAdminTests.admin(c, "root_admin")
      let member = try await c.auth.register(newAccount("curious"))
      let byRole = await rpcError {
        _ = try await c.auth.searchProfiles(.with { $0.role = .admin }, metadata: bearer(member.tokens.accessToken))
      }
      #expect(byRole?.code == .permissionDenied)
      let byName = try await c.auth.searchProfiles(.with { $0.query = "root" }, metadata: bearer(member.tokens.accessToken))
      #expect(byName.profiles.isEmpty)
      let asAdmin = try await c.auth.searchProfiles(.with { $0.role = .admin }, metadata: bearer(admin.accessToken))
      #expect(asAdmin.profiles.map(\.username) == ["root_admin"])
    }
  }
}
