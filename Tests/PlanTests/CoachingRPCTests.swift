import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension PlanRPC {
  /// Trainers and their clients: who may do what, assigned copies, requests.
  @Suite struct CoachingRPCTests {
    @Test func aTrainerAddsAClientAssignsARoutineAndSeesHowSheIsDoing() async throws {
      try await PlanFixture.run { env in
        let plan = env.plan
        let tess = try await env.running.register("tess", role: .trainer)
        let squat = try await env.exercise("back-squat")

        let notTrainer = await rpcError { _ = try await plan.inviteClient(.with { $0.email = "lena@example.com" }, metadata: env.omar.metadata) }
        #expect(notTrainer?.code == .permissionDenied)

        try await coach(tess, lena: env, plan: plan)
        let twice = await rpcError { _ = try await plan.inviteClient(.with { $0.email = "lena@example.com" }, metadata: tess.metadata) }
        #expect(twice == nil, "an invitation to a client answers like any other and reaches no one")
        #expect(try await plan.listTrainerRequests(.with { $0.direction = .incoming }, metadata: env.lena.metadata).requests.isEmpty)
        #expect(try await plan.listClients(.with { $0.query = "LEN" }, metadata: tess.metadata).clients.map(\.person.userID) == [env.lena.id])
        #expect(try await plan.listClients(.with { $0.query = "zzz" }, metadata: tess.metadata).clients.isEmpty)

        // An assigned copy: the client's own, readable and editable by the trainer only.
        let mine = try await plan.createRoutine(.with { $0.routine = routine("Four weeks of squats", exercises: [squat]) }, metadata: tess.metadata).routine
        let copy = try await plan.assignRoutine(
          .with {
            $0.clientID = env.lena.id; $0.routineID = mine.id
          }, metadata: tess.metadata
        ).routine
        #expect(copy.assignedBy == tess.id)
        #expect(try await plan.listRoutines(.init(), metadata: env.lena.metadata).routines.map(\.id) == [copy.id])
        var edited = try await plan.getRoutine(.with { $0.id = copy.id }, metadata: tess.metadata).routine
        edited.name = "Four weeks of squats (week 2 heavier)"
        _ = try await plan.updateRoutine(
          .with {
            $0.routine = edited; $0.etag = copy.etag
          }, metadata: tess.metadata)
        #expect(try await plan.getRoutine(.with { $0.id = copy.id }, metadata: env.lena.metadata).routine.name == edited.name)
        let stranger = await rpcError { _ = try await plan.getRoutine(.with { $0.id = copy.id }, metadata: env.omar.metadata) }
        #expect(stranger?.code == .notFound)
        // Only assigned copies: the client's own routines stay hers.
        let own = try await plan.createRoutine(.with { $0.routine = routine("Lena's own", exercises: [squat]) }, metadata: env.lena.metadata).routine
        let notAssigned = await rpcError { _ = try await plan.getRoutine(.with { $0.id = own.id }, metadata: tess.metadata) }
        #expect(notAssigned?.code == .notFound)

        // A meal plan too: it becomes her active plan; the trainer can adjust it.
        let meals = try await plan.createNutritionPlan(
          .with {
            $0.plan = .with {
              $0.name = "Seven days, 2000 kcal"
              $0.dailyTargets = .with {
                $0.kcal = 2000; $0.proteinG = 150; $0.carbsG = 200; $0.fatG = 67
              }
            }
          }, metadata: tess.metadata
        ).plan
        let assigned = try await plan.assignNutritionPlan(
          .with {
            $0.clientID = env.lena.id; $0.planID = meals.id
          }, metadata: tess.metadata
        ).plan
        #expect(assigned.active && assigned.assignedBy == tess.id)
        #expect(try await plan.getNutritionDay(.init(), metadata: env.lena.metadata).planID == assigned.id)
        var adjusted = assigned
        adjusted.name = "Seven days, 2100 kcal"
        adjusted.dailyTargets.kcal = 2100
        adjusted.dailyTargets.carbsG = 225
        _ = try await plan.updateNutritionPlan(
          .with {
            $0.plan = adjusted; $0.etag = assigned.etag
          }, metadata: tess.metadata)
        #expect(try await plan.getNutritionPlan(.with { $0.id = assigned.id }, metadata: env.lena.metadata).plan.dailyTargets.kcal == 2100)
        let othersPlan = await rpcError { _ = try await plan.getNutritionPlan(.with { $0.id = assigned.id }, metadata: env.omar.metadata) }
        #expect(othersPlan?.code == .notFound)

        // The overview shows her training and eating.
        _ = try await plan.logWorkout(
          .with {
            $0.date = date(2026, 1, 10)
            $0.entries = [
              .with {
                $0.exerciseID = squat;
                $0.sets = [
                  .with {
                    $0.reps = 5; $0.weightKg = 80
                  }
                ]
              }
            ]
          }, metadata: env.lena.metadata)
        _ = try await plan.logBodyWeight(.with { $0.weightKg = 64 }, metadata: env.lena.metadata)
        _ = try await plan.logFood(
          .with {
            $0.entry = .with {
              $0.description_p = "Porridge";
              $0.macros = .with {
                $0.kcal = 400; $0.carbsG = 70; $0.proteinG = 15; $0.fatG = 8
              }
            }
          },
          metadata: env.lena.metadata)
        let overview = try await plan.getClientOverview(.with { $0.clientID = env.lena.id }, metadata: tess.metadata)
        #expect(overview.client.person.username == "lena")
        // When she became a client and last trained, as the client list says.
        let listed = try #require(try await plan.listClients(.with { $0.query = "lena" }, metadata: tess.metadata).clients.first)
        #expect(overview.client.hasSince && overview.client.since == listed.since, "\(overview.client)")
        #expect(overview.client.hasLastSessionAt && overview.client.lastSessionAt == listed.lastSessionAt, "\(overview.client)")
        #expect(overview.recentSessions.count == 1)
        #expect(overview.stats.sessions == 1)
        #expect(overview.bodyWeight.first?.weightKg == 64)
        #expect(overview.foodDaysLogged == 1)
        let notClient = await rpcError { _ = try await plan.getClientOverview(.with { $0.clientID = env.omar.id }, metadata: tess.metadata) }
        #expect(notClient?.code == .notFound)

        // Once she is no longer a client, the trainer loses access to the copy.
        _ = try await plan.removeClient(.with { $0.clientID = env.lena.id }, metadata: tess.metadata)
        let gone = await rpcError { _ = try await plan.getRoutine(.with { $0.id = copy.id }, metadata: tess.metadata) }
        #expect(gone?.code == .notFound)
        #expect(try await plan.getRoutine(.with { $0.id = copy.id }, metadata: env.lena.metadata).routine.id == copy.id)
      }
    }

    @Test func aMemberAsksForATrainerWhoAccepts() async throws {
      try await PlanFixture.run { env in
        let plan = env.plan
        let tess = try await env.running.register("tess", role: .trainer)
        let notATrainer = await rpcError { _ = try await plan.requestTrainer(.with { $0.trainerID = env.lena.id }, metadata: env.omar.metadata) }
        #expect(notATrainer?.code == .notFound)

        let asked = try await plan.requestTrainer(
          .with {
            $0.trainerID = tess.id; $0.message = "I want to deadlift 200 kg"
          }, metadata: env.omar.metadata
        ).request
        #expect(asked.state == .requestPending)
        let again = await rpcError { _ = try await plan.requestTrainer(.with { $0.trainerID = tess.id }, metadata: env.omar.metadata) }
        #expect(again?.code == .alreadyExists)
        #expect(try await plan.listTrainerRequests(.init(), metadata: env.omar.metadata).requests.map(\.id) == [asked.id])
        let incoming = try await plan.listTrainerRequests(.init(), metadata: tess.metadata).requests
        #expect(incoming.map(\.client.username) == ["omar"])
        #expect(incoming[0].message == "I want to deadlift 200 kg")

        let notHers = await rpcError {
          _ = try await plan.respondTrainerRequest(
            .with {
              $0.requestID = asked.id; $0.accept = true
            }, metadata: env.lena.metadata)
        }
        #expect(notHers?.code == .notFound)
        let notTheAsker = await rpcError {
          _ = try await plan.respondTrainerRequest(
            .with {
              $0.requestID = asked.id; $0.accept = true
            }, metadata: env.omar.metadata)
        }
        #expect(notTheAsker?.code == .notFound, "the sender cannot accept their own request")
        _ = try await plan.respondTrainerRequest(
          .with {
            $0.requestID = asked.id; $0.accept = true
          }, metadata: tess.metadata)
        let twice = await rpcError {
          _ = try await plan.respondTrainerRequest(
            .with {
              $0.requestID = asked.id; $0.accept = false
            }, metadata: tess.metadata)
        }
        #expect(twice?.code == .failedPrecondition)
        #expect(try await plan.listMyTrainers(.init(), metadata: env.omar.metadata).trainers.map(\.username) == ["tess"])
        #expect(try await plan.listClients(.init(), metadata: tess.metadata).clients.map(\.person.username) == ["omar"])

        _ = try await plan.leaveTrainer(.with { $0.trainerID = tess.id }, metadata: env.omar.metadata)
        #expect(try await plan.listMyTrainers(.init(), metadata: env.omar.metadata).trainers.isEmpty)
        #expect(try await plan.listClients(.init(), metadata: tess.metadata).clients.isEmpty)
      }
    }
  }
}

