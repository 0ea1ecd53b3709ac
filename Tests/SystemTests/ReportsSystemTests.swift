import Foundation
import GRPCCore
import GymAPI
import GymCtl
import GymService
import GymTesting
import Testing

extension SystemTests {
  /// A moderator's queue on a running stack: members report a direct message, a post and
  /// a user through the gateway; the operator lists them by kind with gymctl, removes the
  /// message, dismisses the post, is sent to `users ban` for the user and then closes it;
  /// the reporters read that their reports were reviewed, and the message is gone. A
  /// review of a gym is listed as its own kind and removed like a post.
  @Test func gymctlReviewsReportsOfMessagesPostsAndUsers() async throws {
    // The members here cannot read the mail sink; reporting is what this test is about.
    try await Self.withStack(environment: ["GYM_REQUIRE_VERIFIED_EMAIL": "false"]) { supervisor, gateway in
      let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"
      let stack = ["--base-port", "\(supervisor.layout.basePort)", "--data-dir", supervisor.layout.dataDirectory]
      @Sendable func ctl(_ arguments: String...) async throws -> String {
        let (status, output, errors) = try await Self.runSeparately(gymctl, arguments + stack)
        #expect(status == 0, "gymctl \(arguments.joined(separator: " ")): \(errors)")
        return output
      }
      try await withClient(to: gateway) { client in
        let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
        let messaging = Gym_Messaging_V1_MessagingService.Client(wrapping: client)
        var members: [String: (id: String, metadata: Metadata)] = [:]
        for name in ["ana", "ben", "cat"] {
          let registered = try await auth.register(
            .with {
              $0.email = "\(name)@example.com"; $0.username = name; $0.password = "violet staircase under a quiet harbour"
              $0.acceptTerms = true; $0.termsVersion = "1"
            })
          members[name] = (registered.user.id, ["authorization": "Bearer \(registered.tokens.accessToken)"])
        }
        let ana = members["ana"]!, ben = members["ben"]!, cat = members["cat"]!

        let dm = try await messaging.sendDirectMessage(
          .with {
            $0.userID = ben.id; $0.text = "delete your account, loser"
          }, metadata: ana.metadata
        ).message
        let post = try await messaging.createPost(.with { $0.text = "my program beats yours" }, metadata: ana.metadata).post
        let dmReport = try await messaging.createReport(
          .with {
            $0.messageID = dm.id; $0.category = .harassment; $0.details = "he keeps writing"
          }, metadata: ben.metadata
        ).report
        _ = try await messaging.createReport(
          .with {
            $0.postID = post.id; $0.category = .spam
          }, metadata: cat.metadata)
        _ = try await messaging.createReport(
          .with {
            $0.userID = ana.id; $0.category = .harassment
          }, metadata: ben.metadata)

        // Per kind, oldest first, with what was said.
        let messages = try await ctl("reports", "list", "--kind", "message")
        #expect(messages.contains("harassment") && messages.contains("delete your account, loser") && !messages.contains(post.id), "\(messages)")
        let all = try #require(
          try JSONSerialization.jsonObject(with: Data(try await ctl("reports", "list", "--json").utf8)) as? [String: Any])
        let cases = try #require(all["cases"] as? [[String: Any]])
        #expect(cases.map { $0["kind"] as? String } == ["REPORT_KIND_DIRECT_MESSAGE", "REPORT_KIND_POST", "REPORT_KIND_USER"])
        let ids = cases.compactMap { $0["id"] as? String }
        #expect(try await ctl("reports", "list", "--kind", "post").contains(ids[1]))
        #expect(try await ctl("reports", "list", "--kind", "room-message").contains("no open reports"))

        // Removing the message: gone for both, the reporter told.
        let removed = try await ctl("reports", "resolve", ids[0], "--remove", "--reason", "harassment")
        #expect(removed.contains("removed message \(dm.id) of ana: 1 report closed, 1 reporter notified"), "\(removed)")
        let benView = try await messaging.listDirectMessages(.with { $0.peerUserID = ana.id }, metadata: ben.metadata).messages
        #expect(benView.first { $0.id == dm.id }.map { $0.deleted && $0.text.isEmpty } == true)
        let notes = try await messaging.listNotifications(.init(), metadata: ben.metadata).notifications
        #expect(notes.contains { $0.kind == "report-reviewed" && $0.reference == dmReport.id })

        // Dismissing the post leaves it up.
        #expect(try await ctl("reports", "resolve", ids[1], "--dismiss", "--reason", "rivalry, not spam").contains("dismissed post"))
        #expect(try await messaging.listUserPosts(.with { $0.userID = ana.id }, metadata: cat.metadata).posts.map(\.id) == [post.id])

        // A user is not removed here: the operator is sent to the ban, then closes the case.
        let (refusedStatus, _, refused) = try await Self.runSeparately(gymctl, ["reports", "resolve", ids[2], "--remove", "--reason", "abuse"] + stack)
        #expect(refusedStatus == 1 && refused.contains("gymctl users ban \(ana.id)") && refused.hasSuffix("(FAILED_PRECONDITION)\n"), "\(refused)")
        #expect(try await ctl("users", "ban", "ana", "--reason", "harassing members").contains("banned ana"))
        #expect(try await ctl("reports", "resolve", ids[2], "--remove", "--reason", "banned for harassment").contains("removed user"))
        #expect(try await ctl("reports", "list").contains("no open reports"))

        // A review of a gym, reported and removed like a post: its author's home gym is the
        // place an administrator added, and the place's figures follow the removal.
        let (created, createdOutput) = try await Self.run(
          gymctl, ["users", "create-admin", "--email", "mod@example.com", "--username", "mod"] + stack, input: Self.jsonPassword + "\n")
        try #require(created == 0, "\(createdOutput)")
        let admin = try await auth.login(
          .with {
            $0.identifier = "mod"; $0.password = Self.jsonPassword
          })
        let places = Gym_Places_V1_PlacesService.Client(wrapping: client)
        let place = try await places.createPlace(
          .with {
            $0.place = .with {
              $0.name = "Iron Works"; $0.kind = .gym; $0.timeZone = "Europe/London"; $0.openingHours = .with { $0.osm = "24/7" }
              $0.location = .with {
                $0.latitude = 51.5; $0.longitude = -0.12
              }
            }
          }, metadata: ["authorization": "Bearer \(admin.tokens.accessToken)"]
        ).place
        _ = try await auth.updateProfile(
          .with {
            $0.profile.homeGymID = place.id; $0.updateMask = .with { $0.paths = ["home_gym_id"] }
          }, metadata: cat.metadata)
        let review = try await messaging.reviewPlace(
          .with {
            $0.placeID = place.id; $0.stars = 1; $0.text = "the owner is a crook"
          }, metadata: cat.metadata
        ).review
        _ = try await messaging.createReport(
          .with {
            $0.placeReviewID = review.id; $0.category = .harassment
          }, metadata: ben.metadata)
        let reviews = try await ctl("reports", "list", "--kind", "place-review")
        #expect(reviews.contains("place-review") && reviews.contains("1 of 5 stars for place \(place.id)"), "\(reviews)")
        let reviewJSON = try await ctl("reports", "list", "--kind", "place-review", "--json")
        #expect(reviewJSON.contains("the owner is a crook"), "\(reviewJSON)")
        let reviewCase = try #require(
          (try JSONSerialization.jsonObject(with: Data(reviewJSON.utf8)) as? [String: Any])?["cases"] as? [[String: Any]])
        #expect(reviewCase.map { $0["kind"] as? String } == ["REPORT_KIND_PLACE_REVIEW"])
        let reviewCaseID = try #require(reviewCase.first?["id"] as? String)
        #expect(try await ctl("reports", "resolve", reviewCaseID, "--remove", "--reason", "a personal attack").contains("removed"))
        let listed = try await messaging.listPlaceReviews(.with { $0.placeID = place.id }, metadata: ben.metadata).reviews
        #expect(listed.isEmpty)

        // Both flags, or neither, is a usage error before anything is sent.
        let (bothStatus, _, both) = try await Self.runSeparately(gymctl, ["reports", "resolve", ids[0], "--remove", "--dismiss", "--reason", "x"] + stack)
        #expect(bothStatus != 0 && !both.isEmpty)
      }
    }
  }
}
