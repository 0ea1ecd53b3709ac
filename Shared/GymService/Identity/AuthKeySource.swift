import Foundation
import GRPCCore
import GymAPI

/// Verification keys from auth's public `GetSigningKeys` RPC, for every process but auth.
public struct AuthKeySource<Transport: ClientTransport>: VerificationKeySource {
  private let client: Gym_Auth_V1_AuthService.Client<Transport>

  public init(client: GRPCClient<Transport>) {
    self.client = Gym_Auth_V1_AuthService.Client(wrapping: client)
  }

  public func verificationKeys() async throws -> [VerificationKey] {
    let options = CallOptions.internalCall()
    let response = try await client.getSigningKeys(.init(), options: options)
    return response.keys.map { key in
      VerificationKey(
        kid: key.kid,
        publicKey: Array(key.publicKey),
        notAfter: key.hasNotAfter ? key.notAfter.date : nil
      )
    }
  }
}
