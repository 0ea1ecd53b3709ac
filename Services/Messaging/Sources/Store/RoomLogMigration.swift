import GRDB

/// "room-log-v1": a room message's event is stored once for the room, not copied into
/// every member's log (a 16 KB message to 10,000 members was 160 MB). Members read the
/// room's events through their membership: from the log position they joined at, with
/// blocks applied when read. Rooms keep their member count, when they were closed and
/// the newest room event trimmed; members keep a read cursor.
enum RoomLogMigration {
  /// The newest event id ever given (AUTOINCREMENT keeps it when the event is trimmed).
  static let newestEventID = "(SELECT COALESCE(MAX(seq), 0) FROM sqlite_sequence WHERE name = 'events')"

  static func run(_ db: Database) throws {
    try db.execute(
      sql: """
        -- A room's event (room_rid set, user_id ''): every member reads it.
        ALTER TABLE events ADD COLUMN room_rid INTEGER REFERENCES rooms(rid) ON DELETE CASCADE;
        CREATE INDEX events_by_room ON events(room_rid, id) WHERE room_rid IS NOT NULL;

        ALTER TABLE rooms ADD COLUMN member_count INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE rooms ADD COLUMN closed_at DATETIME;
        -- The newest room event trimmed: a member's cursor below it may have missed some.
        ALTER TABLE rooms ADD COLUMN floor_id INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX rooms_by_members ON rooms(member_count DESC, name_key, rid);
        CREATE INDEX rooms_by_owner ON rooms(owner_id);

        -- The log position at joining: the member reads the room's events after it.
        ALTER TABLE room_members ADD COLUMN since_event_id INTEGER NOT NULL DEFAULT 0;
        -- The newest message of the room the member has read (a message rowid).
        ALTER TABLE room_members ADD COLUMN last_read_rid INTEGER NOT NULL DEFAULT 0;

        -- The posting rate counts a sender's room messages of the last minute.
        CREATE INDEX messages_room_by_sender ON messages(sender_id, sent_at) WHERE room_rid IS NOT NULL;

        UPDATE rooms SET member_count = (SELECT COUNT(*) FROM room_members m WHERE m.room_rid = rooms.rid);
        -- Existing members have read everything so far.
        UPDATE room_members SET last_read_rid = COALESCE((SELECT MAX(rid) FROM messages m WHERE m.room_rid = room_members.room_rid), 0);
        """)
    // The copies of one room event were written together (one posting, or one removal
    // announcing it): same message, same time. The oldest copy becomes the room's event
    // and the rest go; a member's cursor never lies between the copies and their own
    // copy (no other event of theirs does), so nothing is missed or replayed twice.
    try db.execute(
      sql: """
        CREATE TEMPORARY TABLE room_copies AS
          SELECT e.id, e.user_id, m.room_rid, MIN(e.id) OVER (PARTITION BY e.subject_id, e.created_at) AS first_id
          FROM events e JOIN messages m ON m.id = e.subject_id
          WHERE e.kind = 2 AND m.room_rid IS NOT NULL;
        CREATE INDEX temp.room_copies_by_member ON room_copies(room_rid, user_id);
        CREATE INDEX temp.room_copies_by_id ON room_copies(id);

        -- A member reads room events after the oldest copy they held of that room's (or,
        -- holding none, after everything so far: they join the room's log from now).
        UPDATE room_members SET since_event_id = COALESCE(
          (SELECT MIN(c.first_id) - 1 FROM room_copies c WHERE c.room_rid = room_members.room_rid AND c.user_id = room_members.user_id),
          \(newestEventID));

        UPDATE events SET user_id = '', room_rid = (SELECT c.room_rid FROM room_copies c WHERE c.id = events.id)
        WHERE id IN (SELECT first_id FROM room_copies);
        DELETE FROM events WHERE id IN (SELECT id FROM room_copies) AND room_rid IS NULL;
        -- Members read room events with blocks applied to about_id: each names its
        -- message's sender (old removal announcements named nobody, and copies from
        -- before erasure-v1 have no about_id at all).
        UPDATE events SET about_id = (SELECT m.sender_id FROM messages m WHERE m.id = events.subject_id)
        WHERE room_rid IS NOT NULL;

        -- Copies trimmed before stay behind their owners' own floors (event_floors).
        DROP TABLE room_copies;
        """)
  }
}
