import GRDB
import GymStore

/// Per-user caps on what plan keeps, so one account cannot grow the database (and every
/// list and pass over it) without bound. Over a cap a write fails with
/// `PlanError.quotaExceeded`, saying the cap and what to delete.
public struct PlanLimits: Sendable, Equatable {
  /// Routines a user owns: their own, copies of programs, assigned ones.
  public var routines = 200
  /// Schedule entries a user has.
  public var scheduleEntries = 100
  /// Schedule entries with a reminder.
  public var reminders = 50
  /// Exercises in one session.
  public var sessionItems = 60
  /// Sets logged in one session.
  public var setsPerSession = 500
  /// Sessions (started, abandoned or logged after the fact) on one local day.
  public var sessionsPerDay = 20
  /// Sessions in all: past days can be logged back to year 1, so a cap per day alone
  /// does not bound them (50,000 is two a day for 68 years).
  public var sessions = 50_000
  /// Food log entries on one local day.
  public var foodEntriesPerDay = 100
  /// Food log entries in all (200,000 is ten a day for 54 years).
  public var foodEntries = 200_000
  /// Weigh-ins in all, one per day (20,000 days is 54 years).
  public var bodyWeights = 20_000
  /// Nutrition plans a user owns.
  public var nutritionPlans = 50
  /// Goals a user has.
  public var goals = 50
  /// Exercises a user saved as favourites.
  public var savedExercises = 1000
  /// Exercises one trainer gave one client links for.
  public var linkedExercisesPerClient = 300

  public init() {}
}

extension PlanStore {
  /// Refuses the write (`quotaExceeded` with `message`) when the query `rows` (a
  /// `SELECT 1 FROM …` over an index) finds `limit` rows or more. Counting stops at
  /// the limit, so a check costs at most the cap; it runs inside the write's
  /// transaction, so concurrent writes cannot both pass.
  static func requireRoom(
    _ db: Database, limit: Int, rows sql: String, _ arguments: StatementArguments, _ message: @autoclosure () -> String
  ) throws {
    let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (\(sql) LIMIT ?)", arguments: arguments + [limit]) ?? 0
    guard count < limit else { throw PlanError.quotaExceeded(message()) }
  }

  static func requireRoutineRoom(_ db: Database, ownerID: String, limits: PlanLimits, forClient: Bool = false) throws {
    try requireRoom(
      db, limit: limits.routines, rows: "SELECT 1 FROM routines WHERE owner_id = ?", [ownerID],
      forClient
        ? "the client has \(limits.routines) routines, the most one account may keep; they must delete one before you assign another"
        : "you have \(limits.routines) routines, the most one account may keep; delete one you no longer use (DeleteRoutine) first")
  }

  static func requireSessionRoom(_ db: Database, ownerID: String, on date: LocalDate, limits: PlanLimits) throws {
    try requireRoom(
      db, limit: limits.sessionsPerDay, rows: "SELECT 1 FROM sessions WHERE owner_id = ? AND local_date = ?",
      [ownerID, date.description],
      "you have \(limits.sessionsPerDay) sessions on \(date), the most one day may hold (abandoned ones count too)")
    try requireRoom(
      db, limit: limits.sessions, rows: "SELECT 1 FROM sessions WHERE owner_id = ?", [ownerID],
      "you have \(limits.sessions) sessions in all, the most one account may keep")
  }

  static func requireNutritionPlanRoom(_ db: Database, ownerID: String, limits: PlanLimits, forClient: Bool = false) throws {
    try requireRoom(
      db, limit: limits.nutritionPlans, rows: "SELECT 1 FROM nutrition_plans WHERE owner_id = ?", [ownerID],
      forClient
        ? "the client has \(limits.nutritionPlans) nutrition plans, the most one account may keep; they must delete one before you assign another"
        : "you have \(limits.nutritionPlans) nutrition plans, the most one account may keep; delete one (DeleteNutritionPlan) first")
  }
}
