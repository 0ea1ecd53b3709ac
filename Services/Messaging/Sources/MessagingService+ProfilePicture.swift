import GRPCCore
import GymAPI
import GymService
import GymStore

extension MessagingService {
  /// Checks the upload is the caller's and a picture small enough to be shown wherever
  /// their name is, then has auth name it on the profile. Anyone signed in may then
  /// download it (`MessagingStore.downloadableAttachment`) while it is the profile's.
  public func setProfilePicture(
    request: Gym_Messaging_V1_SetProfilePictureRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_SetProfilePictureResponse {
    let caller = try Caller.current()
    if !request.attachmentID.isEmpty {
      let upload = try await ownPicture(request.attachmentID, of: caller.userID)
      guard upload.sizeBytes <= ProfilePicture.maxBytes else {
        throw GymError.invalid([
          .init("attachment_id", "is \(upload.sizeBytes) bytes; a profile picture is at most \(ProfilePicture.maxBytes) (2 MiB): resize it first")
        ])
      }
    }
    let avatarURL = try await pictures.set(userID: caller.userID, attachmentID: request.attachmentID)
    return .with { $0.avatarURL = avatarURL }
  }
}
