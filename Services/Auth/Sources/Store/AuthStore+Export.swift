import Foundation
import GRDB
import GymStore

extension AuthStore {
  /// What auth holds about a user, for their data export: the account and profile,
  /// sessions, codes asked for (never the codes), trainer-role requests, mail sent to
  /// them (subjects; bodies carry codes and are sealed), profiles they viewed in the last
  /// two days, and their last export. Password, token and code hashes are left out: they
  /// are no one's to read, the user's included.
  public static func exportTables(userID: String) -> [ExportTable] {
    [
      ExportTable(
        "account",
        """
        SELECT id, email, username, display_name, role, terms_version, terms_accepted_at, created_at, updated_at, bio, avatar_url,
          date_of_birth, sex, height_m, experience_level, unit_system, time_zone, visibility, home_lat, home_lng, home_gym_id, city,
          show_location, show_home_gym, show_trainers, given_name, family_name, view_count, email_verified_at, last_active_at, inactive_notice_at, ban_reason, banned_at, banned_until
        FROM users WHERE id = ?
        """, [userID]),
      ExportTable(
        "sessions",
        """
        SELECT id, client_description, client_address, created_at, last_used_at, expires_at, revoked_at, revoke_reason
        FROM sessions WHERE user_id = ? ORDER BY created_at, id
        """, [userID]),
      ExportTable(
        "email_verifications", "SELECT email, created_at, expires_at, attempts FROM email_verifications WHERE user_id = ?", [userID]),
      ExportTable(
        "password_resets", "SELECT created_at, expires_at, used_at FROM password_resets WHERE user_id = ? ORDER BY created_at", [userID]),
      ExportTable(
        "trainer_role_requests",
        """
        SELECT id, note, state, created_at, decided_at, decision_note FROM trainer_role_requests WHERE user_id = ? ORDER BY created_at, id
        """, [userID]),
      ExportTable(
        "mail",
        """
        SELECT id, recipient, subject, created_at, sent_at, failed_at FROM mail_outbox
        WHERE recipient = (SELECT email FROM users WHERE id = ?) ORDER BY created_at, id
        """, [userID]),
      ExportTable(
        "profiles_viewed", "SELECT profile_id, day FROM profile_views WHERE viewer_id = ? ORDER BY day, profile_id", [userID]),
      ExportTable("data_exports", "SELECT started_at FROM data_exports WHERE user_id = ?", [userID]),
    ]
  }

  /// Starts an export of `userID`'s data unless one started less than `interval` ago:
  /// nil when it may go ahead (and is recorded), else when the next one may start.
  public func beginExport(userID: String, interval: TimeInterval, now: Date) async throws -> Date? {
    try await writer.write { db in
      if let last = try Date.fetchOne(db, sql: "SELECT started_at FROM data_exports WHERE user_id = ?", arguments: [userID]),
        last.addingTimeInterval(interval) > now
      {
        return last.addingTimeInterval(interval)
      }
      try db.execute(
        sql: "INSERT INTO data_exports (user_id, started_at) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET started_at = excluded.started_at",
        arguments: [userID, now])
      return nil
    }
  }

  /// An export that failed does not count: the user may try again at once.
  public func abandonExport(userID: String, startedAt: Date) async throws {
    try await writer.write { db in
      try db.execute(sql: "DELETE FROM data_exports WHERE user_id = ? AND started_at = ?", arguments: [userID, startedAt])
    }
  }
}
