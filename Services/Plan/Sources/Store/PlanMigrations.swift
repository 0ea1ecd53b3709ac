import Foundation
import GRDB
import GymStore

/// plan.sqlite's schema: named migrations, append-only (never edit one that shipped).
enum PlanMigrations {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    Outbox.registerMigration(in: &migrator)
    UserProjection.registerMigration(in: &migrator)
    migrator.registerMigration("training-v1") { db in
      try db.execute(
        sql: """
          -- A routine is one owner's document, read and written whole: its days travel as JSON.
          CREATE TABLE routines (
            rid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            owner_id TEXT NOT NULL,
            name TEXT NOT NULL,
            description TEXT NOT NULL,
            days BLOB NOT NULL,
            source_program_id TEXT,
            source_program_version INTEGER,
            published_program_id TEXT,
            version INTEGER NOT NULL,
            created_at DATETIME NOT NULL,
            updated_at DATETIME NOT NULL
          );
          CREATE INDEX routines_by_owner ON routines(owner_id, updated_at DESC, rid DESC);

          -- Names and equipment of catalog exercises this service has seen, to show them
          -- and pick progression increments without asking the catalog on every read.
          CREATE TABLE exercises (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            equipment TEXT NOT NULL,
            refreshed_at DATETIME NOT NULL
          ) WITHOUT ROWID;

          CREATE TABLE saved_exercises (
            owner_id TEXT NOT NULL,
            exercise_id TEXT NOT NULL,
            saved_at DATETIME NOT NULL,
            PRIMARY KEY (owner_id, exercise_id)
          ) WITHOUT ROWID;
          CREATE INDEX saved_exercises_recent ON saved_exercises(owner_id, saved_at DESC);

          CREATE TABLE schedule_entries (
            rid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            owner_id TEXT NOT NULL,
            routine_rid INTEGER NOT NULL REFERENCES routines(rid) ON DELETE CASCADE,
            day_index INTEGER NOT NULL,
            weekdays INTEGER NOT NULL,     -- bit (weekday - 1) per ISO weekday; 0 for a single date
            on_date TEXT,                  -- YYYY-MM-DD for a single date
            minute_of_day INTEGER NOT NULL,
            reminder_minutes INTEGER NOT NULL,
            created_at DATETIME NOT NULL
          );
          CREATE INDEX schedule_by_owner ON schedule_entries(owner_id);
          CREATE INDEX schedule_by_routine ON schedule_entries(routine_rid);

          CREATE TABLE sessions (
            rid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            owner_id TEXT NOT NULL,
            state INTEGER NOT NULL,        -- 1 active, 2 finished, 3 abandoned
            routine_id TEXT,
            day_index INTEGER NOT NULL,
            name TEXT NOT NULL,
            started_at DATETIME NOT NULL,
            ended_at DATETIME,
            local_date TEXT NOT NULL,      -- the owner's calendar day of the start
            notes TEXT NOT NULL DEFAULT '',
            duration_seconds INTEGER NOT NULL DEFAULT 0,
            exercises_done INTEGER NOT NULL DEFAULT 0,
            exercises_total INTEGER NOT NULL DEFAULT 0,
            sets INTEGER NOT NULL DEFAULT 0,
            reps INTEGER NOT NULL DEFAULT 0,
            volume_kg REAL NOT NULL DEFAULT 0,
            new_records BLOB
          );
          -- The rule "one active session per user" held by the database itself.
          CREATE UNIQUE INDEX sessions_one_active ON sessions(owner_id) WHERE state = 1;
          CREATE INDEX sessions_history ON sessions(owner_id, local_date DESC, rid DESC);

          CREATE TABLE session_items (
            rid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            session_rid INTEGER NOT NULL REFERENCES sessions(rid) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            exercise_id TEXT NOT NULL,
            planned_sets BLOB NOT NULL,
            state INTEGER NOT NULL,        -- 1 pending, 2 done, 3 skipped
            notes TEXT NOT NULL DEFAULT ''
          );
          CREATE INDEX session_items_by_session ON session_items(session_rid, position);

          -- Every logged set. `counted` turns 1 when its session finishes: statistics and
          -- records read only counted sets, through the partial index.
          CREATE TABLE logged_sets (
            rid INTEGER PRIMARY KEY,
            item_rid INTEGER NOT NULL REFERENCES session_items(rid) ON DELETE CASCADE,
            session_rid INTEGER NOT NULL REFERENCES sessions(rid) ON DELETE CASCADE,
            owner_id TEXT NOT NULL,
            exercise_id TEXT NOT NULL,
            reps INTEGER NOT NULL,
            weight_kg REAL NOT NULL,
            rpe REAL NOT NULL,
            duration_seconds INTEGER NOT NULL,
            notes TEXT NOT NULL DEFAULT '',
            logged_at DATETIME NOT NULL,
            local_date TEXT NOT NULL,
            e1rm REAL NOT NULL,            -- Epley, for 1..12 reps with weight; else 0
            counted INTEGER NOT NULL DEFAULT 0
          );
          CREATE INDEX logged_sets_by_item ON logged_sets(item_rid, rid);
          CREATE INDEX logged_sets_by_session ON logged_sets(session_rid);
          CREATE INDEX logged_sets_stats ON logged_sets(owner_id, exercise_id, local_date) WHERE counted = 1;

          -- Best values per user, exercise and kind; updated when a session finishes.
          CREATE TABLE records (
            owner_id TEXT NOT NULL,
            exercise_id TEXT NOT NULL,
            kind INTEGER NOT NULL,
            value REAL NOT NULL,
            achieved_at DATETIME NOT NULL,
            session_id TEXT NOT NULL,
            PRIMARY KEY (owner_id, exercise_id, kind)
          ) WITHOUT ROWID;

          CREATE TABLE body_weights (
            rid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            owner_id TEXT NOT NULL,
            local_date TEXT NOT NULL,
            weight_kg REAL NOT NULL,
            logged_at DATETIME NOT NULL,
            UNIQUE (owner_id, local_date)
          );

          CREATE TABLE goals (
            rid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            owner_id TEXT NOT NULL,
            kind INTEGER NOT NULL,
            target_weight_kg REAL NOT NULL,
            exercise_id TEXT NOT NULL,
            target_reps INTEGER NOT NULL,
            sessions_per_week INTEGER NOT NULL,
            due_date TEXT NOT NULL,
            start_value REAL NOT NULL,
            created_at DATETIME NOT NULL
          );
          CREATE INDEX goals_by_owner ON goals(owner_id, due_date);
          """)
    }
    migrator.registerMigration("nutrition-v1") { db in
      try db.execute(
        sql: """
          -- A nutrition plan is one owner's document: targets and days travel as JSON.
          CREATE TABLE nutrition_plans (
            rid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            owner_id TEXT NOT NULL,
            name TEXT NOT NULL,
            targets BLOB NOT NULL,
            days BLOB NOT NULL,
            active INTEGER NOT NULL,
            version INTEGER NOT NULL,
            created_at DATETIME NOT NULL,
            updated_at DATETIME NOT NULL
          );
          CREATE INDEX nutrition_plans_by_owner ON nutrition_plans(owner_id, updated_at DESC);
          CREATE UNIQUE INDEX nutrition_plans_one_active ON nutrition_plans(owner_id) WHERE active = 1;

          CREATE TABLE food_log (
            rid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            owner_id TEXT NOT NULL,
            local_date TEXT NOT NULL,
            meal TEXT NOT NULL,
            description TEXT NOT NULL,
            kcal REAL NOT NULL,
            protein_g REAL NOT NULL,
            carbs_g REAL NOT NULL,
            fat_g REAL NOT NULL,
            logged_at DATETIME NOT NULL
          );
          CREATE INDEX food_log_by_day ON food_log(owner_id, local_date, rid);
          """)
    }
    migrator.registerMigration("coaching-v1") { db in
      try db.execute(
        sql: """
          ALTER TABLE routines ADD COLUMN assigned_by TEXT;
          ALTER TABLE nutrition_plans ADD COLUMN assigned_by TEXT;

          -- Names of clients and trainers, kept here so a trainer's client list is searched
          -- and sorted locally (refreshed from auth when a relation starts).
          CREATE TABLE people (
            user_id TEXT PRIMARY KEY,
            username TEXT NOT NULL,
            display_name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            refreshed_at DATETIME NOT NULL
          ) WITHOUT ROWID;

          CREATE TABLE trainer_clients (
            trainer_id TEXT NOT NULL,
            client_id TEXT NOT NULL,
            since DATETIME NOT NULL,
            PRIMARY KEY (trainer_id, client_id)
          ) WITHOUT ROWID;
          CREATE INDEX trainer_clients_by_client ON trainer_clients(client_id);

          CREATE TABLE trainer_requests (
            rid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            client_id TEXT NOT NULL,
            trainer_id TEXT NOT NULL,
            message TEXT NOT NULL,
            state INTEGER NOT NULL,        -- 1 pending, 2 accepted, 3 declined
            created_at DATETIME NOT NULL,
            responded_at DATETIME
          );
          CREATE UNIQUE INDEX trainer_requests_one_pending ON trainer_requests(client_id, trainer_id) WHERE state = 1;
          CREATE INDEX trainer_requests_by_trainer ON trainer_requests(trainer_id, state, rid);
          CREATE INDEX trainer_requests_by_client ON trainer_requests(client_id, state, rid);
          """)
    }
    migrator.registerMigration("coaching-v2-consent") { db in
      // Trainers invite instead of adding: a request now goes either way, and an
      // invitation may have no addressee (no account has the email), so client_id
      // becomes nullable and the table is rebuilt.
      try db.execute(
        sql: """
          CREATE TABLE trainer_requests_new (
            rid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            client_id TEXT,                -- NULL: an invitation that reaches no one
            trainer_id TEXT NOT NULL,
            from_trainer INTEGER NOT NULL, -- 1 a trainer's invitation, 0 a member's request
            invitee_email TEXT,            -- invitations: the email the trainer typed
            message TEXT NOT NULL,
            state INTEGER NOT NULL,        -- 1 pending, 2 accepted, 3 declined, 4 cancelled
            created_at DATETIME NOT NULL,
            responded_at DATETIME
          );
          INSERT INTO trainer_requests_new (rid, id, client_id, trainer_id, from_trainer, message, state, created_at, responded_at)
            SELECT rid, id, client_id, trainer_id, 0, message, state, created_at, responded_at FROM trainer_requests;
          DROP TABLE trainer_requests;
          ALTER TABLE trainer_requests_new RENAME TO trainer_requests;
          CREATE UNIQUE INDEX trainer_requests_one_pending ON trainer_requests(client_id, trainer_id) WHERE state = 1 AND from_trainer = 0;
          CREATE UNIQUE INDEX trainer_invitations_one_pending ON trainer_requests(trainer_id, invitee_email) WHERE state = 1 AND from_trainer = 1;
          CREATE INDEX trainer_requests_by_trainer ON trainer_requests(trainer_id, state, rid);
          CREATE INDEX trainer_requests_by_client ON trainer_requests(client_id, state, rid);
          """)
    }
    migrator.registerMigration("sessions-v2-sets-on-session-date") { db in
      // Sets were dated by when they were logged, so a workout that crossed midnight was
      // split across two days in statistics: every set now takes its session's day.
      try db.execute(
        sql: """
          UPDATE logged_sets SET local_date = (SELECT s.local_date FROM sessions s WHERE s.rid = logged_sets.session_rid)
          WHERE local_date <> (SELECT s.local_date FROM sessions s WHERE s.rid = logged_sets.session_rid)
          """)
    }
    migrator.registerMigration("reminders-v1-next-due") { db in
      // The reminder worker reads only the entries due, through this index, instead of
      // every entry with a reminder on every pass. NULL: no reminder pending.
      try db.execute(
        sql: """
          ALTER TABLE schedule_entries ADD COLUMN next_due_at DATETIME;
          CREATE INDEX schedule_reminders_due ON schedule_entries(next_due_at, rid) WHERE next_due_at IS NOT NULL;
          """)
      // Due at once, from the old worker's look-back: the first pass works out each
      // entry's next reminder in its owner's zone and sends one that fell due meanwhile.
      try db.execute(
        sql: "UPDATE schedule_entries SET next_due_at = ? WHERE reminder_minutes > 0",
        arguments: [Date().addingTimeInterval(-ReminderWorker.lookBack)])
    }
    migrator.registerMigration("nutrition-v2-plan-history") { db in
      // Which plan was in effect from which of the owner's days, as it was then, so a
      // past day is measured by the plan active that day and not by today's.
      try db.execute(
        sql: """
          CREATE TABLE nutrition_plan_history (
            owner_id TEXT NOT NULL,
            from_date TEXT NOT NULL,       -- YYYY-MM-DD in the owner's zone
            plan_id TEXT,                  -- NULL: no plan in effect from that day
            targets BLOB,                  -- the plan's targets and days then (JSON); NULL with no plan
            days BLOB,
            PRIMARY KEY (owner_id, from_date)
          ) WITHOUT ROWID;
          -- Plans active before the history began judge every earlier day, as they did.
          INSERT INTO nutrition_plan_history (owner_id, from_date, plan_id, targets, days)
            SELECT owner_id, '0001-01-01', id, targets, days FROM nutrition_plans WHERE active = 1;
          """)
    }
    migrator.registerMigration("sessions-v3-set-types") { db in
      // 1 warm-up, 2 working, 3 drop, 4 failure. Warm-ups are never counted (statistics
      // and records read counted sets only); every set logged before this was working.
      try db.execute(sql: "ALTER TABLE logged_sets ADD COLUMN set_type INTEGER NOT NULL DEFAULT 2")
    }
    migrator.registerMigration("coaching-v3-alerts") { db in
      // 1: the trainer is told of each workout the client finishes or logs.
      try db.execute(sql: "ALTER TABLE trainer_clients ADD COLUMN alert_finished INTEGER NOT NULL DEFAULT 0")
    }
    migrator.registerMigration("coaching-v4-legal-names") { db in
      // The client's first and last name, for their trainers (refreshed with the rest).
      try db.execute(
        sql: """
          ALTER TABLE people ADD COLUMN given_name TEXT NOT NULL DEFAULT '';
          ALTER TABLE people ADD COLUMN family_name TEXT NOT NULL DEFAULT '';
          """)
    }
    // A superset's group number on a session's item (routines keep theirs in their JSON).
    migrator.registerMigration("sessions-v4-supersets") { db in
      try db.execute(sql: "ALTER TABLE session_items ADD COLUMN superset INTEGER NOT NULL DEFAULT 0")
    }
    migrator.registerMigration("coaching-v5-exercise-links") { db in
      // A trainer's links for a client's exercise, as long as the coaching lasts: they
      // go with the `trainer_clients` row (RemoveClient, LeaveTrainer, a purge).
      try db.execute(
        sql: """
          CREATE TABLE exercise_links (
            client_id TEXT NOT NULL,
            exercise_id TEXT NOT NULL,
            trainer_id TEXT NOT NULL,
            position INTEGER NOT NULL,
            url TEXT NOT NULL,
            caption TEXT NOT NULL,
            updated_at DATETIME NOT NULL,
            PRIMARY KEY (client_id, exercise_id, trainer_id, position),
            FOREIGN KEY (trainer_id, client_id) REFERENCES trainer_clients(trainer_id, client_id) ON DELETE CASCADE
          ) WITHOUT ROWID;
          CREATE INDEX exercise_links_by_trainer ON exercise_links(trainer_id, client_id, exercise_id);
          """)
    }
    migrator.registerMigration("exercises-v2-owners") { db in
      // Whose private exercise a remembered name is, so that their erasure takes it.
      try db.execute(sql: "ALTER TABLE exercises ADD COLUMN owner_id TEXT NOT NULL DEFAULT ''")
    }
    migrator.registerMigration("sessions-v5-import-keys") { db in
      // A workout moved in from another app's export: its start (to the minute) and
      // name, so the same file imported again adds nothing.
      try db.execute(
        sql: """
          ALTER TABLE sessions ADD COLUMN import_key TEXT;
          CREATE UNIQUE INDEX sessions_import_key ON sessions(owner_id, import_key) WHERE import_key IS NOT NULL;
          """)
    }
    migrator.registerMigration("coaching-v6-ratings") { db in
      // A client's stars for a trainer who coaches or coached them; they outlast the
      // relation (a former client's word still counts) and go with either account.
      try db.execute(
        sql: """
          CREATE TABLE trainer_ratings (
            trainer_id TEXT NOT NULL,
            client_id TEXT NOT NULL,
            stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
            rated_at REAL NOT NULL,
            PRIMARY KEY (trainer_id, client_id)
          ) WITHOUT ROWID;
          CREATE INDEX trainer_ratings_by_client ON trainer_ratings(client_id);
          """)
      // Relations that began before auth and places kept copies reach them now.
      let now = Date()
      for row in try Row.fetchAll(db, sql: "SELECT trainer_id, client_id FROM trainer_clients") {
        try PlanStore.enqueueCoaching(db, trainerID: row["trainer_id"], clientID: row["client_id"], active: true, to: [.auth], now: now)
      }
      for trainerID in try String.fetchAll(db, sql: "SELECT DISTINCT trainer_id FROM trainer_clients") {
        try PlanStore.enqueueTrainerStats(db, trainerID: trainerID, now: now)
      }
    }
    migrator.registerMigration("body-measurements-v1") { db in
      // NULL: not measured that day. Private unless the entry is shared with trainers.
      try db.execute(
        sql: """
          CREATE TABLE body_measurements (
            rid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            owner_id TEXT NOT NULL,
            local_date TEXT NOT NULL,
            chest_cm REAL,
            waist_cm REAL,
            hips_cm REAL,
            arm_cm REAL,
            thigh_cm REAL,
            body_fat_percent REAL,
            shared_with_trainer INTEGER NOT NULL,
            logged_at DATETIME NOT NULL,
            UNIQUE (owner_id, local_date)
          );
          """)
    }
    migrator.registerMigration("coaching-v7-messaging-copy") { db in
      // Messaging keeps a copy now too (a client's shared progress photos): the relations
      // that began before reach it.
      let now = Date()
      for row in try Row.fetchAll(db, sql: "SELECT trainer_id, client_id FROM trainer_clients") {
        try PlanStore.enqueueCoaching(db, trainerID: row["trainer_id"], clientID: row["client_id"], active: true, to: [.messaging], now: now)
      }
    }
    UserProjection.registerUnitsMigration(in: &migrator)
    // The plate steps suggestions are rounded to, per unit system; no row = the defaults.
    migrator.registerMigration("unit-settings-v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE unit_settings (
            owner_id TEXT PRIMARY KEY,
            plate_step_kg REAL NOT NULL,
            plate_step_lb REAL NOT NULL,
            updated_at DATETIME NOT NULL
          ) WITHOUT ROWID;
          """)
    }
    // The change log behind ListChanges: one row per object a user has or had, moved
    // to the end (a new seq) by triggers on every write, so no write path can forget
    // it; a deletion leaves a tombstone. AUTOINCREMENT: a seq is never reused, so a
    // client's cursor never skips a change. Sets and items move their session.
    migrator.registerMigration("changes-v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE changes (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            owner_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            object_id TEXT NOT NULL,
            deleted INTEGER NOT NULL,
            changed_at DATETIME NOT NULL,
            UNIQUE (owner_id, kind, object_id)
          );
          CREATE INDEX changes_by_owner ON changes(owner_id, seq);
          CREATE INDEX changes_tombstones ON changes(changed_at) WHERE deleted = 1;
          -- Per owner, the last seq of the tombstones pruned: an older cursor must start again.
          CREATE TABLE change_horizons (
            owner_id TEXT PRIMARY KEY,
            pruned_through INTEGER NOT NULL
          ) WITHOUT ROWID;
          """)
      func moved(_ owner: String, _ kind: String, _ id: String, deleted: Bool) -> String {
        """
        DELETE FROM changes WHERE owner_id = \(owner) AND kind = '\(kind)' AND object_id = \(id);
        INSERT INTO changes (owner_id, kind, object_id, deleted, changed_at) VALUES (\(owner), '\(kind)', \(id), \(deleted ? 1 : 0), CURRENT_TIMESTAMP);
        """
      }
      let objects = [
        ("routines", "routine", "id"), ("schedule_entries", "schedule_entry", "id"), ("sessions", "session", "id"),
        ("body_weights", "body_weight", "id"), ("body_measurements", "body_measurements", "id"), ("goals", "goal", "id"),
        ("nutrition_plans", "nutrition_plan", "id"), ("food_log", "food_entry", "id"), ("saved_exercises", "saved_exercise", "exercise_id"),
      ]
      for (table, kind, id) in objects {
        try db.execute(
          sql: """
            CREATE TRIGGER \(table)_change_insert AFTER INSERT ON \(table) BEGIN
              \(moved("NEW.owner_id", kind, "NEW.\(id)", deleted: false))
            END;
            CREATE TRIGGER \(table)_change_update AFTER UPDATE ON \(table) BEGIN
              \(moved("NEW.owner_id", kind, "NEW.\(id)", deleted: false))
            END;
            CREATE TRIGGER \(table)_change_delete AFTER DELETE ON \(table) BEGIN
              \(moved("OLD.owner_id", kind, "OLD.\(id)", deleted: true))
            END;
            INSERT INTO changes (owner_id, kind, object_id, deleted, changed_at)
              SELECT owner_id, '\(kind)', \(id), 0, CURRENT_TIMESTAMP FROM \(table);
            """)
      }
      // A session's items and sets are part of it. When the session itself goes, its
      // rows go after it (ON DELETE CASCADE): the lookup finds nothing, the tombstone stays.
      for (table, row) in [("session_items", "NEW"), ("session_items", "OLD"), ("logged_sets", "NEW"), ("logged_sets", "OLD")] {
        let event = row == "OLD" ? "DELETE" : "INSERT"
        for when in row == "OLD" ? [event] : [event, "UPDATE"] {
          try db.execute(
            sql: """
              CREATE TRIGGER \(table)_session_change_\(when.lowercased()) AFTER \(when) ON \(table) BEGIN
                DELETE FROM changes WHERE (owner_id, kind, object_id) IN (
                  SELECT owner_id, 'session', id FROM sessions WHERE rid = \(row).session_rid);
                INSERT INTO changes (owner_id, kind, object_id, deleted, changed_at)
                  SELECT owner_id, 'session', id, 0, CURRENT_TIMESTAMP FROM sessions WHERE rid = \(row).session_rid;
              END;
              """)
        }
      }
    }
    // The clients' ids for creates they may send again (offline sync).
    IdempotencyKeys.registerMigration(in: &migrator)
    return migrator
  }
}
