import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

@testable import GymMessaging

/// A photo's metadata never leaves the phone's upload: EXIF (its GPS position), XMP,
/// IPTC, comments and text chunks are taken out of JPEG, PNG and WebP files, the picture
/// itself kept byte for byte; a file whose structure cannot be walked is refused.
@Suite struct ImageMetadataTests {
  /// An EXIF block as phones write it, with the GPS tags' words in it to look for.
  static let exif = Array("MM\0*GPSLatitude 51.5007 N GPSLongitude 0.1246 W iPhone".utf8)

  static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
    let needle = Array(text.utf8)
    return bytes.count >= needle.count && (0...(bytes.count - needle.count)).contains { Array(bytes[$0..<($0 + needle.count)]) == needle }
  }

  @Test func aJPEGLosesItsEXIFXMPIPTCCommentsAndTrailingBytesAndKeepsWhatDrawsIt() throws {
    let clean = TestImages.jpeg(size: 5000)
    let withEXIF = TestImages.jpeg(size: 5000, exif: Self.exif)
    #expect(Self.contains(withEXIF, "GPSLatitude"))
    #expect(try ImageMetadata.stripped(withEXIF, type: "image/jpeg") == clean)
    // A clean file is left as it is.
    #expect(try ImageMetadata.stripped(clean, type: "image/jpeg") == clean)

    // Every other place metadata hides, before the scan: XMP (also APP1), an MPF second
    // picture (APP2), IPTC (APP13), a comment; an ICC profile and Adobe's transform stay.
    let icc = TestImages.segment(0xE2, Array("ICC_PROFILE\0".utf8) + [1, 1, 9, 9])
    let adobe = TestImages.segment(0xEE, Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 1])
    let hidden =
      TestImages.segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>GPSLatitude</x:xmpmeta>".utf8))
      + TestImages.segment(0xE2, Array("MPF\0".utf8) + Array("GPSLatitude".utf8))
      + TestImages.segment(0xED, Array("Photoshop 3.0\0GPSLatitude".utf8))
      + TestImages.segment(0xFE, Array("taken at home GPSLatitude".utf8))
    let header = Array(clean[0..<20])  // SOI and JFIF
    let rest = Array(clean[20...])
    // Restart markers and stuffed bytes inside the scan, and bytes after its end.
    let scan = Array(rest.dropLast(2)) + [0xFF, 0x00, 0x12, 0xFF, 0xD0, 0x34] + [0xFF, 0xD9]
    // Stray bytes between segments are dropped, as decoders skip them.
    let dirty = header + icc + [0x00, 0x00] + hidden + adobe + scan + Array("GPSLatitude after the end".utf8)
    let stripped = try ImageMetadata.stripped(dirty, type: "image/jpeg")
    #expect(stripped == header + icc + adobe + scan)
    #expect(!Self.contains(stripped, "GPSLatitude"))
  }

  @Test func aPNGLosesItsTextEXIFAndTimeChunksAndKeepsColourAndTransparency() throws {
    let kept: [(String, [UInt8])] = [("iCCP", Array("sRGB\0\0".utf8)), ("pHYs", [0, 0, 11, 19, 0, 0, 11, 19, 1]), ("tRNS", [0, 0])]
    let dropped: [(String, [UInt8])] = [
      ("tEXt", Array("Comment\0GPSLatitude 51.5".utf8)), ("eXIf", Self.exif), ("iTXt", Array("XML:com.adobe.xmp\0GPSLatitude".utf8)),
      ("zTXt", Array("Raw\0\0GPSLatitude".utf8)), ("tIME", [7, 234, 11, 28, 12, 0, 0]), ("prVt", Array("GPSLatitude".utf8)),
    ]
    let dirty = TestImages.png(size: 3000, extra: kept + dropped) + Array("GPSLatitude after IEND".utf8)
    let stripped = try ImageMetadata.stripped(dirty, type: "image/png")
    #expect(stripped == TestImages.png(size: 3000, extra: kept))
    #expect(!Self.contains(stripped, "GPSLatitude"))
  }

  @Test func aWebPLosesItsEXIFAndXMPChunksAndSaysSoInItsHeader() throws {
    func chunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
      Array(name.utf8) + withUnsafeBytes(of: UInt32(data.count).littleEndian, Array.init) + data + (data.count % 2 == 1 ? [0] : [])
    }
    func webp(_ chunks: [UInt8]) -> [UInt8] {
      Array("RIFF".utf8) + withUnsafeBytes(of: UInt32(4 + chunks.count).littleEndian, Array.init) + Array("WEBP".utf8) + chunks
    }
    // VP8X with the EXIF (0x08) and XMP (0x04) flags and the alpha flag (0x10), a frame.
    let frame = chunk("VP8 ", (0..<301).map { UInt8(truncatingIfNeeded: $0) })
    let dirty = webp(
      chunk("VP8X", [0x1C, 0, 0, 0, 0, 0, 0, 0, 0, 0]) + frame + chunk("EXIF", Self.exif) + chunk("XMP ", Array("<x>GPSLatitude</x>".utf8)))
    let stripped = try ImageMetadata.stripped(dirty, type: "image/webp")
    #expect(stripped == webp(chunk("VP8X", [0x10, 0, 0, 0, 0, 0, 0, 0, 0, 0]) + frame))
  }

  @Test func aPictureWhoseStructureCannotBeWalkedIsRefused() {
    let valid = TestImages.jpeg(size: 100)
    let cases: [([UInt8], String)] = [
      // The signature, then a segment too short to hold its own length.
      ([0xFF, 0xD8, 0xFF, 0xE0] + (0..<100).map { UInt8($0) }, "image/jpeg"),
      // No segment after the signature at all: no end marker.
      ([0xFF, 0xD8] + Array(repeating: 7, count: 100), "image/jpeg"),
      (Array(valid.dropLast(2)), "image/jpeg"),  // no end marker
      ([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF] + Array(repeating: 1, count: 10), "image/jpeg"),  // a length past the end
      (Array(TestImages.png(size: 10).dropLast(12)), "image/png"),  // no IEND
      (Array(TestImages.png(size: 10).prefix(8)) + [0x7F, 0, 0, 0] + Array("IDAT".utf8), "image/png"),
      (Array("RIFF".utf8) + [200, 0, 0, 0] + Array("WEBP".utf8), "image/webp"),
    ]
    for (bytes, type) in cases {
      #expect(throws: ImageMetadata.Unreadable.self, "\(type) \(bytes.prefix(16))") { try ImageMetadata.stripped(bytes, type: type) }
    }
  }
}

