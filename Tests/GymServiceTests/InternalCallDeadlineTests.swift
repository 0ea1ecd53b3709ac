import GRPCCore
import Testing

@testable import GymService

/// A service's calls to other services get no more time than its own caller has left.
@Suite struct InternalCallDeadlineTests {
  func within<T>(deadline: ContinuousClock.Instant?, _ body: () -> T) -> T {
    var context = RequestContext(requestID: "r")
    context.deadline = deadline
    return RequestContext.$current.withValue(context, operation: body)
  }

  @Test func theCallersRemainingDeadlineBoundsEachHop() {
    let before = ContinuousClock.now
    let short = within(deadline: before + .milliseconds(300)) { CallOptions.internalCall() }
    let spent = ContinuousClock.now - before
    // What was left of the 300 ms when the hop was set up (however slowly this ran).
    #expect(short.timeout.map { $0 <= .milliseconds(300) && $0 >= .milliseconds(300) - spent } == true)
    // A caller with more time than the hop's own bound leaves the bound.
    let long = within(deadline: .now + .seconds(60)) { CallOptions.internalCall(timeout: .seconds(3)) }
    #expect(long.timeout == .seconds(3))
    // Already past: the hop fails at once instead of working for nobody.
    let late = within(deadline: .now - .seconds(1)) { CallOptions.internalCall() }
    #expect(late.timeout == .milliseconds(1))
    // A stream with no bound of its own ends with its caller's deadline.
    let stream = within(deadline: .now + .seconds(2)) { CallOptions.internalCall(timeout: nil) }
    #expect(stream.timeout.map { $0 <= .seconds(2) } == true)
    // Outside any RPC (workers, followers): the process's bound for a hop
    // (GYM_INTERNAL_CALL_TIMEOUT_SECONDS; the test processes set a wide one).
    #expect(CallOptions.internalCall().timeout == CallOptions.internalCallTimeout)
    #expect(CallOptions.internalCall(timeout: nil).timeout == nil)
  }
}
