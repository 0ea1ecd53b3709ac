import Foundation
import GymAPI
import GymCtl
import GymService
import GymTesting
import Testing

extension SystemTests {
  /// Operations schemathesis leaves alone, and why: streams it cannot read or write
  /// (NDJSON), and calls that would end the session it tests with.
  static let schemathesisExcluded = [
    // Long-lived or streamed answers: Subscribe never ends; an export is once an hour.
    "MessagingService_Subscribe", "AuthService_ExportMyData", "MessagingService_DownloadAttachment",
    // Streamed requests (one JSON object per line), which it cannot write.
    "CatalogService_ImportExercises", "PlacesService_ImportPlaces", "MessagingService_UploadAttachment",
    // They end the caller's session or account, or its password: the rest would be 401.
    "AuthService_Logout", "AuthService_RevokeSession", "AuthService_DeleteAccount", "AuthService_ChangePassword",
    "AuthService_ChangeEmail", "AuthService_PurgeInactiveUsers",
  ]

  /// schemathesis against the running stack's own /openapi.json, over HTTP/1.1, signed in
  /// as an administrator (so the admin operations answer more than 403): every operation
  /// with the cases its schema defines (the coverage phase: boundaries, wrong types,
  /// missing and unexpected fields and methods) and a few random ones. No answer may be a
  /// 5xx; every answer must match the document (status, content type, headers, schema);
  /// `Allow` must list the path's methods; a call without its token must be refused.
  /// The seed is fixed so that a finding reproduces; rate limits are off so that 429s do
  /// not stand in for answers.
  @Test func schemathesisFindsNoServerErrorAndEveryAnswerMatchesTheDocument() async throws {
    try await Self.withStack(environment: ["GYM_GATEWAY_RATE_LIMITS": "false", "GYM_REQUIRE_VERIFIED_EMAIL": "false"]) {
      supervisor, gateway in
      let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"
      let stack = ["--base-port", "\(supervisor.layout.basePort)", "--data-dir", supervisor.layout.dataDirectory]
      let (created, output) = try await Self.run(
        gymctl, ["users", "create-admin", "--email", "st@example.com", "--username", "schemathesis"] + stack, input: Self.jsonPassword + "\n")
      try #require(created == 0, "\(output)")
      let login = try await CurlClient.request(
        "POST", "http://\(gateway)/v1/auth:login", body: #"{"identifier":"schemathesis","password":"\#(Self.jsonPassword)"}"#)
      let token = try Gym_Auth_V1_LoginResponse(jsonUTF8Bytes: login.body).tokens.accessToken

      // Every operation but the excluded ones (each of which must exist).
      let document = try await CurlClient.request("GET", "http://\(gateway)/openapi.json")
      let paths = try #require((try JSONSerialization.jsonObject(with: document.body) as? [String: Any])?["paths"] as? [String: [String: Any]])
      let operations = paths.values.reduce(0) { $0 + $1.count }
      let selected = "Selected: \(operations - Self.schemathesisExcluded.count)/\(operations)"

      let started = ContinuousClock.now
      let arguments = [
        "http://\(gateway)/openapi.json", "--header", "Authorization: Bearer \(token)",
        // Every check but the two that hold the services' own rules (ranges, required
        // fields, what must exist) against a schema that cannot state them.
        "--checks", "all", "--exclude-checks", "positive_data_acceptance,negative_data_rejection",
        "--phases", "examples,coverage,fuzzing", "--max-examples", "5", "--seed", "1", "--workers", "4",
        "--request-timeout", "10", "--exclude-operation-id-regex", "^(" + Self.schemathesisExcluded.joined(separator: "|") + ")$",
        "--no-color",
      ]
      let (status, report) = try await Self.schemathesis(arguments)
      let took = ContinuousClock.now - started
      print(
        "schemathesis: \(report.split(separator: "\n").filter { $0.contains("generated") || $0.contains(" in ") }.suffix(2).joined(separator: "; ")) (\(took))")
      #expect(status == 0, "schemathesis found problems:\n\(report.suffix(20_000))")
      #expect(report.contains(selected), "\(report.suffix(3000))")
    }
  }

  /// Runs schemathesis (made on first use from PyPI by its script) in a directory of its
  /// own (it keeps its examples database there, out of the checkout); its exit status and
  /// everything it printed.
  static func schemathesis(_ arguments: [String]) async throws -> (Int32, String) {
    let script = repositoryRoot + "/Tests/SystemTests/schemathesis/run-schemathesis.sh"
    let directory = try temporaryDirectory("schemathesis")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let output = directory + "/output"
    let status = try await ChildProcess(
      "/bin/bash", ["-c", #"cd "$1" && shift && exec /bin/bash "$@""#, "schemathesis", directory, script] + arguments, outputPath: output
    ).status()
    return (status, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
  }
}
