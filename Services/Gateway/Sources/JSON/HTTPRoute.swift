import GRPCCore
import NIOCore
import SwiftProtobuf

/// One HTTP binding of a gRPC method (a `google.api.http` rule of proto/): where it is
/// served, where its fields come from, and how its messages turn into JSON and back.
/// The bindings are generated (`Generated/HTTPRoutes.swift`) with docs/openapi.json.
struct HTTPRoute: Sendable {
  enum Streaming: Sendable {
    case unary
    /// The request body is a stream of JSON objects, one per line (NDJSON).
    case clientStream
    /// The answer is a stream of `{"result": …}` lines (NDJSON).
    case serverStream
    /// A server stream that sends a file (a `response_body` binding): the answer is the
    /// file itself, as its messages describe and carry it (`MediaStreamMessage`).
    case media
  }

  /// Why a request's JSON did not become its message.
  enum DecodingFailure: Error {
    case body(any Error)
    case parameters(any Error)
  }

  let verb: String
  let template: PathTemplate
  /// nil: no body; "*": every field not in the path; otherwise one top-level field.
  let body: String?
  let streaming: Streaming
  let method: MethodDescriptor
  /// The gRPC request path ("/gym.plan.v1.PlanService/GetRoutine").
  let grpcPath: String
  let requestType: String
  let responseType: String
  /// The request's protobuf bytes from its body's JSON (nil: none) and its parameters'.
  let decode: @Sendable (_ body: [UInt8]?, _ parameters: [UInt8]?) throws(DecodingFailure) -> [UInt8]
  /// One response message's proto3 JSON.
  let encode: @Sendable (_ message: ByteBuffer) throws -> [UInt8]
  /// A media route's response message as what it adds to the file; nil for other routes.
  let mediaPart: (@Sendable (_ message: ByteBuffer) throws -> MediaPart)?

  init<Request: Message, Response: Message>(
    verb: String, template: String, body: String?, streaming: Streaming, method: MethodDescriptor, request: Request.Type,
    response: Response.Type
  ) {
    self.verb = verb
    do {
      self.template = try PathTemplate(template)
    } catch {
      // The generator checked every template; one that does not parse is a broken build.
      fatalError("\(error): run scripts/generate-protos.sh")
    }
    self.body = body
    self.streaming = streaming
    self.method = method
    grpcPath = "/" + method.fullyQualifiedMethod
    requestType = Request.protoMessageName
    responseType = Response.protoMessageName
    decode = { (body, parameters) throws(DecodingFailure) in
      var message = Request()
      do {
        if let body { message = try Request(jsonUTF8Bytes: body, options: HTTPRoute.decodingOptions) }
      } catch {
        throw .body(error)
      }
      do {
        // Parameters decode on their own and merge in: a path variable overrides the same
        // field in the body, as the mapping says.
        if let parameters {
          let fields = try Request(jsonUTF8Bytes: parameters, options: HTTPRoute.decodingOptions)
          try message.merge(serializedBytes: fields.serializedBytes() as [UInt8])
        }
        return try message.serializedBytes()
      } catch {
        throw .parameters(error)
      }
    }
    encode = { buffer in
      let message = try Response(serializedBytes: Array(buffer.readableBytesView))
      return try message.jsonUTF8Bytes(options: HTTPRoute.encodingOptions)
    }
    if streaming == .media {
      guard let media = Response.self as? any MediaStreamMessage.Type else {
        fatalError("\(Response.protoMessageName) is served as a file: it needs a MediaStreamMessage conformance")
      }
      mediaPart = { buffer in try media.init(serializedBytes: Array(buffer.readableBytesView)).mediaPart }
    } else {
      mediaPart = nil
    }
  }

  /// Unknown fields are refused, not ignored: a misspelt field would otherwise be a
  /// silent default.
  static let decodingOptions: JSONDecodingOptions = {
    var options = JSONDecodingOptions()
    options.ignoreUnknownFields = false
    return options
  }()

  /// proto3 JSON as the mapping has it: lowerCamelCase names, 64-bit integers as strings,
  /// enums by name, fields at their default left out.
  static let encodingOptions = JSONEncodingOptions()
}
