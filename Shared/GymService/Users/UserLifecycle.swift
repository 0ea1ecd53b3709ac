import Foundation
import GymStore

/// What one backend does with the user-lifecycle events auth's outbox delivers
/// (`UserLifecycleService` serves them as `gym.common.v1.UserLifecycleInternal`, with the
/// checks and the proto mapping written once). An event a backend keeps nothing for is
/// acknowledged as not applied: the defaults.
public protocol UserLifecycle: Sendable {
  /// Names the backend's part of a data export and its log lines ("plan").
  var name: String { get }
  /// Removes what the deleted user left here; the rows removed. Idempotent: a second
  /// purge finds nothing and answers 0.
  func purge(userID: String) async throws -> Int
  /// A ban (until a time, or for good) or its end, ordered by `sequence`; false when an
  /// older change arrived late, or nothing here depends on it.
  func setStanding(userID: String, banned: Bool, until: Date?, sequence: Int64) async throws -> Bool
  /// A profile became private or public.
  func setVisibility(userID: String, isPrivate: Bool, sequence: Int64) async throws -> Bool
  /// The account as auth now describes it, for the backend's projection of users.
  func update(_ user: UserProjection.User) async throws -> Bool
  /// Streams the user's part of their data export.
  func export(userID: String, to streamer: ExportStreamer) async throws
}

extension UserLifecycle {
  public func setStanding(userID: String, banned: Bool, until: Date?, sequence: Int64) async throws -> Bool { false }
  public func setVisibility(userID: String, isPrivate: Bool, sequence: Int64) async throws -> Bool { false }
  public func update(_ user: UserProjection.User) async throws -> Bool { false }
}
