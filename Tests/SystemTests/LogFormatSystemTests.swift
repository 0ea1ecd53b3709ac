import Foundation
import GymAPI
import GymTesting
import Testing

extension SystemTests {
  /// GYM_LOG_FORMAT=json: every line every process writes is one JSON object with its
  /// time, level, service and message, and a call's access-log lines carry its request
  /// id in the gateway and in the backend alike, so a log pipeline can follow it.
  @Test func jsonLogsAreOneObjectPerLineWithTheRequestID() async throws {
    try await Self.withStack(environment: ["GYM_LOG_FORMAT": "json", "GYM_REQUIRE_VERIFIED_EMAIL": "false"]) { supervisor, gateway in
      let answer = try await CurlClient.request(
        "POST", "http://\(gateway)/v1/auth:register", headers: ["x-request-id": "0123456789abcdef0123456789abcdef"],
        body: #"{"email":"log@example.com","username":"logger","password":"\#(Self.jsonPassword)","acceptTerms":true,"termsVersion":"1"}"#)
      #expect(answer.status == 200, "\(answer)")
      let logs = supervisor.layout.dataDirectory + "/logs"
      var carrying: Set<String> = []
      let found = try await eventually(within: .seconds(10)) {
        carrying = []
        for name in try FileManager.default.contentsOfDirectory(atPath: logs) where name.hasSuffix(".log") {
          let text = try String(contentsOfFile: logs + "/" + name, encoding: .utf8)
          for line in text.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["ts"] is String && object?["level"] is String && object?["msg"] is String, "\(name): \(line)")
            #expect((object?["service"] as? String)?.hasPrefix("gym-") == true, "\(name): \(line)")
            if object?["request_id"] as? String == "0123456789abcdef0123456789abcdef" { carrying.insert(name) }
          }
        }
        return carrying.isSuperset(of: ["gym-gateway.log", "gym-auth.log"])
      }
      #expect(found, "the request id in the gateway's and auth's lines: \(carrying)")
    }
  }
}
