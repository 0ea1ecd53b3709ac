import Foundation
import GRPCCore
import GymAPI
import GymCatalog
import GymService
import GymTesting
import Testing

/// What plan and auth ask of the catalog, with the service credential.
@Suite struct CatalogInternalTests {
  @Test func aSnapshotIsAFullVersionedCopyAndHiddenProgramsAreRefused() async throws {
    try await CatalogFixture.run { env in
      let squat = try await exerciseID(env.catalog, "back-squat", as: env.member)
      let rdl = try await exerciseID(env.catalog, "romanian-deadlift", as: env.member)
      let created = try await env.catalog.createProgram(
        .with { $0.program = program("Posterior Chain", exercises: [squat, rdl]) }, metadata: env.trainer.metadata
      ).program
      var edit = created
      edit.description_p = "Version two."
      _ = try await env.catalog.updateProgram(
        .with {
          $0.program = edit; $0.etag = created.etag
        }, metadata: env.trainer.metadata)

      let snapshot = try await env.catalogInternal.getProgramSnapshot(
        .with {
          $0.programID = created.id; $0.forUserID = env.member.id
        }
      ).snapshot
      #expect(snapshot.version == 2 && snapshot.program.description_p == "Version two.")
      #expect(Set(snapshot.exercises.map(\.slug)) == ["back-squat", "romanian-deadlift"])
      #expect(snapshot.exercises.allSatisfy { !$0.instructions.isEmpty }, "exercises come in full")

      // Hidden by the admin: refused for others, still available to its author.
      _ = try await env.catalog.removeProgram(
        .with {
          $0.id = created.id; $0.reason = "review"
        }, metadata: env.admin.metadata)
      let other = await rpcError {
        _ = try await env.catalogInternal.getProgramSnapshot(
          .with {
            $0.programID = created.id; $0.forUserID = env.member.id
          })
      }
      #expect(other?.code == .notFound)
      _ = try await env.catalogInternal.getProgramSnapshot(
        .with {
          $0.programID = created.id; $0.forUserID = env.trainer.id
        })

      // A user token never opens the internal service.
      let user = await rpcError {
        _ = try await env.catalogInternalWithoutCredential.getProgramSnapshot(
          .with {
            $0.programID = created.id; $0.forUserID = env.member.id
          }, metadata: env.admin.metadata)
      }
      #expect(user?.code == .unauthenticated)
    }
  }

  @Test func lookupAnswersOnlyTheExercisesThatExist() async throws {
    try await CatalogFixture.run { env in
      let squat = try await exerciseID(env.catalog, "back-squat", as: env.member)
      let found = try await env.catalogInternal.lookupExercises(.with { $0.ids = [squat, "no-such-id", squat] }).exercises
      #expect(found.map(\.slug) == ["back-squat"])
      #expect(!found[0].equipment.isEmpty)
      let tooMany = await rpcError { _ = try await env.catalogInternal.lookupExercises(.with { $0.ids = (0...500).map { "\($0)" } }) }
      #expect(tooMany?.fieldViolations.map(\.field) == ["ids"])
    }
  }

  @Test func aPublishedRoutineIsAProgramByItsOwnerValidatedLikeAnyOther() async throws {
    try await CatalogFixture.run { env in
      let squat = try await exerciseID(env.catalog, "back-squat", as: env.member)
      let published = try await env.catalogInternal.publishProgram(
        .with {
          $0.program = program("Member's Squat Day", exercises: [squat]); $0.authorID = env.member.id
        }
      ).program
      #expect(published.author.userID == env.member.id)
      #expect(!published.author.username.isEmpty)
      let listed = try await env.catalog.listPrograms(.with { $0.authorID = env.member.id }, metadata: env.trainer.metadata).programs
      #expect(listed.map(\.id) == [published.id])
      let bad = await rpcError {
        _ = try await env.catalogInternal.publishProgram(
          .with {
            $0.program = program("", exercises: ["nope"]); $0.authorID = env.member.id
          })
      }
      #expect(bad?.code == .invalidArgument)
    }
  }

