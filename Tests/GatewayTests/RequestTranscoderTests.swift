import Foundation
import GymAPI
import SwiftProtobuf
import Testing

@testable import GymGateway

/// HTTP requests into gRPC request messages: path variables, query parameters and JSON
/// bodies, and the 400s that say what to fix.
@Suite struct RequestTranscoderTests {
  let table = HTTPRouteTable()
  let transcoder = RequestTranscoder(schemas: .platform)

  private func request<M: Message>(_ verb: String, _ target: String, body: String = "", as type: M.Type) throws -> M {
    let path = target.prefix { $0 != "?" }
    let query = target.dropFirst(path.count).dropFirst()
    guard case .found(let route, let variables) = table.lookup(verb: verb, path: path) else {
      throw JSONDoorError.notFound(path)
    }
    let bytes = try transcoder.request(route, variables: variables, query: query, body: Array(body.utf8))
    return try M(serializedBytes: bytes)
  }

  private func refusal(_ verb: String, _ target: String, body: String = "") -> JSONDoorError? {
    do {
      _ = try request(verb, target, body: body, as: Google_Protobuf_Empty.self)
      return nil
    } catch let error as JSONDoorError {
      return error
    } catch {
      return nil
    }
  }

  @Test func queryParametersSetScalarsEnumsRepetitionsAndNestedFields() throws {
    let list = try request(
      "GET", "/v1/exercises?query=front+squat&equipment=BARBELL&equipment=2&page_size=5&orderBy=ALPHABETICAL&difficulty=3",
      as: Gym_Catalog_V1_ListExercisesRequest.self)
    #expect(list.query == "front squat" && list.pageSize == 5 && list.orderBy == .alphabetical && list.difficulty == .advanced)
    #expect(list.equipment == [.barbell, .barbell])
    let sessions = try request("GET", "/v1/workouts?from.year=2026&from.month=1&to.day=31", as: Gym_Plan_V1_ListSessionsRequest.self)
    #expect(sessions.from.year == 2026 && sessions.from.month == 1 && sessions.to.day == 31)
    let rooms = try request("GET", "/v1/rooms?joinedOnly=true&query=%C3%A9t%C3%A9", as: Gym_Messaging_V1_ListRoomsRequest.self)
    #expect(rooms.joinedOnly && rooms.query == "été")
    let nearby = try request(
      "GET", "/v1/places?location.latitude=51.5&location.longitude=-0.12&openAt=2026-01-31T18:30:00Z&kinds=GYM&kinds=YOGA_STUDIO",
      as: Gym_Places_V1_SearchNearbyRequest.self)
    #expect(nearby.location.latitude == 51.5 && nearby.location.longitude == -0.12 && nearby.kinds == [.gym, .yogaStudio])
    #expect(nearby.openAt.seconds == 1_769_884_200)
  }

