import GRPCCore
import GRPCProtobuf
import GymStore

/// Status builders for the error table in docs/api.md, so every service phrases
/// the same situation the same way.
extension RPCError {
  /// Violations an answer lists; the rest are counted. Trailers travel in one header
  /// list, which standard clients refuse past 16 KiB (grpcio reports the call as
  /// UNAVAILABLE), so every error stays well under 8 KiB.
  public static let listedViolations = 10
  /// The longest `grpc-message`, in UTF-8 bytes.
  public static let maximumMessageBytes = 1024
  /// Status details (`grpc-status-details-bin`) larger than this are dropped; the code
  /// and message remain.
  public static let maximumDetailsBytes = 4096

  /// INVALID_ARGUMENT with `google.rpc.BadRequest` field violations; the message lists
  /// them too, for clients that do not decode details. At most `listedViolations` are
  /// listed, each cut to a few hundred bytes, and the message says how many more.
  public static func invalidArgument(_ violations: [FieldViolation]) -> RPCError {
    let listed = violations.prefix(listedViolations).map {
      FieldViolation($0.field.truncated(utf8Bytes: 120), $0.description.truncated(utf8Bytes: 240))
    }
    let more = violations.count > listed.count ? "; and \(violations.count - listed.count) more" : ""
    let message = ("invalid request: " + listed.summary).truncated(utf8Bytes: maximumMessageBytes - more.utf8.count) + more
    let status = GoogleRPCStatus(
      code: .invalidArgument,
      message: message,
      details: [.badRequest(violations: listed.map { .init(field: $0.field, description: $0.description) })]
    )
    return RPCError(code: .invalidArgument, message: message, metadata: status.rpcErrorMetadata)
  }

  /// This error within what every client reads: the message cut to
  /// `maximumMessageBytes`, oversized status details dropped (a message may quote what
  /// the caller sent, e.g. an id of any length).
  public func bounded() -> RPCError {
    var bounded = self
    bounded.message = message.truncated(utf8Bytes: Self.maximumMessageBytes)
    let detailsKey = "grpc-status-details-bin"
    let detailsBytes = metadata[binaryValues: detailsKey].reduce(0) { $0 + $1.count }
    if detailsBytes > Self.maximumDetailsBytes { bounded.metadata.removeAllValues(forKey: detailsKey) }
    return bounded
  }

  public static func invalidArgument(field: String, _ description: String) -> RPCError {
    invalidArgument([FieldViolation(field, description)])
  }

  /// RESOURCE_EXHAUSTED with `google.rpc.RetryInfo` saying when to try again.
  public static func resourceExhausted(_ message: String, retryAfter: Duration) -> RPCError {
    let status = GoogleRPCStatus(code: .resourceExhausted, message: message, details: [.retryInfo(delay: retryAfter)])
    return RPCError(code: .resourceExhausted, message: message, metadata: status.rpcErrorMetadata)
  }

  public static func unauthenticated(_ message: String) -> RPCError {
    RPCError(code: .unauthenticated, message: message)
  }

  public static func permissionDenied(_ message: String) -> RPCError {
    RPCError(code: .permissionDenied, message: message)
  }

  public static func notFound(_ message: String) -> RPCError {
    RPCError(code: .notFound, message: message)
  }

  public static func alreadyExists(field: String, _ message: String) -> RPCError {
    let status = GoogleRPCStatus(
      code: .alreadyExists, message: message,
      details: [.badRequest(violations: [.init(field: field, description: message)])]
    )
    return RPCError(code: .alreadyExists, message: message, metadata: status.rpcErrorMetadata)
  }

  /// The field violations carried by an error, if any (tests and clients).
  public var fieldViolations: [FieldViolation] {
    guard let status = try? unpackGoogleRPCStatus() else { return [] }
    return status.details.compactMap(\.badRequest).flatMap(\.violations).map {
      FieldViolation($0.field, $0.violationDescription)
    }
  }

  /// The retry delay carried by an error, if any.
  public var retryDelay: Duration? {
    guard let status = try? unpackGoogleRPCStatus() else { return nil }
    return status.details.compactMap(\.retryInfo).first?.delay
  }
}

/// A service's domain error that maps itself to one `RPCError` (its entry in the error
/// table); the `RPCErrorConvertible` members follow from that single mapping.
public protocol GymErrorMapping: RPCErrorConvertible {
  var rpcError: RPCError { get }
}

extension GymErrorMapping {
  public var rpcErrorCode: RPCError.Code { rpcError.code }
  public var rpcErrorMessage: String { rpcError.message }
  public var rpcErrorMetadata: Metadata { rpcError.metadata }
}
