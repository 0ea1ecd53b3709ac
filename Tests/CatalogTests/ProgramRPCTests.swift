import Foundation
import GRPCCore
import GymAPI
import GymCatalog
import GymService
import GymTesting
import Testing

/// Exercises and programs through the generated client, with real auth tokens.
@Suite struct ProgramRPCTests {
  @Test func createProgramNamesEveryOffendingField() async throws {
    try await CatalogFixture.run { env in
      let squat = try await exerciseID(env.catalog, "back-squat", as: env.member)
      // A blank program.
      let blank = await rpcError { _ = try await env.catalog.createProgram(.with { $0.program = .init() }, metadata: env.member.metadata) }
      #expect(blank?.code == .invalidArgument)
      let blankFields = Set(blank?.fieldViolations.map(\.field) ?? [])
      #expect(blankFields.isSuperset(of: ["program.name", "program.goal", "program.difficulty", "program.days", "program.duration_weeks"]))

      // A day without exercises, an unknown exercise, impossible sets, reps and rest.
      var bad = program("Leg Day Deluxe", exercises: [squat, "no-such-exercise"])
      bad.days.append(.with { $0.name = "Rest?" })
      bad.days[0].exercises[0].sets = 0
      bad.days[0].exercises[0].repsMin = 12
      bad.days[0].exercises[0].repsMax = 6
      bad.days[0].exercises[1].restSeconds = 5_000
      let error = await rpcError { _ = try await env.catalog.createProgram(.with { $0.program = bad }, metadata: env.member.metadata) }
      #expect(error?.code == .invalidArgument)
      let violations = error?.fieldViolations ?? []
      let byField = Dictionary(violations.map { ($0.field, $0.description) }, uniquingKeysWith: { a, _ in a })
      #expect(byField["program.days[1].exercises"] != nil)
      #expect(byField["program.days[0].exercises[1].exercise_id"]?.contains("no-such-exercise") == true)
      #expect(byField["program.days[0].exercises[0].sets"] != nil)
      #expect(byField["program.days[0].exercises[0].reps_max"] != nil)
      #expect(byField["program.days[0].exercises[1].rest_seconds"] != nil)

      // Text lengths are bounded.
      var long = program(String(repeating: "x", count: 101), exercises: [squat])
      long.description_p = String(repeating: "y", count: 5_001)
      let lengths = await rpcError { _ = try await env.catalog.createProgram(.with { $0.program = long }, metadata: env.member.metadata) }
      #expect(Set(lengths?.fieldViolations.map(\.field) ?? []) == ["program.name", "program.description"])
    }
  }

