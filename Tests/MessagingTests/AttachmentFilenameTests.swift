import GymService
import GymStore
import Testing

@testable import GymMessaging

/// Attachment names: a plain last component, no invisible characters, at most 255 bytes.
@Suite struct AttachmentFilenameTests {
  static func sanitized(_ name: String) -> String? {
    try? AttachmentFilename.sanitized(name, field: "start.filename")
  }

  @Test func pathsKeepOnlyTheirLastComponent() {
    #expect(Self.sanitized("../../etc/passwd") == "passwd")
    #expect(Self.sanitized("/var/tmp/photo.jpg") == "photo.jpg")
    #expect(Self.sanitized("..\\..\\Windows\\win.ini") == "win.ini")
    #expect(Self.sanitized("holiday/") == "holiday")
    #expect(Self.sanitized("squat form.mp4") == "squat form.mp4")
    #expect(Self.sanitized("") == "")
  }

  @Test func controlAndBidiCharactersAreDropped() {
    #expect(Self.sanitized("evil\u{202E}gpj.exe") == "evilgpj.exe")
    #expect(Self.sanitized("a\u{202A}b\u{202B}c\u{202C}d\u{202D}e\u{2066}f\u{2067}g\u{2068}h\u{2069}i\u{200E}j\u{200F}k.pdf") == "abcdefghijk.pdf")
    #expect(Self.sanitized("line\nbreak\r\ttab\u{0}.png") == "linebreaktab.png")
    #expect(Self.sanitized("zero\u{200B}width\u{FEFF}.gif") == "zerowidth.gif")
    #expect(Self.sanitized(".\u{200E}.") == nil)
  }

  @Test func namesThatBecomeNothingAreRefusedByField() {
    for name in ["..", ".", "/", "a/..", "\u{202E}", " \u{2066} "] {
      do throws(GymError) {
        _ = try AttachmentFilename.sanitized(name, field: "start.filename")
        Issue.record("\(name.debugDescription) was accepted")
      } catch {
        guard case .invalid(let violations) = error else {
          Issue.record("\(name.debugDescription): \(error)")
          continue
        }
        #expect(violations.map(\.field) == ["start.filename"])
      }
    }
  }

  @Test func longNamesAreCutToWholeCharactersWithin255Bytes() throws {
    let long = String(repeating: "\u{E9}", count: 200)  // é, 400 bytes in UTF-8
    let cut = try #require(Self.sanitized(long))
    #expect(cut.utf8.count <= AttachmentFilename.maximumBytes)
    #expect(cut == String(repeating: "\u{E9}", count: 127))
    let ascii = String(repeating: "a", count: 300)
    #expect(Self.sanitized(ascii)?.utf8.count == 255)
  }
}
