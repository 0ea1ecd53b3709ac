import Foundation
import GRDB

extension PlanStore {
  /// Making a plan active makes the owner's other plans inactive, in the same transaction.
  public func insertNutritionPlan(_ plan: NutritionPlanRecord) async throws -> NutritionPlanRecord {
    try await writer.write { db in
      if plan.active { try Self.deactivatePlans(db, ownerID: plan.ownerID) }
      var record = plan
      try record.insert(db)
      return record
    }
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

  /// A copy of the trainer's plan for the client, made the client's active plan.
  public func assignNutritionPlan(_ copy: NutritionPlanRecord, trainerID: String) async throws -> NutritionPlanRecord {
    try await writer.write { db in
      guard try Self.isClient(db, copy.ownerID, of: trainerID) else { throw PlanError.notFound("no such client") }
      try Self.deactivatePlans(db, ownerID: copy.ownerID)
      var record = copy
      record.assignedBy = trainerID
      record.active = true
      try record.insert(db)
      return record
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

  public func replaceNutritionPlan(
    id: String, ownerID: String, name: String, targets: Macros, days: [NutritionPlanRecord.Day], active: Bool, etag: String, now: Date
  ) async throws -> NutritionPlanRecord {
    try await writer.write { db in
      // The owner, or the trainer who assigned this copy.
      guard var plan = try Self.accessiblePlan(db, id: id, userID: ownerID) else {
        throw PlanError.notFound("no nutrition plan with id \(id)")
      }
      guard plan.etag == etag else { throw PlanError.staleEtag(what: "nutrition plan") }
      if active && !plan.active { try Self.deactivatePlans(db, ownerID: plan.ownerID) }
      plan.name = name
      plan.targets = targets
      plan.days = days
      plan.active = active
      plan.version += 1
      plan.updatedAt = now
      try plan.update(db)
      return plan
    }
  }

  public func deleteNutritionPlan(id: String, ownerID: String) async throws {
    try await writer.write { db in
      try db.execute(sql: "DELETE FROM nutrition_plans WHERE id = ? AND owner_id = ?", arguments: [id, ownerID])
      guard db.changesCount == 1 else { throw PlanError.notFound("no nutrition plan with id \(id)") }
    }
  }

  private static func deactivatePlans(_ db: Database, ownerID: String) throws {
    try db.execute(sql: "UPDATE nutrition_plans SET active = 0 WHERE owner_id = ? AND active = 1", arguments: [ownerID])
  }

  // MARK: Food log

  public func logFood(_ entry: FoodEntryRecord) async throws {
    try await writer.write { db in
      try db.execute(sql: """
        INSERT INTO food_log (id, owner_id, local_date, meal, description, kcal, protein_g, carbs_g, fat_g, logged_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """, arguments: [entry.id, entry.ownerID, entry.date.description, entry.meal, entry.description, entry.macros.kcal,
          entry.macros.proteinG, entry.macros.carbsG, entry.macros.fatG, entry.loggedAt])
    }
  }

  /// Newest day first, in logging order within a day.
  public func foodLog(ownerID: String, from: LocalDate?, to: LocalDate?, limit: Int, offset: Int) async throws -> [FoodEntryRecord] {
    try await writer.read { db in
      try Row.fetchAll(db, sql: """
        SELECT * FROM food_log WHERE owner_id = ? AND local_date >= ? AND local_date <= ?
        ORDER BY local_date DESC, rid LIMIT ? OFFSET ?
        """, arguments: [ownerID, from?.description ?? "0000-00-00", to?.description ?? "9999-99-99", limit, offset]
      ).map(Self.foodEntry)
    }
  }

  public func deleteFoodEntry(id: String, ownerID: String) async throws {
    try await writer.write { db in
      try db.execute(sql: "DELETE FROM food_log WHERE id = ? AND owner_id = ?", arguments: [id, ownerID])
      guard db.changesCount == 1 else { throw PlanError.notFound("no food log entry with id \(id)") }
    }
  }

  /// Calories eaten per local day in a range (days with entries only), for the weight forecast.
  public func dailyCalories(ownerID: String, from: LocalDate, to: LocalDate) async throws -> [(LocalDate, Double)] {
    try await writer.read { db in
      try Row.fetchAll(db, sql: """
        SELECT local_date, SUM(kcal) AS kcal FROM food_log WHERE owner_id = ? AND local_date >= ? AND local_date <= ?
        GROUP BY local_date ORDER BY local_date
        """, arguments: [ownerID, from.description, to.description]
      ).compactMap { row in LocalDate(row["local_date"] as String).map { ($0, row["kcal"] as Double) } }
    }
  }

  private static func foodEntry(_ row: Row) -> FoodEntryRecord {
    FoodEntryRecord(
      id: row["id"], ownerID: row["owner_id"], date: LocalDate(row["local_date"] as String) ?? LocalDate(daysSinceEpoch: 0),
      meal: row["meal"], description: row["description"],
      macros: Macros(kcal: row["kcal"], proteinG: row["protein_g"], carbsG: row["carbs_g"], fatG: row["fat_g"]), loggedAt: row["logged_at"])
  }
}
