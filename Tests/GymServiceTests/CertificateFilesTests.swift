import Foundation
import GymService
import GymTesting
import Testing

/// What a process does with the certificate files it is given: checked at start-up,
/// read again only when they change, refused when they could not serve.
@Suite struct CertificateFilesTests {
  @Test func anExpiredOrMissingCertificateIsRefusedWithTheFileNamed() throws {
    let directory = try temporaryDirectory("gym-tls")
    let ca = try DevelopmentCA()
    let old = try ca.issue(commonName: "old", hosts: ["localhost"], usage: .server, days: 1, now: Date().addingTimeInterval(-3 * 86_400))
    let certificate = directory + "/old.pem"
    let key = directory + "/old-key.pem"
    try Data(old.certificatePEM.utf8).write(to: URL(fileURLWithPath: certificate))
    try Data(old.keyPEM.utf8).write(to: URL(fileURLWithPath: key))
    let expired = #expect(throws: TLSFileError.self) { try CertificateFiles(certificateFile: certificate, keyFile: key) }
    #expect(expired?.description.hasPrefix("\(certificate) expired on") == true)
    let missing = #expect(throws: TLSFileError.self) { try CertificateFiles(certificateFile: directory + "/none.pem", keyFile: key) }
    #expect(missing?.description.contains("none.pem cannot be read") == true)
    try Data("not a key".utf8).write(to: URL(fileURLWithPath: key))
    let garbage = #expect(throws: TLSFileError.self) { try CertificateFiles(certificateFile: certificate, keyFile: key) }
    #expect(garbage?.description.contains("holds no PEM private key") == true)
  }

  @Test func aReloadTakesUpOnlyAChangedValidPair() throws {
    let certificates = try TestCertificates()
    let pair = try CertificateFiles(certificateFile: certificates.serverCertificateFile, keyFile: certificates.serverKeyFile)
    #expect(try pair.reload() == false, "unchanged files")
    let before = pair.notValidAfter
    try certificates.issueServer(days: 90)
    #expect(try pair.reload(), "a renewed pair was not taken up")
    #expect(pair.notValidAfter > before.addingTimeInterval(50 * 86_400))
  }

  @Test func certificatesNameTheirHostsAndAddresses() throws {
    #expect(DevelopmentCA.canName("gym.example.com"))
    #expect(DevelopmentCA.canName("10.0.0.7"))
    #expect(DevelopmentCA.canName("::1"))
    #expect(!DevelopmentCA.canName("not a host"))
    #expect(!DevelopmentCA.canName(""))
  }
}
