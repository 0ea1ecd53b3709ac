import GymAPI
import GymService
import GymTesting
import Logging
import Testing

/// A page's byte budget comes from the limit of the server that answers. Servers with
/// other limits in the same process (a test process hosts hundreds) must not change it:
/// one made with a small limit once cut other tests' pages to a single item.
@Suite struct PageBudgetTests {
  @Test func anotherServersSmallMessageLimitLeavesThesePagesWhole() async throws {
    try await CatalogFixture.run { env in
      var settings = testSettings()
      settings.maxMessageBytes = 4096
      _ = try GymServer(
        name: "small", settings: settings, services: [], healthNames: [], auth: nil, forwardingProof: nil, logger: Logger(label: "small"))
      let listed = try await env.catalog.listExercises(.with { $0.pageSize = 30 }, metadata: env.member.metadata)
      #expect(listed.totalSize > 30)
      #expect(listed.exercises.count == 30, "a page of \(listed.exercises.count) exercises")
    }
  }
}
