import AuthTesting
import Foundation
import GymService
import GymTesting
import Testing

/// The files the gateway serves itself (the trainers' dashboard), called with curl over
/// HTTP/1.1, as browsers call a plaintext gateway, and HTTP/2.
@Suite struct StaticFileTests {
  static let dashboard = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Services/Gateway/Sources/Dashboard")

  @Test(arguments: [false, true]) func theDashboardIsServedAsCommittedWithItsPolicyAndEntityTag(http2: Bool) async throws {
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(auth: auth.address, credential: auth.credential) { (gateway: HostPort) in
        let base = "http://\(gateway)"
        // Every file of the directory, byte for byte, with its type.
        let types = ["html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8"]
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.dashboard.path) {
          let committed = try Data(contentsOf: Self.dashboard.appendingPathComponent(name))
          let path = name == "index.html" ? "/dashboard/" : "/dashboard/\(name)"
          let file = try await CurlClient.request(http2: http2, "GET", base + path)
          #expect(file.status == 200 && file.body == committed, "\(path): \(file.status)")
          #expect(file.header("content-type") == types[(name as NSString).pathExtension], "\(path): \(file)")
          #expect(file.header("x-content-type-options") == "nosniff" && file.header("cache-control") == "no-cache", "\(file)")
          // Unchanged: answered 304 without a body.
          let etag = try #require(file.header("etag"))
          let again = try await CurlClient.request(http2: http2, "GET", base + path, headers: ["if-none-match": etag])
          #expect(again.status == 304 && again.body.isEmpty, "\(path): \(again)")
        }
        // The page may load only its own scripts and call only its own origin.
        let page = try await CurlClient.request(http2: http2, "GET", base + "/dashboard/")
        let policy = try #require(page.header("content-security-policy"))
        #expect(policy.contains("default-src 'none'") && policy.contains("script-src 'self'") && policy.contains("connect-src 'self'"), "\(policy)")
        #expect(page.header("x-frame-options") == "DENY")

        let head = try await CurlClient.request(http2: http2, "HEAD", base + "/dashboard/app.js")
        let script = try Data(contentsOf: Self.dashboard.appendingPathComponent("app.js"))
        #expect(head.status == 200 && head.header("content-length") == String(script.count), "\(head)")
        for path in ["/", "/dashboard", "/dashboard/index.html"] {
          let moved = try await CurlClient.request(http2: http2, "GET", base + path)
          #expect(moved.status == 308 && moved.header("location") == "/dashboard/", "\(path): \(moved)")
        }
        if !http2 {
          // A client that offers an upgrade to h2c (curl --http2, Java's HttpClient) is
          // answered in HTTP/1.1 and then on a new connection: its second request is not
          // left unread on the first.
          let second = try await CurlClient.request(base + "/dashboard/app.js", arguments: ["--http2", base + "/dashboard/"])
          #expect(second.status == 200, "\(second)")
        }
        let missing = try await CurlClient.request(http2: http2, "GET", base + "/dashboard/secrets.js")
        #expect(missing.status == 404 && missing.text.contains(#""code":5"#), "\(missing)")
        let posted = try await CurlClient.request(http2: http2, "POST", base + "/dashboard/", body: "x")
        #expect(posted.status == 405 && posted.header("allow") == "GET, HEAD", "\(posted)")
        // Another site's page may not read it.
        let foreign = try await CurlClient.request(http2: http2, "GET", base + "/dashboard/app.js", headers: ["origin": "https://evil.example"])
        #expect(foreign.status == 403 && foreign.header("access-control-allow-origin") == nil, "\(foreign)")
      }
    }
  }
}
