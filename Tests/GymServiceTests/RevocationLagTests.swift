import Foundation
import GRPCCore
import GymAPI
import Testing

@testable import GymService

/// Issue 14 item 4: when auth's revocation stream goes quiet, a process stops vouching
/// for tokens it can no longer check and says so in its health.
@Suite struct RevocationLagTests {
  @Test func silencePastTheBoundRefusesOlderTokensAndReportsNotServing() async throws {
    let start = Date()
    let list = RevocationList(maxLag: .seconds(10), now: start)
    list.apply([], head: 0, epoch: "e1", now: start)
    // Within the bound: the heartbeat keeps every token good.
    #expect(list.lagBegan(now: start.addingTimeInterval(9)) == nil)
    #expect((try? list.checkLag(now: start.addingTimeInterval(9))) != nil)
    // Past it: lagging since the last word; tokens issued before then are refused.
    let late = start.addingTimeInterval(11)
    #expect(list.lagBegan(now: late) == start)
    #expect(throws: RevocationLag.self) { try list.checkLag(now: late) }
    // (sessionCheck reads the clock: prove it with a list whose last word is long past.)
    let silent = RevocationList(maxLag: .seconds(3), now: Date().addingTimeInterval(-60))
    let before = Caller(userID: "u", sessionID: "s", roles: [], issuedAt: Date().timeIntervalSince1970 - 120)
    let after = Caller(userID: "u", sessionID: "s", roles: [], issuedAt: Date().timeIntervalSince1970 - 30)
    let refused = await #expect(throws: RPCError.self) { try await silent.sessionCheck(before) }
    #expect(refused?.code == .unauthenticated)
    #expect(refused?.message == "the session cannot be confirmed right now; refresh the access token")
    try await silent.sessionCheck(after)
    // A heartbeat ends the lag.
    silent.apply([], head: 0, epoch: "e1")
    try await silent.sessionCheck(before)
  }

  @Test func anotherEpochOrAHeadBehindTheCursorMeansReadingAgain() {
    let list = RevocationList()
    #expect(
      list.apply(
        [
          .with {
            $0.cursor = 7; $0.sessionID = "s7"
          }
        ], head: 7, epoch: "first") == .applied)
    #expect(list.cursor == 7)
    // Same epoch, head behind us: the database went back.
    #expect(list.apply([], head: 2, epoch: "first") == .resync)
    #expect(list.cursor == 0)
    #expect(
      list.apply(
        [
          .with {
            $0.cursor = 7; $0.sessionID = "s7"
          }
        ], head: 7, epoch: "first") == .applied)
    // A new epoch (auth restarted): read again from 0, but keep what we knew.
    #expect(list.apply([], head: 9, epoch: "second") == .resync)
    #expect(list.cursor == 0)
    #expect(list.isRevoked(Caller(userID: "", sessionID: "s7", roles: [])))
  }
}
