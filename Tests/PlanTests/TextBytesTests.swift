import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import Testing

extension PlanRPC {
  /// Plan bounds routine and session text by UTF-8 bytes as well as characters (issue 26).
  @Suite struct PlanTextBytesTests {
    @Test func aRoutineWithinTheCharactersButOverTheBytesIsRefusedNamingEachField() async throws {
      try await PlanFixture.run { env in
        let squat = try await env.exercise("back-squat")
        // Five bytes a character: 100 characters are 500 bytes.
        let heavy = "e\u{0301}\u{0301}"
        var bad = routine(String(repeating: heavy, count: 100), exercises: [squat])
        bad.description_p = String(repeating: heavy, count: 5000)
        let refused = await rpcError { _ = try await env.plan.createRoutine(.with { $0.routine = bad }, metadata: env.lena.metadata) }
        #expect(refused?.code == .invalidArgument)
        let byField = Dictionary((refused?.fieldViolations ?? []).map { ($0.field, $0.description) }, uniquingKeysWith: { a, _ in a })
        #expect(Set(byField.keys) == ["routine.name", "routine.description"])
        #expect(byField["routine.name"]?.contains("400 bytes (UTF-8)") == true)
        #expect(try await env.plan.listRoutines(.init(), metadata: env.lena.metadata).routines.isEmpty)
      }
    }

    /// Every note within its bounds, but 1,500 sets of long notes make a session of
    /// megabytes: a page of such sessions could not be served, so the workout is refused.
    @Test func aLoggedWorkoutTooLargeToServeIsRefusedNamingItsEntries() async throws {
      try await PlanFixture.run { env in
        let squat = try await env.exercise("back-squat")
        let note = String(repeating: "\u{1F4AA}", count: 500)  // 500 characters, 2,000 bytes
        let set = Gym_Plan_V1_LoggedSet.with {
          $0.reps = 5; $0.weightKg = 100; $0.notes = note
        }
        let request = Gym_Plan_V1_LogWorkoutRequest.with {
          $0.date = date(2026, 1, 5)
          $0.name = "Volume day"
          $0.entries = (0..<30).map { _ in
            .with {
              $0.exerciseID = squat; $0.sets = Array(repeating: set, count: 50)
            }
          }
        }
        let refused = await rpcError { _ = try await env.plan.logWorkout(request, metadata: env.lena.metadata) }
        #expect(refused?.code == .invalidArgument)
        #expect(refused?.fieldViolations.map(\.field) == ["entries"])
        #expect(refused?.fieldViolations.first?.description.contains("shorten the notes") == true)
        #expect(try await env.plan.listSessions(.init(), metadata: env.lena.metadata).sessions.isEmpty)

        // The same workout with short notes is logged.
        var small = request
        for e in small.entries.indices { for s in small.entries[e].sets.indices { small.entries[e].sets[s].notes = "ok" } }
        _ = try await env.plan.logWorkout(small, metadata: env.lena.metadata)
        #expect(try await env.plan.listSessions(.init(), metadata: env.lena.metadata).sessions.count == 1)
      }
    }

    /// Set by set, a live session of long notes grows the same way: the set that would
    /// take it past what can be served is refused, and the session still loads.
    @Test func aSetThatWouldMakeTheLiveSessionTooLargeToServeIsRefused() async throws {
      try await PlanFixture.run { env in
        let squat = try await env.exercise("back-squat")
        let plan = env.plan, lena = env.lena.metadata
        let created = try await plan.createRoutine(.with { $0.routine = routine("Volume", exercises: [squat]) }, metadata: lena).routine
        let session = try await plan.startSession(.with { $0.routineID = created.id }, metadata: lena).session
        let note = String(repeating: "\u{1F4AA}", count: 500)  // 500 characters, 2,000 bytes
        var accepted = 0
        var refused: RPCError?
        for _ in 0..<200 {
          refused = await rpcError {
            _ = try await plan.logSet(
              .with {
                $0.sessionID = session.id; $0.itemID = session.items[0].id;
                $0.set = .with {
                  $0.reps = 5; $0.weightKg = 100; $0.notes = note
                }
              },
              metadata: lena)
          }
          if refused != nil { break }
          accepted += 1
        }
        #expect(refused?.code == .invalidArgument)
        #expect(refused?.fieldViolations.map(\.field) == ["set"])
        #expect(accepted > 100 && accepted < 200)
        let active = try await plan.getActiveSession(.init(), metadata: lena).session
        #expect(active.items[0].loggedSets.count == accepted)
        // Refused at the very set that measuring the whole encoded session refuses (the
        // measure leaves names out): the session fits, one more such set would not.
        var measured = active
        for index in measured.items.indices { measured.items[index].exerciseName = "" }
        let fits: [UInt8] = try measured.serializedBytes()
        #expect(fits.count <= 256 << 10)
        var again = try #require(measured.items[0].loggedSets.last)
        again.loggedAt.nanos = 999_999_999  // as long as any instant's encoding
        measured.items[0].loggedSets.append(again)
        let oneMore: [UInt8] = try measured.serializedBytes()
        #expect(oneMore.count > 256 << 10)
        // A set without notes is taken exactly when the room left holds it (the room is
        // whatever the last long note left, which the fields' sizes decide).
        var bare = again
        bare.notes = ""
        measured.items[0].loggedSets[measured.items[0].loggedSets.count - 1] = bare
        let withBare: [UInt8] = try measured.serializedBytes()
        let small = await rpcError {
          _ = try await plan.logSet(
            .with {
              $0.sessionID = session.id; $0.itemID = session.items[0].id;
              $0.set = .with {
                $0.reps = 5; $0.weightKg = 100
              }
            }, metadata: lena)
        }
        if withBare.count <= 256 << 10 {
          #expect(small == nil, "a set without notes fits in the room left (\((256 << 10) - fits.count) bytes)")
        } else {
          #expect(small?.fieldViolations.map(\.field) == ["set"], "no room left for even a bare set")
        }
      }
    }
  }
}
