import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension MessagingRPC {
  /// Members report users, direct and room messages and posts; moderators read one case
  /// per target, oldest first, and dismiss or remove; reporters hear their report was
  /// reviewed.
  @Suite struct ReportTests {
    typealias Category = Gym_Messaging_V1_ReportCategory

    static func report(
      _ env: MessagingFixture.Env, message id: String, _ category: Category = .harassment, details: String = "",
      as user: MessagingFixture.User
    ) async throws -> Gym_Messaging_V1_Report {
      try await env.messaging.createReport(
        .with {
          $0.messageID = id; $0.category = category; $0.details = details
        }, metadata: user.metadata
      ).report
    }

    static func cases(
      _ env: MessagingFixture.Env, _ kind: Gym_Messaging_V1_ReportKind = .unspecified, as admin: MessagingFixture.User
    ) async throws -> [Gym_Messaging_V1_ReportCase] {
      try await env.messaging.listReportCases(.with { $0.kind = kind }, metadata: admin.metadata).cases
    }

    @Test func aDirectMessageIsReportedOnlyByItsParticipantsOnceAndNeverByItsSender() async throws {
      try await MessagingFixture.run { env in
        let admin = try await env.running.makeAdmin()
        let abuse = try await env.messaging.sendDirectMessage(
          .with {
            $0.userID = env.ben.id; $0.text = "nobody wants you at this gym"
          }, metadata: env.ana.metadata
        ).message
        let filed = try await Self.report(env, message: abuse.id, details: "third message like this today", as: env.ben)
        #expect(filed.kind == .directMessage && filed.targetID == abuse.id && filed.category == .harassment)

        // Cat is not in the conversation: the same answer as for a message that does not exist.
        let outsider = await rpcError { _ = try await Self.report(env, message: abuse.id, as: env.cat) }
        let missing = await rpcError { _ = try await Self.report(env, message: "0190aaaa-0000-7000-8000-000000000000", as: env.cat) }
        #expect(outsider?.code == .notFound)
        #expect(outsider?.message == missing?.message.replacingOccurrences(of: "0190aaaa-0000-7000-8000-000000000000", with: abuse.id))
        let again = await rpcError { _ = try await Self.report(env, message: abuse.id, .spam, as: env.ben) }
        #expect(again?.code == .alreadyExists)
        let own = await rpcError { _ = try await Self.report(env, message: abuse.id, as: env.ana) }
        #expect(own?.code == .failedPrecondition && own?.message == "you cannot report your own message")

        let queue = try await Self.cases(env, .directMessage, as: admin)
        #expect(queue.count == 1)
        #expect(queue[0].targetID == abuse.id && queue[0].targetUser.username == "ana" && queue[0].conversationID == abuse.conversationID)
        #expect(queue[0].contentText == "nobody wants you at this gym")
        #expect(queue[0].reportCount == 1 && queue[0].categories == [.harassment])
        #expect(queue[0].reports.map(\.reporter.username) == ["ben"] && queue[0].reports[0].details == "third message like this today")
        #expect(try await Self.cases(env, .post, as: admin).isEmpty)
      }
    }

    @Test func aPostReportedByManyIsOneCaseAndItsSnapshotOutlivesTheAuthorsDeletion() async throws {
      try await MessagingFixture.run { env in
        let admin = try await env.running.makeAdmin()
        let post = try await env.messaging.createPost(.with { $0.text = "DM me for cheap steroids" }, metadata: env.ana.metadata).post
        for (user, category) in [(env.ben, Category.spam), (env.cat, .spam)] {
          _ = try await env.messaging.createReport(
            .with {
              $0.postID = post.id; $0.category = category
            }, metadata: user.metadata)
        }
        let dave = try await env.running.register("dave")
        _ = try await env.messaging.createReport(
          .with {
            $0.postID = post.id; $0.category = .other; $0.details = "illegal"
          }, metadata: dave.metadata)
        // The author deletes it before anyone looks: the moderators still read what it said.
        _ = try await env.messaging.deletePost(.with { $0.id = post.id }, metadata: env.ana.metadata)
        let queue = try await Self.cases(env, .post, as: admin)
        #expect(queue.count == 1)
        #expect(queue[0].reportCount == 3 && queue[0].categories == [.spam, .other])
        #expect(queue[0].contentText == "DM me for cheap steroids" && queue[0].contentRemoved)
        #expect(Set(queue[0].reports.map(\.reporter.username)) == ["ben", "cat", "dave"])
        // A deleted post can no longer be reported.
        let late = await rpcError {
          _ = try await env.messaging.createReport(
            .with {
              $0.postID = post.id; $0.category = .spam
            }, metadata: admin.metadata)
        }
        #expect(late?.code == .notFound)
      }
    }

    @Test func aPostIsReportedOnlyBySomeoneWhoMaySeeIt() async throws {
      try await MessagingFixture.run { env in
        let post = try await env.messaging.createPost(.with { $0.text = "leg day" }, metadata: env.ana.metadata).post
        _ = try await env.messaging.blockUser(.with { $0.userID = env.cat.id }, metadata: env.ana.metadata)
        let blocked = await rpcError {
          _ = try await env.messaging.createReport(
            .with {
              $0.postID = post.id; $0.category = .spam
            }, metadata: env.cat.metadata)
        }
        #expect(blocked?.code == .notFound && blocked?.message == "no post with id \(post.id)")
        let own = await rpcError {
          _ = try await env.messaging.createReport(
            .with {
              $0.postID = post.id; $0.category = .spam
            }, metadata: env.ana.metadata)
        }
        #expect(own?.code == .failedPrecondition)
        _ = try await env.messaging.createReport(
          .with {
            $0.postID = post.id; $0.category = .spam
          }, metadata: env.ben.metadata)
      }
    }

    @Test func aRoomMessageIsReportedByMembersAndRemovalTellsEveryReporterAndScrubsTheLog() async throws {
      try await MessagingFixture.run { env in
        let admin = try await env.running.makeAdmin()
        let room = try await env.messaging.createRoom(.with { $0.name = "Powerlifting" }, metadata: env.ana.metadata).room
        _ = try await env.messaging.joinRoom(.with { $0.roomID = room.id }, metadata: env.ben.metadata)
        _ = try await env.messaging.joinRoom(.with { $0.roomID = room.id }, metadata: env.cat.metadata)
        let (benStream, benCursor) = try await OpenStream.live(env, env.ben)
        let hate = try await env.messaging.postRoomMessage(
          .with {
            $0.roomID = room.id; $0.text = "people like you should not lift"
          }, metadata: env.ana.metadata
        ).message
        #expect(try await benStream.wait { $0.contains { $0.message.id == hate.id } })

        let dave = try await env.running.register("dave")
        let notMember = await rpcError { _ = try await Self.report(env, message: hate.id, .hate, as: dave) }
        #expect(notMember?.code == .notFound)
        let benReport = try await Self.report(env, message: hate.id, .hate, as: env.ben)
        let catReport = try await Self.report(env, message: hate.id, .harassment, as: env.cat)
        let queue = try await Self.cases(env, .roomMessage, as: admin)
        #expect(queue.map(\.targetID) == [hate.id] && queue[0].roomID == room.id && queue[0].reportCount == 2)

        let resolved = try await env.messaging.resolveReportCase(
          .with {
            $0.caseID = queue[0].id; $0.action = .remove; $0.reason = "hate speech"
          }, metadata: admin.metadata)
        #expect(resolved.reportersNotified == 2)
        #expect(resolved.reportCase.resolution == .remove && resolved.reportCase.contentRemoved)
        #expect(resolved.reportCase.resolutionReason == "hate speech")

        // Everyone in the room sees it deleted; the queue is empty; it cannot be resolved twice.
        let messages = try await env.messaging.listRoomMessages(.with { $0.roomID = room.id }, metadata: env.cat.metadata).messages
        #expect(messages.map(\.id) == [hate.id] && messages[0].deleted && messages[0].text.isEmpty)
        #expect(try await Self.cases(env, as: admin).isEmpty)
        let twice = await rpcError {
          _ = try await env.messaging.resolveReportCase(
            .with {
              $0.caseID = queue[0].id; $0.action = .dismiss; $0.reason = "again"
            }, metadata: admin.metadata)
        }
        #expect(twice?.code == .failedPrecondition)

        // Both reporters are told, live and in their lists, about their own report.
        let told = try await benStream.wait {
          $0.contains { $0.kind == .notification && $0.notification.kind == "report-reviewed" && $0.notification.reference == benReport.id }
        }
        #expect(told)
        #expect(try await benStream.wait { $0.contains { $0.kind == .roomMessage && $0.message.id == hate.id && $0.message.deleted } })
        let last = benStream.received.map(\.id).max() ?? 0
        await benStream.close()
        let catNotes = try await env.messaging.listNotifications(.init(), metadata: env.cat.metadata).notifications
        #expect(catNotes.map(\.reference) == [catReport.id])
        #expect(catNotes.first?.title == "Your report was reviewed" && catNotes.first?.body.hasPrefix("We removed the message") == true)

        let replayed = try await OpenStream.replay(env, env.ben, after: benCursor) { $0.contains { $0.id >= last } }
        #expect(!replayed.contains { $0.message.text.contains("should not lift") })
        #expect(replayed.contains { $0.kind == .roomMessage && $0.message.id == hate.id && $0.message.deleted })
      }
    }

    @Test func aRemovedMessagesAttachmentStaysEvidenceForModeratorsOnly() async throws {
      try await MessagingFixture.run { env in
        let admin = try await env.running.makeAdmin()
        let photo = try await upload(env.messaging, jpeg(size: 2000), filename: "flyer.jpg", as: env.ana)
        let sent = try await env.messaging.sendDirectMessage(
          .with {
            $0.userID = env.ben.id; $0.attachmentIds = [photo.id]
          }, metadata: env.ana.metadata
        ).message
        _ = try await Self.report(env, message: sent.id, .nudity, as: env.ben)
        let reportCase = try #require(try await Self.cases(env, as: admin).first)
        #expect(reportCase.contentAttachments.map(\.id) == [photo.id] && reportCase.contentAttachments[0].filename == "flyer.jpg")
        _ = try await env.messaging.resolveReportCase(
          .with {
            $0.caseID = reportCase.id; $0.action = .remove; $0.reason = "explicit image"
          }, metadata: admin.metadata)
        let ben = await rpcError { _ = try await download(env.messaging, photo.id, as: env.ben) }
        #expect(ben?.code == .notFound)
        let (_, bytes) = try await download(env.messaging, photo.id, as: admin)
        #expect(bytes == jpeg(size: 2000))
      }
    }

    @Test func adminDeletionClosesOpenReportsAndDismissalKeepsTheContent() async throws {
      try await MessagingFixture.run { env in
        let admin = try await env.running.makeAdmin()
        let post = try await env.messaging.createPost(.with { $0.text = "my honest gym review" }, metadata: env.ana.metadata).post
        let dm = try await env.messaging.sendDirectMessage(
          .with {
            $0.userID = env.ben.id; $0.text = "buy followers here"
          }, metadata: env.ana.metadata
        ).message
        _ = try await env.messaging.createReport(
          .with {
            $0.postID = post.id; $0.category = .other
          }, metadata: env.ben.metadata)
        _ = try await Self.report(env, message: dm.id, .spam, as: env.ben)

        let postCase = try #require(try await Self.cases(env, .post, as: admin).first)
        _ = try await env.messaging.resolveReportCase(
          .with {
            $0.caseID = postCase.id; $0.action = .dismiss; $0.reason = "an opinion, allowed"
          }, metadata: admin.metadata)
        #expect(try await env.messaging.listUserPosts(.with { $0.userID = env.ana.id }, metadata: env.cat.metadata).posts.map(\.id) == [post.id])

        // DeleteMessage without going through the queue still closes the case on it.
        _ = try await env.messaging.deleteMessage(
          .with {
            $0.id = dm.id; $0.reason = "spam"
          }, metadata: admin.metadata)
        #expect(try await Self.cases(env, as: admin).isEmpty)
        let notes = try await env.messaging.listNotifications(.init(), metadata: env.ben.metadata).notifications
        #expect(
          notes.filter { $0.kind == "report-reviewed" }.map(\.body) == [
            "We removed the message you reported. Thank you for telling us.",
            "We looked at the post you reported and found it within our rules. Thank you for telling us.",
          ])
        // After a resolution the same target may be reported again: a new case.
        _ = try await env.messaging.createReport(
          .with {
            $0.postID = post.id; $0.category = .spam
          }, metadata: env.ben.metadata)
        #expect(try await Self.cases(env, .post, as: admin).map(\.id).allSatisfy { $0 != postCase.id })
      }
    }

    @Test func aReportedUserIsRemovedOnlyOnceAuthHasBannedThem() async throws {
      try await MessagingFixture.run { env in
        let admin = try await env.running.makeAdmin()
        _ = try await env.running.auth.updateProfile(
          .with {
            $0.profile.bio = "I hate beginners"; $0.updateMask = .with { $0.paths = ["bio"] }
          }, metadata: env.ana.metadata)
        let filed = try await env.messaging.createReport(
          .with {
            $0.userID = env.ana.id; $0.category = .hate
          }, metadata: env.ben.metadata
        ).report
        #expect(filed.kind == .user)
        let me = await rpcError {
          _ = try await env.messaging.createReport(
            .with {
              $0.userID = env.ben.id; $0.category = .spam
            }, metadata: env.ben.metadata)
        }
        #expect(me?.code == .failedPrecondition && me?.message == "you cannot report yourself")
        let nobody = await rpcError {
          _ = try await env.messaging.createReport(
            .with {
              $0.userID = "0190aaaa-0000-7000-8000-000000000000"; $0.category = .spam
            }, metadata: env.ben.metadata)
        }
        #expect(nobody?.code == .notFound)

        let userCase = try #require(try await Self.cases(env, .user, as: admin).first)
        #expect(userCase.targetUser.username == "ana" && userCase.contentText.contains("bio: I hate beginners"))
        let notBanned = await rpcError {
          _ = try await env.messaging.resolveReportCase(
            .with {
              $0.caseID = userCase.id; $0.action = .remove; $0.reason = "hateful profile"
            }, metadata: admin.metadata)
        }
        #expect(notBanned?.code == .failedPrecondition)
        #expect(notBanned?.message.contains("gymctl users ban \(env.ana.id)") == true)
        _ = try await env.running.auth.banUser(
          .with {
            $0.userID = env.ana.id; $0.reason = "hateful profile"
          }, metadata: admin.metadata)
        let resolved = try await env.messaging.resolveReportCase(
          .with {
            $0.caseID = userCase.id; $0.action = .remove; $0.reason = "hateful profile"
          }, metadata: admin.metadata)
        #expect(resolved.reportersNotified == 1)
        let note = try await env.messaging.listNotifications(.init(), metadata: env.ben.metadata).notifications.first
        #expect(note?.reference == filed.id && note?.body == "We took action on the account you reported. Thank you for telling us.")
      }
    }

    @Test func badReportsAreRefusedSayingWhatToFix() async throws {
      try await MessagingFixture.run { env in
        let post = try await env.messaging.createPost(.with { $0.text = "rest day" }, metadata: env.ana.metadata).post
        let noCategory = await rpcError { _ = try await env.messaging.createReport(.with { $0.postID = post.id }, metadata: env.ben.metadata) }
        #expect(noCategory?.code == .invalidArgument && noCategory?.fieldViolations.map(\.field) == ["category"])
        let noTarget = await rpcError { _ = try await env.messaging.createReport(.with { $0.category = .spam }, metadata: env.ben.metadata) }
        #expect(noTarget?.fieldViolations.map(\.field) == ["target"])
        // 1,000 characters fit; 1,001 do not; nor do 1,000 characters of 9 bytes each.
        _ = try await env.messaging.createReport(
          .with {
            $0.postID = post.id; $0.category = .other; $0.details = String(repeating: "a", count: 1000)
          }, metadata: env.ben.metadata)
        for details in [String(repeating: "a", count: 1001), String(repeating: "e\u{301}\u{301}\u{301}\u{301}", count: 1000)] {
          let long = await rpcError {
            _ = try await env.messaging.createReport(
              .with {
                $0.postID = post.id; $0.category = .other; $0.details = details
              }, metadata: env.cat.metadata)
          }
          #expect(long?.code == .invalidArgument && long?.fieldViolations.map(\.field) == ["details"], "\(String(describing: long))")
        }
      }
    }

    @Test func aReporterPastTheDailyAllowanceIsToldWhenToTryAgain() async throws {
      try await MessagingFixture.run(reportsPerDay: 2) { env in
        var posts: [String] = []
        for index in 0..<3 {
          posts.append(try await env.messaging.createPost(.with { $0.text = "ad \(index)" }, metadata: env.ana.metadata).post.id)
        }
        for id in posts.prefix(2) {
          _ = try await env.messaging.createReport(
            .with {
              $0.postID = id; $0.category = .spam
            }, metadata: env.ben.metadata)
        }
        let third = await rpcError {
          _ = try await env.messaging.createReport(
            .with {
              $0.postID = posts[2]; $0.category = .spam
            }, metadata: env.ben.metadata)
        }
        #expect(third?.code == .resourceExhausted)
        #expect(third?.message.contains("2 reports in the last 24 hours") == true, "\(String(describing: third))")
        // A retry of one already filed hears that, not the allowance; others are unaffected.
        let retry = await rpcError {
          _ = try await env.messaging.createReport(
            .with {
              $0.postID = posts[0]; $0.category = .spam
            }, metadata: env.ben.metadata)
        }
        #expect(retry?.code == .alreadyExists)
        _ = try await env.messaging.createReport(
          .with {
            $0.postID = posts[2]; $0.category = .spam
          }, metadata: env.cat.metadata)
      }
    }

    @Test func onlyAdministratorsReadAndResolveTheQueueWhichPagesOldestFirst() async throws {
      try await MessagingFixture.run { env in
        let admin = try await env.running.makeAdmin()
        var posts: [String] = []
        for index in 0..<3 {
          let post = try await env.messaging.createPost(.with { $0.text = "post \(index)" }, metadata: env.ana.metadata).post
          _ = try await env.messaging.createReport(
            .with {
              $0.postID = post.id; $0.category = .spam
            }, metadata: env.ben.metadata)
          posts.append(post.id)
        }
        let member = await rpcError { _ = try await env.messaging.listReportCases(.init(), metadata: env.ben.metadata) }
        #expect(member?.code == .permissionDenied)
        let resolve = await rpcError {
          _ = try await env.messaging.resolveReportCase(
            .with {
              $0.caseID = "x"; $0.action = .dismiss; $0.reason = "r"
            }, metadata: env.ben.metadata)
        }
        #expect(resolve?.code == .permissionDenied)

        let first = try await env.messaging.listReportCases(.with { $0.pageSize = 2 }, metadata: admin.metadata)
        let second = try await env.messaging.listReportCases(
          .with {
            $0.pageSize = 2; $0.pageToken = first.nextPageToken
          }, metadata: admin.metadata)
        #expect((first.cases + second.cases).map(\.targetID) == posts)
        #expect(second.nextPageToken.isEmpty)
        let forged = await rpcError { _ = try await env.messaging.listReportCases(.with { $0.pageToken = "MTI.x" }, metadata: admin.metadata) }
        #expect(forged?.fieldViolations.map(\.field) == ["page_token"])
        let unknown = await rpcError {
          _ = try await env.messaging.resolveReportCase(
            .with {
              $0.caseID = "nope"; $0.action = .dismiss; $0.reason = "r"
            }, metadata: admin.metadata)
        }
        #expect(unknown?.code == .notFound)
        let noAction = await rpcError {
          _ = try await env.messaging.resolveReportCase(
            .with {
              $0.caseID = first.cases[0].id; $0.reason = "r"
            }, metadata: admin.metadata)
        }
        #expect(noAction?.fieldViolations.map(\.field) == ["action"])
      }
    }

    @Test func deletingAnAccountRemovesTheReportsAboutItAndThoseItFiled() async throws {
      try await MessagingFixture.run { env in
        let admin = try await env.running.makeAdmin()
        let anaPost = try await env.messaging.createPost(.with { $0.text = "ana's post" }, metadata: env.ana.metadata).post
        let benPost = try await env.messaging.createPost(.with { $0.text = "ben's post" }, metadata: env.ben.metadata).post
        let catPost = try await env.messaging.createPost(.with { $0.text = "cat's post" }, metadata: env.cat.metadata).post
        _ = try await env.messaging.createReport(
          .with {
            $0.postID = anaPost.id; $0.category = .spam
          }, metadata: env.cat.metadata)
        _ = try await env.messaging.createReport(
          .with {
            $0.userID = env.ana.id; $0.category = .spam
          }, metadata: env.cat.metadata)
        _ = try await env.messaging.createReport(
          .with {
            $0.postID = benPost.id; $0.category = .spam
          }, metadata: env.ana.metadata)
        _ = try await env.messaging.createReport(
          .with {
            $0.postID = catPost.id; $0.category = .spam
          }, metadata: env.ana.metadata)
        _ = try await env.messaging.createReport(
          .with {
            $0.postID = catPost.id; $0.category = .spam
          }, metadata: env.ben.metadata)
        let (catStream, catCursor) = try await OpenStream.live(env, env.cat)
        let dm = try await env.messaging.sendDirectMessage(
          .with {
            $0.userID = env.cat.id; $0.text = "ana's words"
          }, metadata: env.ana.metadata
        ).message
        #expect(try await catStream.wait { $0.contains { $0.message.id == dm.id } })
        await catStream.close()

        _ = try await env.running.auth.deleteAccount(.with { $0.password = "violet staircase under a quiet harbour" }, metadata: env.ana.metadata)
        let purged = try await eventually {
          try await env.running.ops.getInfo(.init()).outbox.first { $0.destination == "messaging" } == nil
        }
        #expect(purged)
        // Left: only cat's post, reported by ben (ana's report on it went with her).
        let left = try await Self.cases(env, as: admin)
        #expect(left.map(\.targetID) == [catPost.id])
        #expect(left.first?.reports.map(\.reporter.username) == ["ben"])
        // Her message is gone from cat's log too: a replay from before it no longer has it.
        _ = try await env.messagingInternal.notify(
          .with {
            $0.userID = env.cat.id; $0.kind = "test-end"; $0.title = "end"
          })
        let replayed = try await OpenStream.replay(env, env.cat, after: catCursor) { $0.contains { $0.notification.kind == "test-end" } }
        #expect(!replayed.contains { $0.message.id == dm.id })
      }
    }
  }
}
