import Foundation
import GRPCCore
import GymAPI
import GymCatalog
import GymService
import GymTesting
import Testing

/// List pages assembled from stored messages: through the generated client, each page
/// must say what GetProgram and GetExercise (built per request) say, and every change
/// that alters a message must show on the next page: no stale bytes.
@Suite struct StoredMessagesRPCTests {
  /// Every listed program equals GetProgram's answer to the same caller.
  func expectListedEqualGet(_ env: CatalogFixture.Env, _ request: Gym_Catalog_V1_ListProgramsRequest, as user: CatalogFixture.User)
    async throws -> [Gym_Catalog_V1_Program]
  {
    let listed = try await env.catalog.listPrograms(request, metadata: user.metadata).programs
    for program in listed {
      let got = try await env.catalog.getProgram(.with { $0.id = program.id }, metadata: user.metadata).program
      #expect(program == got, "\(program.name) listed as GetProgram gives it")
    }
    return listed
  }

  @Test func listedProgramsEqualTheProgramsGetProgramBuilds() async throws {
    try await CatalogFixture.run { env in
      let squat = try await exerciseID(env.catalog, "back-squat", as: env.member)
      let plank = try await exerciseID(env.catalog, "plank", as: env.member)
      var ids: [String] = []
      for (name, exercises) in [("Squat Focus", [squat]), ("Core And Legs", [squat, plank]), ("Plank Only", [plank])] {
        var p = program(name, exercises: exercises)
        p.days.append(
          .with {
            $0.name = "Day 2"
            $0.exercises = [
              .with {
                $0.exerciseID = plank; $0.sets = 2; $0.durationSeconds = 30; $0.restSeconds = 45; $0.weightKg = 2.5; $0.notes = "slow"
              }
            ]
          })
        ids.append(try await env.catalog.createProgram(.with { $0.program = p }, metadata: env.trainer.metadata).program.id)
      }
      _ = try await env.catalog.rateProgram(
        .with {
          $0.programID = ids[0]; $0.vote = .up
        }, metadata: env.members[0].metadata)
      _ = try await env.catalog.rateProgram(
        .with {
          $0.programID = ids[1]; $0.vote = .down
        }, metadata: env.members[0].metadata)
      _ = try await env.catalog.rateProgram(
        .with {
          $0.programID = ids[0]; $0.vote = .up
        }, metadata: env.members[1].metadata)
      _ = try await env.catalogInternal.recordProgramSaved(
        .with {
          $0.programID = ids[0]; $0.userID = env.members[2].id
        })
      // A removed program, with the reason its author and admins read.
      _ = try await env.catalog.removeProgram(
        .with {
          $0.id = ids[2]; $0.reason = "copied from a book"
        }, metadata: env.admin.metadata)

      let voter = try await expectListedEqualGet(env, .init(), as: env.members[0])
      #expect(Set(voter.map(\.id)) == Set(ids[0...1]))
      #expect(voter.first { $0.id == ids[0] }?.myVote == .up && voter.first { $0.id == ids[1] }?.myVote == .down)
      #expect(voter.allSatisfy { $0.days.count == 2 && $0.days[1].exercises[0].exerciseName == "Plank" })
      for order in [Gym_Catalog_V1_ProgramOrder.newest, .name, .mostSaved] {
        _ = try await expectListedEqualGet(
          env,
          .with {
            $0.orderBy = order; $0.query = "plank"
          }, as: env.members[1])
      }
      let own = try await expectListedEqualGet(env, .with { $0.authorID = env.trainer.id }, as: env.trainer)
      #expect(own.count == 3)
      #expect(own.first { $0.id == ids[2] }?.moderationReason == "copied from a book", "the author reads why")
      let byAdmin = try await expectListedEqualGet(env, .with { $0.authorID = env.trainer.id }, as: env.admin)
      #expect(byAdmin.count == 2, "removed programs are listed to their author only")
    }
  }

