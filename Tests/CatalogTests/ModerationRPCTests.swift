import Foundation
import GRPCCore
import GymAPI
import GymCatalog
import GymService
import GymTesting
import Testing

/// Hiding, reports, the moderation queue, bans learnt from auth, recommendations.
@Suite struct ModerationRPCTests {
  @Test func downVotesPastTheThresholdHideAProgramUntilAnAdminRestoresIt() async throws {
    // Fixture rules: hidden below 0.2 once 3 have voted.
    try await CatalogFixture.run { env in
      let squat = try await exerciseID(env.catalog, "back-squat", as: env.member)
      let bad = try await env.catalog.createProgram(.with { $0.program = program("Questionable Plan", exercises: [squat]) }, metadata: env.trainer.metadata)
        .program
      let good = try await env.catalog.createProgram(.with { $0.program = program("Sound Plan", exercises: [squat]) }, metadata: env.trainer.metadata).program
      var last = Gym_Catalog_V1_RateProgramResponse()
      for voter in env.members.prefix(3) {
        last = try await env.catalog.rateProgram(
          .with {
            $0.programID = bad.id; $0.vote = .down
          }, metadata: voter.metadata)
      }
      #expect(last.state == .hidden)

      // Gone from lists and from everyone but its author and admins; no more votes.
      let listed = try await env.catalog.listPrograms(.init(), metadata: env.members[3].metadata).programs.map(\.id)
      #expect(listed == [good.id])
      let hidden = await rpcError { _ = try await env.catalog.getProgram(.with { $0.id = bad.id }, metadata: env.members[3].metadata) }
      #expect(hidden?.code == .notFound)
      let vote = await rpcError {
        _ = try await env.catalog.rateProgram(
          .with {
            $0.programID = bad.id; $0.vote = .up
          }, metadata: env.members[3].metadata)
      }
      #expect(vote?.code == .notFound, "a hidden program takes no votes")
      let authorView = try await env.catalog.getProgram(.with { $0.id = bad.id }, metadata: env.trainer.metadata).program
      #expect(authorView.state == .hidden && authorView.moderationReason.contains("hidden automatically"))
      let own = try await env.catalog.listPrograms(.with { $0.authorID = env.trainer.id }, metadata: env.trainer.metadata).programs
      #expect(own.count == 2, "authors see their own hidden programs")

      // The admin's queue has it; members may not read the queue.
      let queue = try await env.catalog.listModerationQueue(.init(), metadata: env.admin.metadata).entries
      #expect(queue.map(\.program.id) == [bad.id] && queue[0].autoHidden)
      let memberQueue = await rpcError { _ = try await env.catalog.listModerationQueue(.init(), metadata: env.member.metadata) }
      #expect(memberQueue?.code == .permissionDenied)

      // Restored: visible, out of the queue, and the vote threshold no longer hides it.
      let restored = try await env.catalog.restoreProgram(.with { $0.id = bad.id }, metadata: env.admin.metadata).program
      #expect(restored.state == .visible)
      let more = try await env.catalog.rateProgram(
        .with {
          $0.programID = bad.id; $0.vote = .down
        }, metadata: env.members[3].metadata)
      #expect(more.state == .visible && more.downVotes == 4)
      #expect(try await env.catalog.listModerationQueue(.init(), metadata: env.admin.metadata).entries.isEmpty)
    }
  }

  @Test func anAuthorsEditFacesTheVoteThresholdAgainAfterARestoration() async throws {
    try await CatalogFixture.run { env in
      let squat = try await exerciseID(env.catalog, "back-squat", as: env.member)
      let p = try await env.catalog.createProgram(.with { $0.program = program("Harmless Plan", exercises: [squat]) }, metadata: env.trainer.metadata).program
      for voter in env.members.prefix(3) {
        _ = try await env.catalog.rateProgram(
          .with {
            $0.programID = p.id; $0.vote = .down
          }, metadata: voter.metadata)
      }
      let restored = try await env.catalog.restoreProgram(.with { $0.id = p.id }, metadata: env.admin.metadata).program
      #expect(restored.state == .visible)
      // The author swaps in what the administrator never saw.
      var edit = restored
      edit.name = "Something Else Entirely"
      _ = try await env.catalog.updateProgram(
        .with {
          $0.program = edit; $0.etag = restored.etag
        }, metadata: env.trainer.metadata)
      let vote = try await env.catalog.rateProgram(
        .with {
          $0.programID = p.id; $0.vote = .down
        }, metadata: env.members[3].metadata)
      #expect(vote.state == .hidden, "the restoration vouched for the old content only")
    }
  }

