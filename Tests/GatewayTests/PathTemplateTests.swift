import Testing

@testable import GymGateway

/// The `google.api.http` path templates: parsing, matching, percent-decoding.
@Suite struct PathTemplateTests {
  private func match(_ template: String, _ path: String) throws -> [String: String]? {
    let parsed = try PathTemplate(template)
    return try #require(RequestPath(Substring(path))).match(in: parsed)
  }

  @Test func literalsVariablesAndVerbs() throws {
    #expect(try match("/v1/routines/{id}", "/v1/routines/r1") == ["id": "r1"])
    #expect(try match("/v1/routines/{id}", "/v1/routines") == nil)
    #expect(try match("/v1/routines/{id}", "/v1/routines/r1/x") == nil)
    #expect(try match("/v1/routines/{id}", "/v1/goals/r1") == nil)
    #expect(try match("/v1/workouts/{session_id}/items/{item_id}/sets", "/v1/workouts/s/items/i/sets") == ["session_id": "s", "item_id": "i"])
    #expect(try match("/v1/auth:login", "/v1/auth:login") == [:])
    #expect(try match("/v1/auth:login", "/v1/auth:logout") == nil)
    #expect(try match("/v1/auth:login", "/v1/auth") == nil)
    #expect(try match("/v1/programs/{program_id}:rate", "/v1/programs/p9:rate") == ["program_id": "p9"])
    // Without a verb in the template, a colon is part of the last segment.
    #expect(try match("/v1/routines/{id}", "/v1/routines/a:b") == ["id": "a:b"])
    #expect(try match("/v1/exercises/{exercise.id}", "/v1/exercises/e1") == ["exercise.id": "e1"])
  }

  @Test func anEmptySegmentIsNoValue() throws {
    #expect(try match("/v1/routines/{id}", "/v1/routines/") == nil)
    #expect(try match("/v1/me", "/v1/me/") == nil)
  }

  @Test func variablesArePercentDecodedButDeepOnesKeepTheirSlashes() throws {
    #expect(try match("/v1/usernames/{username}/profile", "/v1/usernames/ana%20b%C3%A9/profile") == ["username": "ana bé"])
    #expect(try match("/v1/usernames/{username}/profile", "/v1/usernames/a%2Fb/profile") == ["username": "a/b"])
    #expect(try match("/v1/{name=shelves/*/books/**}", "/v1/shelves/s1/books/b%2F1/c") == ["name": "shelves/s1/books/b%2F1/c"])
    #expect(try match("/v1/{name=files/**}", "/v1/files") == ["name": "files"])
    #expect(try match("/v1/usernames/{username}/profile", "/v1/usernames/%zz/profile") == nil)
    #expect(try match("/v1/usernames/{username}/profile", "/v1/usernames/%FF/profile") == nil, "not UTF-8")
  }

  @Test(arguments: ["v1/x", "/v1/{id", "/v1/x{id}", "/v1/**/x", "/v1/x:", "/v1//x", "/v1/x/", "/v1/{a b}"])
  func malformedTemplatesAreRefused(_ template: String) {
    #expect(throws: PathTemplateError.self) { try PathTemplate(template) }
  }

  @Test func everyGeneratedTemplateParses() {
    // Building the table parses them all (a bad one stops the process).
    #expect(HTTPRouteTable().routes.count == HTTPRoute.generated.count)
    #expect(HTTPRoute.generated.count > 150)
  }
}

extension RequestPath {
  fileprivate func match(in template: PathTemplate) -> [String: String]? {
    template.match(self).map { Dictionary(uniqueKeysWithValues: $0.map { ($0.field, $0.value) }) }
  }
}
