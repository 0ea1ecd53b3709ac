import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import Testing

@testable import GymCatalog

/// A member's own exercises: private to them, used like the library's, and proposed to
/// the library, which an administrator accepts or declines.
@Suite struct OwnExerciseRPCTests {
  static func own(_ name: String) -> Gym_Catalog_V1_Exercise {
    .with {
      $0.name = name
      $0.description_p = "The plate-loaded machine by the window."
      $0.primaryMuscles = [.quadriceps]
      $0.equipment = [.machine]
    }
  }

  @Test func aMembersExerciseIsTheirsAloneAndListedBesideTheLibrary() async throws {
    try await CatalogFixture.run { env in
      let mia = env.member, max = env.members[1]
      let created = try await env.catalog.createExercise(.with { $0.exercise = Self.own("Pendulum Squat (Gym 7)") }, metadata: mia.metadata)
        .exercise
      #expect(created.visibility == .private && created.authorID == mia.id && created.proposal == .unspecified)
      #expect(created.slug.hasPrefix("pendulum-squat-gym-7-"))
      // Only a name is needed for one's own.
      let bare = try await env.catalog.createExercise(.with { $0.exercise = .with { $0.name = "Rope thing" } }, metadata: mia.metadata)
        .exercise
      #expect(bare.instructions.isEmpty && bare.category == .unspecified)

      // Mia finds hers beside the library; Max does not, by search, id or slug.
      let hers = try await env.catalog.listExercises(.with { $0.query = "pendulum" }, metadata: mia.metadata)
      #expect(hers.exercises.map(\.id) == [created.id])
      let mine = try await env.catalog.listExercises(.with { $0.mine = true }, metadata: mia.metadata)
      #expect(Set(mine.exercises.map(\.id)) == [created.id, bare.id] && mine.totalSize == 2)
      let library = try await env.catalog.listExercises(.init(), metadata: max.metadata)
      let everything = try await env.catalog.listExercises(.init(), metadata: mia.metadata)
      #expect(everything.totalSize == library.totalSize + 2)
      #expect(try await env.catalog.listExercises(.with { $0.query = "pendulum" }, metadata: max.metadata).exercises.isEmpty)
      #expect(try await env.catalog.listExercises(.with { $0.mine = true }, metadata: max.metadata).exercises.isEmpty)
      for key in [created.id, created.slug] {
        let hidden = await rpcError { _ = try await env.catalog.getExercise(.with { $0.id = key }, metadata: max.metadata) }
        #expect(hidden?.code == .notFound)
      }
      let recommended = try await env.catalog.recommendExercises(.with { $0.pageSize = 100 }, metadata: mia.metadata)
      #expect(!recommended.exercises.contains { $0.visibility == .private })
      // Plan's lookup sees it for Mia only.
      let forMia = try await env.catalogInternal.lookupExercises(
        .with {
          $0.ids = [created.id]; $0.forUserID = mia.id
        })
      #expect(forMia.exercises.map(\.id) == [created.id])
      #expect(
        try await env.catalogInternal.lookupExercises(
          .with {
            $0.ids = [created.id]; $0.forUserID = max.id
          }
        ).exercises.isEmpty)

      // Each name once per owner; another member may use the same name.
      let twice = await rpcError {
        _ = try await env.catalog.createExercise(.with { $0.exercise = Self.own("pendulum squat (gym 7)") }, metadata: mia.metadata)
      }
      #expect(twice?.code == .alreadyExists && twice?.message.contains("already have an exercise named") == true)
      _ = try await env.catalog.createExercise(.with { $0.exercise = Self.own("Pendulum Squat (Gym 7)") }, metadata: max.metadata)

      // Only Mia changes or deletes it, and it cannot go public by an edit.
      var edit = created
      edit.name = "Pendulum Squat"
      let byMax = await rpcError {
        _ = try await env.catalog.updateExercise(
          .with {
            $0.exercise = edit; $0.etag = created.etag
          }, metadata: max.metadata)
      }
      #expect(byMax?.code == .notFound)
      var goPublic = edit
      goPublic.visibility = .public
      let published = await rpcError {
        _ = try await env.catalog.updateExercise(
          .with {
            $0.exercise = goPublic; $0.etag = created.etag
          }, metadata: mia.metadata)
      }
      #expect(published?.fieldViolations.map(\.field) == ["exercise.visibility"])
      let renamed = try await env.catalog.updateExercise(
        .with {
          $0.exercise = edit; $0.etag = created.etag
        }, metadata: mia.metadata
      ).exercise
      #expect(renamed.name == "Pendulum Squat" && renamed.visibility == .private)
      let maxDeletes = await rpcError { _ = try await env.catalog.deleteExercise(.with { $0.id = bare.id }, metadata: max.metadata) }
      #expect(maxDeletes?.code == .permissionDenied)
      _ = try await env.catalog.deleteExercise(.with { $0.id = bare.id }, metadata: mia.metadata)
      #expect(try await env.catalog.listExercises(.with { $0.mine = true }, metadata: mia.metadata).totalSize == 1)

      // A program is public: a private exercise has no place in it.
      let inProgram = await rpcError {
        _ = try await env.catalog.createProgram(.with { $0.program = program("Mine", exercises: [created.id]) }, metadata: mia.metadata)
      }
      #expect(inProgram?.fieldViolations.first?.description.contains("proposed and accepted") == true)
    }
  }

  @Test func aProposalMeetsTheLibrarysRulesAndAnAdministratorAcceptsOrDeclinesIt() async throws {
    try await CatalogFixture.run { env in
      let mia = env.member, max = env.members[1]
      let bare = try await env.catalog.createExercise(.with { $0.exercise = Self.own("Pendulum Squat") }, metadata: mia.metadata).exercise
      // Incomplete for the library: what to complete is named.
      let incomplete = await rpcError { _ = try await env.catalog.proposeExercise(.with { $0.id = bare.id }, metadata: mia.metadata) }
      #expect(Set(incomplete?.fieldViolations.map(\.field) ?? []) == ["exercise.instructions", "exercise.category", "exercise.difficulty"])
      let notHers = await rpcError { _ = try await env.catalog.proposeExercise(.with { $0.id = bare.id }, metadata: max.metadata) }
      #expect(notHers?.code == .notFound)

      var complete = bare
      complete.instructions = ["Set the shoulder pads.", "Squat down as the sled swings back, then drive up."]
      complete.category = .strength
      complete.difficulty = .beginner
      let ready = try await env.catalog.updateExercise(
        .with {
          $0.exercise = complete; $0.etag = bare.etag
        }, metadata: mia.metadata
      ).exercise
      let proposed = try await env.catalog.proposeExercise(
        .with {
          $0.id = ready.id; $0.note = "Our gym has two of these."
        }, metadata: mia.metadata
      ).exercise
      #expect(proposed.proposal == .pending && proposed.proposalNote == "Our gym has two of these.")
      let again = try await env.catalog.proposeExercise(.with { $0.id = ready.id }, metadata: mia.metadata).exercise
      #expect(again.proposalNote == "Our gym has two of these.")  // unchanged while pending

      // Members see no queue; the administrator sees it and the exercise itself.
      let memberQueue = await rpcError { _ = try await env.catalog.listExerciseProposals(.init(), metadata: mia.metadata) }
      #expect(memberQueue?.code == .permissionDenied)
      let queue = try await env.catalog.listExerciseProposals(.init(), metadata: env.admin.metadata)
      #expect(queue.exercises.map(\.id) == [ready.id])
      #expect(try await env.catalog.getExercise(.with { $0.id = ready.id }, metadata: env.admin.metadata).exercise.name == "Pendulum Squat")

      // Declined without a reason: refused; with one: Mia reads it, and it stays hers.
      let noReason = await rpcError {
        _ = try await env.catalog.reviewExerciseProposal(
          .with {
            $0.id = ready.id; $0.etag = proposed.etag
          }, metadata: env.admin.metadata)
      }
      #expect(noReason?.fieldViolations.map(\.field) == ["reason"])
      #expect(queue.exercises[0].etag == proposed.etag && proposed.etag != ready.etag)
      let declined = try await env.catalog.reviewExerciseProposal(
        .with {
          $0.id = ready.id; $0.etag = proposed.etag; $0.reason = "Add how to set the foot plate."
        }, metadata: env.admin.metadata
      ).exercise
      #expect(declined.proposal == .declined && declined.visibility == .private)
      let seen = try await env.catalog.getExercise(.with { $0.id = ready.id }, metadata: mia.metadata).exercise
      #expect(seen.proposalNote == "Add how to set the foot plate.")
      #expect(try await env.catalog.listExerciseProposals(.init(), metadata: env.admin.metadata).exercises.isEmpty)

      // Proposed again, then changed by Mia: the change withdraws it, and a review of
      // what the administrator read no longer applies.
      let second = try await env.catalog.proposeExercise(.with { $0.id = ready.id }, metadata: mia.metadata).exercise
      var sneaky = second
      sneaky.name = "Pendulum Squat Deluxe"
      let edited = try await env.catalog.updateExercise(
        .with {
          $0.exercise = sneaky; $0.etag = second.etag
        }, metadata: mia.metadata
      )
      .exercise
      #expect(edited.proposal == .unspecified)
      #expect(try await env.catalog.listExerciseProposals(.init(), metadata: env.admin.metadata).exercises.isEmpty)
      let third = try await env.catalog.proposeExercise(.with { $0.id = ready.id }, metadata: mia.metadata).exercise
      let stale = await rpcError {
        _ = try await env.catalog.reviewExerciseProposal(
          .with {
            $0.id = ready.id; $0.etag = second.etag; $0.accept = true
          }, metadata: env.admin.metadata)
      }
      #expect(stale?.code == .aborted)
      // Accepted: public under its own slug, Mia still its author.
      let accepted = try await env.catalog.reviewExerciseProposal(
        .with {
          $0.id = ready.id; $0.etag = third.etag; $0.accept = true
        }, metadata: env.admin.metadata
      ).exercise
      #expect(accepted.visibility == .public && accepted.slug == "pendulum-squat-deluxe" && accepted.authorID == mia.id)
      let found = try await env.catalog.getExercise(.with { $0.id = "pendulum-squat-deluxe" }, metadata: max.metadata).exercise
      #expect(found.id == ready.id)
      #expect(try await env.catalog.listExercises(.with { $0.query = "deluxe" }, metadata: max.metadata).exercises.map(\.id) == [ready.id])
      // Now the library's: Mia, a member, no longer edits it.
      let edit = await rpcError {
        _ = try await env.catalog.updateExercise(
          .with {
            $0.exercise = found; $0.etag = found.etag
          }, metadata: mia.metadata)
      }
      #expect(edit?.code == .permissionDenied)

      // A second proposal whose slug the library holds: the administrator chooses another.
      var twinSpec = complete
      twinSpec.name = "Pendulum Squat Deluxe"
      let twin = try await env.catalog.createExercise(.with { $0.exercise = twinSpec }, metadata: max.metadata).exercise
      let twinProposal = try await env.catalog.proposeExercise(.with { $0.id = twin.id }, metadata: max.metadata).exercise
      let taken = await rpcError {
        _ = try await env.catalog.reviewExerciseProposal(
          .with {
            $0.id = twin.id; $0.etag = twinProposal.etag; $0.accept = true
          }, metadata: env.admin.metadata)
      }
      #expect(taken?.code == .alreadyExists)
      let renamed = try await env.catalog.reviewExerciseProposal(
        .with {
          $0.id = twin.id; $0.etag = twinProposal.etag; $0.accept = true; $0.slug = "pendulum-squat-machine"
        }, metadata: env.admin.metadata
      ).exercise
      #expect(renamed.slug == "pendulum-squat-machine" && renamed.visibility == .public)
    }
  }

  @Test func ownExercisesGoWithTheirOwnersAccount() async throws {
    try await CatalogFixture.run { env in
      let zoe = env.members[2]
      let ids = try await withThrowingTaskGroup(of: String.self) { group in
        for index in 0..<10 {
          group.addTask {
            try await env.catalog.createExercise(.with { $0.exercise = .with { $0.name = "Mine \(index)" } }, metadata: zoe.metadata).exercise.id
          }
        }
        return try await group.reduce(into: [String]()) { $0.append($1) }
      }
      #expect(ids.count == 10)
      _ = try await env.catalogLifecycle.purgeUser(.with { $0.userID = zoe.id })
      let left = try await env.catalogInternal.lookupExercises(
        .with {
          $0.ids = ids; $0.forUserID = zoe.id
        })
      #expect(left.exercises.isEmpty)
    }
  }
}

