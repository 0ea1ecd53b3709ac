import Foundation
import GymPush

/// One provider's way to a device: sends a job and says what to do about the answer.
/// Transport failures are answers too (`.retry`): nothing here throws.
protocol PushSender: Sendable {
  func send(_ job: PushJob) async -> PushDisposition
}

/// APNs: an alert with the job's title and body, its badge, its thread, and the kind
/// and reference the app opens, collapsed by the job's key.
struct APNsPushSender: PushSender {
  let client: APNsClient
  let topic: String

  func send(_ job: PushJob) async -> PushDisposition {
    do {
      let payload = try APNsNotification.alertPayload(
        title: job.content.title, body: job.content.body, badge: job.badge, threadID: job.content.threadID,
        custom: ["kind": job.content.kind, "reference": job.content.reference])
      let notification = APNsNotification(
        deviceToken: job.token, topic: topic, collapseID: job.content.collapseKey,
        // APNs keeps trying a phone that is off for a day; the outbox drops older ones too.
        expiration: job.createdAt.addingTimeInterval(86_400), payload: payload)
      return try await client.send(notification).disposition
    } catch {
      return .retry(after: nil, "\(error)")
    }
  }
}
