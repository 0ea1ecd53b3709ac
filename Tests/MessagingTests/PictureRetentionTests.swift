import Foundation
import GRDB
import GymStore
import GymTesting
import Testing

@testable import GymMessaging

/// Uploads nothing carries go a day after they were made; a profile picture and a
/// progress photo's picture stay while they are used, and go like any other after.
@Suite struct PictureRetentionTests {
  @Test func aProfilePictureAndAProgressPhotoKeepTheirUploads() async throws {
    let directory = try temporaryDirectory("gym-messaging-pictures")
    let store = try MessagingStore(path: (directory as NSString).appendingPathComponent("messaging.sqlite")) { _ in }
    let files = try AttachmentFiles(directory: (directory as NSString).appendingPathComponent("attachments"))
    let now = Date()
    let dayOld = now - 25 * 3600
    var ids: [String: String] = [:]
    for (name, sha) in [("avatar", "aa"), ("old-avatar", "bb"), ("photo", "cc"), ("stray", "dd")] {
      try Data(sha.utf8).write(to: URL(fileURLWithPath: files.path(sha256: sha)))
      let id = UUID().uuidString.lowercased()
      ids[name] = id
      try await store.insertAttachment(
        .init(id: id, ownerID: "ana", sha256: sha, mimeType: "image/png", sizeBytes: 2, filename: "\(name).png", createdAt: dayOld))
    }
    @Sendable func profile(avatarURL: String, version: Int64) async throws {
      _ = try await UserProjection.apply(
        .init(
          userID: "ana", username: "ana", displayName: "Ana", avatarURL: avatarURL, timeZone: "UTC", role: "member", banned: false,
          bannedUntil: nil, isPrivate: false, version: version, updatedAt: now), to: store.writer)
    }
    try await profile(avatarURL: ProfilePicture.path(attachmentID: ids["avatar"]!), version: 1)
    let photo = try await store.addProgressPhoto(
      id: "p1", userID: "ana", attachmentID: ids["photo"]!,
      details: .init(takenOn: LocalDate(year: 2026, month: 11, day: 1)!, note: "", sharedWithTrainer: false), limit: 10, now: dayOld)
    @Sendable func left() async throws -> Set<String> {
      Set(try await store.writer.read { db in try String.fetchAll(db, sql: "SELECT filename FROM attachments") })
    }

    #expect(try await store.deleteUnattachedUploads(madeBefore: now - 24 * 3600, files: files) == 2)
    #expect(try await left() == ["avatar.png", "photo.png"])
    #expect(FileManager.default.fileExists(atPath: files.path(sha256: "aa")) && !FileManager.default.fileExists(atPath: files.path(sha256: "bb")))
    // Both still count against her quota.
    #expect(try await store.attachmentBytes(of: "ana") == 4)

    // Replaced and deleted: the next cleanup takes them.
    try await profile(avatarURL: "https://example.com/ana.png", version: 2)
    #expect(try await store.deleteProgressPhoto(id: photo.id, userID: "ana"))
    #expect(try await store.deleteUnattachedUploads(madeBefore: now - 24 * 3600, files: files) == 2)
    #expect(try await left().isEmpty)
  }
}
