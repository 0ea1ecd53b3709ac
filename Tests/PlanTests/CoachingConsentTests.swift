import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension PlanRPC {
  /// Coaching starts only with the member's consent: invitations, blocks, no account
  /// oracle. Plan runs with the real messaging (notifications and blocks live there).
  @Suite struct CoachingConsentTests {
    @Test func anInvitationSharesNothingUntilTheMemberAccepts() async throws {
      try await PlanFixture.run(messaging: true) { env in
        let plan = env.plan
        let messaging = try #require(env.messaging)
        let tess = try await env.running.register("tess", role: .trainer)
        let meals = try await plan.createNutritionPlan(
          .with {
            $0.plan = .with {
              $0.name = "2000 kcal";
              $0.dailyTargets = .with {
                $0.kcal = 2000; $0.proteinG = 150; $0.carbsG = 200; $0.fatG = 67
              }
            }
          },
          metadata: tess.metadata
        ).plan
        _ = try await plan.logBodyWeight(.with { $0.weightKg = 64 }, metadata: env.lena.metadata)

        let invitation = try await plan.inviteClient(
          .with {
            $0.email = " Lena@Example.com "; $0.message = "Let's get you to a 100 kg squat"
          }, metadata: tess.metadata
        ).invitation
        #expect(invitation.kind == .trainerInvitation && invitation.state == .requestPending)
        #expect(invitation.inviteeEmail == "lena@example.com")
        #expect(!invitation.hasClient, "the trainer does not learn who owns the email")

        // Nothing is shared yet: her data, her plans, her client list entry.
        for call in [
          { _ = try await plan.getClientOverview(.with { $0.clientID = env.lena.id }, metadata: tess.metadata) },
          {
            _ = try await plan.assignNutritionPlan(
              .with {
                $0.clientID = env.lena.id; $0.planID = meals.id
              }, metadata: tess.metadata)
          },
        ] as [@Sendable () async throws -> Void] {
          #expect(await rpcError(call)?.code == .notFound)
        }
        #expect(try await plan.listClients(.init(), metadata: tess.metadata).clients.isEmpty)
        #expect(try await plan.getNutritionDay(.init(), metadata: env.lena.metadata).planID.isEmpty)

        // Lena sees it addressed to her, with the trainer's name and not her email, and
        // is told through messaging.
        let incoming = try await plan.listTrainerRequests(.with { $0.direction = .incoming }, metadata: env.lena.metadata).requests
        #expect(incoming.map(\.id) == [invitation.id])
        #expect(incoming.first?.trainer.username == "tess" && incoming.first?.inviteeEmail == "")
        #expect(incoming.first?.message == "Let's get you to a 100 kg squat")
        let told = try await firstFound {
          try await messaging.listNotifications(.init(), metadata: env.lena.metadata).notifications.first { $0.kind == "trainer_invitation" }
        }
        #expect(told?.reference == invitation.id)
        #expect(told?.title == "Tess invites you to train with them")

        // Only she answers it.
        let bySender = await rpcError {
          _ = try await plan.respondTrainerRequest(
            .with {
              $0.requestID = invitation.id; $0.accept = true
            }, metadata: tess.metadata)
        }
        #expect(bySender?.code == .notFound)
        let byStranger = await rpcError {
          _ = try await plan.respondTrainerRequest(
            .with {
              $0.requestID = invitation.id; $0.accept = true
            }, metadata: env.omar.metadata)
        }
        #expect(byStranger?.code == .notFound)
        let accepted = try await plan.respondTrainerRequest(
          .with {
            $0.requestID = invitation.id; $0.accept = true
          }, metadata: env.lena.metadata)
        #expect(accepted.request.state == .requestAccepted && accepted.request.hasRespondedAt)
        #expect(try await plan.getClientOverview(.with { $0.clientID = env.lena.id }, metadata: tess.metadata).bodyWeight.first?.weightKg == 64)
        let sent = try await plan.listTrainerRequests(
          .with {
            $0.direction = .outgoing; $0.state = .requestAccepted
          }, metadata: tess.metadata
        ).requests
        #expect(sent.first?.client.username == "lena", "once she accepts, the trainer knows who she is")
        let thanked = try await firstFound {
          try await messaging.listNotifications(.init(), metadata: tess.metadata).notifications.first { $0.kind == "trainer_invitation_accepted" }
        }
        #expect(thanked?.title == "Lena accepted your invitation")

        // Leaving ends it, and a new invitation does not bring it back without a new yes.
        _ = try await plan.leaveTrainer(.with { $0.trainerID = tess.id }, metadata: env.lena.metadata)
        let again = try await plan.inviteClient(.with { $0.email = "lena@example.com" }, metadata: tess.metadata).invitation
        #expect(await rpcError { _ = try await plan.getClientOverview(.with { $0.clientID = env.lena.id }, metadata: tess.metadata) }?.code == .notFound)
        let declined = try await plan.respondTrainerRequest(
          .with {
            $0.requestID = again.id; $0.accept = false
          }, metadata: env.lena.metadata)
        #expect(declined.request.state == .requestDeclined)
        #expect(await rpcError { _ = try await plan.getClientOverview(.with { $0.clientID = env.lena.id }, metadata: tess.metadata) }?.code == .notFound)
        let twice = await rpcError {
          _ = try await plan.respondTrainerRequest(
            .with {
              $0.requestID = again.id; $0.accept = true
            }, metadata: env.lena.metadata)
        }
        #expect(twice?.code == .failedPrecondition)
      }
    }

    @Test func anEmailWithoutAnAccountGetsTheSameAnswerAsOneWith() async throws {
      try await PlanFixture.run(messaging: true) { env in
        let plan = env.plan
        let tess = try await env.running.register("tess", role: .trainer)
        let toOmar = try await plan.inviteClient(
          .with {
            $0.email = "omar@example.com"; $0.message = "hi"
          }, metadata: tess.metadata
        ).invitation
        let toNobody = try await plan.inviteClient(
          .with {
            $0.email = "nobody@example.com"; $0.message = "hi"
          }, metadata: tess.metadata
        ).invitation
        func shape(_ request: Gym_Plan_V1_TrainerRequest) -> Gym_Plan_V1_TrainerRequest {
          var stripped = request
          stripped.id = ""
          stripped.inviteeEmail = ""
          stripped.clearCreatedAt()
          return stripped
        }
        #expect(shape(toOmar) == shape(toNobody))
        let againOmar = await rpcError { _ = try await plan.inviteClient(.with { $0.email = "omar@example.com" }, metadata: tess.metadata) }
        let againNobody = await rpcError { _ = try await plan.inviteClient(.with { $0.email = "nobody@example.com" }, metadata: tess.metadata) }
        #expect(againOmar?.code == .alreadyExists && againNobody?.code == .alreadyExists)
        #expect(againOmar?.message.replacingOccurrences(of: "omar", with: "x") == againNobody?.message.replacingOccurrences(of: "nobody", with: "x"))
        let listed = try await plan.listTrainerRequests(.with { $0.direction = .outgoing }, metadata: tess.metadata).requests
        #expect(listed.map(\.inviteeEmail) == ["nobody@example.com", "omar@example.com"])
        #expect(Set(listed.map(shape)).count == 1, "both invitations look alike to the trainer")

        // The sender withdraws; the invitee can no longer accept.
        let withdrawn = try await plan.cancelTrainerRequest(.with { $0.requestID = toOmar.id }, metadata: tess.metadata).request
        #expect(withdrawn.state == .requestCancelled)
        let late = await rpcError {
          _ = try await plan.respondTrainerRequest(
            .with {
              $0.requestID = toOmar.id; $0.accept = true
            }, metadata: env.omar.metadata)
        }
        #expect(late?.code == .failedPrecondition && late?.message == "this request was withdrawn")
        let notTheSender = await rpcError { _ = try await plan.cancelTrainerRequest(.with { $0.requestID = toNobody.id }, metadata: env.omar.metadata) }
        #expect(notTheSender?.code == .notFound)
      }
    }

    @Test func aMemberWhoAsksATrainerWhoInvitedHerIsAcceptedAtOnce() async throws {
      try await PlanFixture.run(messaging: true) { env in
        let plan = env.plan
        let tess = try await env.running.register("tess", role: .trainer)
        let invitation = try await plan.inviteClient(.with { $0.email = "omar@example.com" }, metadata: tess.metadata).invitation
        let asked = try await plan.requestTrainer(.with { $0.trainerID = tess.id }, metadata: env.omar.metadata).request
        #expect(asked.id == invitation.id && asked.state == .requestAccepted)
        #expect(try await plan.listClients(.init(), metadata: tess.metadata).clients.map(\.person.username) == ["omar"])
      }
    }

    @Test func blocksStopCoachingEitherWay() async throws {
      try await PlanFixture.run(messaging: true) { env in
        let plan = env.plan
        let messaging = try #require(env.messaging)
        let tess = try await env.running.register("tess", role: .trainer)
        let theo = try await env.running.register("theo", role: .trainer)

        // Lena blocked Tess: the invitation is answered as usual and reaches no one.
        _ = try await messaging.blockUser(.with { $0.userID = tess.id }, metadata: env.lena.metadata)
        let unseen = try await plan.inviteClient(.with { $0.email = "lena@example.com" }, metadata: tess.metadata).invitation
        #expect(unseen.state == .requestPending)
        #expect(try await plan.listTrainerRequests(.with { $0.direction = .incoming }, metadata: env.lena.metadata).requests.isEmpty)
        let asking = await rpcError { _ = try await plan.requestTrainer(.with { $0.trainerID = tess.id }, metadata: env.lena.metadata) }
        #expect(asking?.code == .permissionDenied)

        // Theo blocks Omar after Omar asked: Theo cannot accept the old request.
        let asked = try await plan.requestTrainer(.with { $0.trainerID = theo.id }, metadata: env.omar.metadata).request
        _ = try await messaging.blockUser(.with { $0.userID = env.omar.id }, metadata: theo.metadata)
        let accepting = await rpcError {
          _ = try await plan.respondTrainerRequest(
            .with {
              $0.requestID = asked.id; $0.accept = true
            }, metadata: theo.metadata)
        }
        #expect(accepting?.code == .permissionDenied)
        // Omar blocks Tess after her invitation arrived: accepting it is refused too.
        let invitation = try await plan.inviteClient(.with { $0.email = "omar@example.com" }, metadata: tess.metadata).invitation
        #expect(try await plan.listTrainerRequests(.with { $0.direction = .incoming }, metadata: env.omar.metadata).requests.map(\.id) == [invitation.id])
        _ = try await messaging.blockUser(.with { $0.userID = tess.id }, metadata: env.omar.metadata)
        let late = await rpcError {
          _ = try await plan.respondTrainerRequest(
            .with {
              $0.requestID = invitation.id; $0.accept = true
            }, metadata: env.omar.metadata)
        }
        #expect(late?.code == .permissionDenied)
        #expect(try await plan.listClients(.init(), metadata: tess.metadata).clients.isEmpty)
        #expect(try await plan.listClients(.init(), metadata: theo.metadata).clients.isEmpty)
      }
    }

    @Test func pendingInvitationsAreCappedPerTrainer() async throws {
      try await PlanFixture.run { env in
        let plan = env.plan
        let tess = try await env.running.register("tess", role: .trainer)
        var first = ""
        for index in 0..<100 {
          let sent = try await plan.inviteClient(.with { $0.email = "person\(index)@example.net" }, metadata: tess.metadata).invitation
          if index == 0 { first = sent.id }
        }
        let full = await rpcError { _ = try await plan.inviteClient(.with { $0.email = "one-more@example.net" }, metadata: tess.metadata) }
        #expect(full?.code == .resourceExhausted)
        #expect(full?.message.contains("cancel some") == true)
        _ = try await plan.cancelTrainerRequest(.with { $0.requestID = first }, metadata: tess.metadata)
        _ = try await plan.inviteClient(.with { $0.email = "one-more@example.net" }, metadata: tess.metadata)
        let long = await rpcError {
          _ = try await plan.inviteClient(
            .with {
              $0.email = "x@example.net"; $0.message = String(repeating: "é", count: 2001)
            }, metadata: tess.metadata)
        }
        #expect(long?.code == .invalidArgument)
      }
    }
  }
}

/// Polls `probe` until it finds something, for at most `seconds` (outboxes deliver
/// asynchronously).
func firstFound<T: Sendable>(seconds: Double = 10, _ probe: @Sendable () async throws -> T?) async throws -> T? {
  let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
  while ContinuousClock.now < end {
    if let found = try await probe() { return found }
    try await Task.sleep(for: .milliseconds(20))
  }
  return try await probe()
}
