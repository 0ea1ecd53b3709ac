import Foundation
import GymPush

/// One provider's way to a device: sends a job and says what to do about the answer.
/// Transport failures are answers too (`.retry`): nothing here throws.
protocol PushSender: Sendable {
  func send(_ job: PushJob) async -> PushDisposition
}

/// APNs: an alert with the job's title and body, its badge, its thread, and the kind
/// and reference the app opens, collapsed by the job's key. In quiet hours: passive
/// (no sound, no banner), priority 5.
struct APNsPushSender: PushSender {
  let client: APNsClient
  let topic: String

  func send(_ job: PushJob) async -> PushDisposition {
    do {
      let payload = try APNsNotification.alertPayload(
        title: job.content.title, body: job.content.body, badge: job.badge, threadID: job.content.threadID,
        sound: job.quiet ? nil : "default", interruptionLevel: job.quiet ? "passive" : nil,
        custom: ["kind": job.content.kind, "reference": job.content.reference])
      let notification = APNsNotification(
        deviceToken: job.token, topic: topic, priority: job.quiet ? 5 : 10, collapseID: job.content.collapseKey,
        // APNs keeps trying a phone that is off for a day; the outbox drops older ones too.
        expiration: job.createdAt.addingTimeInterval(86_400), payload: payload)
      return try await client.send(notification).disposition
    } catch {
      return .retry(after: nil, "\(error)")
    }
  }
}

/// FCM: a notification with the job's title and body, the kind and reference as data,
/// collapsed (and tagged, so a newer one replaces the shown one) by the job's key, with
/// the badge as the notification count. In quiet hours: normal priority, shown low.
struct FCMPushSender: PushSender {
  let client: FCMClient

  func send(_ job: PushJob) async -> PushDisposition {
    do {
      let message = FCMMessage(
        token: job.token, title: job.content.title, body: job.content.body,
        data: ["kind": job.content.kind, "reference": job.content.reference], collapseKey: job.content.collapseKey,
        highPriority: !job.quiet, silent: job.quiet, notificationCount: job.badge)
      return try await client.send(message).disposition
    } catch {
      return .retry(after: nil, "\(error)")
    }
  }
}
