import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import Testing

/// Gyms to talk about: a place's room, made on first use from gym-places, and reviews by
/// the members whose home gym it is, whose count and average gym-places shows with the
/// place (through messaging's outbox). Messaging, auth and places run in process.
@Suite struct PlaceTests {
  typealias Env = MessagingFixture.Env

  static func addGym(_ env: Env, admin: MessagingFixture.User) async throws -> Gym_Places_V1_Place {
    let places = try #require(env.places)
    return try await places.createPlace(
      .with {
        $0.place.name = "Iron Works"
        $0.place.kind = .gym
        $0.place.location = .with {
          $0.latitude = 51.5; $0.longitude = -0.12
        }
        $0.place.address.city = "London"
        $0.place.timeZone = "Europe/London"
      }, metadata: admin.metadata
    ).place
  }

  static func setHomeGym(_ placeID: String, of user: MessagingFixture.User, _ env: Env) async throws {
    _ = try await env.running.auth.updateProfile(
      .with {
        $0.profile.homeGymID = placeID; $0.updateMask = .with { $0.paths = ["home_gym_id"] }
      }, metadata: user.metadata)
  }

  @discardableResult
  static func review(
    _ placeID: String, _ stars: Int32, _ text: String = "", as user: MessagingFixture.User, _ env: Env
  ) async throws -> Gym_Messaging_V1_PlaceReview {
    try await env.messaging.reviewPlace(
      .with {
        $0.placeID = placeID; $0.stars = stars; $0.text = text
      }, metadata: user.metadata
    ).review
  }

  /// What gym-places shows once messaging's outbox delivered `count` reviews (polled:
  /// the outbox delivers after the write answered).
  static func placeShows(_ place: Gym_Places_V1_Place, count: Int32, average: Double, _ env: Env, as user: MessagingFixture.User)
    async throws -> Bool
  {
    let places = try #require(env.places)
    return try await eventually(within: .seconds(30)) {
      let shown = try await places.getPlace(.with { $0.id = place.id }, metadata: user.metadata).place
      return shown.reviewCount == count && shown.ratingAverage == average
    }
  }

  @Test func aPlaceHasOneRoomMadeOnFirstUseThatOnlyAdminsClose() async throws {
    try await MessagingFixture.run(places: true) { env in
      let admin = try await env.running.makeAdmin()
      let place = try await Self.addGym(env, admin: admin)

      let first = try await env.messaging.getPlaceRoom(.with { $0.placeID = place.id }, metadata: env.ana.metadata).room
      #expect(first.placeID == place.id && first.name == "Iron Works" && first.topic == "Iron Works, London")
      #expect(!first.hasOwner && first.memberCount == 0 && !first.joined)
      // Everyone asking gets the same room, made once.
      let again = try await env.messaging.getPlaceRoom(.with { $0.placeID = place.id }, metadata: env.ben.metadata).room
      #expect(again.id == first.id)
      let listed = try await env.messaging.listRooms(.with { $0.placeID = place.id }, metadata: env.cat.metadata).rooms
      #expect(listed.map(\.id) == [first.id])

      // A room like any other: members join and talk.
      _ = try await env.messaging.joinRoom(.with { $0.roomID = first.id }, metadata: env.ana.metadata)
      _ = try await env.messaging.postRoomMessage(
        .with {
          $0.roomID = first.id; $0.text = "Squat racks free at 7?"
        }, metadata: env.ana.metadata)
      let joined = try await env.messaging.getPlaceRoom(.with { $0.placeID = place.id }, metadata: env.ana.metadata).room
      #expect(joined.joined && joined.memberCount == 1)
      // Counted against no one's rooms; no member owns it to close it.
      let closing = await rpcError { _ = try await env.messaging.closeRoom(.with { $0.roomID = first.id }, metadata: env.ana.metadata) }
      #expect(closing?.code == .permissionDenied)
      let closed = try await env.messaging.closeRoom(.with { $0.roomID = first.id }, metadata: admin.metadata).room
      #expect(closed.closed)

      // No such place, or none named: said so.
      let unknown = await rpcError { _ = try await env.messaging.getPlaceRoom(.with { $0.placeID = "nope" }, metadata: env.ana.metadata) }
      #expect(unknown?.code == .notFound && unknown?.message.contains("place_id") == true)
      let empty = await rpcError { _ = try await env.messaging.getPlaceRoom(.init(), metadata: env.ana.metadata) }
      #expect(empty?.fieldViolations.map(\.field) == ["place_id"])
    }
  }

