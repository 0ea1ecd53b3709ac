import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

extension MessagingService {
  static let chunkBytes = 64 * 1024
  static let filenameBound = TextBound(characters: 200)

  /// Streams the file to a temporary name while hashing it, checks its size and its
  /// type from the first bytes, takes a picture's metadata out (a photo's EXIF says
  /// where it was taken), then keeps it under its hash.
  public func uploadAttachment(
    request: RPCAsyncSequence<Gym_Messaging_V1_UploadAttachmentRequest, any Error>, context: ServerContext
  ) async throws -> Gym_Messaging_V1_UploadAttachmentResponse {
    let caller = try Caller.current()
    var iterator = request.makeAsyncIterator()
    guard case .start(let start)? = try await iterator.next()?.part else {
      throw GymError.invalid([.init("start", "send the filename and type first, then the bytes")])
    }
    if let violation = Self.filenameBound.violation(start.filename, field: "start.filename") { throw GymError.invalid([violation]) }
    // Stored as it will be shown: every later reader gets the safe name.
    let filename = try AttachmentFilename.sanitized(start.filename, field: "start.filename")
    guard uploads.take(caller.userID, limit: attachmentLimits.inFlight) else {
      throw MessagingError.tooManyUploads(inFlight: attachmentLimits.inFlight)
    }
    defer { uploads.release(caller.userID) }
    // Checked again when the upload is recorded; here so a full account stops early.
    let used = try await store.attachmentBytes(of: caller.userID)
    guard used < attachmentLimits.quotaBytes else {
      throw MessagingError.attachmentQuota(usedBytes: used, quotaBytes: attachmentLimits.quotaBytes)
    }
    let upload = try files.startUpload()
    var clean: AttachmentFiles.Upload?
    do {
      while let part = try await iterator.next() {
        guard case .chunk(let bytes) = part.part else {
          throw GymError.invalid([.init("start", "send it once, first")])
        }
        guard upload.size + bytes.count <= maxAttachmentBytes else {
          throw RPCError(code: .resourceExhausted, message: "attachments are limited to \(maxAttachmentBytes) bytes")
        }
        guard used + Int64(upload.size + bytes.count) <= attachmentLimits.quotaBytes else {
          throw MessagingError.attachmentQuota(usedBytes: used, quotaBytes: attachmentLimits.quotaBytes)
        }
        try upload.append(Array(bytes))
      }
      guard upload.size > 0 else { throw GymError.invalid([.init("chunk", "the file is empty")]) }
      guard let type = MediaType.sniff(upload.head, size: upload.size) else {
        throw GymError.invalid([.init("chunk", "the file is not a JPEG, PNG, GIF, WebP, MP4 or PDF")])
      }
      if !start.mimeType.isEmpty && start.mimeType.lowercased() != type {
        throw GymError.invalid([.init("start.mime_type", "says \(start.mimeType) but the bytes are \(type)")])
      }
      let sent = try upload.finish()
      do {
        clean = try files.withoutMetadata(upload, type: type)
      } catch let unreadable as ImageMetadata.Unreadable {
        throw GymError.invalid([.init("chunk", "the file starts as \(type) but \(unreadable.reason); send the picture as it was saved")])
      }
      let sha256 = try clean?.finish() ?? sent
      let kept = clean ?? upload
      let now = Date()
      let record = MessagingStore.AttachmentRecord(
        id: ID.make(now: now), ownerID: caller.userID, sha256: sha256, mimeType: type, sizeBytes: Int64(kept.size),
        filename: filename, createdAt: now)
      // The file is put in place inside the write that records it, so a purge removing
      // the same bytes' file (also inside a write) never leaves this row without it.
      let (files, temporaryPath) = (self.files, kept.temporaryPath)
      try await store.insertAttachment(record, quotaBytes: attachmentLimits.quotaBytes) { try files.keep(temporaryPath: temporaryPath, sha256: sha256) }
      if clean != nil { upload.discard() }
      return .with { $0.attachment = MessagingMapping.attachment(record) }
    } catch {
      upload.discard()
      clean?.discard()
      throw error
    }
  }

  public func downloadAttachment(
    request: Gym_Messaging_V1_DownloadAttachmentRequest, response: RPCWriter<Gym_Messaging_V1_DownloadAttachmentResponse>,
    context: ServerContext
  ) async throws {
    let caller = try Caller.current()
    if request.ifNoneMatch.utf8.count > EntityTag.maxConditionBytes {
      throw GymError.invalid([.init("if_none_match", "is over \(EntityTag.maxConditionBytes) bytes; send the tags of the copies you hold")])
    }
    guard let record = try await store.downloadableAttachment(id: request.attachmentID, userID: caller.userID, moderator: caller.isAdmin)
    else {
      throw GymError.notFound("no attachment with id \(request.attachmentID)")
    }
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: files.path(sha256: record.sha256)))
    // Closing a file that was only read cannot lose anything.
    defer { try? handle.close() }
    try await response.write(.with { $0.attachment = MessagingMapping.attachment(record) })
    // The caller holds these bytes already: what the file is, and no bytes.
    if EntityTag.matches(request.ifNoneMatch, record.sha256) { return }
    while let data = try handle.read(upToCount: Self.chunkBytes), !data.isEmpty {
      try await response.write(.with { $0.chunk = data })
    }
  }
}
