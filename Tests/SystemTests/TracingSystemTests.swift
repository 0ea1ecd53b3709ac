import Foundation
import GRPCCore
import GymAPI
import GymCtl
import GymTesting
import Testing

extension SystemTests {
  /// One span as an OTLP receiver got it (`otlp/receiver.py`).
  struct ReceivedSpan: Decodable, Sendable {
    let service: String
    let traceID: String
    let spanID: String
    let parentSpanID: String
    let name: String
    let kind: String

    enum CodingKeys: String, CodingKey {
      case service, name, kind
      case traceID = "trace_id"
      case spanID = "span_id"
      case parentSpanID = "parent_span_id"
    }
  }

  /// With GYM_OTLP_ENDPOINT set, every process sends its spans over OTLP/gRPC to a real
  /// receiver (the collector's TraceService from the opentelemetry-proto package). A
  /// profile change made with the client's own `traceparent` is one trace: the gateway's
  /// span is the client span's child, auth's the gateway's, auth's transaction and its
  /// outbox delivery auth's, the delivery's call to messaging the delivery's, messaging's
  /// span that call's and messaging's transaction its own; and the log lines of the call
  /// in the gateway and auth carry the trace id.
  @Test func aCallIsOneTraceThroughTheGatewayAuthTheOutboxAndMessaging() async throws {
    let root = Self.repositoryRoot
    let python = try await Self.pinnedVenv("otlp", requirements: "Tests/SystemTests/otlp/requirements.txt", executable: "bin/python")
    let directory = try temporaryDirectory("gym-otlp")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let spansFile = directory + "/spans.jsonl"
    let portFile = directory + "/port"
    let receiver = try ChildProcess(
      python, [root + "/Tests/SystemTests/otlp/receiver.py", "--out", spansFile, "--port-file", portFile],
      outputPath: directory + "/receiver.log")
    do {
      let listening = try await eventually(within: .seconds(30)) { FileManager.default.fileExists(atPath: portFile) }
      try #require(listening, "the OTLP receiver did not start: \((try? String(contentsOfFile: directory + "/receiver.log", encoding: .utf8)) ?? "")")
      let port = try String(contentsOfFile: portFile, encoding: .utf8)
      let traceID = Self.randomHex(bytes: 16)
      let clientSpanID = Self.randomHex(bytes: 8)
      let environment = [
        "GYM_OTLP_ENDPOINT": "http://127.0.0.1:\(port)", "OTEL_BSP_SCHEDULE_DELAY": "100", "GYM_REQUIRE_VERIFIED_EMAIL": "false",
      ]
      try await Self.withStack(environment: environment) { supervisor, gateway in
        try await withClient(to: gateway) { client in
          let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
          var metadata = try await Self.member("traced_lifter", auth)
          metadata.addString("00-\(traceID)-\(clientSpanID)-01", forKey: "traceparent")
          _ = try await auth.updateProfile(
            .with {
              $0.profile.displayName = "Traced Lifter"
              $0.updateMask.paths = ["display_name"]
            }, metadata: metadata)
        }
        var spans: [ReceivedSpan] = []
        var chain: [ReceivedSpan]? = nil
        let complete = try await eventually(within: .seconds(60)) {
          let text = (try? String(contentsOfFile: spansFile, encoding: .utf8)) ?? ""
          spans = try text.split(separator: "\n").map { try JSONDecoder().decode(ReceivedSpan.self, from: Data($0.utf8)) }
            .filter { $0.traceID == traceID }
          chain = Self.traceChain(spans, clientSpanID: clientSpanID)
          return chain != nil
        }
        #expect(
          complete, "client span \(clientSpanID); the trace's spans: \(spans.map { "\($0.service) \($0.kind) \($0.name) \($0.spanID) ← \($0.parentSpanID)" })")
        if let chain { #expect(Set(chain.map(\.spanID)).count == chain.count) }

        // The trace id in the call's log lines, in the gateway's access log and in auth's.
        let logs = supervisor.layout.dataDirectory + "/logs"
        for process in ["gym-gateway", "gym-auth"] {
          let text = try String(contentsOfFile: "\(logs)/\(process).log", encoding: .utf8)
          #expect(text.contains("trace_id=\(traceID)"), "\(process)'s log names the trace")
        }
      }
      await receiver.kill()
    } catch {
      await receiver.kill()
      throw error
    }
  }

  /// An endpoint without its scheme is refused at start-up with what to write instead,
  /// rather than tracing silently going nowhere.
  @Test func anOTLPEndpointWithoutAnHTTPSchemeStopsTheProcessWithAClearMessage() async throws {
    let (status, output) = try await Self.run(
      "/usr/bin/env", ["GYM_OTLP_ENDPOINT=otel-collector:4317", Supervisor.defaultBinDirectory() + "/gym-catalog"])
    #expect(status == 2, "\(output)")
    #expect(output.contains("GYM_OTLP_ENDPOINT=otel-collector:4317 must be the http:// (or https://) URL"), "\(output)")
  }

  @Test func anInternalCallTimeoutOutOfRangeStopsTheProcessWithAClearMessage() async throws {
    let (status, output) = try await Self.run(
      "/usr/bin/env", ["GYM_INTERNAL_CALL_TIMEOUT_SECONDS=0", Supervisor.defaultBinDirectory() + "/gym-plan"])
    #expect(status == 2, "\(output)")
    #expect(output.contains("GYM_INTERNAL_CALL_TIMEOUT_SECONDS=0 must be a whole number in 1...600"), "\(output)")
  }

  /// The spans from the client's down to messaging's transaction, each the parent of the
  /// next (the outbox delivery's and the auth transaction's both children of auth's call);
  /// nil until every one of them has arrived.
  static func traceChain(_ spans: [ReceivedSpan], clientSpanID: String) -> [ReceivedSpan]? {
    func children(of parent: String, _ service: String, _ kind: String, _ name: (String) -> Bool) -> [ReceivedSpan] {
      spans.filter { $0.parentSpanID == parent && $0.service == service && $0.kind == kind && name($0.name) }
    }
    let method = "gym.auth.v1.AuthService/UpdateProfile"
    guard let gateway = children(of: clientSpanID, "gym-gateway", "SPAN_KIND_SERVER", { $0 == method }).first,
      let auth = children(of: gateway.spanID, "gym-auth", "SPAN_KIND_SERVER", { $0 == method }).first,
      let authWrite = children(of: auth.spanID, "gym-auth", "SPAN_KIND_CLIENT", { $0 == "sqlite write" }).first
    else { return nil }
    // A delivery may have been tried more than once (an attempt that timed out on a loaded
    // machine is a span of its own): the attempt that reached messaging completes the chain.
    for delivery in children(of: auth.spanID, "gym-auth", "SPAN_KIND_PRODUCER", { $0 == "outbox user-updated to messaging" }) {
      for call in children(of: delivery.spanID, "gym-auth", "SPAN_KIND_CLIENT", { $0 == "gym.common.v1.UserLifecycleInternal/UpdateUser" }) {
        for messaging in children(of: call.spanID, "gym-messaging", "SPAN_KIND_SERVER", { $0 == call.name }) {
          if let messagingWrite = children(of: messaging.spanID, "gym-messaging", "SPAN_KIND_CLIENT", { $0 == "sqlite write" }).first {
            return [gateway, auth, authWrite, delivery, call, messaging, messagingWrite]
          }
        }
      }
    }
    return nil
  }

  static func randomHex(bytes: Int) -> String {
    (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
  }
}
