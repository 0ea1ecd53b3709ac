import Testing

@testable import GymMessaging

/// Sniffing MP4: the `ftyp` box must look like one a real file opens with.
@Suite struct MediaTypeTests {
  static func sniff(_ bytes: [UInt8]) -> String? {
    MediaType.sniff(Array(bytes.prefix(MediaType.headLength)), size: bytes.count)
  }

  @Test func aRealFileTypeBoxIsAVideo() {
    #expect(Self.sniff(minimalMP4()) == "video/mp4")
    // An iPhone's QuickTime movie.
    let movie: [UInt8] = [0, 0, 0, 0x14] + Array("ftypqt  ".utf8) + [0, 0, 0, 0] + Array("qt  ".utf8)
    #expect(Self.sniff(movie + [UInt8](repeating: 0, count: 64)) == "video/mp4")
  }

  @Test func fourLettersAtOffsetFourAreNotAVideo() {
    let noise: [UInt8] = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 13) }
    let junkBrand: [UInt8] = [0, 0, 0, 0x18] + Array("ftypJUNK".utf8) + noise
    #expect(Self.sniff(junkBrand) == nil)
    let audioOnly: [UInt8] = [0, 0, 0, 0x18] + Array("ftypM4A ".utf8) + noise
    #expect(Self.sniff(audioOnly) == nil)
    // A box shorter than its own header, longer than the file, or absurdly long.
    let tooShort: [UInt8] = [0, 0, 0, 0x04] + Array("ftypisom".utf8) + noise
    #expect(Self.sniff(tooShort) == nil)
    let pastTheEnd: [UInt8] = [0, 0, 0x10, 0x00] + Array("ftypisom".utf8) + noise
    #expect(Self.sniff(pastTheEnd) == nil)
    let huge: [UInt8] = [0x7F, 0xFF, 0xFF, 0xFF] + Array("ftypisom".utf8) + [UInt8](repeating: 0, count: 5000)
    #expect(Self.sniff(huge) == nil)
    // Too few bytes to hold a brand at all.
    #expect(Self.sniff([0, 0, 0, 0x18] + Array("ftyp".utf8)) == nil)
  }
}