extension PlanRPC {
  /// Who may call what, and that a refusal never reveals whether the row exists.
  @Suite struct CoachingAuthorizationTests {
    @Test func trainersSeeOnlyTheirClientsAndClientsOnlyThemselves() async throws {
      try await PlanFixture.run { env in
        let plan = env.plan
        let tess = try await env.running.register("tess", role: .trainer)
        let theo = try await env.running.register("theo", role: .trainer)
        let squat = try await env.exercise("back-squat")
        try await coach(tess, lena: env, plan: plan)
        let routineOfTess = try await plan.createRoutine(.with { $0.routine = routine("T", exercises: [squat]) }, metadata: tess.metadata).routine
        let copy = try await plan.assignRoutine(
          .with {
            $0.clientID = env.lena.id; $0.routineID = routineOfTess.id
          }, metadata: tess.metadata
        ).routine

        // A member calling trainer RPCs.
        for call in [
          { _ = try await plan.listClients(.init(), metadata: env.omar.metadata) },
          { _ = try await plan.getClientOverview(.with { $0.clientID = env.lena.id }, metadata: env.omar.metadata) },
          {
            _ = try await plan.assignRoutine(
              .with {
                $0.clientID = env.lena.id; $0.routineID = routineOfTess.id
              }, metadata: env.omar.metadata)
          },
        ] as [@Sendable () async throws -> Void] {
          #expect(await rpcError(call)?.code == .permissionDenied)
        }
        // Another trainer: a client of someone else and a user who does not exist answer alike.
        let otherClient = await rpcError { _ = try await plan.getClientOverview(.with { $0.clientID = env.lena.id }, metadata: theo.metadata) }
        let nobody = await rpcError { _ = try await plan.getClientOverview(.with { $0.clientID = "no-such-user" }, metadata: theo.metadata) }
        #expect(otherClient?.code == .notFound && nobody?.code == .notFound)
        #expect(otherClient?.message == nobody?.message)
        let assignToOther = await rpcError {
          _ = try await plan.assignRoutine(
            .with {
              $0.clientID = env.lena.id; $0.routineID = routineOfTess.id
            }, metadata: theo.metadata)
        }
        #expect(assignToOther?.code == .notFound)
        let copyForOther = await rpcError { _ = try await plan.getRoutine(.with { $0.id = copy.id }, metadata: theo.metadata) }
        #expect(copyForOther?.code == .notFound)
        // A trainer cannot assign someone else's routine, even to their own client.
        let notHisRoutine = await rpcError {
          _ = try await plan.assignRoutine(
            .with {
              $0.clientID = env.lena.id; $0.routineID = copy.id
            }, metadata: tess.metadata)
        }
        #expect(notHisRoutine?.code == .notFound)
        // Clients see their own data only: Omar cannot read Lena's assigned copy.
        let otherClients = await rpcError { _ = try await plan.getRoutine(.with { $0.id = copy.id }, metadata: env.omar.metadata) }
        #expect(otherClients?.code == .notFound)
        #expect(try await plan.listRoutines(.init(), metadata: env.omar.metadata).routines.isEmpty)
      }
    }
  }
}

/// Tess invites Lena, who accepts: the only way a trainer gains a client.
func coach(_ trainer: PlanFixture.User, lena env: PlanFixture.Env, plan: Plan) async throws {
  let invitation = try await plan.inviteClient(.with { $0.email = "LENA@example.com" }, metadata: trainer.metadata).invitation
  let accepted = try await plan.respondTrainerRequest(
    .with {
      $0.requestID = invitation.id; $0.accept = true
    }, metadata: env.lena.metadata)
  #expect(accepted.request.state == .requestAccepted)
}
