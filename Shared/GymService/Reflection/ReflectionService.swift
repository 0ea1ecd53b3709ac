import GRPCCore
import GymAPI

/// `grpc.reflection.v1.ServerReflection`: grpcurl, Postman and Kreya list a server's
/// services and call them without the protos. Callable without a token
/// (`PublicMethods`): it tells nothing the published protos do not.
public struct ReflectionService: Grpc_Reflection_V1_ServerReflection.SimpleServiceProtocol {
  let reflection: ServerReflection

  public init(reflection: ServerReflection) { self.reflection = reflection }

  /// Both versions of the service over one `reflection`.
  public static func both(_ reflection: ServerReflection) -> [any RegistrableRPCService] {
    [ReflectionService(reflection: reflection), ReflectionServiceV1Alpha(reflection: reflection)]
  }

  public func serverReflectionInfo(
    request: RPCAsyncSequence<Grpc_Reflection_V1_ServerReflectionRequest, any Error>,
    response: RPCWriter<Grpc_Reflection_V1_ServerReflectionResponse>,
    context: ServerContext
  ) async throws {
    for try await question in request {
      try await response.write(reflection.answer(question))
    }
  }
}
