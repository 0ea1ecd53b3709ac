import Foundation
import GymAPI
import GymCatalog
import GymTesting
import Logging
import Testing

/// The shipped library and text search, on a real SQLite file.
@Suite struct ExerciseLibraryTests {
  @Test func theShippedLibraryCoversEveryMuscleCommonEquipmentAndEveryLevel() throws {
    let library = try ExerciseLibrary.exercises()
    #expect(library.count >= 150)
    #expect(Set(library.map(\.slug)).count == library.count, "slugs are unique")
    let muscles = Set(library.flatMap { $0.primaryMuscles + $0.secondaryMuscles })
    for muscle in Gym_Catalog_V1_Muscle.allCases where muscle != .unspecified {
      #expect(muscles.contains(muscle), "no exercise trains \(muscle)")
    }
    let equipment = Set(library.flatMap(\.equipment))
    for piece in [
      Gym_Catalog_V1_Equipment.bodyweight, .barbell, .dumbbell, .kettlebell, .cable, .machine, .resistanceBand,
      .pullUpBar, .bench, .medicineBall, .stabilityBall,
    ] {
      #expect(equipment.contains(piece), "no exercise uses \(piece)")
    }
    #expect(Set(library.map(\.difficulty)) == [.beginner, .intermediate, .advanced])
    for exercise in library {
      #expect(exercise.instructions.count >= 3, "\(exercise.slug) needs real steps")
      #expect(!exercise.commonMistakes.isEmpty, "\(exercise.slug) needs its common mistakes")
      #expect(!exercise.media.isEmpty, "\(exercise.slug) needs a picture or video link")
    }
    let rdl = try #require(library.first { $0.slug == "romanian-deadlift" })
    #expect(rdl.primaryMuscles.contains(.hamstrings))
    #expect(rdl.commonMistakes.contains { $0.lowercased().contains("back") })
  }

  @Test func seedingLoadsTheLibraryOnceAndKeepsAnAdministratorsDeletion() async throws {
    let path = try temporaryDirectory() + "/catalog.sqlite"
    let store = try CatalogStore(path: path)
    let created = try await ExerciseLibrary.seed(store, logger: Logger(label: "seed"))
    #expect(created == (try ExerciseLibrary.exercises().count))
    let before = try await store.listExercises(.init()).total
    let plank = try #require(try await store.exercise("plank"))
    try await store.deleteExercise(id: plank.id)
    // A restart runs the seed step again: nothing is created, the deletion stands.
    let reopened = try CatalogStore(path: path)
    #expect(try await ExerciseLibrary.seed(reopened, logger: Logger(label: "seed")) == 0)
    #expect(try await reopened.listExercises(.init()).total == before - 1)
    #expect(try await reopened.exercise("plank") == nil)
  }

  @Test func searchFindsWhatLiftersTypeIgnoringCaseAndAccents() async throws {
    let store = try await seededStore()
    func names(_ text: String, limit: Int = 5) async throws -> [String] {
      var query = CatalogStore.ExerciseQuery()
      query.match = TextSearch.matchQuery(text)
      query.words = TextSearch.words(text)
      query.order = .relevance
      query.limit = limit
      return try await store.listExercises(query).exercises.map(\.name)
    }
    // "bench": exercises named for the bench come before those that merely use one.
    let bench = try await names("bench", limit: 5)
    #expect(bench.allSatisfy { $0.contains("Bench") }, "\(bench)")
    #expect(bench.contains("Barbell Bench Press"), "\(bench)")
    #expect(try await names("bench press").first == "Barbell Bench Press")
    // "romanian": the Romanian deadlift first, also found with accents and capitals.
    #expect(try await names("romanian").first == "Romanian Deadlift")
    #expect(try await names("RÓMANIAN").first == "Romanian Deadlift")
    // A prefix is enough.
    #expect(try await names("roman").first == "Romanian Deadlift")
    // An alias.
    #expect(try await names("RDL").contains("Romanian Deadlift"))
    // "squat dumbbell": both words must match, the equipment counts as a word.
    let squats = try await names("squat dumbbell", limit: 20)
    #expect(squats.contains("Goblet Squat"), "\(squats)")
    #expect(squats.contains("Bulgarian Split Squat"), "\(squats)")
    #expect(!squats.contains("Back Squat"), "a barbell back squat is not a dumbbell squat: \(squats)")
    // FTS syntax typed by a user is only text.
    #expect(try await names("\"bench* (press").first == "Barbell Bench Press")
    #expect(TextSearch.matchQuery("  ***  ") == nil)
  }

  @Test func filtersOfDifferentKindsCombine() async throws {
    let store = try await seededStore()
    var query = CatalogStore.ExerciseQuery()
    query.muscles = [Gym_Catalog_V1_Muscle.hamstrings.rawValue]
    query.equipment = [Gym_Catalog_V1_Equipment.barbell.rawValue]
    query.limit = 100
    let (page, total) = try await store.listExercises(query)
    #expect(total == page.count)
    #expect(page.contains { $0.slug == "romanian-deadlift" })
    for exercise in page {
      #expect((exercise.primaryMuscles + exercise.secondaryMuscles).contains(Gym_Catalog_V1_Muscle.hamstrings.rawValue))
      #expect(exercise.equipment.contains(Gym_Catalog_V1_Equipment.barbell.rawValue))
    }
    query.difficulty = Gym_Catalog_V1_Difficulty.beginner.rawValue
    let beginners = try await store.listExercises(query).exercises
    #expect(beginners.count < page.count)
    #expect(beginners.allSatisfy { $0.difficulty == Gym_Catalog_V1_Difficulty.beginner.rawValue })
  }
}
