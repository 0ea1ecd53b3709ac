import Foundation
import GRDB
import GymStore

extension PlanStore {
  /// Making a plan active makes the owner's other plans inactive, in the same transaction,
  /// and makes it the plan in effect from `today` (the owner's local day) on. Under a
  /// `key` used before: the plan it made, as it is now.
  public func insertNutritionPlan(
    _ plan: NutritionPlanRecord, today: LocalDate, key: IdempotencyKeys.Key? = nil
  ) async throws -> NutritionPlanRecord {
    try await writer.write { [limits] db in
      try IdempotencyKeys.once(
        db, key,
        existing: { try Self.madeNutritionPlan(db, id: $0, ownerID: plan.ownerID) },
        create: {
          try Self.requireNutritionPlanRoom(db, ownerID: plan.ownerID, limits: limits)
          if plan.active { try Self.deactivatePlans(db, ownerID: plan.ownerID) }
          var record = plan
          try record.insert(db)
          if record.active { try Self.recordPlanInEffect(db, record, ownerID: record.ownerID, from: today) }
          return record
        }, id: \.id)
    }
  }

  /// The owner's plan made under an idempotency key, as it is now.
  private static func madeNutritionPlan(_ db: Database, id: String, ownerID: String) throws -> NutritionPlanRecord {
    guard let made = try NutritionPlanRecord.filter(Column("id") == id && Column("owner_id") == ownerID).fetchOne(db) else {
      throw IdempotencyKeys.gone("nutrition plan", id)
    }
    return made
  }

  /// The plan for its owner, or for the trainer who assigned it while the owner is
  /// still their client.
  public func nutritionPlan(id: String, accessibleBy userID: String) async throws -> NutritionPlanRecord? {
    try await writer.read { db in try Self.accessiblePlan(db, id: id, userID: userID) }
  }

  static func accessiblePlan(_ db: Database, id: String, userID: String) throws -> NutritionPlanRecord? {
    guard let plan = try NutritionPlanRecord.filter(Column("id") == id).fetchOne(db) else { return nil }
    if plan.ownerID == userID { return plan }
    if plan.assignedBy == userID, try isClient(db, plan.ownerID, of: userID) { return plan }
    return nil
  }

  /// A copy of the trainer's plan for the client, made the client's active plan from
  /// `today` (the client's local day) on.
  /// Under a `key` used before: the copy it made, as it is now.
  public func assignNutritionPlan(
    _ copy: NutritionPlanRecord, trainerID: String, today: LocalDate, key: IdempotencyKeys.Key? = nil
  ) async throws -> NutritionPlanRecord {
    try await writer.write { [limits] db in
      guard try Self.isClient(db, copy.ownerID, of: trainerID) else { throw GymError.notFound("no such client") }
      return try IdempotencyKeys.once(
        db, key,
        existing: { try Self.madeNutritionPlan(db, id: $0, ownerID: copy.ownerID) },
        create: {
          try Self.requireNutritionPlanRoom(db, ownerID: copy.ownerID, limits: limits, forClient: true)
          try Self.deactivatePlans(db, ownerID: copy.ownerID)
          var record = copy
          record.assignedBy = trainerID
          record.active = true
          try record.insert(db)
          try Self.recordPlanInEffect(db, record, ownerID: record.ownerID, from: today)
          return record
        }, id: \.id)
    }
  }

  public func activeNutritionPlan(ownerID: String) async throws -> NutritionPlanRecord? {
    try await writer.read { db in
      try NutritionPlanRecord.filter(Column("owner_id") == ownerID && Column("active") == true).fetchOne(db)
    }
  }

  /// The active one first, then most recently updated.
  public func nutritionPlans(ownerID: String, limit: Int, offset: Int) async throws -> [NutritionPlanRecord] {
    try await writer.read { db in
      try NutritionPlanRecord.filter(Column("owner_id") == ownerID)
        .order(Column("active").desc, Column("updated_at").desc, Column("rid").desc)
        .limit(limit, offset: offset).fetchAll(db)
    }
  }

