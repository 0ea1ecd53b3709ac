import Foundation
import GRDB

/// A notification claimed for sending: its device and what it says.
public struct PushJob: Sendable, Equatable {
  public var rid: Int64
  public var version: Int64
  public var deviceRID: Int64
  public var platform: PushPlatform
  public var token: String
  public var content: PushContent
  /// Unread notifications and direct messages when it was written.
  public var badge: Int
  /// Written during the user's quiet hours: to arrive without sound or banner.
  public var quiet: Bool
  public var attempts: Int
  public var createdAt: Date

  init(row: Row) {
    rid = row["rid"]
    version = row["version"]
    deviceRID = row["device_rid"]
    platform = PushPlatform(rawValue: row["platform"]) ?? .ios
    token = row["token"]
    content = PushContent(
      kind: row["kind"], title: row["title"], body: row["body"], reference: row["reference"], collapseKey: row["collapse_key"],
      threadID: row["thread_id"])
    badge = row["badge"]
    quiet = row["quiet"]
    attempts = row["attempts"]
    createdAt = row["created_at"]
  }

  /// What became of a job after its provider answered.
  public enum Outcome: Sendable, Equatable {
    case delivered
    /// The device's token no longer works: the device goes, with its jobs, unless it was
    /// registered again after `since` (when the provider learnt of the token's end).
    case deviceGone(since: Date?)
    /// Try again at this instant.
    case retry(at: Date, error: String)
    /// Cannot succeed (or waited too long): the job goes.
    case dropped(error: String)
  }
}