  @Test func aPublishedProgramShowsItsAuthorCountsAndTheCallersVote() async throws {
    try await CatalogFixture.run { env in
      let squat = try await exerciseID(env.catalog, "back-squat", as: env.trainer)
      let plank = try await exerciseID(env.catalog, "plank", as: env.trainer)
      var p = program("Starting Strength Basics", exercises: [squat])
      p.days.append(
        .with {
          $0.name = "Core"
          $0.exercises = [
            .with {
              $0.exerciseID = plank; $0.sets = 3; $0.durationSeconds = 45; $0.restSeconds = 60
            }
          ]
        })
      let created = try await env.catalog.createProgram(.with { $0.program = p }, metadata: env.trainer.metadata).program
      #expect(created.author.userID == env.trainer.id)
      #expect(created.author.username == "tom_trainer")
      #expect(created.days[0].exercises[0].exerciseName == "Back Squat")
      #expect(created.days[1].exercises[0].durationSeconds == 45)
      #expect(created.muscles.contains(.quadriceps) && created.muscles.contains(.abs))
      #expect(created.state == .visible && created.version == 1 && !created.etag.isEmpty)

      _ = try await env.catalog.rateProgram(
        .with {
          $0.programID = created.id; $0.vote = .up
        }, metadata: env.members[0].metadata)
      _ = try await env.catalog.rateProgram(
        .with {
          $0.programID = created.id; $0.vote = .up
        }, metadata: env.members[1].metadata)
      let rated = try await env.catalog.rateProgram(
        .with {
          $0.programID = created.id; $0.vote = .down
        }, metadata: env.members[2].metadata)
      #expect(rated.upVotes == 2 && rated.downVotes == 1 && rated.myVote == .down)
      // Changing and clearing a vote.
      let changed = try await env.catalog.rateProgram(
        .with {
          $0.programID = created.id; $0.vote = .up
        }, metadata: env.members[2].metadata)
      #expect(changed.upVotes == 3 && changed.downVotes == 0)
      let cleared = try await env.catalog.rateProgram(
        .with {
          $0.programID = created.id; $0.vote = .none
        }, metadata: env.members[2].metadata)
      #expect(cleared.upVotes == 2 && cleared.myVote == .unspecified)

      let seen = try await env.catalog.getProgram(.with { $0.id = created.id }, metadata: env.members[0].metadata).program
      #expect(seen.myVote == .up)
      #expect(seen.upVotes == 2 && seen.downVotes == 0)
      #expect(abs(seen.score - WilsonScore.lowerBound(up: 2, down: 0)) < 0.0001)
      let unseen = try await env.catalog.getProgram(.with { $0.id = created.id }, metadata: env.members[3].metadata).program
      #expect(unseen.myVote == .unspecified)

      // Voting on one's own program is refused; so is a vote that is not one.
      let own = await rpcError {
        _ = try await env.catalog.rateProgram(
          .with {
            $0.programID = created.id; $0.vote = .up
          }, metadata: env.trainer.metadata)
      }
      #expect(own?.code == .permissionDenied)
      let noVote = await rpcError { _ = try await env.catalog.rateProgram(.with { $0.programID = created.id }, metadata: env.member.metadata) }
      #expect(noVote?.fieldViolations.first?.field == "vote")
    }
  }

  /// Authors' names come from catalog's projection of users, which auth's updates keep:
  /// a rename shows on programs already published, with no new publish to refresh it.
  @Test func anAuthorRenamedInAuthShowsTheNewNameOnTheirPrograms() async throws {
    try await CatalogFixture.run { env in
      let squat = try await exerciseID(env.catalog, "back-squat", as: env.trainer)
      let created = try await env.catalog.createProgram(.with { $0.program = program("Tom's Basics", exercises: [squat]) }, metadata: env.trainer.metadata)
        .program
      @Sendable func shown() async throws -> Gym_Catalog_V1_Author {
        try await env.catalog.getProgram(.with { $0.id = created.id }, metadata: env.member.metadata).program.author
      }
      #expect(try await shown().displayName != "Tom Renamed")
      _ = try await env.auth.updateProfile(
        .with {
          $0.profile.displayName = "Tom Renamed"
          $0.updateMask = .with { $0.paths = ["display_name"] }
        }, metadata: env.trainer.metadata)
      #expect(try await eventually(within: .seconds(30)) { try await shown().displayName == "Tom Renamed" }, "auth's update reaches catalog")
      let listed = try await env.catalog.listPrograms(.with { $0.authorID = env.trainer.id }, metadata: env.member.metadata).programs
      #expect(listed.map(\.author.displayName) == ["Tom Renamed"])
      #expect(listed.first?.author.username == "tom_trainer")
    }
  }