  @Test func listedExercisesEqualTheExercisesGetExerciseBuilds() async throws {
    try await CatalogFixture.run { env in
      for query in ["squat", "dumbbell press", ""] {
        let listed = try await env.catalog.listExercises(
          .with {
            $0.query = query; $0.pageSize = 30
          }, metadata: env.member.metadata)
        #expect(!listed.exercises.isEmpty && listed.totalSize >= Int32(listed.exercises.count))
        for exercise in listed.exercises {
          let got = try await env.catalog.getExercise(.with { $0.id = exercise.id }, metadata: env.member.metadata).exercise
          #expect(exercise == got, "\(exercise.slug) listed as GetExercise gives it")
        }
        if listed.totalSize > 30 {
          let next = try await env.catalog.listExercises(
            .with {
              $0.query = query; $0.pageSize = 30; $0.pageToken = listed.nextPageToken
            }, metadata: env.member.metadata)
          #expect(Set(next.exercises.map(\.id)).isDisjoint(with: listed.exercises.map(\.id)))
        } else {
          #expect(listed.nextPageToken.isEmpty)
        }
      }
    }
  }

  @Test func anExerciseRenameReachesTheExerciseAndEveryProgramThatUsesIt() async throws {
    try await CatalogFixture.run { env in
      var exercise = Gym_Catalog_V1_Exercise.with {
        $0.name = "Landmine Twist"
        $0.description_p = "Rotate the bar from hip to hip."
        $0.instructions = ["Hold the bar's end", "Rotate"]
        $0.primaryMuscles = [.obliques]
        $0.equipment = [.landmine]
        $0.category = .strength
        $0.difficulty = .intermediate
      }
      exercise = try await env.catalog.createExercise(.with { $0.exercise = exercise }, metadata: env.trainer.metadata).exercise
      let squat = try await exerciseID(env.catalog, "back-squat", as: env.member)
      let uses = try await env.catalog.createProgram(
        .with { $0.program = program("Twist And Squat", exercises: [squat, exercise.id]) }, metadata: env.otherTrainer.metadata
      ).program
      _ = try await env.catalog.createProgram(.with { $0.program = program("Squat Only", exercises: [squat]) }, metadata: env.otherTrainer.metadata)
      func listedNames() async throws -> [String] {
        let listed = try await expectListedEqualGet(env, .with { $0.query = "twist" }, as: env.member)
        return listed.first { $0.id == uses.id }?.days[0].exercises.map(\.exerciseName) ?? []
      }
      #expect(try await listedNames() == ["Back Squat", "Landmine Twist"])

      var renamed = exercise
      renamed.name = "Landmine Rotation"
      _ = try await env.catalog.updateExercise(
        .with {
          $0.exercise = renamed; $0.etag = exercise.etag
        }, metadata: env.trainer.metadata)
      #expect(try await listedNames() == ["Back Squat", "Landmine Rotation"], "the program's stored days follow the rename")
      let found = try await env.catalog.listExercises(.with { $0.query = "landmine rotation" }, metadata: env.member.metadata).exercises
      let got = try await env.catalog.getExercise(.with { $0.id = exercise.id }, metadata: env.member.metadata).exercise
      #expect(found.first { $0.id == exercise.id } == got && got.name == "Landmine Rotation", "\(found.map(\.name))")
    }
  }

  @Test func aProgramEditAndVotesReachTheList() async throws {
    try await CatalogFixture.run { env in
      let squat = try await exerciseID(env.catalog, "back-squat", as: env.member)
      let plank = try await exerciseID(env.catalog, "plank", as: env.member)
      let created = try await env.catalog.createProgram(.with { $0.program = program("Before The Edit", exercises: [squat]) }, metadata: env.trainer.metadata)
        .program
      var edit = program("After The Edit", exercises: [plank, squat])
      edit.id = created.id
      edit.tags = ["core"]
      _ = try await env.catalog.updateProgram(
        .with {
          $0.program = edit; $0.etag = created.etag
        }, metadata: env.trainer.metadata)
      var listed = try await expectListedEqualGet(env, .init(), as: env.member)
      #expect(listed.map(\.name) == ["After The Edit"])
      #expect(listed[0].version == 2 && listed[0].tags == ["core"] && listed[0].days[0].exercises.map(\.exerciseName) == ["Plank", "Back Squat"])

      _ = try await env.catalog.rateProgram(
        .with {
          $0.programID = created.id; $0.vote = .up
        }, metadata: env.members[1].metadata)
      _ = try await env.catalog.rateProgram(
        .with {
          $0.programID = created.id; $0.vote = .down
        }, metadata: env.member.metadata)
      listed = try await expectListedEqualGet(env, .init(), as: env.member)
      #expect(listed[0].upVotes == 1 && listed[0].downVotes == 1 && listed[0].myVote == .down && listed[0].score > 0)
    }
  }

