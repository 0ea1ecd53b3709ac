import GRPCCore
import GymStore
import Logging
import Testing

@testable import GymService

/// The one mapping from the refusals every service shares to status codes and the words
/// a client reads, one row per case. `row(for:)` switches over every case, so a new case
/// does not compile until it has a row here; each service's `…ErrorStatusTests` checks
/// the words it uses on top.
@Suite struct GymErrorStatusTests {
  static let samples: [GymError] = [
    .invalid([FieldViolation("name", "is required"), FieldViolation("size", "must be positive")]),
    .notFound("no thing with id t1"),
    .permissionDenied("managing things needs the admin role"),
    .failedPrecondition("the thing is closed"),
    .alreadyExists(field: "thing.slug", "a thing with this slug already exists"),
    .staleEtag("thing"),
  ]

  static func row(for error: GymError) -> (RPCError.Code, String) {
    switch error {
    case .invalid: (.invalidArgument, "invalid request: name: is required; size: must be positive")
    case .notFound: (.notFound, "no thing with id t1")
    case .permissionDenied: (.permissionDenied, "managing things needs the admin role")
    case .failedPrecondition: (.failedPrecondition, "the thing is closed")
    case .alreadyExists: (.alreadyExists, "a thing with this slug already exists")
    case .staleEtag: (.aborted, "the thing changed since you read it; read it again and reapply your change")
    }
  }

  @Test(arguments: samples)
  func mapsToItsStatusAndWords(_ error: GymError) {
    let (code, message) = Self.row(for: error)
    #expect(RPCError(error).code == code)
    #expect(RPCError(error).message == message)
  }

  @Test func fieldErrorsNameTheirFields() {
    #expect(RPCError(Self.samples[0]).fieldViolations.map(\.field) == ["name", "size"])
    #expect(RPCError(GymError.alreadyExists(field: "thing.slug", "taken")).fieldViolations.map(\.field) == ["thing.slug"])
    #expect(GymError.invalid([FieldViolation("name", "is required")]).violations.map(\.field) == ["name"])
    #expect(GymError.notFound("x").violations.isEmpty)
  }

  /// A handler throws these bare: the request interceptor maps them like any other
  /// shared failure, never as INTERNAL.
  @Test func theInterceptorMapsThemWithoutWrapping() {
    let method = MethodDescriptor(fullyQualifiedService: "gym.test.v1.Things", method: "Get")
    let mapped = RequestInterceptor.map(GymError.staleEtag("thing"), method: method, logger: .init(label: "t"))
    #expect(mapped.code == .aborted)
    #expect(mapped.message == "the thing changed since you read it; read it again and reapply your change")
  }
}
