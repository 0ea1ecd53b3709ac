import AuthTesting
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymGateway
import GymService
import GymTesting
import SwiftProtobuf
import Testing

/// Server reflection (`grpc.reflection.v1` and `v1alpha`) through the generated clients,
/// without a token: at the gateway it lists what a client can call through it, at a
/// backend every service on its port.
@Suite struct ReflectionTests {
  typealias Request = Grpc_Reflection_V1_ServerReflectionRequest
  typealias Response = Grpc_Reflection_V1_ServerReflectionResponse

  static let reflection = ServerReflection.serviceNames

  /// Asks every question on one stream, as grpcurl does, and gives the answers in order.
  static func ask(_ client: GRPCClient<HTTP2ClientTransport.Posix>, _ questions: [Request]) async throws -> [Response] {
    try await Grpc_Reflection_V1_ServerReflection.Client(wrapping: client).serverReflectionInfo(
      requestProducer: { writer in try await writer.write(contentsOf: questions) },
      onResponse: { response in try await response.messages.reduce(into: []) { $0.append($1) } })
  }

  static func listServices(_ client: GRPCClient<HTTP2ClientTransport.Posix>) async throws -> [String] {
    let answers = try await ask(client, [.with { $0.listServices = "" }])
    return answers.flatMap { $0.listServicesResponse.service.map(\.name) }
  }

  static func files(_ response: Response) throws -> [Google_Protobuf_FileDescriptorProto] {
    try response.fileDescriptorResponse.fileDescriptorProto.map { try Google_Protobuf_FileDescriptorProto(serializedBytes: $0) }
  }

  @Test func theGatewayListsTheRoutesItsOwnServicesAndNothingInternal() async throws {
    try await GatewayFixture.run { gateway in
      let listed = try await Self.listServices(gateway)
      let expected =
        Route.all.map(\.service.fullyQualifiedService) + [
          Gym_Gateway_V1_OperatorService.descriptor.fullyQualifiedService, Grpc_Health_V1_Health.descriptor.fullyQualifiedService,
        ] + Self.reflection
      #expect(listed == expected.sorted())
      #expect(!listed.contains { $0.hasSuffix("Internal") || $0 == Gym_Ops_V1_Ops.descriptor.fullyQualifiedService })
    }
  }

  @Test func aBackendListsEveryServiceOnItsPort() async throws {
    try await withRunningAuth { auth in
      try await withClient(to: auth.address) { client in
        let manifest = PlatformManifest.auth
        let expected =
          manifest.publicServices.map(\.descriptor.fullyQualifiedService) + manifest.internalServices.map(\.fullyQualifiedService)
          + [Grpc_Health_V1_Health.descriptor.fullyQualifiedService] + Self.reflection
        #expect(try await Self.listServices(client) == expected.sorted())
        // An internal service is known at its own port, unlike at the gateway.
        let answer = try #require(try await Self.ask(client, [.with { $0.fileContainingSymbol = "gym.auth.v1.AuthInternal" }]).first)
        #expect(try Self.files(answer).first?.name == "gym/auth/v1/auth.proto")
      }
    }
  }