  @Test func anAuthorsRenameAndBanReachTheList() async throws {
    try await CatalogFixture.run { env in
      let squat = try await exerciseID(env.catalog, "back-squat", as: env.member)
      let created = try await env.catalog.createProgram(.with { $0.program = program("Tom's Squats", exercises: [squat]) }, metadata: env.trainer.metadata)
        .program
      // The list alone while the change travels: a GetProgram beside it could see the
      // change arrive in between and differ for that reason.
      func listedAuthor() async throws -> Gym_Catalog_V1_Author? {
        try await env.catalog.listPrograms(.init(), metadata: env.member.metadata).programs.first { $0.id == created.id }?.author
      }
      _ = try await env.auth.updateProfile(
        .with {
          $0.profile.displayName = "Tom Renamed"
          $0.updateMask = .with { $0.paths = ["display_name"] }
        }, metadata: env.trainer.metadata)
      #expect(try await eventually(within: .seconds(30)) { try await listedAuthor()?.displayName == "Tom Renamed" })
      _ = try await expectListedEqualGet(env, .init(), as: env.member)
      _ = try await env.auth.banUser(
        .with {
          $0.userID = env.trainer.id; $0.reason = "spam"
        }, metadata: env.admin.metadata)
      #expect(try await eventually(within: .seconds(30)) { try await listedAuthor() == nil }, "a banned author's programs leave the list")
    }
  }

  @Test func theSummaryViewIsTheFullProgramWithoutDays() async throws {
    try await CatalogFixture.run { env in
      let squat = try await exerciseID(env.catalog, "back-squat", as: env.member)
      let plank = try await exerciseID(env.catalog, "plank", as: env.member)
      var ids: [String] = []
      for name in ["First Program", "Second Program", "Third Program"] {
        ids.append(
          try await env.catalog.createProgram(.with { $0.program = program(name, exercises: [squat, plank]) }, metadata: env.trainer.metadata)
            .program.id)
      }
      _ = try await env.catalog.rateProgram(
        .with {
          $0.programID = ids[1]; $0.vote = .up
        }, metadata: env.member.metadata)
      let unspecified = try await expectListedEqualGet(env, .init(), as: env.member)
      let full = try await env.catalog.listPrograms(.with { $0.view = .full }, metadata: env.member.metadata)
      let summary = try await env.catalog.listPrograms(.with { $0.view = .summary }, metadata: env.member.metadata)
      #expect(unspecified.count == 3 && full.programs == unspecified, "unspecified keeps the full form")
      #expect(summary.programs.allSatisfy { $0.days.isEmpty })
      #expect(
        summary.programs
          == full.programs.map {
            var p = $0; p.days = []; return p
          }, "everything but the days")
      #expect(summary.programs.first { $0.id == ids[1] }?.myVote == .up)

      let paged = try await env.catalog.listPrograms(
        .with {
          $0.view = .summary; $0.pageSize = 2
        }, metadata: env.member.metadata)
      let rest = try await env.catalog.listPrograms(
        .with {
          $0.view = .summary; $0.pageSize = 2; $0.pageToken = paged.nextPageToken
        }, metadata: env.member.metadata)
      #expect((paged.programs + rest.programs).map(\.id) == summary.programs.map(\.id) && rest.nextPageToken.isEmpty)

      let unknown = await rpcError {
        _ = try await env.catalog.listPrograms(.with { $0.view = .UNRECOGNIZED(7) }, metadata: env.member.metadata)
      }
      #expect(unknown?.code == .invalidArgument && unknown?.fieldViolations.map(\.field) == ["view"])
    }
  }
}
