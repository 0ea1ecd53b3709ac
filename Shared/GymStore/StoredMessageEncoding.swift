import GRDB

/// Stored encoded messages (catalog's and places' list pages are assembled from them)
/// are only as current as the code that encoded them. The version of that code is kept
/// beside them; a release that changes what a message holds raises its encoder's
/// version, and on the first start of that release every stored message is encoded
/// again, in one transaction, before any read.
public enum StoredMessageEncoding {
  /// The table of the version, starting at 1: the `stored-messages` migrations encoded
  /// with version 1.
  public static func registerMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("stored-message-encoding") { db in
      try db.execute(
        sql: """
          CREATE TABLE stored_message_encoding (version INTEGER NOT NULL);
          INSERT INTO stored_message_encoding (version) VALUES (1);
          """)
    }
  }

  /// Runs `encodeAll` (every stored message written again) when the stored version is
  /// not `version`, then records `version`.
  public static func refresh(_ writer: any DatabaseWriter, version: Int, encodeAll: @escaping @Sendable (Database) throws -> Void) throws {
    try writer.write { db in
      guard try Int.fetchOne(db, sql: "SELECT version FROM stored_message_encoding") != version else { return }
      try encodeAll(db)
      try db.execute(sql: "UPDATE stored_message_encoding SET version = ?", arguments: [version])
    }
  }
}
