import Foundation
import GRDB
import GymStore

/// messaging.sqlite's schema: named migrations, append-only.
enum MessagingMigrations {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    Outbox.registerMigration(in: &migrator)
    migrator.registerMigration("messaging-v1") { db in
      try db.execute(
        sql: """
          -- Names of users this service has seen, from auth's LookupUsers.
          CREATE TABLE users (
            user_id TEXT PRIMARY KEY,
            username TEXT NOT NULL,
            display_name TEXT NOT NULL,
            refreshed_at DATETIME NOT NULL
          ) WITHOUT ROWID;

          -- A direct conversation between two users, stored once with user_a < user_b.
          CREATE TABLE conversations (
            rid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            user_a TEXT NOT NULL,
            user_b TEXT NOT NULL,
            last_message_rid INTEGER,
            created_at DATETIME NOT NULL,
            UNIQUE (user_a, user_b)
          );
          CREATE INDEX conversations_b ON conversations(user_b);

          CREATE TABLE rooms (
            rid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            topic TEXT NOT NULL,
            program_id TEXT,
            owner_id TEXT NOT NULL,
            created_at DATETIME NOT NULL
          );
          CREATE INDEX rooms_by_program ON rooms(program_id) WHERE program_id IS NOT NULL;

          CREATE TABLE room_members (
            room_rid INTEGER NOT NULL REFERENCES rooms(rid) ON DELETE CASCADE,
            user_id TEXT NOT NULL,
            joined_at DATETIME NOT NULL,
            PRIMARY KEY (room_rid, user_id)
          ) WITHOUT ROWID;
          CREATE INDEX room_members_by_user ON room_members(user_id);

          CREATE TABLE messages (
            rid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            conversation_rid INTEGER REFERENCES conversations(rid) ON DELETE CASCADE,
            room_rid INTEGER REFERENCES rooms(rid) ON DELETE CASCADE,
            sender_id TEXT NOT NULL,
            text TEXT NOT NULL,
            sent_at DATETIME NOT NULL,
            deleted_reason TEXT
          );
          CREATE INDEX messages_by_conversation ON messages(conversation_rid, rid) WHERE conversation_rid IS NOT NULL;
          CREATE INDEX messages_by_room ON messages(room_rid, rid) WHERE room_rid IS NOT NULL;
          CREATE INDEX messages_by_sender ON messages(sender_id);

          -- How far each side has read a conversation (a message rowid).
          CREATE TABLE conversation_reads (
            conversation_rid INTEGER NOT NULL REFERENCES conversations(rid) ON DELETE CASCADE,
            user_id TEXT NOT NULL,
            last_read_rid INTEGER NOT NULL,
            PRIMARY KEY (conversation_rid, user_id)
          ) WITHOUT ROWID;

          -- Every user's durable event log: written in the transaction that causes the
          -- event, so Subscribe can replay from any cursor. Ids increase globally, hence
          -- per user too.
          CREATE TABLE events (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id TEXT NOT NULL,
            kind INTEGER NOT NULL,
            payload BLOB NOT NULL,
            created_at DATETIME NOT NULL
          );
          CREATE INDEX events_by_user ON events(user_id, id);

          CREATE TABLE blocks (
            blocker_id TEXT NOT NULL,
            blocked_id TEXT NOT NULL,
            created_at DATETIME NOT NULL,
            PRIMARY KEY (blocker_id, blocked_id)
          ) WITHOUT ROWID;
          CREATE INDEX blocks_reverse ON blocks(blocked_id);

          CREATE TABLE follows (
            follower_id TEXT NOT NULL,
            followee_id TEXT NOT NULL,
            created_at DATETIME NOT NULL,
            PRIMARY KEY (follower_id, followee_id)
          ) WITHOUT ROWID;
          CREATE INDEX follows_reverse ON follows(followee_id, created_at);

          CREATE TABLE friend_requests (
            rid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            from_id TEXT NOT NULL,
            to_id TEXT NOT NULL,
            state INTEGER NOT NULL,        -- 1 pending, 2 accepted, 3 declined
            created_at DATETIME NOT NULL,
            responded_at DATETIME
          );
          CREATE UNIQUE INDEX friend_requests_one_pending ON friend_requests(from_id, to_id) WHERE state = 1;
          CREATE INDEX friend_requests_to ON friend_requests(to_id, state);

          -- Friendships stored once with user_a < user_b.
          CREATE TABLE friendships (
            user_a TEXT NOT NULL,
            user_b TEXT NOT NULL,
            since DATETIME NOT NULL,
            PRIMARY KEY (user_a, user_b)
          ) WITHOUT ROWID;
          CREATE INDEX friendships_b ON friendships(user_b);

          CREATE TABLE notifications (
            rid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            user_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            title TEXT NOT NULL,
            body TEXT NOT NULL,
            reference TEXT NOT NULL,
            idempotency_key TEXT,
            read INTEGER NOT NULL DEFAULT 0,
            created_at DATETIME NOT NULL,
            UNIQUE (user_id, idempotency_key)
          );
          CREATE INDEX notifications_by_user ON notifications(user_id, rid);
          """)
    }
    migrator.registerMigration("posts-v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE posts (
            rid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            author_id TEXT NOT NULL,
            text TEXT NOT NULL,
            created_at DATETIME NOT NULL,
            likes INTEGER NOT NULL DEFAULT 0,
            dislikes INTEGER NOT NULL DEFAULT 0,
            deleted_reason TEXT
          );
          CREATE INDEX posts_by_author ON posts(author_id, rid) WHERE deleted_reason IS NULL;

