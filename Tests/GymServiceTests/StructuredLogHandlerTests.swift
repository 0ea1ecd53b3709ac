import Foundation
import Testing

@testable import GymService

/// The log line's pieces: what a log pipeline parses.
@Suite struct StructuredLogHandlerTests {
  @Test func timestampsAreUTCWithMilliseconds() throws {
    #expect(StructuredLogHandler.timestamp(Date(timeIntervalSince1970: 1_795_000_000.0625)) == "2026-11-18T11:06:40.062Z")
    #expect(StructuredLogHandler.timestamp(Date(timeIntervalSince1970: 1_795_000_000.25)) == "2026-11-18T11:06:40.250Z")
    #expect(StructuredLogHandler.timestamp(Date(timeIntervalSince1970: 1_795_000_001)) == "2026-11-18T11:06:41.000Z")
    let now = Date()
    let formatted = StructuredLogHandler.timestamp(now)
    #expect(abs((try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(formatted)).timeIntervalSince(now)) < 0.002)
  }

  @Test func plainValuesStayBareAndTheRestIsQuoted() {
    #expect(StructuredLogHandler.quote("gym.auth.v1.AuthService/GetMe") == "gym.auth.v1.AuthService/GetMe")
    #expect(StructuredLogHandler.quote("user@example.com") == "user@example.com")
    #expect(StructuredLogHandler.quote("Zoë") == "Zoë")
    #expect(StructuredLogHandler.quote("two words") == "\"two words\"")
    #expect(StructuredLogHandler.quote("a \"b\"\nc") == "\"a \\\"b\\\"\\nc\"")
    #expect(StructuredLogHandler.quote("") == "\"\"")
  }

  @Test func aJSONLineIsOneObjectWithEveryFieldAndAnyTextEscaped() throws {
    let message = "said \"hi\"\nthen\tleft \u{1} \\ ünïcode"
    let line = StructuredLogHandler.line(
      timestamp: "2026-11-26T10:00:00.000Z", level: .warning, service: "gym-auth", message: message,
      metadata: ["request_id": "abc123", "user_id": .stringConvertible(42), "msg": "not the message"], format: .json)
    #expect(line.hasSuffix("}\n") && !line.dropLast().contains("\n"), "one line: \(line)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
    #expect(
      object == [
        "ts": "2026-11-26T10:00:00.000Z", "level": "warning", "service": "gym-auth", "msg": message, "request_id": "abc123",
        "user_id": "42",
      ])
  }
}
