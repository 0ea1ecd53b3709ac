/// Keeps the gateway tests that throw hundreds of calls at once (a flood, a storm of
/// resets) from running beside the other gateway tests: on two cores they starved the
/// others' in-process auth and gateway past their deadlines (CI, 2026-11-27: a dozen
/// gateway tests failing after 75–98 s while the storm test ran). Each gateway the fixture
/// starts holds the gate shared; a heavy test (the address flood, the reset storm, the
/// sign-in flood) holds it alone. Waiters are served in order,
/// so a heavy test is not starved by a stream of light ones.
actor LoadGate {
  private static let gate = LoadGate()
  @TaskLocal private static var holdsItAlone = false
  /// A gateway started inside another's test (nested) shares the gate already held: asking
  /// again could wait behind a heavy test that waits for the outer one.
  @TaskLocal private static var holdsItShared = false

  private var sharing = 0
  private var alone = false
  private var waiting: [(alone: Bool, resume: CheckedContinuation<Void, Never>)] = []

  /// Runs `body` beside other shared holders, never beside a heavy test.
  static func shared<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    if holdsItAlone || holdsItShared { return try await body() }  // held already
    return try await holding(alone: false) { try await $holdsItShared.withValue(true) { try await body() } }
  }

  /// Runs `body` with no other gateway test running.
  static func alone<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    try await holding(alone: true) { try await $holdsItAlone.withValue(true) { try await body() } }
  }

  /// The gate held around `body`, let go however it ends.
  private static func holding<T: Sendable>(alone: Bool, _ body: () async throws -> T) async throws -> T {
    await gate.acquire(alone: alone)
    do {
      let result = try await body()
      await gate.release(alone: alone)
      return result
    } catch {
      await gate.release(alone: alone)
      throw error
    }
  }

  private func acquire(alone wanted: Bool) async {
    if waiting.isEmpty, !alone, !wanted || sharing == 0 {
      take(alone: wanted)
      return
    }
    await withCheckedContinuation { waiting.append((wanted, $0)) }
  }

  private func take(alone wanted: Bool) {
    if wanted { alone = true } else { sharing += 1 }
  }

  private func release(alone held: Bool) {
    if held { alone = false } else { sharing -= 1 }
    // In order: shared holders go together; one that wants the gate alone waits for them.
    while let next = waiting.first, !alone, !next.alone || sharing == 0 {
      waiting.removeFirst()
      take(alone: next.alone)
      next.resume.resume()
    }
  }
}