  @Test func onlyTheAuthorUpdatesAndAStaleEtagIsRefused() async throws {
    try await CatalogFixture.run { env in
      let squat = try await exerciseID(env.catalog, "back-squat", as: env.member)
      let deadlift = try await exerciseID(env.catalog, "romanian-deadlift", as: env.member)
      let created = try await env.catalog.createProgram(.with { $0.program = program("Mine", exercises: [squat]) }, metadata: env.member.metadata).program

      var change = created
      change.name = "Mine, improved"
      change.days[0].exercises.append(
        .with {
          $0.exerciseID = deadlift; $0.sets = 3; $0.repsMin = 8; $0.restSeconds = 120
        })
      let someoneElse = await rpcError {
        _ = try await env.catalog.updateProgram(
          .with {
            $0.program = change; $0.etag = created.etag
          }, metadata: env.members[1].metadata)
      }
      #expect(someoneElse?.code == .permissionDenied)

      let updated = try await env.catalog.updateProgram(
        .with {
          $0.program = change; $0.etag = created.etag
        }, metadata: env.member.metadata
      ).program
      #expect(updated.name == "Mine, improved" && updated.version == 2 && updated.etag != created.etag)
      #expect(updated.muscles.contains(.hamstrings))

      let stale = await rpcError {
        _ = try await env.catalog.updateProgram(
          .with {
            $0.program = change; $0.etag = created.etag
          }, metadata: env.member.metadata)
      }
      #expect(stale?.code == .aborted)

      // Others cannot delete it; an admin can.
      let otherDelete = await rpcError { _ = try await env.catalog.deleteProgram(.with { $0.id = created.id }, metadata: env.members[1].metadata) }
      #expect(otherDelete?.code == .permissionDenied)
      _ = try await env.catalog.deleteProgram(.with { $0.id = created.id }, metadata: env.admin.metadata)
      let gone = await rpcError { _ = try await env.catalog.getProgram(.with { $0.id = created.id }, metadata: env.member.metadata) }
      #expect(gone?.code == .notFound)
    }
  }

  @Test func exercisesAreWrittenByTrainersAndAdminsAndDeletedOnlyWhenUnused() async throws {
    try await CatalogFixture.run { env in
      let exercise = Gym_Catalog_V1_Exercise.with {
        $0.name = "Landmine Rotation"
        $0.description_p = "A rotational core exercise with a barbell anchored in a landmine."
        $0.instructions = ["Hold the end of the bar at chest height.", "Rotate the bar to one hip, then the other, pivoting the back foot."]
        $0.commonMistakes = ["Twisting from the lower back instead of the hips: pivot the feet."]
        $0.primaryMuscles = [.obliques]
        $0.secondaryMuscles = [.frontDelts]
        $0.equipment = [.landmine, .barbell]
        $0.category = .strength
        $0.difficulty = .intermediate
        $0.media = [
          .with {
            $0.type = .video; $0.url = "https://www.youtube.com/results?search_query=landmine+rotation"
          }
        ]
      }
      var forTheLibrary = exercise
      forTheLibrary.visibility = .public
      let member = await rpcError {
        _ = try await env.catalog.createExercise(.with { $0.exercise = forTheLibrary }, metadata: env.member.metadata)
      }
      #expect(member?.code == .permissionDenied && member?.message.contains("PRIVATE") == true)

      let created = try await env.catalog.createExercise(.with { $0.exercise = exercise }, metadata: env.trainer.metadata).exercise
      #expect(created.slug == "landmine-rotation" && created.authorID == env.trainer.id)
      let found = try await env.catalog.listExercises(.with { $0.query = "landmine rot" }, metadata: env.member.metadata)
      #expect(found.exercises.first?.id == created.id)

      var edit = created
      edit.difficulty = .advanced
      let otherTrainer = await rpcError {
        _ = try await env.catalog.updateExercise(
          .with {
            $0.exercise = edit; $0.etag = created.etag
          }, metadata: env.otherTrainer.metadata)
      }
      #expect(otherTrainer?.code == .permissionDenied)
      let updated = try await env.catalog.updateExercise(
        .with {
          $0.exercise = edit; $0.etag = created.etag
        }, metadata: env.trainer.metadata)
      #expect(updated.exercise.difficulty == .advanced)
      let stale = await rpcError {
        _ = try await env.catalog.updateExercise(
          .with {
            $0.exercise = edit; $0.etag = created.etag
          }, metadata: env.trainer.metadata)
      }
      #expect(stale?.code == .aborted)
      let duplicate = await rpcError { _ = try await env.catalog.createExercise(.with { $0.exercise = exercise }, metadata: env.admin.metadata) }
      #expect(duplicate?.code == .alreadyExists)

      // Invalid enumerations and URLs are named.
      var broken = exercise
      broken.slug = "broken-one"
      broken.primaryMuscles = [Gym_Catalog_V1_Muscle(rawValue: 99)!]
      broken.media = [
        .with {
          $0.type = .image; $0.url = "ftp://example.com/x.png"
        }
      ]
      let invalid = await rpcError { _ = try await env.catalog.createExercise(.with { $0.exercise = broken }, metadata: env.trainer.metadata) }
      #expect(Set(invalid?.fieldViolations.map(\.field) ?? []) == ["exercise.primary_muscles", "exercise.media[0].url"])

      // Used by a program: refused, saying so. Unused: deleted (admins only).
      _ = try await env.catalog.createProgram(.with { $0.program = program("Rotations", exercises: [created.id]) }, metadata: env.member.metadata)
      let trainerDelete = await rpcError { _ = try await env.catalog.deleteExercise(.with { $0.id = created.id }, metadata: env.trainer.metadata) }
      #expect(trainerDelete?.code == .permissionDenied)
      let inUse = await rpcError { _ = try await env.catalog.deleteExercise(.with { $0.id = created.id }, metadata: env.admin.metadata) }
      #expect(inUse?.code == .failedPrecondition)
      #expect(inUse?.message.contains("1 program uses") == true)
      let unused = try await exerciseID(env.catalog, "wall-sit", as: env.admin)
      _ = try await env.catalog.deleteExercise(.with { $0.id = unused }, metadata: env.admin.metadata)
      let gone = await rpcError { _ = try await env.catalog.getExercise(.with { $0.id = "wall-sit" }, metadata: env.member.metadata) }
      #expect(gone?.code == .notFound)
    }
  }