          CREATE TABLE post_reactions (
            post_rid INTEGER NOT NULL REFERENCES posts(rid) ON DELETE CASCADE,
            user_id TEXT NOT NULL,
            reaction INTEGER NOT NULL,     -- 1 like, 2 dislike
            PRIMARY KEY (post_rid, user_id)
          ) WITHOUT ROWID;
          CREATE INDEX post_reactions_by_user ON post_reactions(user_id);
          """)
    }
    migrator.registerMigration("standing-v1") { db in
      try db.execute(
        sql: """
          -- Bans as auth reports them; a banned user's posts and room messages are hidden
          -- while banned_until is in the future (NULL = indefinitely).
          CREATE TABLE user_standing (
            user_id TEXT PRIMARY KEY,
            banned INTEGER NOT NULL,
            banned_until DATETIME,
            sequence INTEGER NOT NULL
          ) WITHOUT ROWID;
          """)
    }
    migrator.registerMigration("attachments-v1") { db in
      try db.execute(
        sql: """
          -- Files live beside the database, named by their SHA-256; rows say who uploaded what.
          CREATE TABLE attachments (
            rid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            owner_id TEXT NOT NULL,
            sha256 TEXT NOT NULL,
            mime_type TEXT NOT NULL,
            size_bytes INTEGER NOT NULL,
            filename TEXT NOT NULL,
            created_at DATETIME NOT NULL
          );
          CREATE INDEX attachments_by_owner ON attachments(owner_id);
          CREATE INDEX attachments_by_hash ON attachments(sha256);

