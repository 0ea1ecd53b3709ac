import GRPCCore
import Instrumentation
import Tracing

/// A call's span as the OpenTelemetry RPC conventions name it (`rpc.system`, `rpc.service`,
/// `rpc.method`, `rpc.grpc.status_code`): the server's in every process, the client's for
/// each call one process makes to another, the gateway's for each call it relays.
public enum RPCSpan {
  public static func start(_ method: MethodDescriptor, parent: ServiceContext, kind: SpanKind, requestID: String? = nil) -> any Span {
    let span = startSpan(method.fullyQualifiedMethod, context: parent, ofKind: kind)
    span.attributes["rpc.system"] = "grpc"
    span.attributes["rpc.service"] = method.service.fullyQualifiedService
    span.attributes["rpc.method"] = method.method
    if let requestID { span.attributes["gym.request_id"] = requestID }
    return span
  }

  /// Ends the span with the call's status (`code` nil: OK).
  public static func end(_ span: any Span, code: RPCError.Code?) {
    end(span, status: code.map { Int($0.rawValue) } ?? 0, name: code?.canonicalName ?? "OK")
  }

  /// Ends the span with the call's status by its number and canonical name.
  public static func end(_ span: any Span, status: Int, name: String) {
    span.attributes["rpc.grpc.status_code"] = status
    if status != 0 { span.setStatus(.init(code: .error, message: name)) }
    span.end()
  }
}