/// The cap on one owner's exercises, on real SQLite.
@Suite struct OwnExerciseStoreTests {
  @Test func theFiveHundredAndFirstOwnExerciseIsRefusedAndAnotherOwnersIsNot() async throws {
    let store = try CatalogStore(path: try temporaryDirectory() + "/catalog.sqlite")
    func record(_ name: String, owner: String) -> ExerciseRecord {
      let id = ID.make()
      return ExerciseRecord(
        rid: nil, id: id, slug: ExerciseInput.privateSlug(name: name, id: id), name: name, nameKey: name.lowercased(), aliases: [],
        description: "", instructions: [], commonMistakes: [], primaryMuscles: [], secondaryMuscles: [], equipment: [], category: 0,
        difficulty: 0, media: [], authorID: owner, createdAt: Date(), updatedAt: Date(), etag: id, ownerID: owner)
    }
    for index in 0..<CatalogStore.privateExercisesPerUser {
      _ = try await store.insertExercise(record("mine \(index)", owner: "u1"), searchFacets: "")
    }
    await #expect(throws: CatalogError.tooManyPrivateExercises(limit: 500)) {
      _ = try await store.insertExercise(record("one more", owner: "u1"), searchFacets: "")
    }
    _ = try await store.insertExercise(record("one more", owner: "u2"), searchFacets: "")
  }

  /// An import makes no exercise past the cap, even when the owner's names differ only in
  /// punctuation (one key for matching, two rows for the cap); a name of punctuation
  /// alone matches nothing and is made into nothing.
  @Test func namesFromAnImportStopAtTheCapAndNeedALetterOrDigit() async throws {
    let store = try CatalogStore(path: try temporaryDirectory() + "/catalog.sqlite")
    @Sendable func record(_ name: String) -> ExerciseRecord {
      let id = ID.make()
      return ExerciseRecord(
        rid: nil, id: id, slug: ExerciseInput.privateSlug(name: name, id: id), name: name, nameKey: name.folded, aliases: [],
        description: "", instructions: [], commonMistakes: [], primaryMuscles: [], secondaryMuscles: [], equipment: [], category: 0,
        difficulty: 0, media: [], authorID: "u1", createdAt: Date(), updatedAt: Date(), etag: id, ownerID: "u1")
    }
    for index in 0..<CatalogStore.privateExercisesPerUser / 2 {
      _ = try await store.insertExercise(record("p \(index)"), searchFacets: "")
      _ = try await store.insertExercise(record("p-\(index)"), searchFacets: "")
    }
    let resolved = try await store.resolve(names: ["Brand New Drill", "!!"], ownerID: "u1", create: true) { name in
      (record(name), "")
    }
    #expect(resolved.map(\.created) == [false, false] && resolved.allSatisfy { $0.exercise == nil })
    #expect(resolved[0].problem.contains("500") && resolved[1].problem.contains("no letters or digits"))
  }
}