  /// `today` is the plan owner's local day: a change to the plan in effect holds from it on,
  /// days before keep the plan as it was.
  public func replaceNutritionPlan(
    id: String, ownerID: String, name: String, targets: Macros, days: [NutritionPlanRecord.Day], active: Bool, etag: String,
    today: LocalDate, now: Date
  ) async throws -> NutritionPlanRecord {
    try await writer.write { db in
      // The owner, or the trainer who assigned this copy.
      guard var plan = try Self.accessiblePlan(db, id: id, userID: ownerID) else {
        throw GymError.notFound("no nutrition plan with id \(id)")
      }
      guard plan.etag == etag else { throw GymError.staleEtag("nutrition plan") }
      let wasActive = plan.active
      if active && !plan.active { try Self.deactivatePlans(db, ownerID: plan.ownerID) }
      plan.name = name
      plan.targets = targets
      plan.days = days
      plan.active = active
      plan.version += 1
      plan.updatedAt = now
      try plan.update(db)
      if active {
        try Self.recordPlanInEffect(db, plan, ownerID: plan.ownerID, from: today)
      } else if wasActive {
        try Self.recordPlanInEffect(db, nil, ownerID: plan.ownerID, from: today)
      }
      return plan
    }
  }

  /// Deleting the active plan leaves none in effect from `today` on; earlier days keep it.
  public func deleteNutritionPlan(id: String, ownerID: String, today: LocalDate) async throws {
    try await writer.write { db in
      let active = try Bool.fetchOne(
        db, sql: "SELECT active FROM nutrition_plans WHERE id = ? AND owner_id = ?", arguments: [id, ownerID])
      guard let active else { throw GymError.notFound("no nutrition plan with id \(id)") }
      try db.execute(sql: "DELETE FROM nutrition_plans WHERE id = ? AND owner_id = ?", arguments: [id, ownerID])
      if active { try Self.recordPlanInEffect(db, nil, ownerID: ownerID, from: today) }
    }
  }

  /// A plan as it was in effect on some day: what that day is measured against.
  public struct PlanInEffect: Sendable, Equatable {
    public var planID: String
    public var targets: Macros
    public var days: [NutritionPlanRecord.Day]
  }

  /// The plan in effect on `date` (nil when none was active that day).
  public func nutritionPlan(ownerID: String, on date: LocalDate) async throws -> PlanInEffect? {
    try await nutritionPlans(ownerID: ownerID, from: date, through: date)[date]
  }

