import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

/// Progress photos: pictures of a member's body over time, private unless shared with the
/// trainers coaching them.
extension MessagingService {
  public func addProgressPhoto(
    request: Gym_Messaging_V1_AddProgressPhotoRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_AddProgressPhotoResponse {
    let caller = try Caller.current()
    let key = try request.idempotency(ownerID: caller.userID, method: "AddProgressPhoto")
    let details = try ProgressPhotoInput.details(takenOn: request.takenOn, note: request.note, shared: request.sharedWithTrainer)
    let upload = try await ownPicture(request.attachmentID, of: caller.userID)
    let now = Date()
    let photo = try await store.addProgressPhoto(
      id: ID.make(now: now), userID: caller.userID, attachmentID: upload.id, details: details, limit: progressPhotosPerUser, key: key,
      now: now)
    return .with { $0.photo = MessagingMapping.progressPhoto(photo) }
  }

  public func updateProgressPhoto(
    request: Gym_Messaging_V1_UpdateProgressPhotoRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_UpdateProgressPhotoResponse {
    let caller = try Caller.current()
    guard !request.photoID.isEmpty else { throw GymError.invalid([.init("photo_id", "is required")]) }
    let details = try ProgressPhotoInput.details(takenOn: request.takenOn, note: request.note, shared: request.sharedWithTrainer)
    guard let photo = try await store.updateProgressPhoto(id: request.photoID, userID: caller.userID, details: details) else {
      throw Self.noSuchPhoto(request.photoID)
    }
    return .with { $0.photo = MessagingMapping.progressPhoto(photo) }
  }

  public func deleteProgressPhoto(
    request: Gym_Messaging_V1_DeleteProgressPhotoRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_DeleteProgressPhotoResponse {
    let caller = try Caller.current()
    guard !request.photoID.isEmpty else { throw GymError.invalid([.init("photo_id", "is required")]) }
    guard try await store.deleteProgressPhoto(id: request.photoID, userID: caller.userID) else { throw Self.noSuchPhoto(request.photoID) }
    return .init()
  }

  public func listProgressPhotos(
    request: Gym_Messaging_V1_ListProgressPhotosRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_ListProgressPhotosResponse {
    let caller = try Caller.current()
    let page = try DatedPage(from: request.from, to: request.to, pageSize: request.pageSize, pageToken: request.pageToken)
    let ownerID = request.userID.isEmpty ? caller.userID : request.userID
    let own = ownerID == caller.userID
    // Another member's photos only for their trainer, and the same answer for a stranger
    // as for no such member.
    if !own, try await !store.coachesUnblocked(trainerID: caller.userID, clientID: ownerID) {
      throw GymError.notFound("user_id: no client of yours with id \(ownerID.prefix(64))")
    }
    let photos = try await store.progressPhotos(
      ownerID: ownerID, from: page.from, to: page.to, sharedOnly: !own, limit: page.size, offset: page.offset)
    return .with {
      $0.photos = photos.map(MessagingMapping.progressPhoto)
      $0.nextPageToken = page.nextToken(returned: photos.count)
    }
  }

  static func noSuchPhoto(_ id: String) -> GymError { .notFound("no progress photo of yours with id \(id.prefix(64))") }

  /// The caller's upload `id` when it is a picture (what a profile picture and a progress
  /// photo are made of).
  func ownPicture(_ id: String, of userID: String) async throws -> MessagingStore.AttachmentRecord {
    guard !id.isEmpty else { throw GymError.invalid([.init("attachment_id", "is required: upload the picture first (UploadAttachment)")]) }
    guard ID.isValid(id), let upload = try await store.downloadableAttachment(id: id, userID: userID), upload.ownerID == userID else {
      throw MessagingError.unknownUpload(id)
    }
    guard ProfilePicture.types.contains(upload.mimeType) else {
      throw GymError.invalid([.init("attachment_id", "is a \(upload.mimeType) file; send a JPEG, PNG, GIF or WebP picture")])
    }
    return upload
  }
}
