import GymAuth
import GymService
import Testing

@Suite struct PasswordPolicyTests {
  let policy = PasswordPolicy()

  func reason(_ password: String, email: String = "ana@example.com", username: String = "ana_lifts") -> String? {
    policy.violations(of: password, field: "password", email: email, username: username).first?.description
  }

  @Test func aLongUncommonPassphraseIsAccepted() {
    #expect(reason("violet staircase under a quiet harbour") == nil)
    // No composition rules: lower-case letters only are fine.
    #expect(reason("correcthorsebatterystaplex") == nil)
    // 64 characters and beyond are allowed.
    #expect(reason(String(repeating: "river stone ", count: 6)) == nil)
  }

  @Test func tooShortSaysHowLongItMustBe() {
    #expect(reason("shortpass")?.contains("at least 15 characters") == true)
    #expect(reason("shortpass")?.contains("it has 9") == true)
  }

  @Test func commonPasswordsAreRefusedWhenLongEnoughToPass() {
    let eight = PasswordPolicy(minimumLength: 8)
    let violation = eight.violations(of: "password1", field: "password", email: "a@b.co", username: "someone").first
    #expect(violation?.description.contains("most commonly used") == true)
    #expect(eight.violations(of: "Sunshine", field: "password", email: "a@b.co", username: "someone").isEmpty == false)
  }

  @Test func containingTheUsernameOrEmailIsRefused() {
    #expect(reason("my name is ana_lifts and I lift") == "must not contain your username")
    #expect(reason("ana@example.com is my password!!") == "must not contain your email address")
  }

  @Test func theMinimumIsConfigurableDownToEight() {
    #expect(PasswordPolicy(minimumLength: 8).violations(of: "tulip-9x", field: "p", email: "", username: "zz").isEmpty)
  }
}
