import Foundation
import GymAPI
import GymService
import GymTesting
import SwiftProtobuf
import Testing

extension SystemTests {
  static let jsonPassword = "violet staircase under a quiet harbour"

  /// A new account's access token, registered over HTTP/JSON.
  static func jsonAccount(_ name: String, at base: String) async throws -> Gym_Auth_V1_Tokens {
    let response = try await CurlClient.request(
      "POST", base + "/v1/auth:register",
      body: #"{"email":"\#(name)@example.com","username":"\#(name)","password":"\#(jsonPassword)","acceptTerms":true,"termsVersion":"1"}"#)
    #expect(response.status == 200, "\(response)")
    return try Gym_Auth_V1_RegisterResponse(jsonUTF8Bytes: response.body).tokens
  }

  /// A routine's whole life over HTTP/JSON (HTTP/1.1, plain curl) on the running stack (plan checking its
  /// exercises with the catalog): create, read, list, replace with its etag, a stale
  /// etag refused, delete, then 404; and the catalog's filters as query parameters.
  @Test func aRoutineIsCreatedReadListedReplacedAndDeletedOverHTTPJSON() async throws {
    try await Self.withStack { _, gateway in
      let base = "http://\(gateway)"
      let bearer = ["authorization": "Bearer \(try await Self.jsonAccount("ruth", at: base).accessToken)"]

      // Filters: words and a repeated enum; the page size.
      let found = try await CurlClient.request(http2: false, "GET", base + "/v1/exercises?query=squat&equipment=BARBELL&pageSize=3", headers: bearer)
      let exercises = try Gym_Catalog_V1_ListExercisesResponse(jsonUTF8Bytes: found.body).exercises
      #expect(!exercises.isEmpty && exercises.count <= 3, "\(found)")
      #expect(exercises.allSatisfy { $0.equipment.contains(.barbell) })
      let squat = try #require(exercises.first)

      let routineJSON = #"{"name":"Legs","days":[{"name":"A","exercises":[{"exerciseId":"\#(squat.id)","sets":[{"targetReps":5,"targetWeightKg":100}]}]}]}"#
      let created = try await CurlClient.request(http2: false, "POST", base + "/v1/routines", headers: bearer, body: routineJSON)
      #expect(created.status == 200, "\(created)")
      let routine = try Gym_Plan_V1_CreateRoutineResponse(jsonUTF8Bytes: created.body).routine
      #expect(routine.name == "Legs" && routine.days.first?.exercises.first?.exerciseName == squat.name)

      let read = try await CurlClient.request(http2: false, "GET", base + "/v1/routines/\(routine.id)", headers: bearer)
      let stored = try Gym_Plan_V1_GetRoutineResponse(jsonUTF8Bytes: read.body).routine
      #expect(stored.id == routine.id && stored.etag == routine.etag && stored.days == routine.days, "\(read)")
      _ = try await CurlClient.request(
        http2: false, "POST", base + "/v1/routines", headers: bearer, body: routineJSON.replacingOccurrences(of: "Legs", with: "Arms"))
      let page = try await CurlClient.request(http2: false, "GET", base + "/v1/routines?pageSize=1", headers: bearer)
      let listed = try Gym_Plan_V1_ListRoutinesResponse(jsonUTF8Bytes: page.body)
      #expect(listed.routines.map(\.name) == ["Arms"] && !listed.nextPageToken.isEmpty, "\(page)")
      let next = try await CurlClient.request(http2: false, "GET", base + "/v1/routines?pageSize=1&pageToken=\(listed.nextPageToken)", headers: bearer)
      #expect(try Gym_Plan_V1_ListRoutinesResponse(jsonUTF8Bytes: next.body).routines.map(\.id) == [routine.id], "\(next)")

      let replacement = routineJSON.replacingOccurrences(of: "\"Legs\"", with: "\"Legs 2\"")
      let replaced = try await CurlClient.request(
        http2: false, "PUT", base + "/v1/routines/\(routine.id)", headers: bearer, body: #"{"routine":\#(replacement),"etag":"\#(routine.etag)"}"#)
      #expect(replaced.status == 200, "\(replaced)")
      #expect(try Gym_Plan_V1_UpdateRoutineResponse(jsonUTF8Bytes: replaced.body).routine.name == "Legs 2")
      let stale = try await CurlClient.request(
        http2: false, "PUT", base + "/v1/routines/\(routine.id)", headers: bearer, body: #"{"routine":\#(replacement),"etag":"\#(routine.etag)"}"#)
      #expect(stale.status == 409 && stale.text.contains(#""code":10"#), "ABORTED: \(stale)")

      let invalid = try await CurlClient.request(http2: false, "POST", base + "/v1/routines", headers: bearer, body: #"{"name":"","days":[]}"#)
      #expect(invalid.status == 400 && invalid.text.contains(#""fieldViolations":[{"field":"routine.name""#), "\(invalid)")

      let deleted = try await CurlClient.request(http2: false, "DELETE", base + "/v1/routines/\(routine.id)", headers: bearer)
      #expect(deleted.status == 200 && deleted.text == "{}", "\(deleted)")
      let gone = try await CurlClient.request(http2: false, "GET", base + "/v1/routines/\(routine.id)", headers: bearer)
      #expect(gone.status == 404 && gone.text.contains(#""code":5"#), "\(gone)")
    }
  }

  /// Subscribe over HTTP/JSON: a direct message arrives on the open stream as one NDJSON
  /// line (over HTTP/1.1 in a chunked body); a refused subscription is an HTTP error, not
  /// a 200 stream.
  @Test(arguments: [true, false]) func aServerStreamDeliversEachEventAsAnNDJSONLine(http2: Bool) async throws {
    try await Self.withStack(environment: ["GYM_REQUIRE_VERIFIED_EMAIL": "false"]) { _, gateway in
      let base = "http://\(gateway)"
      let ana = try await Self.jsonAccount("ana", at: base)
      let ben = try await Self.jsonAccount("ben", at: base)
      let refused = try await CurlClient.request("GET", base + "/v1/events?afterEventId=-1", headers: ["authorization": "Bearer \(ana.accessToken)"])
      #expect(refused.status == 400 && refused.text.contains("after_event_id"), "\(refused)")

      let stream = try CurlClient.stream(base + "/v1/events", headers: ["authorization": "Bearer \(ana.accessToken)"], http2: http2)
      // The 200 comes once messaging has taken the subscription, before any event: from
      // then on a message is an event of `after_event_id` 0, so one message is enough.
      let open = try await eventually(within: .seconds(20)) { stream.head.hasPrefix(http2 ? "HTTP/2 200" : "HTTP/1.1 200") }
      #expect(open, "no 200 before the first event: \(stream.received)")
      let sent = try await CurlClient.request(
        "POST", base + "/v1/directMessages", headers: ["authorization": "Bearer \(ben.accessToken)"],
        body: #"{"username":"ana","text":"over JSON"}"#)
      #expect(sent.status == 200, "\(sent)")
      var delivered = ""
      let arrived = try await eventually(within: .seconds(20)) {
        delivered = stream.received
        return delivered.contains("over JSON")
      }
      await stream.stop()
      #expect(arrived, "nothing arrived: \(delivered)")
      #expect(delivered.hasPrefix(http2 ? "HTTP/2 200" : "HTTP/1.1 200"), "\(delivered)")
      if !http2 { #expect(delivered.lowercased().contains("transfer-encoding: chunked")) }
      #expect(delivered.lowercased().contains("content-type: application/x-ndjson"))
      let line = try #require(delivered.split(whereSeparator: \.isNewline).first { $0.hasPrefix(#"{"result":"#) })
      let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let result = try JSONSerialization.data(withJSONObject: try #require(event["result"]))
      let message = try Gym_Messaging_V1_Event(jsonUTF8Bytes: result)
      #expect(message.kind == .directMessage && message.message.text == "over JSON" && message.message.sender.username == "ben")
    }
  }
}
