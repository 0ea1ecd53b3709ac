import GRDB
import GymStore

/// Catalog's schema; append-only. Text search runs on FTS5 tables kept in step with
/// their rows inside the same transactions; rankings read from indexes that carry the
/// sort key, so a page of the top-rated list costs the page, not the table.
enum CatalogMigrations {
  static var migrator: DatabaseMigrator { migrator(.proto) }

  /// - Parameter encoder: writes the stored messages of rows that exist before
  ///   `stored-messages` (the same encoder the store keeps them with afterwards).
  static func migrator(_ encoder: CatalogMessageEncoder) -> DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1-exercises-programs-votes") { db in
      try db.execute(
        sql: """
          CREATE TABLE exercises (
            rid INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            slug TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            aliases TEXT NOT NULL,
            description TEXT NOT NULL,
            instructions TEXT NOT NULL,
            common_mistakes TEXT NOT NULL,
            primary_muscles TEXT NOT NULL,
            secondary_muscles TEXT NOT NULL,
            equipment TEXT NOT NULL,
            category INTEGER NOT NULL,
            difficulty INTEGER NOT NULL,
            media TEXT NOT NULL,
            author_id TEXT NOT NULL DEFAULT '',
            created_at DATETIME NOT NULL,
            updated_at DATETIME NOT NULL,
            etag TEXT NOT NULL
          );
          CREATE INDEX exercises_name ON exercises(name_key);
          CREATE INDEX exercises_difficulty ON exercises(difficulty, name_key);
          CREATE INDEX exercises_category ON exercises(category, name_key);
          -- kind 1 = primary muscle, 2 = secondary muscle, 3 = equipment
          CREATE TABLE exercise_facets (
            kind INTEGER NOT NULL,
            value INTEGER NOT NULL,
            exercise_rid INTEGER NOT NULL REFERENCES exercises(rid) ON DELETE CASCADE,
            PRIMARY KEY (kind, value, exercise_rid)
          ) WITHOUT ROWID;
          CREATE INDEX exercise_facets_exercise ON exercise_facets(exercise_rid);
          CREATE VIRTUAL TABLE exercises_fts USING fts5(
            name, aliases, facets, description, tokenize = 'porter unicode61 remove_diacritics 2');

          CREATE TABLE authors (
            user_id TEXT PRIMARY KEY,
            username TEXT NOT NULL DEFAULT '',
            display_name TEXT NOT NULL DEFAULT '',
            banned INTEGER NOT NULL DEFAULT 0,
            banned_until DATETIME,
            standing_sequence INTEGER NOT NULL DEFAULT 0,
            updated_at DATETIME NOT NULL
          );
          CREATE INDEX authors_banned ON authors(banned) WHERE banned = 1;

          CREATE TABLE programs (
            rid INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            author_id TEXT NOT NULL,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            description TEXT NOT NULL,
            goal INTEGER NOT NULL,
            difficulty INTEGER NOT NULL,
            duration_weeks INTEGER NOT NULL,
            session_minutes INTEGER NOT NULL,
            tags TEXT NOT NULL,
            muscles TEXT NOT NULL,
            up_votes INTEGER NOT NULL DEFAULT 0,
            down_votes INTEGER NOT NULL DEFAULT 0,
            score REAL NOT NULL DEFAULT 0,
            saves INTEGER NOT NULL DEFAULT 0,
            state INTEGER NOT NULL DEFAULT 1,
            moderation_reason TEXT NOT NULL DEFAULT '',
            auto_hide_exempt INTEGER NOT NULL DEFAULT 0,
            queued_at DATETIME,
            version INTEGER NOT NULL,
            etag TEXT NOT NULL,
            created_at DATETIME NOT NULL,
            updated_at DATETIME NOT NULL
          );
          -- Each index carries its whole sort key (ties: newest first), so ORDER BY ... LIMIT
          -- walks the index instead of sorting.
          CREATE INDEX programs_top ON programs(state, score DESC, rid DESC);
          CREATE INDEX programs_goal_top ON programs(state, goal, score DESC, rid DESC);
          CREATE INDEX programs_difficulty_top ON programs(state, difficulty, score DESC, rid DESC);
          CREATE INDEX programs_saved ON programs(state, saves DESC, rid DESC);
          CREATE INDEX programs_newest ON programs(state, rid DESC);
          CREATE INDEX programs_name ON programs(state, name_key, rid);
          CREATE INDEX programs_author ON programs(author_id, rid);
          CREATE INDEX programs_queue ON programs(queued_at, rid) WHERE queued_at IS NOT NULL;
          -- A program's week: its days and, in order, what each day does. Rows, not JSON,
          -- so a page of programs reads them in one indexed query and no program can point
          -- at a missing exercise (the foreign key refuses the exercise's deletion).
          CREATE TABLE program_days (
            program_rid INTEGER NOT NULL REFERENCES programs(rid) ON DELETE CASCADE,
            day INTEGER NOT NULL,
            name TEXT NOT NULL,
            PRIMARY KEY (program_rid, day)
          ) WITHOUT ROWID;
          CREATE TABLE program_entries (
            program_rid INTEGER NOT NULL REFERENCES programs(rid) ON DELETE CASCADE,
            day INTEGER NOT NULL,
            position INTEGER NOT NULL,
            exercise_rid INTEGER NOT NULL REFERENCES exercises(rid),
            sets INTEGER NOT NULL,
            reps_min INTEGER NOT NULL,
            reps_max INTEGER NOT NULL,
            duration_seconds INTEGER NOT NULL,
            rest_seconds INTEGER NOT NULL,
            weight_kg REAL NOT NULL,
            notes TEXT NOT NULL,
            PRIMARY KEY (program_rid, day, position)
          ) WITHOUT ROWID;
          CREATE INDEX program_entries_exercise ON program_entries(exercise_rid);
          CREATE TABLE program_muscles (
            muscle INTEGER NOT NULL,
            program_rid INTEGER NOT NULL REFERENCES programs(rid) ON DELETE CASCADE,
            PRIMARY KEY (muscle, program_rid)
          ) WITHOUT ROWID;
          CREATE INDEX program_muscles_program ON program_muscles(program_rid);
          CREATE TABLE program_tags (
            tag TEXT NOT NULL,
            program_rid INTEGER NOT NULL REFERENCES programs(rid) ON DELETE CASCADE,
            PRIMARY KEY (tag, program_rid)
          ) WITHOUT ROWID;
          CREATE INDEX program_tags_program ON program_tags(program_rid);
          CREATE VIRTUAL TABLE programs_fts USING fts5(
            name, tags, exercises, description, tokenize = 'porter unicode61 remove_diacritics 2');

          CREATE TABLE votes (
            program_rid INTEGER NOT NULL REFERENCES programs(rid) ON DELETE CASCADE,
            user_id TEXT NOT NULL,
            vote INTEGER NOT NULL CHECK (vote IN (-1, 1)),
            updated_at DATETIME NOT NULL,
            PRIMARY KEY (program_rid, user_id)
          ) WITHOUT ROWID;
          CREATE INDEX votes_user ON votes(user_id);
          CREATE TABLE reports (
            program_rid INTEGER NOT NULL REFERENCES programs(rid) ON DELETE CASCADE,
            reporter_id TEXT NOT NULL,
            reason TEXT NOT NULL,
            resolved INTEGER NOT NULL DEFAULT 0,
            created_at DATETIME NOT NULL,
            PRIMARY KEY (program_rid, reporter_id)
          ) WITHOUT ROWID;
          CREATE INDEX reports_reporter ON reports(reporter_id);
          CREATE TABLE saves (
            program_rid INTEGER NOT NULL REFERENCES programs(rid) ON DELETE CASCADE,
            user_id TEXT NOT NULL,
            created_at DATETIME NOT NULL,
            PRIMARY KEY (program_rid, user_id)
          ) WITHOUT ROWID;
          CREATE INDEX saves_user ON saves(user_id);

          -- e.g. which version of the shipped exercise library has been loaded
          CREATE TABLE catalog_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
          """)
    }
    UserProjection.registerMigration(in: &migrator)
    migrator.registerMigration("authors-v2-projection") { db in
      // Authors' names and bans live in the projection of users now, kept by auth's
      // updates (which carry bans on the same version counter as standings, so a ban's
      // sequence is its version). What authors held is copied in so that a banned
      // author's programs stay hidden and names show before the next event; the fields
      // catalog never kept take the defaults that any event replaces.
      try db.execute(
        sql: """
          INSERT INTO user_projection (user_id, username, display_name, avatar_url, time_zone, role, banned, banned_until,
            is_private, version, updated_at)
          SELECT user_id, username, display_name, '', '', 'member', banned, banned_until, 0, standing_sequence, updated_at
          FROM authors;
          DROP INDEX authors_banned;
          DROP TABLE authors;
          -- Every listing leaves out the currently banned users' programs (`visibleCondition`).
          CREATE INDEX user_projection_banned ON user_projection(banned) WHERE banned = 1;
          """)
    }
    // Registered before `stored-messages` although written after it: that migration
    // reads exercises with every column, so on a file older than both these columns
    // must exist first (GRDB runs whatever is not applied, in this order).
    migrator.registerMigration("exercises-v3-private") { db in
      // A member's own exercise: `owner_id` set, seen by them only, each name once per
      // owner. `proposal` 1 waits for an administrator (oldest first), 2 was declined.
      try db.execute(
        sql: """
          ALTER TABLE exercises ADD COLUMN owner_id TEXT NOT NULL DEFAULT '';
          ALTER TABLE exercises ADD COLUMN proposal INTEGER NOT NULL DEFAULT 0;
          ALTER TABLE exercises ADD COLUMN proposal_note TEXT NOT NULL DEFAULT '';
          ALTER TABLE exercises ADD COLUMN proposed_at DATETIME;
          CREATE UNIQUE INDEX exercises_private_names ON exercises(owner_id, name_key) WHERE owner_id <> '';
          -- For `owner_id = ?` and `owner_id IN ('', ?)` (a bound value cannot use the partial index).
          CREATE INDEX exercises_by_owner ON exercises(owner_id, name_key);
          CREATE INDEX exercises_proposals ON exercises(proposed_at, rid) WHERE proposal = 1;
          """)
    }
    migrator.registerMigration("stored-messages") { db in
      // Each exercise's and program's encoded message, which list pages are assembled
      // from (`CatalogStore+Messages`). Their own tables keep the ranked rows narrow.
      try db.execute(
        sql: """
          CREATE TABLE exercise_messages (
            exercise_rid INTEGER PRIMARY KEY REFERENCES exercises(rid) ON DELETE CASCADE,
            message BLOB NOT NULL
          );
          CREATE TABLE program_messages (
            program_rid INTEGER PRIMARY KEY REFERENCES programs(rid) ON DELETE CASCADE,
            content BLOB NOT NULL,
            days BLOB NOT NULL
          );
          """)
      try CatalogStore.encodeAllMessages(db, encoder: encoder)
    }
    StoredMessageEncoding.registerMigration(in: &migrator)
    UserProjection.registerUnitsMigration(in: &migrator)
    // The clients' ids for creates they may send again (offline sync).
    IdempotencyKeys.registerMigration(in: &migrator)
    return migrator
  }
}
