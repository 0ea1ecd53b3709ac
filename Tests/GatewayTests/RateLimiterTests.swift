import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import Synchronization
import Testing

@testable import GymGateway

/// Token buckets at the door: one address or one account cannot use up what others need.
@Suite struct RateLimiterTests {
  let start = ContinuousClock.now
  let limiter = RateLimiter(limits: [.read: .init(perAddress: .init(perSecond: 10, burst: 5), perUser: .init(perSecond: 2, burst: 2))])

  @Test func aBurstIsAdmittedThenCallsWaitForTheRefill() {
    for _ in 0..<5 { #expect(limiter.admit(.read, address: "198.51.100.7", now: start) == nil) }
    #expect(limiter.admit(.read, address: "198.51.100.7", now: start) == .milliseconds(100), "one token every 100 ms")
    // Another address has its own bucket.
    #expect(limiter.admit(.read, address: "203.0.113.9", now: start) == nil)
    // 250 ms later: two tokens back.
    let later = start + .milliseconds(250)
    #expect(limiter.admit(.read, address: "198.51.100.7", now: later) == nil)
    #expect(limiter.admit(.read, address: "198.51.100.7", now: later) == nil)
    #expect(limiter.admit(.read, address: "198.51.100.7", now: later) != nil)
    // A class without limits admits everything.
    for _ in 0..<100 { #expect(limiter.admit(.write, address: "198.51.100.7", now: start) == nil) }
  }

  @Test func theTableStaysBoundedUnderSpraying() {
    let limiter = RateLimiter(limits: RateLimiter.standard, maxEntries: 1_000)
    for index in 0..<50_000 {
      _ = limiter.admit(.signIn, address: "10.\(index / 65_536).\(index / 256 % 256).\(index % 256)", now: start + .microseconds(index))
    }
    #expect(limiter.entries <= 1_000)
    // A client that is being limited keeps its bucket while others come and go.
    let busy = RateLimiter(limits: [.signIn: .init(perAddress: .init(perSecond: 1, burst: 2), perUser: .unlimited)], maxEntries: 100)
    _ = busy.admit(.signIn, address: "192.0.2.1", now: start)
    _ = busy.admit(.signIn, address: "192.0.2.1", now: start)
    for index in 0..<1_000 { _ = busy.admit(.signIn, address: "10.1.\(index / 256).\(index % 256)", now: start - .seconds(10)) }
    #expect(busy.admit(.signIn, address: "192.0.2.1", now: start) != nil)
  }

  @Test func methodsFallIntoTheirClasses() {
    #expect(RateLimiter.methodClass(of: Gym_Auth_V1_AuthService.Method.Login.descriptor) == .signIn)
    #expect(RateLimiter.methodClass(of: Gym_Auth_V1_AuthService.Method.RequestPasswordReset.descriptor) == .signIn)
    #expect(RateLimiter.methodClass(of: Gym_Auth_V1_AuthService.Method.GetMe.descriptor) == .read)
    #expect(RateLimiter.methodClass(of: Gym_Catalog_V1_CatalogService.Method.ListPrograms.descriptor) == .read)
    #expect(RateLimiter.methodClass(of: Gym_Catalog_V1_CatalogService.Method.RateProgram.descriptor) == .write)
    #expect(RateLimiter.methodClass(of: Gym_Messaging_V1_MessagingService.Method.Subscribe.descriptor) == .stream)
    #expect(RateLimiter.Limits("10/50 0") == .init(perAddress: .init(perSecond: 10, burst: 50), perUser: .unlimited))
    #expect(RateLimiter.Limits("10/50") == nil && RateLimiter.Limits("ten/50 0") == nil && RateLimiter.Limits("10/0 0") == nil)
  }

  @Test func oneAccountsFloodLeavesOthersOnTheSameAddressAlone() async throws {
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(
        auth: auth.address, credential: auth.credential,
        configure: {
          // A slow refill (one call per 20 s): 20 calls exceed the burst of 5 however slowly
          // a loaded machine makes them (at one every 2 s, 0.5/s kept up with them).
          $0.rateLimits[.read] = .init(perAddress: .init(perSecond: 1_000, burst: 1_000), perUser: .init(perSecond: 0.05, burst: 5))
          $0.rateLimits[.signIn] = .init(perAddress: .init(perSecond: 0.01, burst: 3), perUser: .unlimited)
        }
      ) { client in
        let service = Gym_Auth_V1_AuthService.Client(wrapping: client)
        let flooder = try await service.register(newAccount("flo_reads")).tokens.accessToken
        let quiet = try await service.register(newAccount("quinn_reads")).tokens.accessToken
        var refused: RPCError? = nil
        for _ in 0..<20 {
          do { _ = try await service.getMe(.init(), metadata: bearer(flooder)) } catch let error as RPCError {
            refused = error
            break
          }
        }
        #expect(refused?.code == .resourceExhausted)
        #expect(refused?.message.contains("too many read calls for your account") == true)
        #expect(refused?.retryDelay.map { $0 > .zero && $0 <= .seconds(20) } == true)
        // The other account on the same address reads as usual.
        for _ in 0..<4 { _ = try await service.getMe(.init(), metadata: bearer(quiet)) }

        // Sign-in is limited per address: two registrations used two of three tokens.
        _ = try await service.login(
          .with {
            $0.identifier = "quinn_reads"; $0.password = newAccount("x").password
          })
        let address = await rpcError {
          _ = try await service.login(
            .with {
              $0.identifier = "quinn_reads"; $0.password = newAccount("x").password
            })
        }
        #expect(address?.code == .resourceExhausted)
        #expect(address?.message.contains("too many sign-in calls from your address") == true)
        // Health is never limited.
        for _ in 0..<10 { _ = try await Grpc_Health_V1_Health.Client(wrapping: client).check(.init()) }
      }
    }
  }
}

/// The per-address limit as a second client sees it: a flood from one address is
/// refused (and held) while another address, through the same gateway, reads as usual.
@Suite struct AddressFloodTests {
  /// What the flooder's callers saw, shared between them and the test.
  final class Tally: Sendable {
    let state = Mutex((ok: 0, refused: [Duration]()))
    var refusals: Int { state.withLock { $0.refused.count } }
  }

