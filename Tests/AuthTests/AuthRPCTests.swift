import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import Testing

@testable import GymAuth

/// Auth's RPCs through the generated client over loopback.
@Suite struct AuthRPCTests {
  @Test func registerSignsInAndGetMeReturnsTheAccount() async throws {
    try await AuthFixture.run { auth in
      let request = newAccount("Ana.Lifts")
      let registered = try await auth.register(request)
      #expect(registered.user.username == "Ana.Lifts")
      #expect(registered.user.email == "ana.lifts@example.com")
      #expect(registered.user.roles == [.member])
      #expect(!registered.tokens.refreshToken.isEmpty)
      let me = try await auth.getMe(.init(), metadata: bearer(registered.tokens.accessToken))
      #expect(me.user.id == registered.user.id)
      #expect(me.user.profile.displayName == "Test Ana.Lifts")
    }
  }

  @Test func registrationProblemsAreFieldViolationsWithReasons() async throws {
    try await AuthFixture.run { auth in
      var request = newAccount("bob")
      request.email = "bo-at-example.com"
      request.username = "b!"
      request.password = "password"
      request.acceptTerms = false
      request.role = .admin
      let error = await rpcError { _ = try await auth.register(request) }
      #expect(error?.code == .invalidArgument)
      let fields = Dictionary(uniqueKeysWithValues: (error?.fieldViolations ?? []).map { ($0.field, $0.description) })
      #expect(fields["email"]?.contains("name@example.com") == true)
      #expect(fields["username"] != nil)
      #expect(fields["password"]?.contains("at least 15") == true)
      #expect(fields["accept_terms"] != nil)
      #expect(fields["role"] != nil)
    }
  }

  @Test func aCommonPasswordIsRefusedEvenWhenLongEnough() async throws {
    try await AuthFixture.run(configure: { $0.passwordMinLength = 8 }) { auth in
      var request = newAccount()
      request.password = "iloveyou"
      let error = await rpcError { _ = try await auth.register(request) }
      #expect(error?.code == .invalidArgument)
      #expect(error?.fieldViolations.first?.field == "password")
      #expect(error?.fieldViolations.first?.description.contains("commonly used") == true)
    }
  }

  @Test func duplicatesAreAlreadyExistsNamingTheField() async throws {
    try await AuthFixture.run { auth in
      _ = try await auth.register(newAccount("cyd"))
      var sameEmail = newAccount("cyd2")
      sameEmail.email = "CYD@example.com"
      let emailError = await rpcError { _ = try await auth.register(sameEmail) }
      #expect(emailError?.code == .alreadyExists)
      #expect(emailError?.fieldViolations.map(\.field) == ["email"])

      var sameName = newAccount("CYD")
      sameName.email = "other@example.com"
      let nameError = await rpcError { _ = try await auth.register(sameName) }
      #expect(nameError?.code == .alreadyExists)
      #expect(nameError?.fieldViolations.map(\.field) == ["username"])
    }
  }

  @Test func loginByEmailOrUsernameAndOneAnswerForUnknownOrWrong() async throws {
    try await AuthFixture.run { auth in
      let request = newAccount("dia")
      _ = try await auth.register(request)
      let byName = try await auth.login(
        .with {
          $0.identifier = "DIA"; $0.password = request.password
        })
      let byEmail = try await auth.login(
        .with {
          $0.identifier = "dia@example.com"; $0.password = request.password
        })
      #expect(byName.user.id == byEmail.user.id)
      #expect(byName.tokens.sessionID != byEmail.tokens.sessionID, "each sign-in is its own session")

      let wrong = await rpcError {
        _ = try await auth.login(
          .with {
            $0.identifier = "dia"; $0.password = "not the password at all"
          })
      }
      let unknown = await rpcError {
        _ = try await auth.login(
          .with {
            $0.identifier = "nobody"; $0.password = "not the password at all"
          })
      }
      #expect(wrong?.code == .unauthenticated)
      #expect(unknown?.code == wrong?.code)
      #expect(unknown?.message == wrong?.message)
    }
  }

  @Test func repeatedFailuresAreThrottledWithARetryDelay() async throws {
    try await AuthFixture.run { auth in
      let request = newAccount("eddy")
      _ = try await auth.register(request)
      // Naming the account by email or by username draws on the same budget.
      for attempt in 0..<5 {
        let identifier = attempt.isMultiple(of: 2) ? "eddy" : "EDDY@example.com"
        let error = await rpcError {
          _ = try await auth.login(
            .with {
              $0.identifier = identifier; $0.password = "wrong wrong wrong"
            })
        }
        #expect(error?.code == .unauthenticated)
      }
      // Even the right password is refused while throttled: no guessing through the limit.
      let throttled = await rpcError {
        _ = try await auth.login(
          .with {
            $0.identifier = "eddy"; $0.password = request.password
          })
      }
      #expect(throttled?.code == .resourceExhausted)
      #expect((throttled?.retryDelay ?? .zero) > .seconds(60))
    }
  }

