import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import NIOHPACK
import SwiftProtobuf
import Testing

@testable import GymGateway

/// Failed calls as HTTP/JSON: the HTTP status of each gRPC code, a google.rpc.Status body
/// with the details the services sent, Retry-After from RetryInfo.
@Suite struct JSONErrorBodyTests {
  @Test func everyCodeHasItsHTTPStatus() {
    let expected: [RPCError.Code: Int] = [
      .cancelled: 499, .unknown: 500, .invalidArgument: 400, .deadlineExceeded: 504, .notFound: 404, .alreadyExists: 409,
      .permissionDenied: 403, .resourceExhausted: 429, .failedPrecondition: 400, .aborted: 409, .outOfRange: 400,
      .unimplemented: 501, .internalError: 500, .unavailable: 503, .dataLoss: 500, .unauthenticated: 401,
    ]
    for (code, status) in expected {
      #expect(HTTPStatusMapping.status(forGRPCCode: code.rawValue) == status, "\(code)")
    }
    #expect(HTTPStatusMapping.status(forGRPCCode: 0) == 200)
  }

  /// The trailers a service sends for field violations, as the relay passes them on.
  @Test func fieldViolationsBecomeTheBodysDetails() throws {
    let error = RPCError.invalidArgument([FieldViolation("password", "must be at least 15 characters"), FieldViolation("email", "is not an address")])
    let body = try #require(JSONErrorBody(trailers: GRPCWire.trailersOnly(error, requestID: "r1")))
    #expect(body.httpStatus == 400 && body.retryAfter == nil)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(body.json)) as? [String: Any])
    #expect(json["code"] as? Int == 3)
    #expect((json["message"] as? String)?.contains("password: must be at least 15 characters") == true)
    let details = try #require(json["details"] as? [[String: Any]])
    #expect(details.first?["@type"] as? String == "type.googleapis.com/google.rpc.BadRequest")
    let violations = try #require(details.first?["fieldViolations"] as? [[String: String]])
    #expect(violations == [["field": "password", "description": "must be at least 15 characters"], ["field": "email", "description": "is not an address"]])
  }

  @Test func retryInfoBecomesRetryAfterInWholeSeconds() throws {
    let error = RPCError.resourceExhausted("too many calls; slow down", retryAfter: .milliseconds(2_300))
    let body = try #require(JSONErrorBody(trailers: GRPCWire.trailersOnly(error, requestID: nil)))
    #expect(body.httpStatus == 429 && body.retryAfter == 3)
    let text = String(decoding: body.json, as: UTF8.self)
    #expect(text.contains(#""@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"2.300s""#), "\(text)")
  }

  @Test func aStatusWithoutDetailsKeepsItsPercentDecodedMessage() throws {
    let body = try #require(JSONErrorBody(trailers: ["grpc-status": "5", "grpc-message": "no routine %E2%80%9Cr1%E2%80%9D"]))
    #expect(body.httpStatus == 404)
    #expect(String(decoding: body.json, as: UTF8.self) == #"{"code":5,"message":"no routine “r1”"}"#)
    #expect(JSONErrorBody(trailers: ["grpc-status": "0"]) == nil)
  }
}
