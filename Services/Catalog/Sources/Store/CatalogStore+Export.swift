import GymStore

extension CatalogStore {
  /// What catalog holds about a user, for their data export: their account as catalog
  /// keeps it (still named "author", the export's format),
  /// programs (with their days and exercises), exercises they wrote or keep privately
  /// (with where their proposal stands), and their votes,
  /// reports and saves. Enumerations are the proto's numbers.
  public static func exportTables(userID: String) -> [ExportTable] {
    [
      ExportTable(
        "author", "SELECT user_id, username, display_name, banned, banned_until, updated_at FROM user_projection WHERE user_id = ?",
        [userID]),
      ExportTable(
        "programs",
        """
        SELECT id, name, description, goal, difficulty, duration_weeks, session_minutes, tags, muscles, up_votes, down_votes,
          score, saves, state, moderation_reason, version, created_at, updated_at
        FROM programs WHERE author_id = ? ORDER BY rid
        """, [userID], json: ["tags", "muscles"]),
      ExportTable(
        "program_days",
        """
        SELECT p.id AS program_id, d.day, d.name FROM program_days d JOIN programs p ON p.rid = d.program_rid
        WHERE p.author_id = ? ORDER BY p.rid, d.day
        """, [userID]),
      ExportTable(
        "program_entries",
        """
        SELECT p.id AS program_id, e.day, e.position, x.id AS exercise_id, x.name AS exercise_name, e.sets, e.reps_min, e.reps_max,
          e.duration_seconds, e.rest_seconds, e.weight_kg, e.notes
        FROM program_entries e JOIN programs p ON p.rid = e.program_rid JOIN exercises x ON x.rid = e.exercise_rid
        WHERE p.author_id = ? ORDER BY p.rid, e.day, e.position
        """, [userID]),
      ExportTable(
        "exercises_written",
        """
        SELECT id, slug, name, aliases, description, instructions, common_mistakes, primary_muscles, secondary_muscles,
          equipment, category, difficulty, media, created_at, updated_at, owner_id <> '' AS private, proposal, proposal_note
        FROM exercises WHERE author_id = ? OR owner_id = ? ORDER BY rid
        """, [userID, userID],
        json: ["aliases", "instructions", "common_mistakes", "primary_muscles", "secondary_muscles", "equipment", "media"]),
      ExportTable(
        "votes",
        """
        SELECT p.id AS program_id, p.name AS program_name, v.vote, v.updated_at FROM votes v JOIN programs p ON p.rid = v.program_rid
        WHERE v.user_id = ? ORDER BY v.program_rid
        """, [userID]),
      ExportTable(
        "reports",
        """
        SELECT p.id AS program_id, p.name AS program_name, r.reason, r.resolved, r.created_at FROM reports r
        JOIN programs p ON p.rid = r.program_rid WHERE r.reporter_id = ? ORDER BY r.program_rid
        """, [userID]),
      ExportTable(
        "saves",
        """
        SELECT p.id AS program_id, p.name AS program_name, s.created_at FROM saves s JOIN programs p ON p.rid = s.program_rid
        WHERE s.user_id = ? ORDER BY s.program_rid
        """, [userID]),
      IdempotencyKeys.exportTable(userID: userID),
    ]
  }
}
