import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import Testing

/// Auth bounds profile text by UTF-8 bytes as well as characters (issue 26): a name of
/// few characters stacked with combining marks is refused, naming the field.
@Suite struct AuthTextBytesTests {
  /// 100 characters of "e" with two combining accents: within 100 characters, 500 bytes.
  static let heavyName = String(repeating: "e\u{0301}\u{0301}", count: 100)

  @Test func aDisplayNameWithinTheCharactersButOverTheBytesIsRefused() async throws {
    try await AuthFixture.run { auth in
      #expect(Self.heavyName.count == 100 && Self.heavyName.utf8.count == 500)
      var request = newAccount("heavy_hal")
      request.displayName = Self.heavyName
      let refused = await rpcError { _ = try await auth.register(request) }
      #expect(refused?.code == .invalidArgument)
      #expect(refused?.fieldViolations.map(\.field) == ["display_name"])
      #expect(refused?.fieldViolations.first?.description.contains("400 bytes (UTF-8)") == true)

      let tokens = try await auth.register(newAccount("light_lou")).tokens
      let update = await rpcError {
        _ = try await auth.updateProfile(
          .with {
            $0.profile = .with {
              $0.displayName = Self.heavyName
              $0.bio = String(repeating: "e\u{0301}\u{0301}", count: 1000)
            }
            $0.updateMask = .with { $0.paths = ["display_name", "bio"] }
          }, metadata: bearer(tokens.accessToken))
      }
      #expect(update?.code == .invalidArgument)
      #expect(Set(update?.fieldViolations.map(\.field) ?? []) == ["profile.display_name", "profile.bio"])
      let me = try await auth.getMe(.init(), metadata: bearer(tokens.accessToken)).user.profile
      #expect(me.displayName == "Test light_lou")
    }
  }
}
