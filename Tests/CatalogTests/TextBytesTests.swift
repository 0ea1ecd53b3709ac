import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import Testing

/// Catalog bounds program text by UTF-8 bytes as well as characters (issue 26).
@Suite struct CatalogTextBytesTests {
  @Test func aProgramWithinTheCharactersButOverTheBytesIsRefusedNamingEachField() async throws {
    try await CatalogFixture.run { env in
      let squat = try await exerciseID(env.catalog, "back-squat", as: env.member)
      // Five bytes a character: 100 characters are 500 bytes, 5,000 are 25,000.
      let heavy = "e\u{0301}\u{0301}"
      var p = program(String(repeating: heavy, count: 100), exercises: [squat])
      p.description_p = String(repeating: heavy, count: 5000)
      p.days[0].exercises[0].notes = String(repeating: heavy, count: 500)
      let refused = await rpcError { _ = try await env.catalog.createProgram(.with { $0.program = p }, metadata: env.member.metadata) }
      #expect(refused?.code == .invalidArgument)
      let byField = Dictionary((refused?.fieldViolations ?? []).map { ($0.field, $0.description) }, uniquingKeysWith: { a, _ in a })
      #expect(Set(byField.keys) == ["program.name", "program.description", "program.days[0].exercises[0].notes"])
      #expect(byField["program.name"]?.contains("400 bytes (UTF-8)") == true)
      let mine = try await env.catalog.listPrograms(.with { $0.authorID = env.member.id }, metadata: env.member.metadata)
      #expect(mine.programs.isEmpty)
    }
  }
}
