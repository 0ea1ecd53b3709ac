import AuthTesting
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymService
import GymTesting
import Testing

@testable import GymGateway

/// TLS on the public door and mutual TLS behind it.
@Suite struct GatewayTLSTests {
  @Test func theGatewayServesTLSAndPlaintextOrUntrustingClientsAreTurnedAway() async throws {
    let certificates = try TestCertificates()
    let stranger = try TestCertificates()
    let tls = try certificates.serverTLS()
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(
        auth: auth.address, credential: auth.credential, configure: { $0.common.tls = tls },
        at: { address in
          let keys = try await withClient(to: address, security: try certificates.clientSecurity()) { client in
            try await Gym_Auth_V1_AuthService.Client(wrapping: client).getSigningKeys(.init())
          }
          #expect(!keys.keys.isEmpty)
          let plaintext = await rpcError {
            try await withClient(to: address) { client in
              _ = try await Gym_Auth_V1_AuthService.Client(wrapping: client).getSigningKeys(.init(), options: .internalCall(timeout: .seconds(3)))
            }
          }
          #expect(plaintext?.code == .unavailable || plaintext?.code == .deadlineExceeded)
          let untrusting = await rpcError {
            try await withClient(to: address, security: try stranger.clientSecurity()) { client in
              _ = try await Gym_Auth_V1_AuthService.Client(wrapping: client).getSigningKeys(.init(), options: .internalCall(timeout: .seconds(3)))
            }
          }
          #expect(untrusting?.code == .unavailable || untrusting?.code == .deadlineExceeded)
        })
    }
  }

  @Test func backendsAskCallersForACertificateFromThePrivateCA() async throws {
    let certificates = try TestCertificates()
    let outsider = try TestCertificates()
    let (serverTLS, internalTLS) = (try certificates.serverTLS(mutual: true), try certificates.internalTLS())
    try await withRunningAuth(configure: { $0.common.tls = serverTLS }) { auth in
      // The gateway presents its certificate to auth and checks auth's against the CA.
      try await GatewayFixture.runGateway(
        auth: auth.address, credential: auth.credential,
        configure: { $0.common.internalTLS = internalTLS },
        at: { gateway in
          try await withClient(to: gateway) { client in
            let registered = try await Gym_Auth_V1_AuthService.Client(wrapping: client).register(newAccount("mutual_mia"))
            #expect(registered.user.username == "mutual_mia")
          }
        })
      let direct = HostPort(host: "127.0.0.1", port: auth.address.port)
      for (who, security) in [
        ("no certificate", try certificates.clientSecurity(presentingCertificate: false)),
        (
          "another CA's certificate",
          try InternalTLS(
            caFile: certificates.caFile,
            identity: try CertificateFiles(certificateFile: outsider.peerCertificateFile, keyFile: outsider.peerKeyFile)
          ).transportSecurity
        ),
      ] {
        let refused = await rpcError {
          try await withClient(to: direct, security: security) { client in
            _ = try await Gym_Auth_V1_AuthService.Client(wrapping: client).getSigningKeys(.init(), options: .internalCall(timeout: .seconds(3)))
          }
        }
        #expect(refused != nil, "a caller with \(who) was served")
      }
      let member = try await withClient(to: direct, security: try certificates.clientSecurity(presentingCertificate: true)) { client in
        try await Gym_Auth_V1_AuthService.Client(wrapping: client).getSigningKeys(.init())
      }
      #expect(!member.keys.isEmpty)
    }
  }

  @Test func aRenewedCertificateIsServedWithoutARestartAndABrokenOneIsNot() async throws {
    let first = try TestCertificates()
    // The renewal comes from another CA, so a client can tell which one it was served.
    let renewed = try TestCertificates()
    let tls = try first.serverTLS()
    let logs = CapturedLogs()
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(
        auth: auth.address, credential: auth.credential,
        configure: {
          $0.common.tls = tls
          $0.common.certificateReload = .milliseconds(100)
        },
        logger: logs.logger(label: "gateway"),
        at: { address in
          // A refused handshake fails at once; the long deadline is for a loaded machine.
          func served(trusting certificates: TestCertificates) async -> Bool {
            (try? await withClient(to: address, security: try certificates.clientSecurity()) { client in
              _ = try await Gym_Auth_V1_AuthService.Client(wrapping: client).getSigningKeys(.init(), options: .internalCall(timeout: .seconds(20)))
            }) != nil
          }
          #expect(await served(trusting: first))
          #expect(!(await served(trusting: renewed)))

          // A half-written renewal (the new certificate with the old key) is not taken up.
          try FileManager.default.removeItem(atPath: first.serverCertificateFile)
          try FileManager.default.copyItem(atPath: renewed.serverCertificateFile, toPath: first.serverCertificateFile)
          // The watcher has looked at the half-written pair once it says it kept the old one.
          let refused = try await eventually(within: .seconds(10)) {
            logs.all.contains {
              $0.message == "certificate not reloaded; still serving the previous one" && $0.metadata["error"]?.contains("is not the key") == true
            }
          }
          #expect(refused, "the watcher never tried the half-written pair")
          // One call may fail on a loaded machine; the old pair must answer, the new never.
          #expect(
            try await eventually(within: .seconds(20)) { await served(trusting: first) }, "a certificate without its key replaced the served pair")
          #expect(!(await served(trusting: renewed)), "a certificate without its key replaced the served pair")

          try FileManager.default.removeItem(atPath: first.serverKeyFile)
          try FileManager.default.copyItem(atPath: renewed.serverKeyFile, toPath: first.serverKeyFile)
          #expect(try await eventually(within: .seconds(30)) { await served(trusting: renewed) }, "the renewed pair was never served")
          #expect(!(await served(trusting: first)))
        })
    }
  }

  /// Internal calls verify the name: a certificate of the right CA that does not name the
  /// address dialled is refused. And gymctl beside a gateway accepts exactly the
  /// certificate that gateway serves, whatever name it carries.
  @Test func internalCallsCheckTheNameAndAPinAcceptsOnlyItsCertificate() async throws {
    let certificates = try TestCertificates()
    let elsewhere = try certificates.ca.issue(commonName: "elsewhere", hosts: ["elsewhere.example"], usage: .server)
    let directory = try temporaryDirectory("gym-tls")
    let (certificateFile, keyFile) = (directory + "/elsewhere.pem", directory + "/elsewhere-key.pem")
    try Data(elsewhere.certificatePEM.utf8).write(to: URL(fileURLWithPath: certificateFile))
    try Data(elsewhere.keyPEM.utf8).write(to: URL(fileURLWithPath: keyFile))
    let tls = ServerTLS(identity: try CertificateFiles(certificateFile: certificateFile, keyFile: keyFile))
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(
        auth: auth.address, credential: auth.credential, configure: { $0.common.tls = tls },
        at: { address in
          func keys(_ security: HTTP2ClientTransport.Posix.TransportSecurity) async -> RPCError? {
            await rpcError {
              try await withClient(to: address, security: security) { client in
                _ = try await Gym_Auth_V1_AuthService.Client(wrapping: client).getSigningKeys(
                  .init(), options: .internalCall(timeout: .seconds(20)))
              }
            }
          }
          let (trustingTheCA, pinned, pinnedToAnother) = (
            try certificates.clientSecurity(), try HTTP2ClientTransport.Posix.TransportSecurity.pinned(to: certificateFile),
            try HTTP2ClientTransport.Posix.TransportSecurity.pinned(to: certificates.serverCertificateFile)
          )
          #expect(await keys(trustingTheCA) != nil, "a certificate naming elsewhere.example was accepted for 127.0.0.1")
          #expect(await keys(pinned) == nil, "the pinned certificate was refused")
          #expect(await keys(pinnedToAnother) != nil, "another certificate passed the pin")
        })
    }
  }

  @Test func plaintextOnAPublicAddressIsRefusedUnlessAllowed() throws {
    let certificates = try TestCertificates()
    let credentialFile = (certificates.directory as NSString).appendingPathComponent("credential")
    _ = try ServiceCredential.loadOrCreate(path: credentialFile)
    func settings(_ environment: [String: String]) throws -> GatewayApp.Settings {
      var all = ["GYM_SERVICE_CREDENTIAL_FILE": credentialFile]
      for backend in Route.backends { all["GYM_\(backend.uppercased())_ADDR"] = "127.0.0.1:1" }
      all.merge(environment) { $1 }
      return try GatewayApp.Settings(config: Config(keys: GatewayApp.keys, environment: all, arguments: []))
    }
    let refused = #expect(throws: ConfigError.self) { try settings(["GYM_GATEWAY_LISTEN": "0.0.0.0:7000"]) }
    #expect(refused?.description.contains("GYM_TLS_CERT_FILE") == true)
    #expect(refused?.description.contains("GYM_GATEWAY_ALLOW_PLAINTEXT=true") == true)
    #expect(try settings(["GYM_GATEWAY_LISTEN": "0.0.0.0:7000", "GYM_GATEWAY_ALLOW_PLAINTEXT": "true"]).common.tls == nil)
    #expect(try settings(["GYM_GATEWAY_LISTEN": "127.0.0.1:7000"]).common.tls == nil)
    let tls = try settings([
      "GYM_GATEWAY_LISTEN": "0.0.0.0:7000", "GYM_TLS_CERT_FILE": certificates.serverCertificateFile,
      "GYM_TLS_KEY_FILE": certificates.serverKeyFile,
    ])
    #expect(tls.common.tls?.identity.certificateFile == certificates.serverCertificateFile)
    // A key that is not the certificate's stops start-up, naming the file.
    let mismatched = #expect(throws: ConfigError.self) {
      try settings([
        "GYM_TLS_CERT_FILE": certificates.serverCertificateFile, "GYM_TLS_KEY_FILE": certificates.peerKeyFile,
      ])
    }
    #expect(mismatched?.description.contains("peer-key.pem is not the key of the first certificate") == true)
  }
}
