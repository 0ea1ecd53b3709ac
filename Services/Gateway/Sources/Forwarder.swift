import Foundation
import GRPCCore
import GymService
import Synchronization

/// Registers every routed method with raw-bytes coding and forwards each call to its
/// backend as a bidirectional stream: request messages, response messages, metadata
/// and status pass through unchanged, with the request id, client address and a
/// bounded deadline added. Operator tasks (`Route.operatorMethods`) called with the
/// service credential go over the backend's credentialed operator connection instead,
/// with only the caller's own deadline; every other call reaches the backend without it.
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
  /// Each backend's connection that carries the service credential (`PlatformOperator`'s),
  /// by backend name: operator tasks only.
  let operatorClients: [String: GymGRPCClient]
  /// What a call to an internal operator method must present (`Route.access` lets it
  /// through the interceptor unchecked).
  let credential: ServiceCredential

  /// Where one call goes: a pool of the backend's public connections, or its credentialed
  /// operator connection.
  enum Target: Sendable {
    case pool(BackendPool)
    case operatorConnection(backend: String, GymGRPCClient)

    var backend: String {
      switch self {
      case .pool(let pool): pool.name
      case .operatorConnection(let backend, _): backend
      }
    }
  }

  func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
    var routed: Set<MethodDescriptor> = []
    for (route, backend) in routes {
      for method in route.methods {
        routed.insert(method)
        let pool = backend.pool(for: method)
        let operatorClient = Route.operatorMethods[method].flatMap { operatorClients[$0] }
        router.registerHandler(
          forMethod: method, deserializer: RawBytesCoding(limit: maxMessageBytes), serializer: RawBytesCoding()
        ) {
          request, context in
          // Only a call that proved the credential here (never a user's, admin or not).
          if let operatorClient, RequestContext.current?.isServiceCall == true {
            return forward(request, method: method, to: .operatorConnection(backend: backend.name, operatorClient))
          }
          return forward(request, method: method, to: .pool(pool))
        }
      }
    }
    // Operator methods of internal services, for the service credential alone: to anyone
    // else they are as absent as every other internal method. No other internal method is
    // registered here.
    for (method, backend) in Route.operatorMethods where !routed.contains(method) {
      guard let client = operatorClients[backend] else { continue }
      let credential = self.credential
      router.registerHandler(
        forMethod: method, deserializer: RawBytesCoding(limit: maxMessageBytes), serializer: RawBytesCoding()
      ) {
        request, context in
        guard let presented = request.metadata[stringValues: ServiceCredential.header].first(where: { _ in true }),
          credential.matches(presented)
        else {
          throw RPCError(code: .unimplemented, message: "the gateway serves no \(method.service) to clients")
        }
        return forward(request, method: method, to: .operatorConnection(backend: backend, client))
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
    _ request: StreamingServerRequest<[UInt8]>, method: MethodDescriptor, to target: Target
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
    // An operator task (an import, an export) may take longer than any user call: it gets
    // the deadline gymctl asked for, as a long-lived stream does.
    let unbounded: Bool
    switch target {
    case .pool: unbounded = Route.longLived.contains(method)
    case .operatorConnection: unbounded = true
    }
    // Fails at once with UNAVAILABLE when the backend is down rather than queueing.
    var options = CallOptions.internalCall(timeout: timeout(requested: request.metadata, longLived: unbounded))
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
        let trailers = try await relay(outbound, method: method, options: callOptions, to: target, writer: writer)
        metrics.recordForwarded(backend: target.backend, code: "OK", duration: .now - started)
        return trailers
      } catch let error as RPCError {
        metrics.recordForwarded(backend: target.backend, code: error.code.canonicalName, duration: .now - started)
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
    _ outbound: StreamingClientRequest<[UInt8]>, method: MethodDescriptor, options: CallOptions, to target: Target,
    writer: RPCWriter<[UInt8]>
  ) async throws -> Metadata {
    let pool: BackendPool
    switch target {
    case .operatorConnection(_, let client):
      return try await call(client, outbound, method, options, writer)
    case .pool(let backendPool):
      pool = backendPool
    }
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
      return try await withRPCCancellationHandler {
        try await forwarded.value
      } onCancelRPC: {
        forwarded.cancel()
      }
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
