import Foundation
import GymAPI
import SwiftProtobuf

/// What one message of a file's stream adds to the file a media route serves.
enum MediaPart {
  /// What the file is: the stream's first message.
  case file(contentType: String, sha256: String, size: Int64, filename: String)
  /// The next bytes of the file.
  case bytes(Data)
}

/// The response of a server stream that sends a file in chunks: a `response_body`
/// binding serves the file itself (`HTTPRoute.Streaming.media`), so a browser can show
/// it, cache it by its ETag and ask again with If-None-Match.
protocol MediaStreamMessage: Message {
  var mediaPart: MediaPart { get }
}

extension Gym_Messaging_V1_DownloadAttachmentResponse: MediaStreamMessage {
  var mediaPart: MediaPart {
    guard hasAttachment else { return .bytes(chunk) }
    return .file(contentType: attachment.mimeType, sha256: attachment.sha256, size: attachment.sizeBytes, filename: attachment.filename)
  }
}
