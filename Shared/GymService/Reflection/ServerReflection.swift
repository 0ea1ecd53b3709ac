import GRPCCore
import GymAPI

/// The answers of server reflection (`grpc.reflection.v1`; v1alpha is the same on the
/// wire) for one server: the services it lists and the files they come from.
public struct ServerReflection: Sendable {
  typealias Request = Grpc_Reflection_V1_ServerReflectionRequest
  typealias Response = Grpc_Reflection_V1_ServerReflectionResponse

  /// Fully qualified, sorted.
  public let services: [String]
  private let listed: Set<String>
  private let files: ReflectionFiles

  /// The names of the reflection services themselves, which every server lists.
  public static let serviceNames = [
    Grpc_Reflection_V1_ServerReflection.descriptor.fullyQualifiedService,
    Grpc_Reflection_V1alpha_ServerReflection.descriptor.fullyQualifiedService,
  ]

  /// - Parameter services: what the server serves (with reflection's own names); a
  ///   service or method outside it is unknown here even though its file is not.
  public init(services: [String], files: ReflectionFiles = .platform) {
    self.listed = Set(services)
    self.services = listed.sorted()
    self.files = files
  }

  func answer(_ request: Request) -> Response {
    var response = Response.with {
      $0.validHost = request.host
      $0.originalRequest = request
    }
    switch request.messageRequest {
    case .listServices:
      response.listServicesResponse = .with { list in list.service = services.map { name in Grpc_Reflection_V1_ServiceResponse.with { $0.name = name } } }
    case .fileByFilename(let name):
      let found = files.withDependencies(name)
      if found.isEmpty {
        response.errorResponse = Self.notFound("no file named '\(Self.quoted(name))'")
      } else {
        response.fileDescriptorResponse = .with { $0.fileDescriptorProto = found }
      }
    case .fileContainingSymbol(let name):
      if let symbol = files.symbols[name], isServed(symbol) {
        response.fileDescriptorResponse = .with { $0.fileDescriptorProto = files.withDependencies(symbol.file) }
      } else {
        response.errorResponse = Self.notFound("no symbol named '\(Self.quoted(name))'")
      }
    case .fileContainingExtension(let extensionRequest):
      if let file = files.extensions[extensionRequest.containingType]?[extensionRequest.extensionNumber] {
        response.fileDescriptorResponse = .with { $0.fileDescriptorProto = files.withDependencies(file) }
      } else {
        response.errorResponse = Self.notFound(
          "no extension \(extensionRequest.extensionNumber) of '\(Self.quoted(extensionRequest.containingType))'")
      }
    case .allExtensionNumbersOfType(let name):
      if files.messages.contains(name) {
        response.allExtensionNumbersResponse = .with {
          $0.baseTypeName = name
          $0.extensionNumber = (files.extensions[name] ?? [:]).keys.sorted()
        }
      } else {
        response.errorResponse = Self.notFound("no message type named '\(Self.quoted(name))'")
      }
    case nil:
      response.errorResponse = .with {
        $0.errorCode = Int32(RPCError.Code.invalidArgument.rawValue)
        $0.errorMessage = "the request asks nothing: set one of its message_request fields"
      }
    }
    return response
  }

  /// A message or enum always is; a service or method only where its service is listed.
  private func isServed(_ symbol: ReflectionFiles.Symbol) -> Bool {
    guard let service = symbol.service else { return true }
    return listed.contains(service)
  }

  /// A name as the error repeats it: cut short, since the client wrote it
  /// (`original_request` already carries it whole).
  private static func quoted(_ name: String) -> String { name.truncated(utf8Bytes: 200) }

  private static func notFound(_ message: String) -> Grpc_Reflection_V1_ErrorResponse {
    .with {
      $0.errorCode = Int32(RPCError.Code.notFound.rawValue)
      $0.errorMessage = message
    }
  }
}
