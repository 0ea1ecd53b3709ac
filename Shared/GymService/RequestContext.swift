import Foundation
import Logging

/// Per-RPC values that every layer may read: the request id the gateway assigned and
/// the verified caller. Carried in a task local so handlers and outgoing calls see them
/// without threading them through every signature.
public struct RequestContext: Sendable {
  public static let requestIDKey = "x-request-id"

  public var requestID: String
  public var caller: Caller?
  public var clientAddress: String?
  /// True when the caller presented the service credential (another gym process).
  public var isServiceCall = false

  public init(requestID: String, caller: Caller? = nil, clientAddress: String? = nil) {
    self.requestID = requestID
    self.caller = caller
    self.clientAddress = clientAddress
  }

  @TaskLocal public static var current: RequestContext?

  /// A fresh id: 16 random bytes as hex.
  public static func newRequestID() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
  }
}

extension Logger.MetadataProvider {
  /// Adds `request_id` (and `user_id` once known) to every log line written during an RPC.
  public static let requestContext = Logger.MetadataProvider {
    guard let context = RequestContext.current else { return [:] }
    var metadata: Logger.Metadata = ["request_id": .string(context.requestID)]
    if let caller = context.caller { metadata["user_id"] = .string(caller.userID) }
    return metadata
  }
}