  @Test func repeatedFiltersAreDeduplicatedAndCappedBeforeAnyQuery() async throws {
    try await CatalogFixture.run { env in
      let once = try await env.catalog.listExercises(
        .with {
          $0.muscles = [.quadriceps]; $0.pageSize = 100
        }, metadata: env.member.metadata)
      let repeated = try await env.catalog.listExercises(
        .with {
          $0.muscles = Array(repeating: .quadriceps, count: 60); $0.pageSize = 100
        }, metadata: env.member.metadata)
      #expect(!once.exercises.isEmpty && repeated.exercises.map(\.id) == once.exercises.map(\.id) && repeated.totalSize == once.totalSize)
      // 40,000 values would pass SQLite's parameter limit: refused, naming the field.
      let flood = await rpcError {
        _ = try await env.catalog.listExercises(.with { $0.equipment = Array(repeating: .barbell, count: 40_000) }, metadata: env.member.metadata)
      }
      #expect(flood?.code == .invalidArgument)
      #expect(flood?.fieldViolations.map(\.field) == ["equipment"])
    }
  }

  @Test func listExercisesPagesThroughTheWholeLibraryWithOpaqueTokens() async throws {
    try await CatalogFixture.run { env in
      var seen: [String] = []
      var token = ""
      var total: Int32 = 0
      repeat {
        let page = try await env.catalog.listExercises(
          .with {
            $0.pageSize = 50; $0.pageToken = token
          }, metadata: env.member.metadata)
        seen += page.exercises.map(\.id)
        token = page.nextPageToken
        total = page.totalSize
      } while !token.isEmpty
      #expect(seen.count == Int(total) && Set(seen).count == seen.count && total >= 150)
      let badToken = await rpcError { _ = try await env.catalog.listExercises(.with { $0.pageToken = "nonsense" }, metadata: env.member.metadata) }
      #expect(badToken?.fieldViolations.first?.field == "page_token")
      let relevance = await rpcError { _ = try await env.catalog.listExercises(.with { $0.orderBy = .relevance }, metadata: env.member.metadata) }
      #expect(relevance?.fieldViolations.first?.field == "order_by")
      let hamstringsOnBarbell = try await env.catalog.listExercises(
        .with {
          $0.muscles = [.hamstrings]; $0.equipment = [.barbell]; $0.query = "romanian"
        }, metadata: env.member.metadata)
      #expect(hamstringsOnBarbell.exercises.map(\.slug) == ["romanian-deadlift"])
      let unauthenticated = await rpcError { _ = try await env.catalog.listExercises(.init()) }
      #expect(unauthenticated?.code == .unauthenticated)
    }
  }