  @Test func refreshRotatesAndReuseEndsTheSession() async throws {
    try await AuthFixture.run { auth in
      let registered = try await auth.register(newAccount("fay"))
      let first = registered.tokens
      let refreshed = try await auth.refreshSession(.with { $0.refreshToken = first.refreshToken }).tokens
      #expect(refreshed.refreshToken != first.refreshToken)
      #expect(refreshed.sessionID == first.sessionID)
      _ = try await auth.getMe(.init(), metadata: bearer(refreshed.accessToken))

      let reuse = await rpcError { _ = try await auth.refreshSession(.with { $0.refreshToken = first.refreshToken }) }
      #expect(reuse?.code == .unauthenticated)
      #expect(reuse?.message.contains("already used") == true)
      // The whole session is gone: its newest refresh token and its access tokens stop working.
      let after = await rpcError { _ = try await auth.refreshSession(.with { $0.refreshToken = refreshed.refreshToken }) }
      #expect(after?.code == .unauthenticated)
      let me = await rpcError { _ = try await auth.getMe(.init(), metadata: bearer(refreshed.accessToken)) }
      #expect(me?.code == .unauthenticated)
    }
  }

  @Test func logoutEndsTheSessionAtOnce() async throws {
    try await AuthFixture.run { auth in
      let tokens = try await auth.register(newAccount("gus")).tokens
      let other = try await auth.login(
        .with {
          $0.identifier = "gus"; $0.password = newAccount().password
        }
      ).tokens
      #expect(try await auth.logout(.init(), metadata: bearer(tokens.accessToken)).revokedSessions == 1)
      #expect(await rpcError { _ = try await auth.getMe(.init(), metadata: bearer(tokens.accessToken)) }?.code == .unauthenticated)
      #expect(await rpcError { _ = try await auth.refreshSession(.with { $0.refreshToken = tokens.refreshToken }) }?.code == .unauthenticated)
      // The other device is still signed in until it logs out everywhere.
      _ = try await auth.getMe(.init(), metadata: bearer(other.accessToken))
      #expect(try await auth.logout(.with { $0.allSessions = true }, metadata: bearer(other.accessToken)).revokedSessions == 1)
      #expect(await rpcError { _ = try await auth.getMe(.init(), metadata: bearer(other.accessToken)) }?.code == .unauthenticated)
    }
  }

  @Test func logoutWithSomeoneElsesRefreshTokenIsNotFound() async throws {
    try await AuthFixture.run { auth in
      let mine = try await auth.register(newAccount("hal")).tokens
      let theirs = try await auth.register(newAccount("ivy")).tokens
      let error = await rpcError { _ = try await auth.logout(.with { $0.refreshToken = theirs.refreshToken }, metadata: bearer(mine.accessToken)) }
      #expect(error?.code == .notFound)
      _ = try await auth.getMe(.init(), metadata: bearer(theirs.accessToken))
    }
  }

  @Test func callsWithoutOrWithABadTokenAreUnauthenticated() async throws {
    try await AuthFixture.run { auth in
      let tokens = try await auth.register(newAccount("jojo")).tokens
      let none = await rpcError { _ = try await auth.getMe(.init()) }
      #expect(none?.code == .unauthenticated)
      #expect(none?.message.contains("authorization: Bearer") == true)
      // Change one character in the middle of the signature.
      var characters = Array(tokens.accessToken)
      let index = characters.count - 20
      characters[index] = characters[index] == "A" ? "B" : "A"
      let tampered = String(characters)
      #expect(await rpcError { _ = try await auth.getMe(.init(), metadata: bearer(tampered)) }?.code == .unauthenticated)
    }
  }

  @Test func signingKeyIsCreatedOncePrivateAndPublished() async throws {
    let directory = try temporaryDirectory()
    let firstKid = try await AuthFixture.run(dataDirectory: directory) { auth in
      let keys = try await auth.getSigningKeys(.init())
      #expect(keys.keys.count == 1)
      #expect(keys.keys[0].publicKey.count == 32)
      #expect(keys.keys[0].algorithm == "EdDSA")
      return keys.keys[0].kid
    }
    let file = directory + "/signing-keys/\(firstKid).key"
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber
    #expect(mode?.intValue == 0o600)
    // A restart keeps the key, so tokens issued before it stay valid.
    let secondKid = try await AuthFixture.run(dataDirectory: directory) { try await $0.getSigningKeys(.init()).keys[0].kid }
    #expect(secondKid == firstKid)
  }
}

@Suite struct PasswordCostUpgradeTests {
  @Test func raisingTheHashCostUpgradesHashesAtTheNextSignIn() async throws {
    let directory = try temporaryDirectory()
    let account = newAccount("ugo_upgrade")
    try await AuthFixture.run(dataDirectory: directory, configure: { $0.hashParameters = .init(logN: 8) }) { auth in
      _ = try await auth.register(account)
    }
    let store = try AuthStore(path: directory + "/auth.sqlite")
    #expect(try await store.user(identifier: "ugo_upgrade")?.passwordHash.hasPrefix("$scrypt$ln=8,") == true)
    try await AuthFixture.run(dataDirectory: directory, configure: { $0.hashParameters = .init(logN: 10) }) { auth in
      _ = try await auth.login(
        .with {
          $0.identifier = "ugo_upgrade"; $0.password = account.password
        })
    }
    #expect(try await store.user(identifier: "ugo_upgrade")?.passwordHash.hasPrefix("$scrypt$ln=10,") == true)
  }
}
