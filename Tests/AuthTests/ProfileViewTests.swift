import AuthTesting
import Foundation
import GRDB
import GymAPI
import GymService
import GymTesting
import Logging
import Testing

@testable import GymAuth

/// Profile views: counted apart from GetProfile, each viewer once per profile and day.
@Suite struct ProfileViewTests {
  let now = Date()

  func user(_ name: String) -> UserRecord {
    UserRecord(
      id: ID.make(), email: "\(name)@example.com", username: name, usernameKey: name, displayName: name, role: "member",
      passwordHash: "$scrypt$x", termsVersion: "1", termsAcceptedAt: now, createdAt: now, updatedAt: now)
  }

  func newStore() throws -> AuthStore {
    try AuthStore(path: try temporaryDirectory() + "/auth.sqlite", mailSeal: MailSeal(key: ServiceCredential.generate().derivedKey(purpose: "mail at rest")))
  }

  func create(_ store: AuthStore, _ name: String) async throws -> String {
    let session = AuthStore.NewSession(
      id: ID.make(), clientDescription: "phone", clientAddress: "127.0.0.1", createdAt: now, expiresAt: now.addingTimeInterval(3600),
      refreshToken: AuthService.newRefreshToken())
    return try await store.createUser(user(name), session: session).userID
  }

  func views(_ store: AuthStore, _ id: String) async throws -> Int {
    try await store.profile(id: id, username: nil, viewerID: nil, now: now)?.user.viewCount ?? -1
  }

  @Test func eachViewerCountsOncePerProfileAndDay() async throws {
    let store = try newStore()
    let star = try await create(store, "star")
    let fan = try await create(store, "fan")
    let other = try await create(store, "other")
    let today = ProfileViewCounter.day(of: now)
    let tomorrow = ProfileViewCounter.day(of: now.addingTimeInterval(86_400))
    func view(_ viewer: String, _ day: Int) -> AuthStore.ProfileView { .init(profileID: star, viewerID: viewer, day: day) }

    #expect(try await store.countViews([view(fan, today), view(other, today), view(star, today)]) == 2, "the owner's look is not a view")
    #expect(try await store.countViews([view(fan, today)]) == 0, "a second look the same day")
    #expect(try await views(store, star) == 2)
    #expect(try await store.countViews([view(fan, tomorrow)]) == 1)
    #expect(try await views(store, star) == 3)

    // A profile deleted before its views were counted takes nothing down with it.
    let gone = try await create(store, "gone")
    try await store.deleteAccount(userID: gone, purgeDestinations: [], now: now)
    #expect(try await store.countViews([.init(profileID: gone, viewerID: fan, day: today), view(other, tomorrow)]) == 1)

    // Who saw whom is kept two days, and goes with a deleted viewer.
    let pruned = try await store.prune(now: now.addingTimeInterval(3 * 86_400))
    #expect(pruned.profileViews == 2, "today's two rows; tomorrow's stay")
    try await store.deleteAccount(userID: fan, purgeDestinations: [], now: now)
    let left = try await store.writer.read { db in try String.fetchAll(db, sql: "SELECT viewer_id FROM profile_views") }
    #expect(left == [other])
    #expect(try await views(store, star) == 4, "counts stay when the rows behind them go")
  }

  @Test func theCounterBatchesLooksInBoundedMemory() async throws {
    let store = try newStore()
    let star = try await create(store, "star")
    let fans = [try await create(store, "fan_a"), try await create(store, "fan_b")]
    let counter = ProfileViewCounter(store: store, interval: .seconds(3600), capacity: 2, logger: Logger(label: "views"))
    for _ in 0..<50 { for fan in fans { counter.record(profileID: star, viewerID: fan, at: now) } }
    counter.record(profileID: star, viewerID: star, at: now)
    counter.record(profileID: star, viewerID: "third", at: now)  // past the capacity: dropped
    #expect(try await views(store, star) == 0, "nothing is written while reading")
    #expect(await counter.flush() == 2)
    #expect(try await views(store, star) == 2)
    #expect(await counter.flush() == 0)
  }

  /// Views noted but not yet counted when auth stops are counted on the way down: a
  /// flush interval far longer than the test leaves only the shutdown to count them.
  @Test func viewsNotedBeforeAShutdownAreCounted() async throws {
    let data = try temporaryDirectory("gym-auth")
    let owner = try await withRunningAuth(dataDirectory: data, configure: { $0.viewFlushInterval = .seconds(3600) }) { auth in
      let owner = try await auth.register("seen_sam")
      let viewer = try await auth.register("looking_lu")
      _ = try await auth.auth.getProfile(.with { $0.userID = owner.id }, metadata: viewer.metadata)
      #expect(try await auth.auth.getProfile(.with { $0.userID = owner.id }, metadata: owner.metadata).profile.viewCount == 0)
      return owner
    }
    let counted = try await withRunningAuth(dataDirectory: data) { auth in
      let login = try await auth.auth.login(
        .with {
          $0.identifier = "seen_sam"; $0.password = RunningAuth.password
        })
      return try await auth.auth.getProfile(.with { $0.userID = owner.id }, metadata: bearer(login.tokens.accessToken)).profile.viewCount
    }
    #expect(counted == 1)
  }
}
