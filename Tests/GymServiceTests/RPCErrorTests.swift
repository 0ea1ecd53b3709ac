import GRPCCore
import GymStore
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

  @Test func manyViolationsListTheFirstFewAndCountTheRest() {
    let violations = (0..<150).map { FieldViolation("kinds[\($0)]", String(repeating: "not a kind; ", count: 40)) }
    let error = RPCError.invalidArgument(violations)
    #expect(error.fieldViolations.count == RPCError.listedViolations)
    #expect(error.fieldViolations.first?.field == "kinds[0]")
    #expect(error.message.hasSuffix("; and 140 more"))
    #expect(error.message.utf8.count <= RPCError.maximumMessageBytes)
    let trailers = error.metadata.reduce(error.message.utf8.count) { total, entry in
      switch entry.value {
      case .string(let text): total + entry.key.utf8.count + text.utf8.count
      case .binary(let bytes): total + entry.key.utf8.count + (bytes.count + 2) / 3 * 4  // base64 on the wire
      }
    }
    #expect(trailers < 8192, "\(trailers) bytes of trailers")
  }

  @Test func aMessageQuotingAHugeValueIsCutOnACharacter() {
    let error = RPCError.notFound("no routine with id " + String(repeating: "é", count: 50_000)).bounded()
    #expect(error.message.utf8.count <= RPCError.maximumMessageBytes)
    #expect(error.message.hasPrefix("no routine with id éé") && error.message.hasSuffix("…"))
    let mapped = RequestInterceptor.map(
      RPCError.invalidArgument(field: "id", String(repeating: "x", count: 100_000)), method: MethodDescriptor(fullyQualifiedService: "a.B", method: "C"),
      logger: Logger(label: "t"))
    #expect(mapped.message.utf8.count <= RPCError.maximumMessageBytes)
  }

  @Test func resourceExhaustedCarriesRetryDelay() {
    let error = RPCError.resourceExhausted("slow down", retryAfter: .seconds(42))
    #expect(error.retryDelay == .seconds(42))
  }

  @Test func unexpectedErrorsBecomeInternalNeverUnknown() {
    struct Boom: Error {}
    let mapped = RequestInterceptor.map(Boom(), method: MethodDescriptor(fullyQualifiedService: "a.B", method: "C"), logger: .init(label: "t"))
    #expect(mapped.code == .internalError)
    #expect(
      RequestInterceptor.map(RPCError(code: .notFound, message: "x"), method: .init(fullyQualifiedService: "a.B", method: "C"), logger: .init(label: "t")).code
        == .notFound)
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
    #expect(ClientReason.text(for: GymError.invalid([FieldViolation("name", "is required")]), logger: logger) == "name: is required")
    #expect(ClientReason.text(for: RPCError(code: .notFound, message: "no such place"), logger: logger) == "no such place")
  }
}
