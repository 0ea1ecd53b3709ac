import GRPCCore
import Logging
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

  @Test func aDependencyKeepsTimeoutApartFromDownAndHidesWhatItSaid() {
    let logger = Logger(label: "t")
    let slow = DependencyError.from(
      RPCError(code: .deadlineExceeded, message: "sqlite busy at /data/auth.sqlite"), dependency: "auth", logger: logger)
    #expect(RPCError(slow).code == .deadlineExceeded)
    #expect(RPCError(slow).message == "auth did not answer in time; try again")
    let down = DependencyError.from(
      RPCError(code: .unavailable, message: "connection refused 10.0.0.7:7001"), dependency: "auth", logger: logger)
    #expect(RPCError(down).code == .unavailable)
    #expect(!RPCError(down).message.contains("10.0.0.7"))
  }

  @Test func importReasonsNeverCarryInternalText() {
    struct DiskTrouble: Error { var path = "/var/lib/gym/catalog.sqlite" }
    let logger = Logger(label: "t")
    #expect(!ClientReason.text(for: DiskTrouble(), logger: logger).contains("sqlite"))
    #expect(ClientReason.text(for: FieldViolations([FieldViolation("name", "is required")]), logger: logger) == "name: is required")
    #expect(ClientReason.text(for: RPCError(code: .notFound, message: "no such place"), logger: logger) == "no such place")
  }
}