  @Test func pathVariablesAndTheBodyMeet() throws {
    let update = try request(
      "PUT", "/v1/routines/r1", body: #"{"routine":{"id":"other","name":"Legs"},"etag":"e7"}"#, as: Gym_Plan_V1_UpdateRoutineRequest.self)
    #expect(update.routine.id == "r1", "the path names the routine")
    #expect(update.routine.name == "Legs" && update.etag == "e7")
    let logSet = try request(
      "POST", "/v1/workouts/s1/items/i2/sets", body: #"{"reps":5,"weightKg":"102.5"}"#, as: Gym_Plan_V1_LogSetRequest.self)
    #expect(logSet.sessionID == "s1" && logSet.itemID == "i2" && logSet.set.reps == 5 && logSet.set.weightKg == 102.5)
    let profile = try request(
      "PATCH", "/v1/me/profile?updateMask=display_name,homeLocation", body: #"{"displayName":"Ana"}"#, as: Gym_Auth_V1_UpdateProfileRequest.self)
    #expect(profile.profile.displayName == "Ana" && profile.updateMask.paths == ["display_name", "home_location"])
    // A PATCH without a mask changes what its body names (AIP-134).
    let inferred = try request("PATCH", "/v1/me/profile", body: #"{"bio":"Lifts","homeLocation":{"latitude":1}}"#, as: Gym_Auth_V1_UpdateProfileRequest.self)
    #expect(inferred.updateMask.paths == ["bio", "home_location"] && inferred.profile.bio == "Lifts")
    let byName = try request("GET", "/v1/usernames/ana.b/profile", as: Gym_Auth_V1_GetProfileRequest.self)
    #expect(byName.username == "ana.b")
    let big = try request("POST", "/v1/auth:login", body: #"{"identifier":"x","password":"y"}"#, as: Gym_Auth_V1_LoginRequest.self)
    #expect(big.identifier == "x")
  }

  @Test func unknownFieldsAreRefusedByName() {
    let body = refusal("POST", "/v1/routines", body: #"{"name":"A","days":[{"exercises":[{"exerciseId":"e","setz":[]}]}]}"#)
    #expect(body?.httpStatus == 400)
    #expect(body?.violations.first?.field == "routine.days[0].exercises[0].setz", "\(String(describing: body))")
    #expect(body?.message.contains("is not a field of gym.plan.v1.RoutineExercise") == true)
    let misspelt = refusal("POST", "/v1/auth:login", body: #"{"Identifier":"x"}"#)
    #expect(misspelt?.message.contains("did you mean 'identifier'") == true, "\(String(describing: misspelt))")
    let typo = refusal("POST", "/v1/routines", body: #"{"name":"A","dayz":[]}"#)
    #expect(typo?.message.contains("did you mean 'days'?") == true, "\(String(describing: typo))")
    let unlike = refusal("POST", "/v1/routines", body: #"{"colour":"red"}"#)
    #expect(unlike?.message.contains("did you mean") == false, "\(String(describing: unlike))")
    let query = refusal("GET", "/v1/routines?pageSise=3")
    #expect(query?.violations.first?.field == "pageSise" && query?.message.contains("pageSize") == true)
  }

  @Test func badValuesNameTheFieldAndWhatItTakes() {
    let number = refusal("POST", "/v1/bodyWeight", body: #"{"weightKg":"heavy"}"#)
    #expect(number?.violations.first?.field == "weight_kg" && number?.message.contains("must be a number") == true)
    let enumeration = refusal("POST", "/v1/programs/p1:rate", body: #"{"vote":"SIDEWAYS"}"#)
    #expect(enumeration?.message.contains("use one of VOTE_UNSPECIFIED, UP, DOWN, NONE") == true, "\(String(describing: enumeration))")
    let range = refusal("GET", "/v1/routines?pageSize=99999999999")
    #expect(range?.violations.first?.field == "page_size")
    let flag = refusal("GET", "/v1/rooms?joinedOnly=yes")
    #expect(flag?.message.contains("must be true or false") == true)
    let time = refusal("POST", "/v1/users/u1:ban", body: #"{"reason":"spam","until":"tomorrow"}"#)
    #expect(time?.violations.first?.field == "until" && time?.message.contains("RFC 3339") == true)
    let oneof = refusal("GET", "/v1/users/u1/directMessages?conversationId=c1")
    #expect(oneof?.message.contains("only one of 'with'") == true, "\(String(describing: oneof))")
  }

  /// Found by schemathesis: an enum number past Int32 stopped the gateway.
  @Test func numbersOutOfRangeAreRefusedNotACrash() {
    for body in [#"{"vote":30426486163706210}"#, #"{"vote":3.042648616370621e+16}"#, #"{"vote":-2147483649}"#, #"{"vote":1.5}"#] {
      let refused = refusal("POST", "/v1/programs/p1:rate", body: body)
      #expect(refused?.httpStatus == 400 && refused?.violations.first?.field == "vote", "\(body): \(String(describing: refused))")
    }
  }

  @Test func malformedJSONSaysWhereAndWhy() {
    let comma = refusal("POST", "/v1/auth:login", body: "{\n  \"identifier\": \"x\",\n}")
    #expect(comma?.message == "invalid request: the body is not JSON: a comma before '}' (trailing commas are not JSON) at line 3, column 1")
    let quotes = refusal("POST", "/v1/auth:login", body: "{'identifier': 'x'}")
    #expect(quotes?.message.contains("expected a field name in double quotes at line 1, column 2") == true, "\(String(describing: quotes))")
    let array = refusal("POST", "/v1/auth:login", body: "[1]")
    #expect(array?.message.contains("must be a JSON object (a gym.auth.v1.LoginRequest), not an array") == true, "\(String(describing: array))")
  }

  @Test func whereTheFieldsGoIsEnforced() {
    let bodyOnGet = refusal("GET", "/v1/me", body: #"{"x":1}"#)
    #expect(bodyOnGet?.message.contains("send no body") == true)
    let queryOnBodyStar = refusal("POST", "/v1/auth:login?identifier=x", body: "{}")
    #expect(queryOnBodyStar?.message.contains("move it there") == true)
    let twice = refusal("GET", "/v1/routines?pageSize=1&pageSize=2")
    #expect(twice?.message.contains("more than once") == true)
    let pathAndQuery = refusal("GET", "/v1/routines/r1?id=r2")
    #expect(pathAndQuery?.message.contains("set by the path") == true)
    let message = refusal("GET", "/v1/workouts?from=2026-01-01")
    #expect(message?.message.contains("from.FIELD") == true, "\(String(describing: message))")
  }
}