  @Test func aReporterIsLimitedPerDayAndToldWhenToComeBack() async throws {
    // Fixture rules: 3 reports a day.
    try await CatalogFixture.run { env in
      let squat = try await exerciseID(env.catalog, "back-squat", as: env.member)
      var ids: [String] = []
      for name in ["Plan One", "Plan Two", "Plan Three", "Plan Four"] {
        ids.append(try await env.catalog.createProgram(.with { $0.program = program(name, exercises: [squat]) }, metadata: env.trainer.metadata).program.id)
      }
      for id in ids.prefix(3) {
        _ = try await env.catalog.reportProgram(
          .with {
            $0.programID = id; $0.reason = "copied from my own plan"
          }, metadata: env.member.metadata)
      }
      let fourth = await rpcError {
        _ = try await env.catalog.reportProgram(
          .with {
            $0.programID = ids[3]; $0.reason = "copied from my own plan"
          }, metadata: env.member.metadata)
      }
      #expect(fourth?.code == .resourceExhausted)
      #expect(fourth?.message.contains("3 reports in the last 24 hours") == true)
      let delay = fourth?.retryDelay.map { Int($0.components.seconds) } ?? 0
      #expect((86_390...86_401).contains(delay), "until the first report leaves the window")
      // Someone else may still report it, and the queue holds only what was filed.
      _ = try await env.catalog.reportProgram(
        .with {
          $0.programID = ids[3]; $0.reason = "copied from another plan"
        }, metadata: env.members[1].metadata)
      let queue = try await env.catalog.listModerationQueue(.init(), metadata: env.admin.metadata).entries
      #expect(queue.count == 4 && queue.allSatisfy { $0.openReports == 1 })
    }
  }

  @Test func reportsQueueAProgramAndAnAdminRemovesItWithAReason() async throws {
    try await CatalogFixture.run { env in
      let squat = try await exerciseID(env.catalog, "back-squat", as: env.member)
      let p = try await env.catalog.createProgram(
        .with { $0.program = program("Ten Sets To Failure Daily", exercises: [squat]) }, metadata: env.trainer.metadata
      ).program
      _ = try await env.catalog.reportProgram(
        .with {
          $0.programID = p.id; $0.reason = "dangerous volume for beginners"
        }, metadata: env.members[0].metadata)
      let twice = await rpcError {
        _ = try await env.catalog.reportProgram(
          .with {
            $0.programID = p.id; $0.reason = "again"
          }, metadata: env.members[0].metadata)
      }
      #expect(twice?.code == .alreadyExists)
      let own = await rpcError {
        _ = try await env.catalog.reportProgram(
          .with {
            $0.programID = p.id; $0.reason = "reporting myself"
          }, metadata: env.trainer.metadata)
      }
      #expect(own?.code == .permissionDenied)
      let short = await rpcError {
        _ = try await env.catalog.reportProgram(
          .with {
            $0.programID = p.id; $0.reason = "x"
          }, metadata: env.members[1].metadata)
      }
      #expect(short?.fieldViolations.first?.field == "reason")

      var queue = try await env.catalog.listModerationQueue(.init(), metadata: env.admin.metadata).entries
      #expect(queue.count == 1 && queue[0].openReports == 1 && !queue[0].autoHidden)
      #expect(queue[0].reportReasons == ["dangerous volume for beginners"])
      #expect(queue[0].program.state == .visible, "one report queues it but does not hide it")

      // A second report reaches the fixture's threshold (2): hidden while it waits.
      _ = try await env.catalog.reportProgram(
        .with {
          $0.programID = p.id; $0.reason = "no rest days at all"
        }, metadata: env.members[1].metadata)
      queue = try await env.catalog.listModerationQueue(.init(), metadata: env.admin.metadata).entries
      #expect(queue.count == 1 && queue[0].openReports == 2 && queue[0].autoHidden)

      let removed = try await env.catalog.removeProgram(
        .with {
          $0.id = p.id; $0.reason = "unsafe training volume"
        }, metadata: env.admin.metadata
      ).program
      #expect(removed.state == .removed && removed.moderationReason == "unsafe training volume")
      #expect(try await env.catalog.listModerationQueue(.init(), metadata: env.admin.metadata).entries.isEmpty)
      let author = try await env.catalog.getProgram(.with { $0.id = p.id }, metadata: env.trainer.metadata).program
      #expect(author.state == .removed && author.moderationReason == "unsafe training volume")
      var edit = author
      edit.name = "Renamed"
      let update = await rpcError {
        _ = try await env.catalog.updateProgram(
          .with {
            $0.program = edit; $0.etag = author.etag
          }, metadata: env.trainer.metadata)
      }
      #expect(update?.code == .failedPrecondition)
      let others = await rpcError { _ = try await env.catalog.getProgram(.with { $0.id = p.id }, metadata: env.members[2].metadata) }
      #expect(others?.code == .notFound)
      let memberRemove = await rpcError {
        _ = try await env.catalog.removeProgram(
          .with {
            $0.id = p.id; $0.reason = "because"
          }, metadata: env.member.metadata)
      }
      #expect(memberRemove?.code == .permissionDenied)
    }
  }

