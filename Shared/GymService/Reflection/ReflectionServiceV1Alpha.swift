import GRPCCore
import GymAPI

/// `grpc.reflection.v1alpha.ServerReflection`, for clients that know only the first
/// version. Its messages are v1's field for field, so each one is carried over through
/// its bytes and `ServerReflection` answers both.
public struct ReflectionServiceV1Alpha: Grpc_Reflection_V1alpha_ServerReflection.SimpleServiceProtocol {
  let reflection: ServerReflection

  public init(reflection: ServerReflection) { self.reflection = reflection }

  public func serverReflectionInfo(
    request: RPCAsyncSequence<Grpc_Reflection_V1alpha_ServerReflectionRequest, any Error>,
    response: RPCWriter<Grpc_Reflection_V1alpha_ServerReflectionResponse>,
    context: ServerContext
  ) async throws {
    for try await question in request {
      let asked = try Grpc_Reflection_V1_ServerReflectionRequest(serializedBytes: question.serializedBytes() as [UInt8])
      let answer = reflection.answer(asked)
      try await response.write(Grpc_Reflection_V1alpha_ServerReflectionResponse(serializedBytes: answer.serializedBytes() as [UInt8]))
    }
  }
}
