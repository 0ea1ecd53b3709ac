import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymAuth
import GymService
import GymTesting
import Synchronization
import Testing

/// Password hashing is the one expensive thing a stranger can ask for. A flood of it
/// through the gateway must be turned away at the hash queue, and must not hold up
/// other users' calls, which need no hash.
@Suite struct LoginFloodTests {
  /// Each flood call's status; nil for OK.
  final class Outcomes: Sendable {
    let counts = Mutex<[RPCError.Code?: Int]>([:])
    /// What the first refusal of each unexpected kind said, for the failure's message.
    let unexpected = Mutex<[String]>([])
    let stop = Atomic(false)
  }

  @Test func aLoginFloodDoesNotHoldUpOtherUsersSessions() async throws {
    // Two hundred sign-ins at once: alone among the gateway tests (LoadGate).
    try await LoadGate.alone {
      try await withRunningAuth(configure: {
        // Each hash costs real time, one at a time, with a short queue: 200 callers
        // saturate it at once.
        $0.hashParameters = .init(logN: 13)
        $0.hashConcurrency = 1
        $0.hashQueue = 4
      }) { auth in
        // The gateway's rate limits are off: this is about the hash queue (with them on, the
        // flood from one address is refused at the gateway before it reaches auth).
        try await GatewayFixture.runGateway(
          auth: auth.address, credential: auth.credential, configure: { $0.rateLimits = [:] },
          at: { address in
            // The flood and the other user come over connections of their own, as they would.
            try await withClient(to: address) { attacker in
              try await withClient(to: address) { other in
                let service = Gym_Auth_V1_AuthService.Client(wrapping: other)
                let flood = Gym_Auth_V1_AuthService.Client(wrapping: attacker)
                let flooded = newAccount("flood_target")
                // Generous deadlines for the calls the test itself makes: hashes run at a low
                // priority, and the rest of the test suite shares the machine.
                var patient = CallOptions.defaults
                patient.timeout = .seconds(60)
                _ = try await service.register(flooded, options: patient)
                let victim = newAccount("quiet_user")
                var tokens = try await service.register(victim, options: patient).tokens
                // One hash's time on this machine now: a call held up behind the 200 callers
                // would wait for many of them.
                let loginStarted = ContinuousClock.now
                _ = try await service.login(
                  .with {
                    $0.identifier = flooded.username; $0.password = flooded.password
                  }, options: patient)
                let oneHash = ContinuousClock.now - loginStarted

                let outcomes = Outcomes()
                let floodEnds = ContinuousClock.now + .seconds(60)
                let flooding = Task {
                  await withTaskGroup(of: Void.self) { group in
                    for _ in 0..<200 {
                      group.addTask {
                        while ContinuousClock.now < floodEnds, !outcomes.stop.load(ordering: .relaxed) {
                          var code: RPCError.Code? = nil
                          var retryAfter: Duration = .zero
                          do {
                            _ = try await flood.login(
                              .with {
                                $0.identifier = flooded.username; $0.password = flooded.password
                              })
                          } catch let error as RPCError {
                            code = error.code
                            retryAfter = error.retryDelay ?? .zero
                            if ![.resourceExhausted, .deadlineExceeded].contains(error.code) {
                              outcomes.unexpected.withLock { if $0.count < 3 { $0.append("\(error)") } }
                            }
                          } catch {
                            code = .unknown
                          }
                          outcomes.counts.withLock { $0[code, default: 0] += 1 }
                          // Each caller keeps one Login in flight, coming back when told to (a
                          // second at least, as gRPC's retry backoff would): 200 callers keep the
                          // hash queue full. (A flood of calls that ignores the
                          // delay is the gateway's per-address rate limit's to stop.)
                          if code != nil { try? await Task.sleep(for: max(retryAfter, .seconds(1))) }
                        }
                      }
                    }
                  }
                }
                // Once the queue is full, the other user's session works as usual.
                // Bounded well inside the flood's minute: 200 callers fill the queue in moments
                // on an idle machine, and a loaded one must not decide.
                #expect(try await eventually(within: .seconds(40)) { outcomes.counts.withLock { $0[.resourceExhausted, default: 0] } > 0 })
                var rounds: [Duration] = []
                while rounds.count < 10 {
                  let started = ContinuousClock.now
                  let me = try await service.getMe(.init(), metadata: bearer(tokens.accessToken), options: patient)
                  #expect(me.user.username == victim.username)
                  tokens = try await service.refreshSession(.with { $0.refreshToken = tokens.refreshToken }, options: patient).tokens
                  rounds.append(ContinuousClock.now - started)
                }
                outcomes.stop.store(true, ordering: .relaxed)
                await flooding.value
                let seen = outcomes.counts.withLock { $0 }
                // A hash takes tens of milliseconds here and 200 callers want one: a GetMe or
                // RefreshSession queued behind them would wait for about 200 hashes. (The
                // median, bounded by the hash measured above, so a loaded machine, which slows
                // both, does not decide.)
                let median = rounds.sorted()[rounds.count / 2]
                #expect(median < max(.seconds(3), oneHash * 40), "GetMe + RefreshSession took \(rounds) during the flood; one hash \(oneHash)")
                #expect(seen[nil, default: 0] > 0, "the flood's own logins still go through, one hash at a time")
                // Refused at once with RESOURCE_EXHAUSTED; an admitted one may outlive its deadline
                // on a loaded machine (hashes run at low priority). Nothing else.
                #expect(
                  Set(seen.keys).isSubset(of: [nil, .resourceExhausted, .deadlineExceeded]), "\(seen) \(outcomes.unexpected.withLock { $0 })")
              }
            }
          })
      }
    }
  }
}