  @Test func aFloodFromOneAddressSlowsNobodyElse() async throws {
    // Hundreds of calls at once: alone among the gateway tests (LoadGate).
    try await LoadGate.alone {
      try await withRunningAuth { auth in
        try await GatewayFixture.runGateway(
          auth: auth.address, credential: auth.credential,
          // A burst of 10, then 1 a second: eight callers exceed that however slow the machine
          // (at 10 a second, a loaded machine's flood stayed under the limit for 30 s).
          configure: { $0.rateLimits[.read] = .init(perAddress: .init(perSecond: 1, burst: 10), perUser: .unlimited) },
          at: { gateway in
            let tally = Tally()
            // The bystander's calls before any flood: what they cost on this machine now.
            let before = try await Self.bystanderLatencies(gateway, calls: 3)
            // The flooder: 127.0.0.1, eight callers without pause until it has been
            // refused 24 times (counted, not timed, so a slow machine floods as surely).
            let flood = Task {
              try await withClient(to: gateway) { client in
                let service = Gym_Auth_V1_AuthService.Client(wrapping: client)
                await withTaskGroup(of: Void.self) { callers in
                  for _ in 0..<8 {
                    callers.addTask {
                      while tally.refusals < 24 {
                        let start = ContinuousClock.now
                        do {
                          _ = try await service.getSigningKeys(.init())
                          tally.state.withLock { $0.ok += 1 }
                        } catch {
                          tally.state.withLock { $0.refused.append(.now - start) }
                        }
                      }
                    }
                  }
                }
              }
            }
            #expect(try await eventually(within: .seconds(30)) { tally.refusals > 0 }, "the flood was never limited")
            // The bystander: 127.0.0.2, ten calls a second while the flood is being refused (with
            // the three before, within its own address's burst of 10).
            let latencies = try await Self.bystanderLatencies(gateway, calls: 6)
            try await flood.value
            let (ok, refused) = tally.state.withLock { ($0.ok, $0.refused.sorted()) }
            #expect(ok >= 10, "the flooder had its burst")
            // A refusal is answered after a 1 s hold; the bystander's calls were not held:
            // each costs less than a hold more than it did before the flood (compared with
            // what was measured here, so a loaded machine, slowing both, does not decide).
            #expect(refused[refused.count / 2] >= .seconds(1))
            let (median, usual) = (latencies[latencies.count / 2], before[before.count / 2])
            #expect(median < usual + .seconds(1), "bystander median \(median) during the flood, \(usual) before it")
          })
      }
    }
  }

  /// The bystander's calls from 127.0.0.2, ten a second (a refusal would throw), sorted.
  static func bystanderLatencies(_ gateway: HostPort, calls: Int) async throws -> [Duration] {
    try await withTCPRelay(to: gateway, from: "127.0.0.2") { relay in
      try await withClient(to: relay) { client in
        let service = Gym_Auth_V1_AuthService.Client(wrapping: client)
        var latencies: [Duration] = []
        for _ in 0..<calls {
          let start = ContinuousClock.now
          _ = try await service.getSigningKeys(.init())
          latencies.append(.now - start)
          try await Task.sleep(for: .milliseconds(100))
        }
        return latencies.sorted()
      }
    }
  }
}
