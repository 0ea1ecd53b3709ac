import GRPCCore
import GymStore
import Logging

/// The text a client may read about a failure that does not end its call (an import's
/// rejected item): a mapped error's own words (field violations without the "invalid
/// request" prefix), never the internal description of anything else; that goes to the
/// log with the request id, which the text quotes.
public enum ClientReason {
  public static func text(for error: any Error, logger: Logger) -> String {
    if let mapped = error as? any RPCErrorConvertible {
      let rpcError = RPCError(mapped)
      let violations = rpcError.fieldViolations
      return violations.isEmpty ? rpcError.message : violations.summary
    }
    if let fault = StorageFault(error) { return fault.rpcError.message }
    let requestID = RequestContext.current?.requestID ?? "-"
    logger.error("item failed", metadata: ["error": "\(String(reflecting: error))", "request_id": "\(requestID)"])
    return "could not be stored because of an internal error; request id \(requestID)"
  }
}
