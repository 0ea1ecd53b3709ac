import Foundation
import GRPCCore
import GymAPI
import GymService
import Testing

@testable import GymGateway

/// The HTTP/JSON routes: generated from the same annotations as docs/openapi.json, one
/// for every public method the gateway routes, found by method and path.
@Suite struct HTTPRouteTableTests {
  let table = HTTPRouteTable()

  @Test func everyRoutedPublicMethodHasARouteAndNoOtherMethodDoes() {
    let routed = Set(Route.all.flatMap(\.methods))
    let bound = Set(table.routes.map(\.method))
    #expect(bound == routed, "without a route: \(routed.subtracting(bound)); not routed: \(bound.subtracting(routed))")
  }

  @Test func lookupFindsTheRouteAndItsVariables() {
    guard case .found(let route, let variables) = table.lookup(verb: "GET", path: "/v1/routines/r42") else {
      Issue.record("GET /v1/routines/r42 is not found")
      return
    }
    #expect(route.method == Gym_Plan_V1_PlanService.Method.GetRoutine.descriptor)
    #expect(variables.map(\.field) == ["id"] && variables.map(\.value) == ["r42"])
    guard case .found(let active, _) = table.lookup(verb: "GET", path: "/v1/workouts:active") else {
      Issue.record("GET /v1/workouts:active is not found")
      return
    }
    #expect(active.method == Gym_Plan_V1_PlanService.Method.GetActiveSession.descriptor)
    guard case .found(let login, _) = table.lookup(verb: "POST", path: "/v1/auth:login") else {
      Issue.record("POST /v1/auth:login is not found")
      return
    }
    #expect(login.method == Gym_Auth_V1_AuthService.Method.Login.descriptor && login.body == "*")
  }

  @Test func aKnownPathWithAnotherMethodIsMethodNotAllowed() {
    guard case .methodNotAllowed(let allowed) = table.lookup(verb: "PATCH", path: "/v1/routines/r42") else {
      Issue.record("PATCH /v1/routines/r42 must be 405")
      return
    }
    #expect(Set(allowed) == ["GET", "PUT", "DELETE"])
    guard case .notFound = table.lookup(verb: "GET", path: "/v1/nothing/here") else {
      Issue.record("an unknown path must be 404")
      return
    }
    #expect(table.methods(for: "/v1/routines") == ["POST", "GET"])
  }

  /// Found by schemathesis: `OPTIONS /v1/programs/p1:rate` listed GetProgram's methods
  /// too, as if "p1:rate" were a program's id.
  @Test func aCustomVerbOwnsItsPath() {
    #expect(table.methods(for: "/v1/programs/p1:rate") == ["POST"])
    guard case .methodNotAllowed(let allowed) = table.lookup(verb: "GET", path: "/v1/programs/p1:rate") else {
      Issue.record("GET /v1/programs/p1:rate must be 405, not GetProgram of 'p1:rate'")
      return
    }
    #expect(allowed == ["POST"])
    // No template has this verb: the colon is part of the id.
    guard case .found(let route, let variables) = table.lookup(verb: "GET", path: "/v1/programs/p1:v2") else {
      Issue.record("GET /v1/programs/p1:v2 must be GetProgram")
      return
    }
    #expect(route.method == Gym_Catalog_V1_CatalogService.Method.GetProgram.descriptor && variables.first?.value == "p1:v2")
  }

  @Test func theDoorClaimsOnlyTheAPIsPathsAndTheFilesDoorTheDocument() {
    let door = JSONDoor(cors: .sameOriginOnly, maxMessageBytes: 1 << 20)
    #expect(door.handler(for: [":method": "GET", ":path": "/v1/me"]) != nil)
    #expect(door.handler(for: [":method": "POST", ":path": "/v1/auth:login?x=1"]) != nil)
    #expect(door.handler(for: [":method": "GET", ":path": "/openapi.json"]) == nil)
    let files = StaticFileDoor(cors: .sameOriginOnly)
    #expect(files.handler(for: [":method": "GET", ":path": "/openapi.json"]) != nil)
    #expect(files.handler(for: [":method": "GET", ":path": "/dashboard/app.js?v=1"]) != nil)
    #expect(files.handler(for: [":method": "GET", ":path": "/v1/me"]) == nil)
    #expect(door.handler(for: [":method": "GET", ":path": "/"]) == nil)
    #expect(door.handler(for: [":method": "GET", ":path": "/metrics"]) == nil)
    #expect(door.handler(for: [":method": "POST", ":path": "/v1/me", "content-type": "application/grpc-web+proto"]) == nil)
  }

  /// The document lists exactly the routes the door serves, and marks public exactly the
  /// methods that need no token.
  @Test func theOpenAPIDocumentDescribesTheRouteTable() throws {
    let document = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
    let paths = try #require(document["paths"] as? [String: [String: Any]])
    var documented: Set<String> = []
    var publicMethods: Set<String> = []
    for (path, operations) in paths {
      for (verb, operation) in operations {
        let operation = try #require(operation as? [String: Any])
        let grpc = try #require(operation["x-grpc-method"] as? String)
        documented.insert("\(verb.uppercased()) \(Self.withoutVariableNames(path)) \(grpc)")
        if let security = operation["security"] as? [Any], security.isEmpty { publicMethods.insert(String(grpc.dropFirst())) }
      }
    }
    let served = Set(
      table.routes.map { route in
        "\(route.verb) \(Self.withoutVariableNames(route.template.description)) \(route.grpcPath)"
      })
    #expect(documented == served)
    let expectedPublic = Set(PublicMethods.all.filter { Route.all.flatMap(\.methods).contains($0) }.map(\.fullyQualifiedMethod))
    #expect(publicMethods == expectedPublic)
  }

  /// The document names path parameters by their JSON names (`{routineId}` for
  /// `{routine.id}`): the shape of the path is what must agree.
  static func withoutVariableNames(_ path: String) -> String {
    path.replacingOccurrences(of: #"\{[^}]*\}"#, with: "{}", options: .regularExpression)
  }

  /// What is served at /openapi.json is the committed docs/openapi.json, byte for byte.
  @Test func theServedDocumentIsTheCommittedFile() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let committed = try Data(contentsOf: root.appendingPathComponent("docs/openapi.json"))
    #expect(committed == Data(OpenAPIDocument.json.utf8))
  }
}