extension MessagingRPC {
  @Suite struct UploadedPictureMetadataTests {
    @Test func aPhotoIsStoredAndServedWithoutItsEXIFAndAnUnreadableOneIsRefused() async throws {
      try await MessagingFixture.run { env in
        let clean = TestImages.jpeg(size: 150_000, seed: 9)
        let photo = TestImages.jpeg(size: 150_000, seed: 9, exif: ImageMetadataTests.exif)
        let uploaded = try await upload(env.messaging, photo, as: env.ana)
        // What is stored, described and served is the photo without its EXIF.
        #expect(uploaded.sizeBytes == Int64(clean.count) && uploaded.sizeBytes < Int64(photo.count))
        let (_, served) = try await download(env.messaging, uploaded.id, as: env.ana)
        #expect(served == clean)
        #expect(!ImageMetadataTests.contains(served, "GPSLatitude"))
        // Stored once: the same picture without metadata is the same file.
        let again = try await upload(env.messaging, clean, as: env.ben)
        #expect(again.sha256 == uploaded.sha256)

        let unreadable = await rpcError {
          _ = try await upload(env.messaging, [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 7, count: 1000), as: env.ana)
        }
        #expect(unreadable?.code == .invalidArgument)
        #expect(unreadable?.fieldViolations.map(\.field) == ["chunk"])
        #expect(unreadable?.message.contains("image/jpeg") == true)
      }
    }
  }
}
