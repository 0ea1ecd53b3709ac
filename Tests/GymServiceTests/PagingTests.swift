import Crypto
import Foundation
import GRPCCore
import GymStore
import Testing

@testable import GymService

/// Page tokens: only what this process issued comes back in, and never deeper than a
/// list pages.
@Suite struct PagingTests {
  /// The field the violations of a refused token name, nil when it was accepted.
  static func refusedField(_ body: () throws(GymError) -> Void) -> [String]? {
    do throws(GymError) {
      try body()
      return nil
    } catch {
      return error.violations.map(\.field)
    }
  }

  @Test func aTokenComesBackAsThePositionItWasMadeFor() throws {
    let offsetPage = try Paging(size: 10, token: Paging.token(for: "40"))
    #expect(offsetPage.position == "40")
    #expect(try offsetPage.offset() == 40)
    let keyset = try Paging(size: 0, token: Paging.token(for: "0190f3a2-user"))
    #expect(keyset.position == "0190f3a2-user")
    #expect(keyset.size == Paging.defaultSize)
    let next = try Paging(size: 10, token: offsetPage.nextToken(offset: 40, returned: 10))
    #expect(try next.offset() == 50)
    #expect(try Paging(size: 10, token: "").position == nil)
  }

  @Test func anEditedTokenIsRefused() throws {
    let token = Paging.token(for: "20")
    let parts = token.split(separator: ".").map(String.init)
    try #require(parts.count == 2)
    // The same signature over a payload that asks for a much deeper page.
    let deeper = Data("p2:9000".utf8).base64URLEncodedString() + "." + parts[1]
    #expect(Self.refusedField { () throws(GymError) in _ = try Paging(size: 10, token: deeper) } == ["page_token"])
    // One character of the signature changed.
    var signature = Array(parts[1])
    signature[0] = signature[0] == "A" ? "B" : "A"
    let resigned = parts[0] + "." + String(signature)
    #expect(Self.refusedField { () throws(GymError) in _ = try Paging(size: 10, token: resigned) } == ["page_token"])
    // The format tokens had before they were signed.
    let unsigned = Data("p1:20".utf8).base64URLEncodedString()
    #expect(Self.refusedField { () throws(GymError) in _ = try Paging(size: 10, token: unsigned) } == ["page_token"])
    #expect(Self.refusedField { () throws(GymError) in _ = try Paging(size: 10, token: "nonsense") } == ["page_token"])
  }

  @Test func aTokenFromAnotherProcessIsRefusedWithAWordAboutStartingAgain() {
    // What a previous run of the service (another key) handed out.
    let stale = Paging.token(for: "20", key: SymmetricKey(size: .bits256))
    do throws(GymError) {
      _ = try Paging(size: 10, token: stale)
      Issue.record("a token signed under another key was accepted")
    } catch {
      #expect(error.violations.map(\.field) == ["page_token"])
      #expect(error.violations.first?.description.contains("start again from the first page") == true)
      #expect(RPCError(error).code == .invalidArgument)
    }
  }

  @Test func anOffsetPastTheDeepestPageIsRefused() throws {
    #expect(try Paging(size: 10, token: Paging.token(for: String(Paging.maximumOffset))).offset() == Paging.maximumOffset)
    let deep = Paging.token(for: String(Paging.maximumOffset + 1))
    #expect(Self.refusedField { () throws(GymError) in _ = try Paging.withOffset(size: 10, token: deep) } == ["page_token"])
    let huge = Paging.token(for: "10000000")
    #expect(Self.refusedField { () throws(GymError) in _ = try Paging.withOffset(size: 10, token: huge) } == ["page_token"])
    let negative = Paging.token(for: "-5")
    #expect(Self.refusedField { () throws(GymError) in _ = try Paging.withOffset(size: 10, token: negative) } == ["page_token"])
  }
}
