import Foundation
import GRPCCore
import GymService
import Synchronization

/// Registers every routed method with raw-bytes coding and forwards each call to its
/// backend as a bidirectional stream: request messages, response messages, metadata
/// and status pass through unchanged, with the request id, client address and a
/// bounded deadline added.
struct Forwarder: RegistrableRPCService {
  struct Deadlines: Sendable {
    var defaultTimeout: Duration
    var maximumTimeout: Duration
  }

  let routes: [(Route, Backend)]
  let deadlines: Deadlines
  let streamQuota: StreamQuota
  let maxMessageBytes: Int
  /// Sent with `x-forwarded-for` so backends believe it (clients' own copies are dropped).
  let forwardingProof: String
  let metrics: RPCMetrics

  func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
    for (route, backend) in routes {
      for method in route.methods {
        let pool = backend.pool(for: method)
        router.registerHandler(
          forMethod: method, deserializer: RawBytesCoding(limit: maxMessageBytes), serializer: RawBytesCoding()
        ) {
          request, context in
          forward(request, method: method, to: pool)
        }
      }
    }
  }

  /// Headers the transport manages itself, that the gateway sets, or that no client may
  /// pass through (the service credential); everything else
  /// (authorization, custom metadata, binary headers) is passed on.
  static func isHopByHop(_ key: String) -> Bool {
    if key == "grpc-status-details-bin" { return false }  // rich error details travel end to end
    return key.hasPrefix(":") || key.hasPrefix("grpc-") || dropped.contains(key)
  }

  /// Built once: every header of every call is checked against it.
  private static let dropped: Set<String> = [
    "content-type", "te", "user-agent", "host", "x-forwarded-for", ServiceCredential.forwardedByHeader,
    RequestContext.requestIDKey, ServiceCredential.header,
  ]

  private func forward(
    _ request: StreamingServerRequest<[UInt8]>, method: MethodDescriptor, to pool: BackendPool
  ) -> StreamingServerResponse<[UInt8]> {
    var metadata = request.metadata.filtered { !Self.isHopByHop($0.key) }
    let context = RequestContext.current
    if let context {
      metadata.addString(context.requestID, forKey: RequestContext.requestIDKey)
      if let address = context.clientAddress {
        metadata.addString(address, forKey: "x-forwarded-for")
        metadata.addString(forwardingProof, forKey: ServiceCredential.forwardedByHeader)
      }
    }
    // Fails at once with UNAVAILABLE when the backend is down rather than queueing.
    var options = CallOptions.internalCall(timeout: timeout(requested: request.metadata, longLived: Route.longLived.contains(method)))
    // The response limit. NIO's client transport applies `maxRequestMessageBytes` to the
    // messages it receives (the responses), so that is the field that bounds them.
    options.maxRequestMessageBytes = maxMessageBytes
    let callOptions = options
    // An error reading the client's messages (e.g. one over the size limit) aborts the
    // backend call; remember it so the client hears why, not the abort.
    let inboundError = Mutex<RPCError?>(nil)
    let outbound = StreamingClientRequest<[UInt8]>(metadata: metadata) { writer in
      do {
        for try await message in request.messages { try await writer.write(message) }
      } catch let error as RPCError {
        inboundError.withLock { $0 = error }
        throw error
      }
    }
    // Echo the request id so a client can quote it when reporting a problem.
    var responseMetadata = Metadata()
    if let context { responseMetadata.addString(context.requestID, forKey: RequestContext.requestIDKey) }
    let metrics = self.metrics
    let deadline = context?.deadline
    return StreamingServerResponse<[UInt8]>(metadata: responseMetadata) { writer in
      let started = ContinuousClock.now
      do {
        let trailers = try await relay(outbound, method: method, options: callOptions, to: pool, writer: writer)
        metrics.recordForwarded(backend: pool.name, code: "OK", duration: .now - started)
        return trailers
      } catch let error as RPCError {
        metrics.recordForwarded(backend: pool.name, code: error.code.canonicalName, duration: .now - started)
        if let inbound = inboundError.withLock({ $0 }) { throw inbound }
        // The client's own deadline ended the call: whichever side noticed first (our
        // server cancelling the handler, or the backend), the client hears why.
        if error.code == .cancelled, let deadline, ContinuousClock.now >= deadline {
          throw RPCError(code: .deadlineExceeded, message: "the call's deadline passed")
        }
        // The transport reports it as INTERNAL ("Failed to decode message …") on a unary
        // call and RESOURCE_EXHAUSTED on a stream; either way the client hears the limit.
        if error.message.contains("Message has exceeded the configured maximum payload size") {
          throw RPCError(
            code: .resourceExhausted,
            message: "the response exceeds the limit of \(maxMessageBytes) bytes; ask for less (a smaller page_size)")
        }
        // The backend's trailers come back as the error's metadata; resending transport
        // headers (grpc-status, content-type) would break the response stream.
        throw RPCError(code: error.code, message: error.message, metadata: error.metadata.filtered { !Self.isHopByHop($0.key) })
      }
    }
  }

  private func relay(
    _ outbound: StreamingClientRequest<[UInt8]>, method: MethodDescriptor, options: CallOptions, to pool: BackendPool,
    writer: RPCWriter<[UInt8]>
  ) async throws -> Metadata {
    guard Route.longLived.contains(method) else {
      return try await pool.withClient { client in try await call(client, outbound, method, options, writer) }
    }
    // Every long-lived method needs a signed-in caller; the auth interceptor has refused
    // any other before this point.
    guard let userID = RequestContext.current?.caller?.userID else {
      throw RPCError(code: .unauthenticated, message: "sign in first: this stream needs an access token")
    }
    return try await streamQuota.withStream(of: userID) {
      // A long-lived stream ends when its client goes: gRPC reports that through the
      // cancellation handler, and the backend call must end with it.
      let forwarded = Task { try await pool.withClient { client in try await call(client, outbound, method, options, writer) } }
      return try await withRPCCancellationHandler { try await forwarded.value } onCancelRPC: { forwarded.cancel() }
    }
  }

  private func call(
    _ client: GymGRPCClient, _ outbound: StreamingClientRequest<[UInt8]>, _ method: MethodDescriptor,
    _ callOptions: CallOptions, _ writer: RPCWriter<[UInt8]>
  ) async throws -> Metadata {
    try await client.bidirectionalStreaming(
      request: outbound, descriptor: method, serializer: RawBytesCoding(), deserializer: RawBytesCoding(),
      options: callOptions
    ) { response in
      switch response.accepted {
      case .failure(let error):
        throw error
      case .success(let contents):
        var trailers: Metadata = [:]
        for try await part in contents.bodyParts {
          switch part {
          case .message(let message): try await writer.write(message)
          case .trailingMetadata(let metadata): trailers = metadata
          }
        }
        return trailers.filtered { !Self.isHopByHop($0.key) }
      }
    }
  }

  /// The client's deadline (`grpc-timeout`), or the default, never above the maximum;
  /// a long-lived stream gets only what the client asked for (nil = none).
  private func timeout(requested metadata: Metadata, longLived: Bool) -> Duration? {
    let requested = metadata[stringValues: "grpc-timeout"].first(where: { _ in true }).flatMap(CallOptions.parseTimeout)
    if longLived { return requested }
    return min(requested ?? deadlines.defaultTimeout, deadlines.maximumTimeout)
  }
}

extension Metadata {
  func filtered(_ isIncluded: (Element) -> Bool) -> Metadata {
    var result = Metadata()
    for element in self where isIncluded(element) {
      switch element.value {
      case .string(let text): result.addString(text, forKey: element.key)
      case .binary(let bytes): result.addBinary(bytes, forKey: element.key)
      }
    }
    return result
  }
}
