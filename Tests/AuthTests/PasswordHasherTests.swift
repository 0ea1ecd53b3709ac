import GymAuth
import Testing

@Suite struct PasswordHasherTests {
  @Test func hashesAreSaltedSelfDescribingAndVerify() async throws {
    let hasher = try PasswordHasher(parameters: .init(logN: 10), maxConcurrent: 2)
    let first = try await hasher.hash("violet staircase")
    let second = try await hasher.hash("violet staircase")
    #expect(first.hasPrefix("$scrypt$ln=10,r=8,p=1$"))
    #expect(first != second, "each hash has its own salt")
    #expect(try await hasher.verify("violet staircase", against: first))
    #expect(try await hasher.verify("violet staircasE", against: first) == false)
  }

  @Test func hashesFromWeakerParametersStillVerifyAndAskForARehash() async throws {
    let old = try await PasswordHasher(parameters: .init(logN: 8), maxConcurrent: 1).hash("river stone")
    let current = try PasswordHasher(parameters: .init(logN: 10), maxConcurrent: 1)
    #expect(try await current.verify("river stone", against: old))
    #expect(current.needsRehash(old))
    #expect(current.needsRehash(try await current.hash("river stone")) == false)
  }

  @Test func productionDefaultIsOWASPScrypt() {
    #expect(PasswordHasher.Parameters.owasp == .init(logN: 17, r: 8, p: 1))
  }
}