  @Test func exerciseRecommendationsStartAtTheCallersLevel() async throws {
    try await CatalogFixture.run { env in
      let beginner = try await env.catalog.recommendExercises(.with { $0.pageSize = 10 }, metadata: env.member.metadata)
      #expect(beginner.matchedLevel == .beginner)
      #expect(!beginner.levelFromProfile)
      #expect(beginner.exercises.count == 10)
      #expect(beginner.exercises.allSatisfy { $0.difficulty == .beginner })
      _ = try await env.auth.updateProfile(
        .with {
          $0.profile.experienceLevel = .advanced; $0.updateMask = .with { $0.paths = ["experience_level"] }
        },
        metadata: env.member.metadata)
      let advanced = try await env.catalog.recommendExercises(.with { $0.pageSize = 5 }, metadata: env.member.metadata)
      #expect(advanced.levelFromProfile)
      #expect(advanced.exercises.allSatisfy { $0.difficulty == .advanced })
    }
  }

  @Test func savesCountOncePerUserAndDriveMostSaved() async throws {
    try await CatalogFixture.run { env in
      let squat = try await exerciseID(env.catalog, "back-squat", as: env.member)
      let popular = try await env.catalog.createProgram(.with { $0.program = program("Popular", exercises: [squat]) }, metadata: env.trainer.metadata).program
      _ = try await env.catalog.createProgram(.with { $0.program = program("Newer", exercises: [squat]) }, metadata: env.trainer.metadata)
      #expect(
        try await env.catalogInternal.recordProgramSaved(
          .with {
            $0.programID = popular.id; $0.userID = env.members[0].id
          }
        ).saves == 1)
      #expect(
        try await env.catalogInternal.recordProgramSaved(
          .with {
            $0.programID = popular.id; $0.userID = env.members[0].id
          }
        ).saves == 1)
      #expect(
        try await env.catalogInternal.recordProgramSaved(
          .with {
            $0.programID = popular.id; $0.userID = env.members[1].id
          }
        ).saves == 2)
      let mostSaved = try await env.catalog.listPrograms(.with { $0.orderBy = .mostSaved }, metadata: env.member.metadata).programs
      #expect(mostSaved.map(\.name) == ["Popular", "Newer"] && mostSaved[0].saves == 2)
      let missing = await rpcError {
        _ = try await env.catalogInternal.recordProgramSaved(
          .with {
            $0.programID = "nope"; $0.userID = env.member.id
          })
      }
      #expect(missing?.code == .notFound)
    }
  }

  @Test func deletingAnAccountPurgesItsProgramsAndVotes() async throws {
    try await CatalogFixture.run { env in
      let squat = try await exerciseID(env.catalog, "back-squat", as: env.member)
      let theirs = try await env.catalog.createProgram(.with { $0.program = program("Leaving Soon", exercises: [squat]) }, metadata: env.member.metadata)
        .program
      let others = try await env.catalog.createProgram(.with { $0.program = program("Staying", exercises: [squat]) }, metadata: env.trainer.metadata).program
      _ = try await env.catalog.rateProgram(
        .with {
          $0.programID = others.id; $0.vote = .up
        }, metadata: env.member.metadata)
      _ = try await env.catalog.rateProgram(
        .with {
          $0.programID = others.id; $0.vote = .up
        }, metadata: env.members[1].metadata)
      _ = try await env.catalog.reportProgram(
        .with {
          $0.programID = others.id; $0.reason = "just testing reports"
        }, metadata: env.member.metadata)

      _ = try await env.auth.deleteAccount(.with { $0.password = CatalogFixture.password }, metadata: env.member.metadata)
      #expect(
        try await eventually {
          try await env.catalog.getProgram(.with { $0.id = others.id }, metadata: env.trainer.metadata).program.upVotes == 1
        }, "the purge reaches catalog through auth's outbox")
      let gone = await rpcError { _ = try await env.catalog.getProgram(.with { $0.id = theirs.id }, metadata: env.admin.metadata) }
      #expect(gone?.code == .notFound)
      #expect(try await env.catalog.listModerationQueue(.init(), metadata: env.admin.metadata).entries.isEmpty, "their report is gone")
      // Idempotent: a second delivery removes nothing.
      #expect(try await env.catalogLifecycle.purgeUser(.with { $0.userID = env.member.id }).removed == 0)
    }
  }
}
