import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import Testing

/// A file served as itself at the HTTP door (`GET /v1/attachments/{id}/content`): a
/// browser shows it, keeps it by its ETag and revalidates it for a 304, with curl as the
/// client and real auth, messaging and gateway.
@Suite struct MediaRouteTests {
  static func upload(_ env: GatewayStreamTests.Env, _ bytes: [UInt8], filename: String, as user: RunningAuth.User) async throws
    -> Gym_Messaging_V1_Attachment
  {
    try await env.messaging.uploadAttachment(metadata: user.metadata) { writer in
      try await writer.write(.with { $0.start = .with { $0.filename = filename } })
      for start in stride(from: 0, to: bytes.count, by: 64 * 1024) {
        try await writer.write(.with { $0.chunk = Data(bytes[start..<min(start + 64 * 1024, bytes.count)]) })
      }
    }.attachment
  }

  @Test(arguments: [true, false]) func aPictureIsServedWithItsTypeETagAndA304(http2: Bool) async throws {
    try await GatewayStreamTests.run(configure: { _ in }) { env in
      // Larger than one chunk of the backend's stream, so the body is several DATA frames.
      let picture = TestImages.png(size: 150_000, seed: 3)
      let upload = try await Self.upload(env, picture, filename: "Ana’s \"best\".png", as: env.ana)
      // Sent to Ben: he may see it; Cat, in no conversation with her, may not.
      _ = try await env.messaging.sendDirectMessage(
        .with {
          $0.userID = env.ben.id; $0.attachmentIds = [upload.id]
        }, metadata: env.ana.metadata)
      let url = "http://\(env.gateway)/v1/attachments/\(upload.id)/content"
      let bens = ["authorization": "Bearer \(env.ben.tokens.accessToken)"]

      let file = try await CurlClient.request(http2: http2, "GET", url, headers: bens)
      #expect(file.status == 200, "\(file)")
      #expect(file.body == Data(picture), "the file served is not the one uploaded")
      #expect(file.header("content-type") == "image/png")
      #expect(file.header("content-length") == String(picture.count))
      let etag = "\"\(upload.sha256)\""
      #expect(file.header("etag") == etag)
      #expect(file.header("cache-control") == "private, no-cache")
      #expect(file.header("x-content-type-options") == "nosniff")
      #expect(file.header("content-disposition") == #"inline; filename="Ana_s _best_.png"; filename*=UTF-8''Ana%E2%80%99s%20%22best%22.png"#)

      // The copy held is still good: 304 and no body; a stale one gets the file.
      let unchanged = try await CurlClient.request(http2: http2, "GET", url, headers: bens.merging(["if-none-match": etag]) { $1 })
      #expect(unchanged.status == 304 && unchanged.body.isEmpty, "\(unchanged)")
      #expect(unchanged.header("etag") == etag && unchanged.header("cache-control") == "private, no-cache")
      let stale = try await CurlClient.request(http2: http2, "GET", url, headers: bens.merging(["if-none-match": "\"0000\""]) { $1 })
      #expect(stale.status == 200 && stale.body == Data(picture), "\(stale.status)")

      // No token: 401; someone who may not see it: 404, as for no such file, as JSON.
      let anonymous = try await CurlClient.request(http2: http2, "GET", url)
      #expect(anonymous.status == 401)
      let stranger = try await CurlClient.request(http2: http2, "GET", url, headers: ["authorization": "Bearer \(env.cat.tokens.accessToken)"])
      #expect(stranger.status == 404 && stranger.header("content-type") == "application/json", "\(stranger)")

      // A document is offered as a download, not shown.
      let pdf = try await Self.upload(env, Array("%PDF-1.4\n%%EOF\n".utf8), filename: "plan.pdf", as: env.ana)
      let own = try await CurlClient.request(
        http2: http2, "GET", "http://\(env.gateway)/v1/attachments/\(pdf.id)/content", headers: ["authorization": "Bearer \(env.ana.tokens.accessToken)"])
      #expect(own.status == 200 && own.header("content-type") == "application/pdf", "\(own)")
      #expect(own.header("content-disposition") == #"attachment; filename="plan.pdf"; filename*=UTF-8''plan.pdf"#)
      #expect(own.header("content-security-policy") == "default-src 'none'; sandbox")

      // The JSON stream of the same call is still there, for clients that want it.
      let lines = try await CurlClient.request(http2: http2, "GET", "http://\(env.gateway)/v1/attachments/\(upload.id)", headers: bens)
      #expect(lines.status == 200 && lines.header("content-type") == "application/x-ndjson")
      #expect(lines.text.contains(upload.sha256))
    }
  }
}
