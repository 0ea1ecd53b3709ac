import GymStore

extension PlanStore {
  /// What plan holds about a user, for their data export: their training and nutrition
  /// (routines, schedule, sessions with every set, records, body weight, goals, plans and
  /// which was in effect when, food log, saved exercises) and their coaching (relations and requests either way,
  /// the names kept for them). Enumerations are the stored numbers (see PlanMigrations).
  public static func exportTables(userID: String) -> [ExportTable] {
    [
      ExportTable(
        "routines",
        """
        SELECT id, name, description, days, source_program_id, source_program_version, published_program_id, assigned_by,
          version, created_at, updated_at
        FROM routines WHERE owner_id = ? ORDER BY rid
        """, [userID], json: ["days"]),
      ExportTable(
        "schedule_entries",
        """
        SELECT s.id, r.id AS routine_id, s.day_index, s.weekdays, s.on_date, s.minute_of_day, s.reminder_minutes, s.created_at
        FROM schedule_entries s JOIN routines r ON r.rid = s.routine_rid WHERE s.owner_id = ? ORDER BY s.rid
        """, [userID]),
      ExportTable(
        "sessions",
        """
        SELECT id, state, routine_id, day_index, name, started_at, ended_at, local_date, notes, duration_seconds, exercises_done,
          exercises_total, sets, reps, volume_kg, new_records
        FROM sessions WHERE owner_id = ? ORDER BY rid
        """, [userID], json: ["new_records"]),
      ExportTable(
        "session_items",
        """
        SELECT i.id, s.id AS session_id, i.position, i.exercise_id, i.planned_sets, i.state, i.notes, i.superset
        FROM session_items i JOIN sessions s ON s.rid = i.session_rid WHERE s.owner_id = ? ORDER BY i.rid
        """, [userID], json: ["planned_sets"]),
      ExportTable(
        "logged_sets",
        """
        SELECT l.rid AS id, i.id AS item_id, s.id AS session_id, l.exercise_id, l.reps, l.weight_kg, l.rpe, l.duration_seconds,
          l.notes, l.logged_at, l.local_date, l.e1rm, l.counted,
          CASE l.set_type WHEN 1 THEN 'warm-up' WHEN 3 THEN 'drop' WHEN 4 THEN 'failure' ELSE 'working' END AS type
        FROM logged_sets l JOIN session_items i ON i.rid = l.item_rid JOIN sessions s ON s.rid = l.session_rid
        WHERE l.owner_id = ? ORDER BY l.rid
        """, [userID]),
      ExportTable(
        "records", "SELECT exercise_id, kind, value, achieved_at, session_id FROM records WHERE owner_id = ? ORDER BY exercise_id, kind",
        [userID]),
      ExportTable(
        "body_weights", "SELECT id, local_date, weight_kg, logged_at FROM body_weights WHERE owner_id = ? ORDER BY rid", [userID]),
      ExportTable(
        "body_measurements",
        """
        SELECT id, local_date, chest_cm, waist_cm, hips_cm, arm_cm, thigh_cm, body_fat_percent, shared_with_trainer, logged_at
        FROM body_measurements WHERE owner_id = ? ORDER BY rid
        """, [userID]),
      ExportTable(
        "goals",
        """
        SELECT id, kind, target_weight_kg, exercise_id, target_reps, sessions_per_week, due_date, start_value, created_at
        FROM goals WHERE owner_id = ? ORDER BY rid
        """, [userID]),
      ExportTable(
        "nutrition_plans",
        """
        SELECT id, name, targets, days, active, assigned_by, version, created_at, updated_at
        FROM nutrition_plans WHERE owner_id = ? ORDER BY rid
        """, [userID], json: ["targets", "days"]),
      ExportTable(
        "nutrition_plan_history",
        """
        SELECT from_date, plan_id, targets, days FROM nutrition_plan_history WHERE owner_id = ? ORDER BY from_date
        """, [userID], json: ["targets", "days"]),
      ExportTable(
        "food_log",
        """
        SELECT id, local_date, meal, description, kcal, protein_g, carbs_g, fat_g, logged_at FROM food_log WHERE owner_id = ? ORDER BY rid
        """, [userID]),
      ExportTable(
        "saved_exercises", "SELECT exercise_id, saved_at FROM saved_exercises WHERE owner_id = ? ORDER BY saved_at, exercise_id",
        [userID]),
      ExportTable(
        "exercise_links",
        """
        SELECT client_id, exercise_id, trainer_id, position, url, caption, updated_at FROM exercise_links
        WHERE trainer_id = ? OR client_id = ? ORDER BY client_id, exercise_id, trainer_id, position
        """, [userID, userID]),
      ExportTable(
        "trainer_clients",
        """
        SELECT trainer_id, client_id, since FROM trainer_clients WHERE trainer_id = ? OR client_id = ? ORDER BY since, trainer_id, client_id
        """, [userID, userID]),
      ExportTable(
        "trainer_requests",
        """
        SELECT id, client_id, trainer_id, from_trainer, invitee_email, message, state, created_at, responded_at
        FROM trainer_requests WHERE trainer_id = ? OR client_id = ? ORDER BY rid
        """, [userID, userID]),
      // The ratings the user gave; those a trainer received stay each client's own.
      ExportTable(
        "trainer_ratings", "SELECT trainer_id, stars, rated_at FROM trainer_ratings WHERE client_id = ? ORDER BY rated_at, trainer_id",
        [userID]),
      IdempotencyKeys.exportTable(userID: userID),
      ExportTable("unit_settings", "SELECT plate_step_kg, plate_step_lb, updated_at FROM unit_settings WHERE owner_id = ?", [userID]),
      ExportTable("people", "SELECT user_id, username, display_name, given_name, family_name, refreshed_at FROM people WHERE user_id = ?", [userID]),
    ]
  }
}
