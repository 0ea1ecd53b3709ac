import Foundation
import GRPCCore
import GymAPI
import NIOHPACK
import SwiftProtobuf

/// A failed call as an HTTP/JSON client reads it: the HTTP status of its gRPC code and a
/// `google.rpc.Status` body `{code, message, details}` whose details (field violations,
/// retry delay) come from `grpc-status-details-bin` as the services sent them.
struct JSONErrorBody {
  let httpStatus: Int
  let json: [UInt8]
  /// Whole seconds from `google.rpc.RetryInfo`, for `Retry-After`.
  let retryAfter: Int?

  init(status: Google_Rpc_Status) {
    _ = Self.registered
    httpStatus = HTTPStatusMapping.status(forGRPCCode: Int(status.code))
    json = Self.encode(status)
    retryAfter =
      status.details.lazy.compactMap { detail -> Int? in
        guard detail.isA(Google_Rpc_RetryInfo.self), let info = try? Google_Rpc_RetryInfo(unpackingAny: detail) else { return nil }
        let delay = info.retryDelay
        let seconds = Int(delay.seconds) + (delay.nanos > 0 ? 1 : 0)
        return max(1, seconds)
      }.first
  }

  /// From a call's trailers (or trailers-only answer); nil when they say OK.
  init?(trailers: HPACKHeaders) {
    let code = trailers["grpc-status"].first.flatMap { Int($0) } ?? 2
    guard code != 0 else { return nil }
    var status = Google_Rpc_Status()
    if let details = trailers["grpc-status-details-bin"].first, let bytes = Self.base64(details),
      let decoded = try? Google_Rpc_Status(serializedBytes: bytes)
    {
      status = decoded
    }
    // The trailers' code and message are the call's, whatever the details repeat.
    status.code = Int32(code)
    status.message = trailers["grpc-message"].first.map(Self.percentDecoded) ?? ""
    self.init(status: status)
  }

  init(_ error: JSONDoorError) {
    var status = Google_Rpc_Status()
    status.code = Int32(error.code.rawValue)
    status.message = error.message
    if !error.violations.isEmpty {
      let badRequest = Google_Rpc_BadRequest.with {
        $0.fieldViolations = error.violations.map { violation in
          .with {
            $0.field = violation.field
            $0.description_p = violation.description
          }
        }
      }
      if let packed = try? Google_Protobuf_Any(message: badRequest) { status.details = [packed] }
    }
    self.init(status: status)
    if httpStatus != error.httpStatus { self = JSONErrorBody(httpStatus: error.httpStatus, json: json, retryAfter: retryAfter) }
  }

  private init(httpStatus: Int, json: [UInt8], retryAfter: Int?) {
    self.httpStatus = httpStatus
    self.json = json
    self.retryAfter = retryAfter
  }

  /// The status as one JSON value (a stream's last line wraps it as `{"error": …}`).
  private static func encode(_ status: Google_Rpc_Status) -> [UInt8] {
    if let json: [UInt8] = try? status.jsonUTF8Bytes(options: HTTPRoute.encodingOptions) { return json }
    // A detail of a type this build does not know cannot be written as JSON: the others can.
    var known = status
    known.details = status.details.filter { detail in (try? detail.jsonUTF8Bytes() as [UInt8]) != nil }
    return (try? known.jsonUTF8Bytes(options: HTTPRoute.encodingOptions)) ?? Array(#"{"code":13,"message":"the error could not be written as JSON"}"#.utf8)
  }

  /// The `google.rpc` detail types, known to `Any`'s JSON form (once per process).
  private static let registered: Void = {
    let types: [any Message.Type] = [
      Google_Rpc_BadRequest.self, Google_Rpc_RetryInfo.self, Google_Rpc_ErrorInfo.self, Google_Rpc_DebugInfo.self,
      Google_Rpc_QuotaFailure.self, Google_Rpc_PreconditionFailure.self, Google_Rpc_RequestInfo.self, Google_Rpc_ResourceInfo.self,
      Google_Rpc_Help.self, Google_Rpc_LocalizedMessage.self,
    ]
    for type in types { Google_Protobuf_Any.register(messageType: type) }
  }()

  /// gRPC's binary headers are base64 with or without padding.
  private static func base64(_ text: String) -> [UInt8]? {
    var padded = text
    while padded.utf8.count % 4 != 0 { padded += "=" }
    return Data(base64Encoded: padded).map { Array($0) }
  }

  /// `grpc-message` is percent-encoded.
  static func percentDecoded(_ text: String) -> String {
    guard text.contains("%") else { return text }
    return RequestPath.decode(Substring(text), keepSlash: false) ?? text
  }
}