  @Test func aBannedAuthorsProgramsAreHiddenWhileTheBanLasts() async throws {
    try await CatalogFixture.run { env in
      let squat = try await exerciseID(env.catalog, "back-squat", as: env.member)
      let p = try await env.catalog.createProgram(.with { $0.program = program("Trainer Tom's Plan", exercises: [squat]) }, metadata: env.trainer.metadata)
        .program
      func visible() async throws -> Bool {
        try await env.catalog.listPrograms(.init(), metadata: env.member.metadata).programs.contains { $0.id == p.id }
      }
      #expect(try await visible())
      _ = try await env.auth.banUser(
        .with {
          $0.userID = env.trainer.id; $0.reason = "spam"
        }, metadata: env.admin.metadata)
      #expect(try await eventually { try await !visible() }, "auth's outbox tells catalog of the ban")
      let get = await rpcError { _ = try await env.catalog.getProgram(.with { $0.id = p.id }, metadata: env.member.metadata) }
      #expect(get?.code == .notFound)
      _ = try await env.auth.unbanUser(.with { $0.userID = env.trainer.id }, metadata: env.admin.metadata)
      #expect(try await eventually { try await visible() }, "and of the unban")
    }
  }

  @Test func recommendationsMatchTheCallersExperienceLevel() async throws {
    try await CatalogFixture.run { env in
      let squat = try await exerciseID(env.catalog, "back-squat", as: env.member)
      for (name, level) in [("Advanced Peaking", Gym_Catalog_V1_Difficulty.advanced), ("First Steps", .beginner), ("Next Level", .intermediate)] {
        _ = try await env.catalog.createProgram(.with { $0.program = program(name, exercises: [squat], difficulty: level) }, metadata: env.trainer.metadata)
      }
      // No level in the profile: the beginner ordering, said so.
      let unknown = try await env.catalog.recommendPrograms(.init(), metadata: env.members[0].metadata)
      #expect(unknown.matchedLevel == .beginner && !unknown.levelFromProfile)
      #expect(unknown.programs.map(\.name) == ["First Steps", "Next Level", "Advanced Peaking"])

      _ = try await env.auth.updateProfile(
        .with {
          $0.profile = .with { $0.experienceLevel = .advanced }
          $0.updateMask = .with { $0.paths = ["experience_level"] }
        }, metadata: env.members[1].metadata)
      let advanced = try await env.catalog.recommendPrograms(.init(), metadata: env.members[1].metadata)
      #expect(advanced.matchedLevel == .advanced && advanced.levelFromProfile)
      #expect(advanced.programs.first?.name == "Advanced Peaking")
      #expect(advanced.programs.last?.name == "First Steps")

      // The author is not recommended their own programs.
      #expect(try await env.catalog.recommendPrograms(.init(), metadata: env.trainer.metadata).programs.isEmpty)
    }
  }

  @Test func listProgramsFiltersAndOrders() async throws {
    try await CatalogFixture.run { env in
      let squat = try await exerciseID(env.catalog, "back-squat", as: env.member)
      let curl = try await exerciseID(env.catalog, "barbell-curl", as: env.member)
      let a = try await env.catalog.createProgram(
        .with { $0.program = program("Arm Farm", exercises: [curl], goal: .hypertrophy) }, metadata: env.trainer.metadata
      ).program
      _ = try await env.catalog.createProgram(.with { $0.program = program("Squat Every Day", exercises: [squat]) }, metadata: env.trainer.metadata)
      _ = try await env.catalog.rateProgram(
        .with {
          $0.programID = a.id; $0.vote = .up
        }, metadata: env.member.metadata)
      func names(_ request: Gym_Catalog_V1_ListProgramsRequest) async throws -> [String] {
        try await env.catalog.listPrograms(request, metadata: env.member.metadata).programs.map(\.name)
      }
      #expect(try await names(.init()) == ["Arm Farm", "Squat Every Day"])
      #expect(try await names(.with { $0.orderBy = .newest }) == ["Squat Every Day", "Arm Farm"])
      #expect(try await names(.with { $0.orderBy = .name }) == ["Arm Farm", "Squat Every Day"])
      #expect(try await names(.with { $0.muscle = .biceps }) == ["Arm Farm"])
      #expect(try await names(.with { $0.goal = .strengthGoal }) == ["Squat Every Day"])
      #expect(try await names(.with { $0.query = "squat" }) == ["Squat Every Day"])
      #expect(try await names(.with { $0.query = "barbell curl" }) == ["Arm Farm"], "exercise names are searched too")
      #expect(try await names(.with { $0.tag = "FULL BODY" }).count == 2)
      #expect(try await names(.with { $0.difficulty = .advanced }).isEmpty)
      let bad = await rpcError { _ = try await env.catalog.listPrograms(.with { $0.goal = Gym_Catalog_V1_Goal(rawValue: 42)! }, metadata: env.member.metadata) }
      #expect(bad?.fieldViolations.first?.field == "goal")
    }
  }
}
