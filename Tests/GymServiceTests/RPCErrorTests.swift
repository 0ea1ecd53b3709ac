import GRPCCore
import Testing

@testable import GymService

@Suite struct RPCErrorTests {
  @Test func invalidArgumentCarriesEveryFieldViolation() {
    let error = RPCError.invalidArgument([FieldViolation("email", "must look like name@example.com"), FieldViolation("password", "too short")])
    #expect(error.code == .invalidArgument)
    #expect(error.fieldViolations == [FieldViolation("email", "must look like name@example.com"), FieldViolation("password", "too short")])
    #expect(error.message.contains("email: must look like name@example.com"))
  }

  @Test func resourceExhaustedCarriesRetryDelay() {
    let error = RPCError.resourceExhausted("slow down", retryAfter: .seconds(42))
    #expect(error.retryDelay == .seconds(42))
  }

  @Test func unexpectedErrorsBecomeInternalNeverUnknown() {
    struct Boom: Error {}
    let mapped = RequestInterceptor.map(Boom(), method: MethodDescriptor(fullyQualifiedService: "a.B", method: "C"), logger: .init(label: "t"))
    #expect(mapped.code == .internalError)
    #expect(RequestInterceptor.map(RPCError(code: .notFound, message: "x"), method: .init(fullyQualifiedService: "a.B", method: "C"), logger: .init(label: "t")).code == .notFound)
  }

  @Test func peerAddressesAreReducedToTheHost() {
    #expect(RequestInterceptor.host(ofPeer: "ipv4:127.0.0.1:5000") == "127.0.0.1")
    #expect(RequestInterceptor.host(ofPeer: "ipv6:[::1]:5000") == "::1")
  }
}
