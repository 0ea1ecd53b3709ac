import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension MessagingRPC {
  /// What an upload may claim: a name that stays a plain file name wherever it is shown
  /// or saved, and a type its bytes really have.
  @Suite struct AttachmentSafetyTests {
    @Test func aFilenameIsKeptAsItsLastComponentWithoutControlCharacters() async throws {
      try await MessagingFixture.run { env in
        let climbing = try await upload(env.messaging, jpeg(size: 100), filename: "../../etc/passwd", as: env.ana)
        #expect(climbing.filename == "passwd")
        let reversed = try await upload(env.messaging, jpeg(size: 100), filename: "evil\u{202E}gpj.exe", as: env.ana)
        #expect(reversed.filename == "evilgpj.exe")
        #expect(!reversed.filename.unicodeScalars.contains("\u{202E}"))

        // Whoever downloads it sees the name it was stored under.
        _ = try await env.messaging.sendDirectMessage(
          .with {
            $0.userID = env.ben.id; $0.text = "files"; $0.attachmentIds = [climbing.id, reversed.id]
          }, metadata: env.ana.metadata)
        let (climbed, _) = try await download(env.messaging, climbing.id, as: env.ben)
        #expect(climbed.filename == "passwd")
        let (described, _) = try await download(env.messaging, reversed.id, as: env.ben)
        #expect(described.filename == "evilgpj.exe")

        for name in ["..", "/", "photos/..", "\u{202E}\u{2066}", "./."] {
          let refused = await rpcError { try await Self.announce(env.messaging, filename: name, as: env.ana) }
          #expect(refused?.code == .invalidArgument, "\(name.debugDescription)")
          #expect(refused?.fieldViolations.map(\.field) == ["start.filename"], "\(name.debugDescription)")
        }
      }
    }

    @Test func anMP4NeedsAPlausibleFileTypeBoxNotJustFourLetters() async throws {
      try await MessagingFixture.run { env in
        let noise: [UInt8] = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let fake: [UInt8] = [0, 0, 0, 0x18] + Array("ftypJUNK".utf8) + noise
        let refused = await rpcError { _ = try await upload(env.messaging, fake, filename: "clip.mp4", as: env.ana) }
        #expect(refused?.code == .invalidArgument)
        #expect(refused?.fieldViolations.map(\.field) == ["chunk"])
        let oversized: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF] + Array("ftypisom".utf8) + [UInt8](repeating: 0, count: 100)
        let tooBig = await rpcError { _ = try await upload(env.messaging, oversized, filename: "clip.mp4", as: env.ana) }
        #expect(tooBig?.code == .invalidArgument)

        let video = try await upload(env.messaging, minimalMP4(), filename: "squat.mp4", as: env.ana)
        #expect(video.mimeType == "video/mp4")
      }
    }

    /// An upload that names the file and stops: what is refused by its name is refused
    /// before any byte matters.
    static func announce(_ messaging: Messaging, filename: String, as user: MessagingFixture.User) async throws {
      _ = try await messaging.uploadAttachment(metadata: user.metadata) { writer in
        try await writer.write(.with { $0.start = .with { $0.filename = filename } })
      }
    }
  }
}

/// The smallest real MP4 opening: a 24-byte `ftyp` box (major brand isom, minor version
/// 0x200, compatible isom and mp41), then an empty `mdat` box.
func minimalMP4() -> [UInt8] {
  let fileType: [UInt8] = [0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 0x02, 0] + Array("isommp41".utf8)
  let mediaData: [UInt8] = [0, 0, 0, 0x08] + Array("mdat".utf8)
  return fileType + mediaData
}
