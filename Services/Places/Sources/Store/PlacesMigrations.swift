import Foundation
import GRDB
import GymStore

/// Places' schema; append-only. R*Tree indexes (`places_rtree`, `trainers_rtree`)
/// make a nearby search cost what it finds, not what the table holds.
enum PlacesMigrations {
  static var migrator: DatabaseMigrator { migrator(.proto) }

  /// - Parameter encoder: writes the stored messages of places that exist before
  ///   `stored-messages` (the same encoder the store keeps them with afterwards).
  static func migrator(_ encoder: PlaceMessageEncoder) -> DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1-places-trainers-rtree") { db in
      try db.execute(
        sql: """
          CREATE TABLE places (
            rid INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            kind INTEGER NOT NULL,
            lat REAL NOT NULL,
            lng REAL NOT NULL,
            street TEXT NOT NULL DEFAULT '',
            house_number TEXT NOT NULL DEFAULT '',
            postcode TEXT NOT NULL DEFAULT '',
            city TEXT NOT NULL DEFAULT '',
            country TEXT NOT NULL DEFAULT '',
            phone TEXT NOT NULL DEFAULT '',
            website TEXT NOT NULL DEFAULT '',
            opening_hours TEXT NOT NULL DEFAULT '',
            hours_intervals TEXT NOT NULL DEFAULT '[]',
            hours_unsupported TEXT NOT NULL DEFAULT '[]',
            time_zone TEXT NOT NULL,
            price_monthly REAL NOT NULL DEFAULT 0,
            price_day_pass REAL NOT NULL DEFAULT 0,
            currency TEXT NOT NULL DEFAULT '',
            amenities TEXT NOT NULL DEFAULT '[]',
            source TEXT UNIQUE,
            created_at DATETIME NOT NULL,
            updated_at DATETIME NOT NULL,
            etag TEXT NOT NULL
          );
          CREATE VIRTUAL TABLE places_rtree USING rtree(rid, min_lat, max_lat, min_lng, max_lng);

          CREATE TABLE trainers (
            rid INTEGER PRIMARY KEY AUTOINCREMENT,
            trainer_id TEXT NOT NULL UNIQUE,
            lat REAL NOT NULL,
            lng REAL NOT NULL,
            service_radius_m REAL NOT NULL,
            specialties TEXT NOT NULL,
            specialty_key TEXT NOT NULL,
            price_per_session REAL NOT NULL,
            currency TEXT NOT NULL,
            bio TEXT NOT NULL,
            gym_id TEXT NOT NULL,
            updated_at DATETIME NOT NULL
          );
          CREATE VIRTUAL TABLE trainers_rtree USING rtree(rid, min_lat, max_lat, min_lng, max_lng);
          """)
    }
    migrator.registerMigration("v2-hours-normalized-reread") { db in
      try db.execute(sql: "ALTER TABLE places ADD COLUMN hours_normalized TEXT NOT NULL DEFAULT ''")
      // Stored intervals came from the earlier reader, which closed whole days for
      // `Mo 15:00-16:00 off` and refused `7-18`: read every value again so searches
      // answer with today's rules. A value still unreadable keeps what it had.
      let encoder = JSONEncoder()
      let rows = try Row.fetchAll(db, sql: "SELECT rid, opening_hours FROM places WHERE opening_hours != ''")
      for row in rows {
        guard let hours = try? OpeningHours(row["opening_hours"] as String) else { continue }
        try db.execute(
          sql: "UPDATE places SET hours_intervals = ?, hours_unsupported = ?, hours_normalized = ? WHERE rid = ?",
          arguments: [
            String(decoding: try encoder.encode(hours.intervals), as: UTF8.self),
            String(decoding: try encoder.encode(hours.unsupported), as: UTF8.self), hours.normalized, row["rid"] as Int64,
          ])
      }
    }
    // Trainers' names, avatars, roles and bans for FindTrainers, kept by auth's updates
    // (a trainer not held yet is asked of auth once, so no backfill is needed).
    UserProjection.registerMigration(in: &migrator)
    migrator.registerMigration("stored-messages") { db in
      // Each place's encoded message, which search pages are assembled from
      // (`PlacesStore+Messages`); its own table keeps the rows a search filters narrow.
      try db.execute(
        sql: """
          CREATE TABLE place_messages (
            rid INTEGER PRIMARY KEY REFERENCES places(rid) ON DELETE CASCADE,
            message BLOB NOT NULL
          );
          """)
      try PlacesStore.encodeAllMessages(db, messages: encoder)
    }
    StoredMessageEncoding.registerMigration(in: &migrator)
    // A trainer's client count and ratings as plan, where coaching lives, last sent them
    // (its outbox, ordered by version); kept apart from the listing, which may come later.
    migrator.registerMigration("trainer-stats-v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE trainer_stats (
            trainer_id TEXT PRIMARY KEY,
            client_count INTEGER NOT NULL,
            rating_count INTEGER NOT NULL,
            star_sum INTEGER NOT NULL,
            version INTEGER NOT NULL
          ) WITHOUT ROWID;
          """)
    }
    // Members' reviews live in messaging; this is the count it last sent, which goes
    // with its place.
    migrator.registerMigration("place-review-stats-v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE place_review_stats (
            place_rid INTEGER PRIMARY KEY REFERENCES places(rid) ON DELETE CASCADE,
            review_count INTEGER NOT NULL,
            star_sum INTEGER NOT NULL,
            version INTEGER NOT NULL
          );
          """)
    }
    UserProjection.registerUnitsMigration(in: &migrator)
    // The clients' ids for creates they may send again (offline sync).
    IdempotencyKeys.registerMigration(in: &migrator)
    return migrator
  }
}
