import Foundation
import GRDB
import GymStore

/// Exercises by the names other apps give them, for plan's import of a workout history.
extension CatalogStore {
  public struct ResolvedName: Sendable, Equatable {
    public var name: String
    public var exercise: ExerciseRecord?
    public var created: Bool
    public var problem: String
  }

  /// Each name matched against the library's names and aliases, then the owner's own
  /// exercises; with `create`, a name matching none becomes the owner's own (built by
  /// `make`, nil when the name cannot be one). One transaction.
  public func resolve(
    names: [String], ownerID: String, create: Bool, make: @escaping @Sendable (String) -> (record: ExerciseRecord, searchFacets: String)?
  ) async throws -> [ResolvedName] {
    try await writer.write { db in
      var library: [String: ExerciseRecord] = [:]
      var aliases: [String: ExerciseRecord] = [:]
      for record in try ExerciseRecord.filter(Column("owner_id") == "").order(Column("rid")).fetchAll(db) {
        library[Self.matchKey(record.name)] = library[Self.matchKey(record.name)] ?? record
        for alias in record.aliases { aliases[Self.matchKey(alias)] = aliases[Self.matchKey(alias)] ?? record }
      }
      var own: [String: ExerciseRecord] = [:]
      for record in try ExerciseRecord.filter(Column("owner_id") == ownerID).fetchAll(db) { own[Self.matchKey(record.name)] = record }
      // Counted, not taken from `own`: names that differ only in punctuation share a key.
      var held = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM exercises WHERE owner_id = ?", arguments: [ownerID]) ?? 0
      return try names.map { name in
        let candidates = Self.candidates(name)
        guard !candidates[0].isEmpty else {
          return ResolvedName(name: name, exercise: nil, created: false, problem: "the name has no letters or digits")
        }
        if let found = candidates.lazy.compactMap({ library[$0] ?? aliases[$0] }).first ?? candidates.lazy.compactMap({ own[$0] }).first {
          return ResolvedName(name: name, exercise: found, created: false, problem: "")
        }
        guard create else { return ResolvedName(name: name, exercise: nil, created: false, problem: "no exercise has this name") }
        guard held < Self.privateExercisesPerUser else {
          return ResolvedName(
            name: name, exercise: nil, created: false,
            problem: "you have \(Self.privateExercisesPerUser) exercises of your own, the most allowed")
        }
        guard let made = make(name) else {
          return ResolvedName(name: name, exercise: nil, created: false, problem: "the name must be 2 to 80 characters")
        }
        var record = made.record
        try record.insert(db)
        try Self.indexExercise(db, record, searchFacets: made.searchFacets)
        try Self.storeExerciseMessage(db, rid: record.rid, encoder: encoder)
        own[Self.matchKey(record.name)] = record
        held += 1
        return ResolvedName(name: name, exercise: record, created: true, problem: "")
      }
    }
  }

  /// Case, accents and punctuation ignored: "Bench-Press (barbell)" → "bench press barbell".
  static func matchKey(_ name: String) -> String {
    name.folded.split { !($0.isLetter || $0.isNumber) }.joined(separator: " ")
  }

  /// Strong and Hevy put the equipment last in brackets ("Squat (Barbell)"), where the
  /// library puts it first ("Barbell Squat"): the name as written, then so turned. Never
  /// the bare name: "Bench Press (Dumbbell)" is not the barbell bench press.
  static func candidates(_ name: String) -> [String] {
    var keys = [matchKey(name)]
    if let open = name.lastIndex(of: "("), let close = name.lastIndex(of: ")"), open < close {
      let base = matchKey(String(name[..<open]) + String(name[name.index(after: close)...]))
      let qualifier = matchKey(String(name[name.index(after: open)..<close]))
      if !base.isEmpty, !qualifier.isEmpty { keys.append("\(qualifier) \(base)") }
    }
    return keys
  }
}
