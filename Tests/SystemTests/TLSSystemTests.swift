import Foundation
import GymCtl
import GymService
import GymTesting
import Testing

/// The real executables with TLS everywhere, as `gymctl tls init` and `gymctl up --tls`
/// set them up: the gateway serves its certificate, every backend asks its callers for
/// one from the private CA, and grpcio reaches the platform with the CA as its root.
/// Part of the serialized `SystemTests`, so no other stack picks ports beside this one.
extension SystemTests {
  static let tlsGymctl = Supervisor.defaultBinDirectory() + "/gymctl"

  @Test func grpcioOverTLSAndARenewedGatewayCertificateServedAfterSIGHUP() async throws {
    let data = try temporaryDirectory("gym-tls-stack")
    let (initStatus, initOutput) = try await Self.run(Self.tlsGymctl, ["tls", "init", "--data-dir", data])
    #expect(initStatus == 0, "\(initOutput)")
    #expect(initOutput.contains("wrote a CA and certificates"))
    let tls = TLSDirectory(path: data + "/tls")
    let keyMode = try FileManager.default.attributesOfItem(atPath: tls.gatewayKeyFile)[.posixPermissions] as? Int
    #expect(keyMode == 0o600, "a private key readable by others")
    // A second init keeps what is there (every client trusts that CA).
    #expect(try await Self.run(Self.tlsGymctl, ["tls", "init", "--data-dir", data]).1.contains("left as they are"))

    var layout = StackLayout(basePort: try reserveStackBasePort(), dataDirectory: data)
    layout.tls = tls
    let supervisor = Supervisor(
      layout: layout, binDirectory: Supervisor.defaultBinDirectory(),
      extraEnvironment: ["GYM_PASSWORD_HASH_LOG_N": "10", "GYM_SHUTDOWN_GRACE_SECONDS": "5"])
    do {
      // Start-up itself shows every backend serving mutual TLS: the supervisor's health
      // probes present the internal certificate.
      try await supervisor.start()
      try await checkTLSStack(supervisor, tls)
      await supervisor.stop()
    } catch {
      await supervisor.stop()
      throw error
    }
  }

  private func checkTLSStack(_ supervisor: Supervisor, _ tls: TLSDirectory) async throws {
    let port = supervisor.layout.basePort
    let (status, output) = try await Self.run(
      "/bin/bash", [Self.repositoryRoot + "/Tests/Interop/run-interop.sh", "auth_flow.py", "localhost:\(port)", tls.caFile])
    #expect(status == 0, "grpcio over TLS failed:\n\(output)")
    #expect(output.contains("interop ok"))

    // A backend refuses a caller without the CA's certificate, and serves one with it.
    let auth = "127.0.0.1:\(port + 1)"
    #expect(try await Self.exitCode(Self.tlsGymctl, ["health", "--addr", auth]) != 0)
    #expect(try await Self.exitCode(Self.tlsGymctl, ["health", "--addr", auth, "--tls-dir", tls.path]) == 0)
    // Probes that cannot speak TLS (the kubelet's) read the same status over HTTP.
    let (_, healthz) = try await Self.run("/usr/bin/curl", ["-s", "-w", " %{http_code}", "http://127.0.0.1:\(port + 2000)/healthz"])
    #expect(healthz == "SERVING\n 200", "\(healthz)")
    // Operator commands reach the gateway over TLS.
    let stack = ["--base-port", "\(port)", "--data-dir", supervisor.layout.dataDirectory, "--tls"]
    let (statusCode, table) = try await Self.run(Self.tlsGymctl, ["status"] + stack)
    #expect(statusCode == 0, "\(table)")
    #expect(table.contains("SERVING"), "\(table)")

    // Renewal: a new gateway certificate from the same CA, then SIGHUP.
    let before = try await servedCertificate(port)
    #expect(normalizedPEM(before) == normalizedPEM(try String(contentsOfFile: tls.gatewayCertificateFile, encoding: .utf8)))
    let ca = try DevelopmentCA(
      certificatePEM: try String(contentsOfFile: tls.caFile, encoding: .utf8),
      keyPEM: try String(contentsOfFile: tls.caKeyFile, encoding: .utf8))
    let renewed = try ca.issue(commonName: "gym gateway", hosts: TLSDirectory.loopbackHosts, usage: .server, days: 30)
    try Data(renewed.keyPEM.utf8).write(to: URL(fileURLWithPath: tls.gatewayKeyFile))
    try Data(renewed.certificatePEM.utf8).write(to: URL(fileURLWithPath: tls.gatewayCertificateFile))
    let gateway = try #require(supervisor.pid(of: "gateway"))
    kill(gateway, SIGHUP)
    #expect(
      try await eventually(within: .seconds(15)) { normalizedPEM((try? await servedCertificate(port)) ?? "") == normalizedPEM(renewed.certificatePEM) },
      "the renewed certificate was not served after SIGHUP")
    // Nothing respawns a child, so the same pid proves nothing: the process that got the
    // SIGHUP must still be running (a gateway that exited on it would be reaped here).
    #expect(supervisor.exitStatuses()["gateway"] == nil, "the gateway exited on SIGHUP instead of reloading")
    #expect(kill(gateway, 0) == 0, "the gateway exited on SIGHUP instead of reloading")
    #expect(try await Self.exitCode(Self.tlsGymctl, ["health", "--addr", "127.0.0.1:\(port)", "--tls-dir", tls.path]) == 0)
  }

  private func servedCertificate(_ port: Int) async throws -> String {
    // The venv that run-interop.sh made; this script needs no stubs.
    let (status, output) = try await Self.run(
      Self.repositoryRoot + "/.build-python/venv/bin/python", [Self.repositoryRoot + "/Tests/Interop/served_certificate.py", "127.0.0.1:\(port)"])
    guard status == 0 else { throw TLSFileError(path: "127.0.0.1:\(port)", problem: "presented no certificate: \(output)") }
    return output
  }

  /// The base64 body of the first PEM block, so line breaks and headers do not matter.
  private func normalizedPEM(_ pem: String) -> String {
    pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.prefix { !$0.isEmpty }.joined()
  }
}