          -- Where an attachment was sent: a message (direct or room) or a post.
          CREATE TABLE attachment_uses (
            attachment_rid INTEGER NOT NULL REFERENCES attachments(rid) ON DELETE CASCADE,
            message_rid INTEGER REFERENCES messages(rid) ON DELETE CASCADE,
            post_rid INTEGER REFERENCES posts(rid) ON DELETE CASCADE,
            position INTEGER NOT NULL
          );
          CREATE INDEX attachment_uses_by_attachment ON attachment_uses(attachment_rid);
          CREATE INDEX attachment_uses_by_message ON attachment_uses(message_rid) WHERE message_rid IS NOT NULL;
          CREATE INDEX attachment_uses_by_post ON attachment_uses(post_rid) WHERE post_rid IS NOT NULL;
          """)
    }
    migrator.registerMigration("event-retention-v1") { db in
      try db.execute(
        sql: """
          -- The newest event id trimmed from each user's log: a Subscribe cursor below it
          -- may have missed events that are gone.
          CREATE TABLE event_floors (
            user_id TEXT PRIMARY KEY,
            floor_id INTEGER NOT NULL
          ) WITHOUT ROWID;
          CREATE INDEX events_by_age ON events(created_at);
          """)
    }
    migrator.registerMigration("event-subjects-v1") { db in
      // Each stored event names the message or friend request it carries, so removing a
      // message rewrites its copies in every log, and a purge finds them, by index.
      try db.execute(
        sql: """
          ALTER TABLE events ADD COLUMN subject_id TEXT;
          CREATE INDEX events_by_subject ON events(subject_id) WHERE subject_id IS NOT NULL;
          """)
      // SQL cannot read protobuf: the ids of events already stored are read here, by the
      // wire format (field numbers never change), not by today's generated types.
      // By event kind, the Event field holding the subject: DIRECT_MESSAGE and
      // ROOM_MESSAGE the message (4), FRIEND_REQUEST the friend request (6); its id is 1.
      let fields: [Int: UInt64] = [1: 4, 2: 4, 4: 6]
      let update = try db.makeStatement(sql: "UPDATE events SET subject_id = ? WHERE id = ?")
      let rows = try Row.fetchCursor(db, sql: "SELECT id, kind, payload FROM events WHERE kind IN (1, 2, 4)")
      while let row = try rows.next() {
        guard let field = fields[row["kind"]], let subject = ProtoWire.string(at: [field, 1], in: row["payload"]) else { continue }
        try update.execute(arguments: [subject, row["id"]])
      }
      // Messages a moderator deleted before: their words leave the logs now.
      try db.execute(sql: "DELETE FROM events WHERE subject_id IN (SELECT id FROM messages WHERE deleted_reason IS NOT NULL)")
    }
    migrator.registerMigration("reports-v1") { db in
      try db.execute(
        sql: """
          -- One case per reported user, message or post while it is open: its reports and
          -- the content as it was when first reported (evidence that outlives a deletion).
          -- Resolved cases are kept for the report retention, then deleted with their reports.
          CREATE TABLE report_cases (
            rid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            kind INTEGER NOT NULL,             -- 1 user, 2 direct message, 3 room message, 4 post
            target_id TEXT NOT NULL,
            target_user_id TEXT NOT NULL,      -- the reported user, or the sender or author
            conversation_id TEXT,
            room_id TEXT,
            content_text TEXT NOT NULL,
            content_created_at DATETIME,
            opened_at DATETIME NOT NULL,
            resolved_at DATETIME,
            resolution INTEGER,                -- 1 dismissed, 2 removed
            resolution_reason TEXT,
            resolved_by TEXT
          );
          CREATE UNIQUE INDEX report_cases_one_open ON report_cases(kind, target_id) WHERE resolved_at IS NULL;
          CREATE INDEX report_cases_open ON report_cases(rid) WHERE resolved_at IS NULL;
          CREATE INDEX report_cases_open_by_kind ON report_cases(kind, rid) WHERE resolved_at IS NULL;
          CREATE INDEX report_cases_about ON report_cases(target_user_id);
          CREATE INDEX report_cases_resolved ON report_cases(resolved_at) WHERE resolved_at IS NOT NULL;

          -- The attachments the reported message or post carried.
          CREATE TABLE report_case_attachments (
            case_rid INTEGER NOT NULL REFERENCES report_cases(rid) ON DELETE CASCADE,
            attachment_rid INTEGER NOT NULL REFERENCES attachments(rid) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            PRIMARY KEY (case_rid, position)
          ) WITHOUT ROWID;
          CREATE INDEX report_case_attachments_by_attachment ON report_case_attachments(attachment_rid);

