import GRDB
import GymStore

/// Auth's schema. Append-only: a shipped migration is never edited; changes are new
/// migrations. Migrations use SQL, not application types, so they stay valid as the
/// types evolve.
enum AuthMigrations {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1-users-sessions-refresh-tokens") { db in
      try db.execute(
        sql: """
          CREATE TABLE users (
            id TEXT PRIMARY KEY NOT NULL,
            email TEXT NOT NULL UNIQUE,
            username TEXT NOT NULL,
            username_key TEXT NOT NULL UNIQUE,
            display_name TEXT NOT NULL,
            role TEXT NOT NULL CHECK (role IN ('member', 'trainer', 'admin')),
            password_hash TEXT NOT NULL,
            terms_version TEXT NOT NULL,
            terms_accepted_at DATETIME NOT NULL,
            created_at DATETIME NOT NULL,
            updated_at DATETIME NOT NULL
          );
          CREATE TABLE sessions (
            id TEXT PRIMARY KEY NOT NULL,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            client_description TEXT NOT NULL,
            client_address TEXT NOT NULL,
            created_at DATETIME NOT NULL,
            last_used_at DATETIME NOT NULL,
            expires_at DATETIME NOT NULL,
            revoked_at DATETIME,
            revoke_reason TEXT
          );
          CREATE INDEX sessions_by_user ON sessions(user_id, created_at);
          CREATE TABLE refresh_tokens (
            token_hash BLOB PRIMARY KEY NOT NULL,
            session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            created_at DATETIME NOT NULL,
            used_at DATETIME
          );
          CREATE INDEX refresh_tokens_by_session ON refresh_tokens(session_id);
          """)
    }
    migrator.registerMigration("v2-profiles-bans-revocations-mail-resets") { db in
      try db.execute(
        sql: """
          ALTER TABLE users ADD COLUMN bio TEXT NOT NULL DEFAULT '';
          ALTER TABLE users ADD COLUMN avatar_url TEXT NOT NULL DEFAULT '';
          ALTER TABLE users ADD COLUMN date_of_birth TEXT;
          ALTER TABLE users ADD COLUMN sex INTEGER NOT NULL DEFAULT 0;
          ALTER TABLE users ADD COLUMN height_m REAL;
          ALTER TABLE users ADD COLUMN experience_level INTEGER NOT NULL DEFAULT 0;
          ALTER TABLE users ADD COLUMN unit_system INTEGER NOT NULL DEFAULT 0;
          ALTER TABLE users ADD COLUMN time_zone TEXT NOT NULL DEFAULT '';
          ALTER TABLE users ADD COLUMN visibility INTEGER NOT NULL DEFAULT 0;
          ALTER TABLE users ADD COLUMN home_lat REAL;
          ALTER TABLE users ADD COLUMN home_lng REAL;
          ALTER TABLE users ADD COLUMN home_gym_id TEXT NOT NULL DEFAULT '';
          ALTER TABLE users ADD COLUMN view_count INTEGER NOT NULL DEFAULT 0;
          ALTER TABLE users ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
          ALTER TABLE users ADD COLUMN ban_reason TEXT;
          ALTER TABLE users ADD COLUMN banned_at DATETIME;
          ALTER TABLE users ADD COLUMN banned_until DATETIME;
          UPDATE users SET search_text = lower(username || ' ' || display_name);
          CREATE INDEX users_by_views ON users(view_count DESC, id);
          CREATE INDEX users_by_role ON users(role, id);

          CREATE TABLE revocations (
            cursor INTEGER PRIMARY KEY AUTOINCREMENT,
            session_id TEXT,
            user_id TEXT,
            revoked_at DATETIME NOT NULL,
            not_before DATETIME,
            CHECK ((session_id IS NULL) != (user_id IS NULL))
          );
          CREATE INDEX revocations_by_time ON revocations(revoked_at);

          CREATE TABLE mail_outbox (
            id TEXT PRIMARY KEY NOT NULL,
            recipient TEXT NOT NULL,
            subject TEXT NOT NULL,
            body TEXT NOT NULL,
            created_at DATETIME NOT NULL,
            sent_at DATETIME
          );
          CREATE INDEX mail_outbox_by_recipient ON mail_outbox(recipient, created_at);

          CREATE TABLE password_resets (
            code_hash BLOB PRIMARY KEY NOT NULL,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at DATETIME NOT NULL,
            expires_at DATETIME NOT NULL,
            used_at DATETIME
          );
          CREATE INDEX password_resets_by_user ON password_resets(user_id);
          """)
    }
    Outbox.registerMigration(in: &migrator)
    migrator.registerMigration("v3-verification-trainer-requests-activity") { db in
      try db.execute(
        sql: """
          ALTER TABLE users ADD COLUMN email_verified_at DATETIME;
          ALTER TABLE users ADD COLUMN last_active_at DATETIME;
          ALTER TABLE users ADD COLUMN inactive_notice_at DATETIME;
          ALTER TABLE users ADD COLUMN city TEXT NOT NULL DEFAULT '';
          ALTER TABLE users ADD COLUMN show_location INTEGER NOT NULL DEFAULT 0;
          ALTER TABLE users ADD COLUMN standing_version INTEGER NOT NULL DEFAULT 0;
          UPDATE users SET last_active_at = created_at;
          CREATE INDEX users_by_activity ON users(last_active_at, id);

          CREATE TABLE email_verifications (
            user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            email TEXT NOT NULL,
            code_hash BLOB NOT NULL,
            created_at DATETIME NOT NULL,
            expires_at DATETIME NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0
          );

          CREATE TABLE trainer_role_requests (
            id TEXT PRIMARY KEY NOT NULL,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            note TEXT NOT NULL,
            state TEXT NOT NULL,
            created_at DATETIME NOT NULL,
            decided_at DATETIME,
            decided_by TEXT,
            decision_note TEXT NOT NULL DEFAULT ''
          );
          CREATE UNIQUE INDEX trainer_role_one_pending ON trainer_role_requests(user_id) WHERE state = 'pending';
          CREATE INDEX trainer_role_by_state ON trainer_role_requests(state, created_at, id);
          CREATE INDEX trainer_role_by_user ON trainer_role_requests(user_id, created_at);

          ALTER TABLE mail_outbox ADD COLUMN failed_at DATETIME;
          ALTER TABLE mail_outbox ADD COLUMN last_error TEXT;
          CREATE INDEX mail_outbox_unsent ON mail_outbox(created_at) WHERE sent_at IS NULL AND failed_at IS NULL;
          """)
    }
    // Who saw which profile on which UTC day (days since 1970-01-01), so each viewer
    // counts once a day; kept only for the day in progress and the one before it.
    migrator.registerMigration("v4-profile-views") { db in
      try db.execute(
        sql: """
          CREATE TABLE profile_views (
            profile_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            viewer_id TEXT NOT NULL,
            day INTEGER NOT NULL,
            PRIMARY KEY (profile_id, viewer_id, day)
          ) WITHOUT ROWID;
          CREATE INDEX profile_views_by_day ON profile_views(day);
          CREATE INDEX profile_views_by_viewer ON profile_views(viewer_id);
          """)
    }
    // Mail: each message keeps its own retry state, so one recipient whose server says
    // "try later" holds up no other. Verification: wrong codes per account over a day,
    // whatever code they were aimed at (a new code used to reset the count).
    migrator.registerMigration("v5-mail-retries-verification-failures") { db in
      try db.execute(
        sql: """
          ALTER TABLE mail_outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
          ALTER TABLE mail_outbox ADD COLUMN next_attempt_at DATETIME;
          UPDATE mail_outbox SET next_attempt_at = created_at;
          DROP INDEX mail_outbox_unsent;
          CREATE INDEX mail_outbox_due ON mail_outbox(next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;

          CREATE TABLE email_verification_failures (
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            failed_at DATETIME NOT NULL
          );
          CREATE INDEX email_verification_failures_by_user ON email_verification_failures(user_id, failed_at);
          CREATE INDEX email_verification_failures_by_time ON email_verification_failures(failed_at);
          """)
    }
    // Messaging learns which profiles are private from auth's outbox; profiles made
    // private before it did are told once here.
    migrator.registerMigration("v6-visibility-to-messaging") { db in
      // Payload as AuthStore.Visibility encodes it; visibility 2 is PRIVATE.
      try db.execute(
        sql: """
          INSERT INTO outbox (destination, kind, payload, created_at, next_attempt_at)
          SELECT 'messaging', 'user-visibility', CAST(json_object('userID', id, 'isPrivate', json('true')) AS BLOB),
            CURRENT_TIMESTAMP, CURRENT_TIMESTAMP
          FROM users WHERE visibility = 2 ORDER BY id
          """)
    }
    // When each account last started a data export (ExportMyData: one an hour). The
    // row goes with the account.
    migrator.registerMigration("v7-data-exports") { db in
      try db.execute(
        sql: """
          CREATE TABLE data_exports (
            user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            started_at DATETIME NOT NULL
          ) WITHOUT ROWID;
          """)
    }
    // Auth's copy of friendships, sent by messaging's outbox (where they live): a
    // PRIVATE profile opens to friends without auth asking messaging. A row stays after
    // an unfriending (friends = 0) so an older change arriving late cannot revive it;
    // rows go with either account.
    migrator.registerMigration("v8-friendships") { db in
      try db.execute(
        sql: """
          CREATE TABLE friendships (
            user_a TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            user_b TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            friends BOOLEAN NOT NULL,
            version INTEGER NOT NULL,
            PRIMARY KEY (user_a, user_b)
          ) WITHOUT ROWID;
          CREATE INDEX friendships_b ON friendships(user_b);
          """)
    }
    // First and last name beside the display name: private (the account, admins, and
    // the user's trainers through plan).
    migrator.registerMigration("v9-legal-names") { db in
      try db.execute(
        sql: """
          ALTER TABLE users ADD COLUMN given_name TEXT NOT NULL DEFAULT '';
          ALTER TABLE users ADD COLUMN family_name TEXT NOT NULL DEFAULT '';
          """)
    }
    // The public profile's home gym and trainers, each shown by the user's choice (a home
    // gym set before was public: it stays shown); and auth's copy of plan's coaching
    // relations, sent by its outbox. A row stays after the relation ends (active = 0) so
    // an older change arriving late cannot revive it; rows go with either account.
    migrator.registerMigration("v10-profile-choices-coaching") { db in
      try db.execute(
        sql: """
          ALTER TABLE users ADD COLUMN show_home_gym INTEGER NOT NULL DEFAULT 0;
          ALTER TABLE users ADD COLUMN show_trainers INTEGER NOT NULL DEFAULT 0;
          UPDATE users SET show_home_gym = 1 WHERE home_gym_id != '';
          CREATE TABLE coaching (
            trainer_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            client_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            active BOOLEAN NOT NULL,
            version INTEGER NOT NULL,
            PRIMARY KEY (client_id, trainer_id)
          ) WITHOUT ROWID;
          CREATE INDEX coaching_by_trainer ON coaching(trainer_id);
          """)
    }
    // Plan rounds suggestions to pound plates for imperial profiles, which its copy of
    // accounts did not carry before: each imperial account is announced once, at a new
    // version, so plan's copy takes it.
    migrator.registerMigration("v11-unit-systems-to-plan") { db in
      // The payload is UserProjection.User as JSONEncoder writes it (dates in seconds
      // since 1970), and the version moves on as AuthStore.advanceVersion moves it (to
      // the clock in microseconds, past the last one): visibility 2 is PRIVATE.
      try db.execute(
        sql: """
          UPDATE users SET standing_version = MAX(CAST((julianday('now') - 2440587.5) * 86400000000 AS INTEGER), standing_version + 1)
          WHERE unit_system = 2;
          INSERT INTO outbox (destination, kind, payload, created_at, next_attempt_at)
          SELECT 'plan', 'user-updated', CAST(json_object(
              'user_id', id, 'username', username, 'display_name', display_name, 'avatar_url', avatar_url,
              'time_zone', time_zone, 'role', role, 'banned', json(CASE WHEN banned THEN 'true' ELSE 'false' END),
              'banned_until', CASE WHEN banned AND banned_until IS NOT NULL THEN (julianday(banned_until) - 2440587.5) * 86400.0 END,
              'is_private', json(CASE WHEN visibility = 2 THEN 'true' ELSE 'false' END), 'imperial', json('true'),
              'version', standing_version, 'updated_at', (julianday('now') - 2440587.5) * 86400.0) AS BLOB),
            CURRENT_TIMESTAMP, CURRENT_TIMESTAMP
          FROM (
            SELECT *, banned_at IS NOT NULL AND (banned_until IS NULL OR julianday(banned_until) > julianday('now')) AS banned
            FROM users WHERE unit_system = 2
          ) ORDER BY id;
          """)
    }
    return migrator
  }
}
