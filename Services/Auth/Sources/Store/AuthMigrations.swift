import GRDB

/// Auth's schema. Append-only: a shipped migration is never edited; changes are new
/// migrations. Migrations use SQL, not application types, so they stay valid as the
/// types evolve.
enum AuthMigrations {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1-users-sessions-refresh-tokens") { db in
      try db.execute(sql: """
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
    return migrator
  }
}