          -- One report per reporter per case, so one open report per reporter and target.
          CREATE TABLE reports (
            rid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            case_rid INTEGER NOT NULL REFERENCES report_cases(rid) ON DELETE CASCADE,
            reporter_id TEXT NOT NULL,
            category INTEGER NOT NULL,
            details TEXT NOT NULL,
            created_at DATETIME NOT NULL,
            UNIQUE (case_rid, reporter_id)
          );
          CREATE INDEX reports_by_reporter ON reports(reporter_id, created_at);
          """)
    }
    migrator.registerMigration("visibility-v1") { db in
      try db.execute(
        sql: """
          -- Profiles auth says are private (absent = public), with auth's sequence so a late
          -- change cannot undo a newer one.
          CREATE TABLE user_visibility (
            user_id TEXT PRIMARY KEY,
            private INTEGER NOT NULL,
            sequence INTEGER NOT NULL
          ) WITHOUT ROWID;
          -- Follows of a private profile waiting for its owner.
          CREATE TABLE follow_requests (
            follower_id TEXT NOT NULL,
            followee_id TEXT NOT NULL,
            created_at DATETIME NOT NULL,
            PRIMARY KEY (follower_id, followee_id)
          ) WITHOUT ROWID;
          CREATE INDEX follow_requests_by_followee ON follow_requests(followee_id, created_at);
          """)
    }
    migrator.registerMigration("erasure-v1") { db in
      try db.execute(
        sql: """
          -- The other user whose message, request or name an event carries ('' for none), so
          -- a deleted account's words leave everyone's log. NULL: written before this
          -- column; the next purge reads it from the payload.
          ALTER TABLE events ADD COLUMN about_id TEXT;
          CREATE INDEX events_about ON events(about_id) WHERE about_id IS NOT NULL;
          CREATE INDEX events_unclassified ON events(id) WHERE about_id IS NULL;
          -- The other user a notification names (Notify's about_user_id), if any.
          ALTER TABLE notifications ADD COLUMN about_id TEXT;
          CREATE INDEX notifications_about ON notifications(about_id) WHERE about_id IS NOT NULL;
          """)
    }
    migrator.registerMigration("room-log-v1") { db in
      try RoomLogMigration.run(db)
    }
    UserProjection.registerMigration(in: &migrator)
    migrator.registerMigration("users-v2-projection") { db in
      // Names come from the projection of users now (auth's updates, or auth asked once
      // for a user it lacks); the old cache of names is refilled that way as needed.
      try db.execute(sql: "DROP TABLE users")
    }
    // Auth keeps a copy of friendships from here on (FriendshipChange); the ones that
    // exist are told once.
    migrator.registerMigration("friendships-to-auth") { db in
      let now = Date()
      for row in try Row.fetchAll(db, sql: "SELECT user_a, user_b FROM friendships ORDER BY user_a, user_b") {
        try FriendshipChange.enqueue(db, row["user_a"], row["user_b"], friends: true, now: now)
      }
    }
    migrator.registerMigration("push-v1") { db in
      try db.execute(
        sql: """
          -- Devices that hear of events by push while their app is closed. A token is one
          -- device's, whoever registered it last.
          CREATE TABLE push_devices (
            rid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            user_id TEXT NOT NULL,
            platform INTEGER NOT NULL,
            token TEXT NOT NULL,
            app_version TEXT NOT NULL,
            locale TEXT NOT NULL,
            registered_at DATETIME NOT NULL,
            last_registered_at DATETIME NOT NULL,
            UNIQUE (platform, token)
          );
          CREATE INDEX push_devices_by_user ON push_devices(user_id, last_registered_at);
          -- Notifications on their way to a device: written with the event that causes them,
          -- deleted once the provider took them (or the device is gone). One waiting per
          -- device and collapse key: a newer one replaces its content (`version` counts).
          CREATE TABLE push_jobs (
            rid INTEGER PRIMARY KEY,
            device_rid INTEGER NOT NULL REFERENCES push_devices(rid) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            title TEXT NOT NULL,
            body TEXT NOT NULL,
            reference TEXT NOT NULL,
            collapse_key TEXT,
            thread_id TEXT,
            badge INTEGER NOT NULL,
            version INTEGER NOT NULL DEFAULT 1,
            created_at DATETIME NOT NULL,
            due_at DATETIME NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            last_error TEXT,
            UNIQUE (device_rid, collapse_key)
          );
          CREATE INDEX push_jobs_due ON push_jobs(due_at);
          """)
    }
    migrator.registerMigration("push-v2-preferences") { db in
      try db.execute(
        sql: """
          -- How each user wants each kind of event pushed (absent: the kind's default).
          CREATE TABLE push_preferences (
            user_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            mode INTEGER NOT NULL,
            PRIMARY KEY (user_id, kind)
          ) WITHOUT ROWID;
          CREATE INDEX push_preferences_by_kind ON push_preferences(kind, mode);
          -- Hours in the user's zone when pushes arrive silently (absent: none).
          CREATE TABLE push_quiet_hours (
            user_id TEXT PRIMARY KEY,
            start_minute INTEGER NOT NULL,
            end_minute INTEGER NOT NULL
          ) WITHOUT ROWID;
          -- Written during the user's quiet hours: sent without sound or banner.
          ALTER TABLE push_jobs ADD COLUMN quiet INTEGER NOT NULL DEFAULT 0;
          """)
    }
    migrator.registerMigration("push-v3-subjects") { db in
      try db.execute(
        sql: """
          -- What a waiting push carries, as events say it: the message or request (removed
          -- by a moderator: the push goes too) and the other user whose words or name it
          -- holds (their account deleted, or a block between the two: it goes).
          ALTER TABLE push_jobs ADD COLUMN subject_id TEXT;
          ALTER TABLE push_jobs ADD COLUMN about_id TEXT NOT NULL DEFAULT '';
          CREATE INDEX push_jobs_subject ON push_jobs(subject_id) WHERE subject_id IS NOT NULL;
          CREATE INDEX push_jobs_about ON push_jobs(about_id) WHERE about_id <> '';
          """)
    }
    migrator.registerMigration("push-v4-sessions") { db in
      try db.execute(
        sql: """
          -- The session that last registered the device: when auth revokes it (sign-out,
          -- a lost phone revoked from elsewhere) the device goes. Devices registered
          -- before this column have none until the app registers again (at its start).
          ALTER TABLE push_devices ADD COLUMN session_id TEXT;
          CREATE INDEX push_devices_by_session ON push_devices(session_id) WHERE session_id IS NOT NULL;
          """)
    }
    migrator.registerMigration("email-digest-v1") { db in
      try db.execute(
        sql: """
          -- Whether each kind is in the user's daily email digest (absent: the kind's default).
          CREATE TABLE digest_preferences (
            user_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            included INTEGER NOT NULL,
            PRIMARY KEY (user_id, kind)
          ) WITHOUT ROWID;
          -- Each user's digest: its time of day (minutes in their zone; NULL: 08:00), when
          -- the next one is due (NULL: nothing waits) and when the last one was taken.
          CREATE TABLE email_digests (
            user_id TEXT PRIMARY KEY,
            minute INTEGER,
            due_at DATETIME,
            last_sent_at DATETIME
          ) WITHOUT ROWID;
          CREATE INDEX email_digests_due ON email_digests(due_at) WHERE due_at IS NOT NULL;
          """)
    }
    migrator.registerMigration("place-rooms-reviews-v1") { db in
      try db.execute(
        sql: """
          -- A place's discussion room (one per place, made on first use; owner_id '').
          ALTER TABLE rooms ADD COLUMN place_id TEXT;
          CREATE UNIQUE INDEX rooms_by_place ON rooms(place_id) WHERE place_id IS NOT NULL;
          -- One review per member and place; a moderator's removal keeps the row (and so
          -- the author from writing it again) with the reason.
          CREATE TABLE place_reviews (
            rid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            place_id TEXT NOT NULL,
            author_id TEXT NOT NULL,
            stars INTEGER NOT NULL,
            text TEXT NOT NULL,
            created_at DATETIME NOT NULL,
            updated_at DATETIME NOT NULL,
            removed_at DATETIME,
            removed_reason TEXT,
            UNIQUE (place_id, author_id)
          );
          CREATE INDEX place_reviews_by_author ON place_reviews(author_id);
          """)
    }
    migrator.registerMigration("progress-photos-v1") { db in
      try db.execute(
        sql: """
          -- Messaging's copy of plan's coaching relations (plan's outbox keeps it), for the
          -- progress photos a client shares with their trainers.
          CREATE TABLE coaching (
            trainer_id TEXT NOT NULL,
            client_id TEXT NOT NULL,
            active INTEGER NOT NULL,
            version INTEGER NOT NULL,
            PRIMARY KEY (client_id, trainer_id)
          ) WITHOUT ROWID;
          CREATE INDEX coaching_by_trainer ON coaching(trainer_id);
          -- A member's picture of their body on a day; the upload stays while the photo does.
          CREATE TABLE progress_photos (
            rid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            user_id TEXT NOT NULL,
            attachment_rid INTEGER NOT NULL UNIQUE REFERENCES attachments(rid) ON DELETE CASCADE,
            taken_on TEXT NOT NULL,
            note TEXT NOT NULL,
            shared_with_trainer INTEGER NOT NULL,
            created_at DATETIME NOT NULL
          );
          CREATE INDEX progress_photos_by_user ON progress_photos(user_id, taken_on);
          """)
    }
    UserProjection.registerUnitsMigration(in: &migrator)
    // The clients' ids for creates they may send again (offline sync).
    IdempotencyKeys.registerMigration(in: &migrator)
    return migrator
  }
}