  /// The plan in effect on each day from `from` through `to`; days without one are absent.
  public func nutritionPlans(ownerID: String, from: LocalDate, through to: LocalDate) async throws -> [LocalDate: PlanInEffect] {
    try await writer.read { db in
      // The change in effect at `from`, and every change after it up to `to`.
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT * FROM (
            SELECT from_date, plan_id, targets, days FROM nutrition_plan_history
            WHERE owner_id = ? AND from_date <= ? ORDER BY from_date DESC LIMIT 1)
          UNION ALL
          SELECT from_date, plan_id, targets, days FROM nutrition_plan_history WHERE owner_id = ? AND from_date > ? AND from_date <= ?
          ORDER BY from_date
          """, arguments: [ownerID, from.description, ownerID, from.description, to.description])
      let decoder = JSONDecoder()
      let changes: [(LocalDate, PlanInEffect?)] = try rows.compactMap { row in
        guard let since = LocalDate(row["from_date"] as String) else { return nil }
        // JSON as a blob (written here) or text (copied from nutrition_plans by the migration).
        func json(_ column: String) -> Data? {
          switch (row[column] as DatabaseValue).storage {
          case .blob(let bytes): bytes
          case .string(let text): Data(text.utf8)
          default: nil
          }
        }
        guard let planID = row["plan_id"] as String?, let targets = json("targets"), let days = json("days") else {
          return (since, nil)
        }
        return (
          since,
          PlanInEffect(
            planID: planID, targets: try decoder.decode(Macros.self, from: targets),
            days: try decoder.decode([NutritionPlanRecord.Day].self, from: days))
        )
      }
      var result: [LocalDate: PlanInEffect] = [:]
      var next = changes.startIndex
      var current: PlanInEffect?
      for number in from.daysSinceEpoch...max(from.daysSinceEpoch, to.daysSinceEpoch) {
        let day = LocalDate(daysSinceEpoch: number)
        while next < changes.endIndex, changes[next].0 <= day {
          current = changes[next].1
          next += 1
        }
        result[day] = current
      }
      return result
    }
  }

  /// `plan` (nil: none) is in effect for `ownerID` from `day` on; a second change the
  /// same day replaces the first.
  static func recordPlanInEffect(_ db: Database, _ plan: NutritionPlanRecord?, ownerID: String, from day: LocalDate) throws {
    let encoder = JSONEncoder()
    try db.execute(
      sql: """
        INSERT INTO nutrition_plan_history (owner_id, from_date, plan_id, targets, days) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (owner_id, from_date) DO UPDATE SET plan_id = excluded.plan_id, targets = excluded.targets, days = excluded.days
        """,
      arguments: [
        ownerID, day.description, plan?.id, try plan.map { try encoder.encode($0.targets) },
        try plan.map { try encoder.encode($0.days) },
      ])
  }

  private static func deactivatePlans(_ db: Database, ownerID: String) throws {
    try db.execute(sql: "UPDATE nutrition_plans SET active = 0 WHERE owner_id = ? AND active = 1", arguments: [ownerID])
  }

  // MARK: Food log

  /// The entry as stored; under a `key` used before, the entry it logged.
  @discardableResult
  public func logFood(_ entry: FoodEntryRecord, key: IdempotencyKeys.Key? = nil) async throws -> FoodEntryRecord {
    try await committer.write { [limits] db in
      try IdempotencyKeys.once(
        db, key,
        existing: { id in
          guard let row = try Row.fetchOne(db, sql: "SELECT * FROM food_log WHERE id = ? AND owner_id = ?", arguments: [id, entry.ownerID])
          else { throw IdempotencyKeys.gone("food log entry", id) }
          return Self.foodEntry(row)
        },
        create: {
          try Self.requireRoom(
            db, limit: limits.foodEntriesPerDay, rows: "SELECT 1 FROM food_log WHERE owner_id = ? AND local_date = ?",
            [entry.ownerID, entry.date.description],
            "you have \(limits.foodEntriesPerDay) food log entries on \(entry.date), the most one day may hold; delete one (DeleteFoodLog) first")
          try Self.requireRoom(
            db, limit: limits.foodEntries, rows: "SELECT 1 FROM food_log WHERE owner_id = ?", [entry.ownerID],
            "you have \(limits.foodEntries) food log entries in all, the most one account may keep; delete old ones (DeleteFoodLog) first")
          try db.execute(
            sql: """
              INSERT INTO food_log (id, owner_id, local_date, meal, description, kcal, protein_g, carbs_g, fat_g, logged_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
              """,
            arguments: [
              entry.id, entry.ownerID, entry.date.description, entry.meal, entry.description, entry.macros.kcal,
              entry.macros.proteinG, entry.macros.carbsG, entry.macros.fatG, entry.loggedAt,
            ])
          return entry
        }, id: \.id)
    }
  }

  /// Newest day first, in logging order within a day.
  public func foodLog(ownerID: String, from: LocalDate?, to: LocalDate?, limit: Int, offset: Int) async throws -> [FoodEntryRecord] {
    try await writer.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT * FROM food_log WHERE owner_id = ? AND local_date >= ? AND local_date <= ?
          ORDER BY local_date DESC, rid LIMIT ? OFFSET ?
          """, arguments: [ownerID, from?.description ?? "0000-00-00", to?.description ?? "9999-99-99", limit, offset]
      ).map(Self.foodEntry)
    }
  }

  public func deleteFoodEntry(id: String, ownerID: String) async throws {
    try await writer.write { db in
      try db.execute(sql: "DELETE FROM food_log WHERE id = ? AND owner_id = ?", arguments: [id, ownerID])
      guard db.changesCount == 1 else { throw GymError.notFound("no food log entry with id \(id)") }
    }
  }

  /// Calories eaten per local day in a range (days with entries only), for the weight forecast.
  public func dailyCalories(ownerID: String, from: LocalDate, to: LocalDate) async throws -> [(LocalDate, Double)] {
    try await writer.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT local_date, SUM(kcal) AS kcal FROM food_log WHERE owner_id = ? AND local_date >= ? AND local_date <= ?
          GROUP BY local_date ORDER BY local_date
          """, arguments: [ownerID, from.description, to.description]
      ).compactMap { row in LocalDate(row["local_date"] as String).map { ($0, row["kcal"] as Double) } }
    }
  }

  static func foodEntry(_ row: Row) -> FoodEntryRecord {
    FoodEntryRecord(
      id: row["id"], ownerID: row["owner_id"], date: LocalDate(row["local_date"] as String) ?? LocalDate(daysSinceEpoch: 0),
      meal: row["meal"], description: row["description"],
      macros: Macros(kcal: row["kcal"], proteinG: row["protein_g"], carbsG: row["carbs_g"], fatG: row["fat_g"]), loggedAt: row["logged_at"])
  }
}