  @Test func withoutPlacesARoomOrReviewOfAPlaceIsUnavailable() async throws {
    try await MessagingFixture.run { env in
      let room = await rpcError { _ = try await env.messaging.getPlaceRoom(.with { $0.placeID = "p1" }, metadata: env.ana.metadata) }
      #expect(room?.code == .unavailable && room?.message.contains("GYM_PLACES_ADDR") == true)
      try await Self.setHomeGym("p1", of: env.ana, env)
      let review = await rpcError { try await Self.review("p1", 5, as: env.ana, env) }
      #expect(review?.code == .unavailable)
    }
  }

  @Test func homeGymMembersReviewAndThePlaceShowsTheirCountAndAverage() async throws {
    try await MessagingFixture.run(places: true) { env in
      let admin = try await env.running.makeAdmin()
      let place = try await Self.addGym(env, admin: admin)

      // Only a member whose profile names the place as their home gym.
      let stranger = await rpcError { try await Self.review(place.id, 5, as: env.ana, env) }
      #expect(stranger?.code == .failedPrecondition && stranger?.message.contains("home_gym_id") == true)
      for user in [env.ana, env.ben, env.cat] { try await Self.setHomeGym(place.id, of: user, env) }
      let bad = await rpcError { try await Self.review(place.id, 6, String(repeating: "x", count: 1001), as: env.ana, env) }
      #expect(Set(bad?.fieldViolations.map(\.field) ?? []) == ["stars", "text"])

      let anas = try await Self.review(place.id, 5, "  Great racks, friendly staff.  ", as: env.ana, env)
      #expect(anas.stars == 5 && anas.text == "Great racks, friendly staff." && anas.author.username == "ana")
      try await Self.review(place.id, 4, as: env.ben, env)
      // Two reviews: counted, no average yet.
      #expect(try await Self.placeShows(place, count: 2, average: 0, env, as: env.ana))
      try await Self.review(place.id, 4, "Busy at six.", as: env.cat, env)
      #expect(try await Self.placeShows(place, count: 3, average: 4.3, env, as: env.ana))
      // Also on searches nearby.
      let found = try await #require(env.places).searchNearby(
        .with {
          $0.location = place.location
        }, metadata: env.ana.metadata
      ).results
      #expect(found.first?.place.reviewCount == 3 && found.first?.place.ratingAverage == 4.3)

      // A rewrite replaces the review (still one per member).
      let rewritten = try await Self.review(place.id, 2, "Too crowded now.", as: env.ana, env)
      #expect(rewritten.id == anas.id && rewritten.stars == 2)
      #expect(try await Self.placeShows(place, count: 3, average: 3.3, env, as: env.ben))
      let listed = try await env.messaging.listPlaceReviews(.with { $0.placeID = place.id }, metadata: env.ben.metadata)
      #expect(listed.reviews.map(\.author.username) == ["ana", "cat", "ben"])
      #expect(listed.mine.author.username == "ben" && listed.mine.stars == 4)

      // Moving gyms keeps the review; deleting it takes it out of the figures.
      try await Self.setHomeGym("", of: env.ben, env)
      _ = try await env.messaging.deletePlaceReview(.with { $0.placeID = place.id }, metadata: env.ben.metadata)
      #expect(try await Self.placeShows(place, count: 2, average: 0, env, as: env.ana))
      let none = await rpcError { _ = try await env.messaging.deletePlaceReview(.with { $0.placeID = place.id }, metadata: env.ben.metadata) }
      #expect(none?.code == .notFound)
      // And writing one again needs the home gym again.
      let moved = await rpcError { try await Self.review(place.id, 5, as: env.ben, env) }
      #expect(moved?.code == .failedPrecondition)
    }
  }

  @Test func reviewsHonourBlocksBansAReportsRemovalAndErasure() async throws {
    try await MessagingFixture.run(places: true) { env in
      let admin = try await env.running.makeAdmin()
      let place = try await Self.addGym(env, admin: admin)
      let dan = try await env.running.register("dan")
      for user in [env.ana, env.ben, env.cat, dan] { try await Self.setHomeGym(place.id, of: user, env) }
      try await Self.review(place.id, 5, as: env.ana, env)
      try await Self.review(place.id, 5, as: env.ben, env)
      let cats = try await Self.review(place.id, 1, "Worst gym in town, the owner is a", as: env.cat, env)
      try await Self.review(place.id, 3, as: dan, env)
      #expect(try await Self.placeShows(place, count: 4, average: 3.5, env, as: env.ana))

      // A block either way hides the other's review from the list (not from the figures).
      _ = try await env.messaging.blockUser(.with { $0.userID = env.ben.id }, metadata: env.ana.metadata)
      @Sendable func authors(as user: MessagingFixture.User) async throws -> Set<String> {
        Set(try await env.messaging.listPlaceReviews(.with { $0.placeID = place.id }, metadata: user.metadata).reviews.map(\.author.username))
      }
      #expect(try await authors(as: env.ana) == ["ana", "cat", "dan"])
      #expect(try await authors(as: env.ben) == ["ben", "cat", "dan"])

      // Reported and removed: hidden for everyone, out of the figures, and not to be
      // written again by its author.
      _ = try await env.messaging.createReport(
        .with {
          $0.placeReviewID = cats.id; $0.category = .harassment
        }, metadata: env.ana.metadata)
      let own = await rpcError {
        _ = try await env.messaging.createReport(
          .with {
            $0.placeReviewID = cats.id; $0.category = .spam
          }, metadata: env.cat.metadata)
      }
      #expect(own?.code == .failedPrecondition && own?.message.contains("your own review") == true)
      let queue = try await env.messaging.listReportCases(.with { $0.kind = .placeReview }, metadata: admin.metadata).cases
      #expect(queue.count == 1 && queue.first?.targetUser.userID == env.cat.id)
      #expect(queue.first?.contentText.contains("Worst gym in town") == true)
      let resolved = try await env.messaging.resolveReportCase(
        .with {
          $0.caseID = queue[0].id; $0.action = .remove; $0.reason = "insults staff"
        }, metadata: admin.metadata)
      #expect(resolved.reportCase.contentRemoved && resolved.reportersNotified == 1)
      #expect(try await Self.placeShows(place, count: 3, average: 4.3, env, as: env.ana))
      #expect(try await authors(as: dan) == ["ana", "ben", "dan"])
      let rewrite = await rpcError { try await Self.review(place.id, 5, as: env.cat, env) }
      #expect(rewrite?.code == .failedPrecondition && rewrite?.message.contains("moderator") == true)
      let delete = await rpcError { _ = try await env.messaging.deletePlaceReview(.with { $0.placeID = place.id }, metadata: env.cat.metadata) }
      #expect(delete?.code == .failedPrecondition)
      // Its author still sees it as theirs, with no one else.
      let mine = try await env.messaging.listPlaceReviews(.with { $0.placeID = place.id }, metadata: env.cat.metadata)
      #expect(mine.mine.id == cats.id && !mine.reviews.contains { $0.id == cats.id })

      // A ban hides the banned author's review and takes it out of the figures; its end
      // brings it back.
      _ = try await env.messagingLifecycle.setUserStanding(
        .with {
          $0.userID = dan.id; $0.banned = true; $0.sequence = 100
        })
      #expect(try await Self.placeShows(place, count: 2, average: 0, env, as: env.ana))
      #expect(try await authors(as: env.cat) == ["ana", "ben"])
      _ = try await env.messagingLifecycle.setUserStanding(
        .with {
          $0.userID = dan.id; $0.banned = false; $0.sequence = 101
        })
      #expect(try await Self.placeShows(place, count: 3, average: 4.3, env, as: env.ana))

      // A member's copy of their data holds their reviews.
      let exported = try await exportedRows(env.messagingLifecycle, of: env.ben.id, table: "place_reviews")
      #expect(exported.contains(place.id) && exported.contains("\"stars\":5"), "\(exported)")

      // An erased account's review goes, and the figures are counted without it.
      _ = try await env.messagingLifecycle.purgeUser(.with { $0.userID = env.ben.id })
      #expect(try await Self.placeShows(place, count: 2, average: 0, env, as: env.ana))
      #expect(try await authors(as: env.cat) == ["ana", "dan"])
    }
  }

  @Test func aMemberHoldsAtMostTheAllowedReviewsAndRewritingIsFree() async throws {
    try await MessagingFixture.run(places: true, configure: { $0.placeReviewsPerUser = 1 }) { env in
      let admin = try await env.running.makeAdmin()
      let first = try await Self.addGym(env, admin: admin)
      let second = try await Self.addGym(env, admin: admin)
      try await Self.setHomeGym(first.id, of: env.ana, env)
      try await Self.review(first.id, 4, as: env.ana, env)
      try await Self.setHomeGym(second.id, of: env.ana, env)
      let more = await rpcError { try await Self.review(second.id, 5, as: env.ana, env) }
      #expect(more?.code == .resourceExhausted && more?.message.contains("you hold 1 place reviews") == true)
      // Back at the first gym, the one held is rewritten.
      try await Self.setHomeGym(first.id, of: env.ana, env)
      #expect(try await Self.review(first.id, 5, as: env.ana, env).stars == 5)
    }
  }
}