  @Test func aMethodOrAMessageComesWithItsFileAndEveryImportOnOneStream() async throws {
    try await GatewayFixture.run { gateway in
      let questions: [Request] = [
        .with { $0.fileContainingSymbol = "gym.auth.v1.AuthService.Register" },
        .with { $0.fileContainingSymbol = "gym.auth.v1.RegisterRequest" },
        .with { $0.fileByFilename = "gym/plan/v1/plan.proto" },
      ]
      let answers = try await Self.ask(gateway, questions)
      #expect(answers.count == 3)
      #expect(answers.map(\.originalRequest) == questions)
      for answer in answers.prefix(2) {
        let files = try Self.files(answer)
        #expect(files.first?.name == "gym/auth/v1/auth.proto")
        // Transitively: export.proto imports timestamp.proto too, and the HTTP annotations
        // descriptor.proto.
        #expect(
          Set(files.map(\.name)) == [
            "gym/auth/v1/auth.proto", "gym/common/v1/common.proto", "gym/common/v1/export.proto",
            "google/protobuf/field_mask.proto", "google/protobuf/timestamp.proto",
            "google/api/annotations.proto", "google/api/http.proto", "google/protobuf/descriptor.proto",
          ])
        let auth = try #require(files.first)
        #expect(auth.service.contains { $0.name == "AuthService" && $0.method.contains { $0.name == "Register" } })
        #expect(auth.messageType.contains { $0.name == "RegisterRequest" })
      }
      let plan = try Self.files(answers[2])
      #expect(plan.first?.name == "gym/plan/v1/plan.proto" && plan.contains { $0.name == "gym/catalog/v1/catalog.proto" })
    }
  }

  @Test func unknownNamesInternalServicesAtTheGatewayAndExtensionsAreNotFound() async throws {
    try await GatewayFixture.run { gateway in
      let questions: [Request] = [
        .with { $0.fileContainingSymbol = "gym.auth.v1.NoSuchMessage" },
        .with { $0.fileContainingSymbol = "gym.auth.v1.AuthInternal" },
        .with { $0.fileContainingSymbol = "gym.ops.v1.Ops.GetInfo" },
        .with { $0.fileByFilename = "gym/auth/v1/nothing.proto" },
        .with {
          $0.fileContainingExtension = .with {
            $0.containingType = "gym.auth.v1.RegisterRequest"; $0.extensionNumber = 100
          }
        },
        .with { $0.allExtensionNumbersOfType = "gym.auth.v1.NoSuchRequest" },
      ]
      let answers = try await Self.ask(gateway, questions)
      #expect(answers.count == questions.count)
      for answer in answers {
        #expect(answer.errorResponse.errorCode == Int32(RPCError.Code.notFound.rawValue), "\(answer)")
        #expect(!answer.errorResponse.errorMessage.isEmpty)
      }
    }
  }

  /// The one extension the protos declare, `google.api.http` (the HTTP/JSON routes),
  /// is found as clients such as grpcurl look for it; a message without extensions has none.
  @Test func theHTTPAnnotationIsTheOneExtension() async throws {
    try await GatewayFixture.run { gateway in
      let answers = try await Self.ask(
        gateway,
        [
          .with { $0.allExtensionNumbersOfType = "google.protobuf.MethodOptions" },
          .with {
            $0.fileContainingExtension = .with {
              $0.containingType = "google.protobuf.MethodOptions"; $0.extensionNumber = 72_295_728
            }
          },
          .with { $0.allExtensionNumbersOfType = "gym.auth.v1.RegisterRequest" },
        ])
      #expect(answers[0].allExtensionNumbersResponse.extensionNumber == [72_295_728], "\(answers[0])")
      #expect(try Self.files(answers[1]).first?.name == "google/api/annotations.proto")
      #expect(answers[2].allExtensionNumbersResponse.baseTypeName == "gym.auth.v1.RegisterRequest")
      #expect(answers[2].allExtensionNumbersResponse.extensionNumber.isEmpty)
    }
  }

  @Test func v1alphaAnswersAsV1Does() async throws {
    try await GatewayFixture.run { gateway in
      let alpha = try await Grpc_Reflection_V1alpha_ServerReflection.Client(wrapping: gateway).serverReflectionInfo(
        requestProducer: { writer in
          try await writer.write(.with { $0.listServices = "*" })
          try await writer.write(.with { $0.fileContainingSymbol = "gym.catalog.v1.CatalogService" })
          try await writer.write(.with { $0.fileContainingSymbol = "gym.nothing.v1.Nothing" })
        },
        onResponse: { response in try await response.messages.reduce(into: []) { $0.append($1) } })
      #expect(alpha.count == 3)
      #expect(alpha[0].listServicesResponse.service.map(\.name) == (try await Self.listServices(gateway)))
      let catalog = try alpha[1].fileDescriptorResponse.fileDescriptorProto.map { try Google_Protobuf_FileDescriptorProto(serializedBytes: $0) }
      #expect(catalog.first?.name == "gym/catalog/v1/catalog.proto")
      #expect(alpha[1].originalRequest.fileContainingSymbol == "gym.catalog.v1.CatalogService")
      #expect(alpha[2].errorResponse.errorCode == Int32(RPCError.Code.notFound.rawValue))
    }
  }
}
