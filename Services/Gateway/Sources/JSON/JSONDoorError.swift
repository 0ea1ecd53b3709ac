import GRPCCore

/// A request the door answers itself, before any backend hears of it: not a route, a body
/// that is not the request's JSON, too large, the wrong media type.
struct JSONDoorError: Error {
  let httpStatus: Int
  let code: RPCError.Code
  var message: String
  /// Field violations (`google.rpc.BadRequest`), naming what to fix.
  var violations: [(field: String, description: String)] = []
  /// Extra response headers (`allow` for 405).
  var headers: [(String, String)] = []

  static func badParameter(name: String, _ description: String) -> JSONDoorError {
    JSONDoorError(httpStatus: 400, code: .invalidArgument, message: description, violations: [(name, description)])
  }

  static func badBody(field: String, _ description: String) -> JSONDoorError {
    let message = field.isEmpty ? "the body \(description)" : "\(field) \(description)"
    return JSONDoorError(
      httpStatus: 400, code: .invalidArgument, message: "invalid request: \(message)", violations: field.isEmpty ? [] : [(field, description)])
  }

  static func notFound(_ path: Substring) -> JSONDoorError {
    JSONDoorError(
      httpStatus: 404, code: .notFound,
      message: "no API at \(path.prefix(200)); the paths are listed in GET /openapi.json")
  }

  static func methodNotAllowed(_ verb: String, allowed: [String]) -> JSONDoorError {
    JSONDoorError(
      httpStatus: 405, code: .unimplemented,
      message: "\(verb.prefix(20)) is not served here; use \(allowed.joined(separator: " or "))",
      headers: [("allow", allowed.joined(separator: ", "))])
  }

  static func tooLarge(limit: Int) -> JSONDoorError {
    JSONDoorError(
      httpStatus: 413, code: .resourceExhausted,
      message: "the request body exceeds the limit of \(limit) bytes; send less (a stream: one message per line, each within the limit)")
  }

  static func unsupportedMediaType(_ contentType: String?, expected: String) -> JSONDoorError {
    JSONDoorError(
      httpStatus: 415, code: .invalidArgument,
      message: "the body's content-type is \(contentType.map { "'\($0.prefix(80))'" } ?? "missing"); send \(expected)",
      headers: [("accept", expected)])
  }

  static func originRefused(_ origin: String) -> JSONDoorError {
    JSONDoorError(
      httpStatus: 403, code: .permissionDenied,
      message: "pages from \(origin.prefix(200)) may not call this API; the operator lists the origins that may in GYM_GATEWAY_CORS_ORIGINS")
  }
}