  @Test func importingExercisesCreatesUpdatesAndRejectsRecordByRecord() async throws {
    try await CatalogFixture.run { env in
      var plank = try await env.catalog.getExercise(.with { $0.id = "plank" }, metadata: env.admin.metadata).exercise
      let unchanged = plank
      plank.description_p += " Breathe steadily throughout."
      var fresh = unchanged
      fresh.slug = "plank-on-elbows-and-toes"
      fresh.name = "Elbow Plank Hold"
      var broken = unchanged
      broken.slug = "broken"
      broken.instructions = []
      let batch = [unchanged, plank, fresh, broken]
      let response = try await env.catalog.importExercises(metadata: env.admin.metadata) { writer in
        for exercise in batch { try await writer.write(.with { $0.exercise = exercise }) }
      }
      // `unchanged` and `plank` share a slug: the second is refused as a repeat.
      #expect(response.unchanged == 1 && response.created == 1 && response.updated == 0)
      #expect(response.rejected.map(\.index) == [1, 3])
      #expect(response.rejected.last?.reason.contains("instructions") == true)
      // The changed plank on its own: an update, and the change is stored.
      let second = try await env.catalog.importExercises(metadata: env.admin.metadata) { writer in
        try await writer.write(.with { $0.exercise = batch[1] })
      }
      #expect(second.updated == 1 && second.created == 0 && second.rejected.isEmpty)
      let stored = try await env.catalog.getExercise(.with { $0.id = "plank" }, metadata: env.member.metadata).exercise
      #expect(stored.description_p.hasSuffix("Breathe steadily throughout.") && stored.id == unchanged.id && stored.etag != unchanged.etag)
      let member = await rpcError {
        _ = try await env.catalog.importExercises(metadata: env.member.metadata) { writer in try await writer.write(.with { $0.exercise = batch[2] }) }
      }
      #expect(member?.code == .permissionDenied)
    }
  }

  @Test func anImportTakesOverALibrarySlugATrainerClaimedFirst() async throws {
    try await CatalogFixture.run { env in
      var claim = try await env.catalog.getExercise(.with { $0.id = "plank" }, metadata: env.admin.metadata).exercise
      claim.slug = "plank-with-band-pull"
      claim.name = "Plank With Band Pull"
      let squatted = try await env.catalog.createExercise(.with { $0.exercise = claim }, metadata: env.trainer.metadata).exercise
      #expect(squatted.authorID == env.trainer.id)

      // The library's own exercise arrives under that slug, same text or not.
      let library = claim
      let imported = try await env.catalog.importExercises(metadata: env.admin.metadata) { writer in
        try await writer.write(.with { $0.exercise = library })
      }
      #expect(imported.updated == 1 && imported.unchanged == 0)
      let owned = try await env.catalog.getExercise(.with { $0.id = squatted.id }, metadata: env.member.metadata).exercise
      #expect(owned.authorID.isEmpty, "the library's now")
      var edit = owned
      edit.description_p = "Whatever the trainer likes."
      let trainerEdit = await rpcError {
        _ = try await env.catalog.updateExercise(
          .with {
            $0.exercise = edit; $0.etag = owned.etag
          }, metadata: env.trainer.metadata)
      }
      #expect(trainerEdit?.code == .permissionDenied)
    }
  }
}
