import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymPlaces
import GymService
import GymTesting
import Logging
import Testing

/// Account deletion reaches places through auth's outbox, even when places is down
/// at the time of the deletion.
@Suite struct AccountPurgeTests {
  @Test func deletingAnAccountPurgesItsListingOnceThePlacesServiceIsBack() async throws {
    let placesPort = try freePort()
    let placesDirectory = try temporaryDirectory()
    try await withRunningAuth(outboxReceivers: ["places": HostPort(host: "127.0.0.1", port: placesPort)]) { running in
      let placesSettings = PlacesApp.Settings(
        common: CommonSettings(listen: HostPort(host: "127.0.0.1", port: placesPort), metricsListen: HostPort(host: "127.0.0.1", port: 0)),
        dataDirectory: placesDirectory, auth: running.address, credential: running.credential)
      let trainer = try await running.register("gone_trainer", role: .trainer)

      // 1. Places is up: the trainer lists themselves.
      let first = try await PlacesApp.build(placesSettings, logger: Logger(label: "places-1"))
      try await withRunningProcess(first) { address in
        try await withClient(to: address) { client in
          _ = try await Gym_Places_V1_PlacesService.Client(wrapping: client).upsertTrainerListing(
            .with {
              $0.listing = .with {
                $0.location = .with {
                  $0.latitude = 51.5; $0.longitude = -0.1
                }
                $0.pricePerSession = 30
                $0.currency = "GBP"
              }
            }, metadata: trainer.metadata)
        }
      }
      // 2. Places is down; the account is deleted; the purge waits in the outbox.
      _ = try await running.auth.deleteAccount(.with { $0.password = PlacesFixture.password }, metadata: trainer.metadata)
      // Wait for the worker to have tried (and failed) at least once.
      var pending = try await running.ops.getInfo(.init()).outbox.first { $0.destination == "places" }
      let tried = ContinuousClock.now + .seconds(5)
      while (pending?.maxAttempts ?? 0) < 1 && ContinuousClock.now < tried {
        try await Task.sleep(for: .milliseconds(50))
        pending = try await running.ops.getInfo(.init()).outbox.first { $0.destination == "places" }
      }
      #expect(pending?.pending == 1)
      #expect((pending?.maxAttempts ?? 0) >= 1)

      // 3. Places comes back: the purge is delivered and the listing is gone.
      let store = try PlacesStore(path: placesDirectory + "/places.sqlite")
      #expect(try await store.trainer(id: trainer.id) != nil)
      let second = try await PlacesApp.build(placesSettings, logger: Logger(label: "places-2"))
      try await withRunningProcess(second) { _ in
        // Auth's next try waits out its backoff (1 s doubling per failed attempt, and
        // more attempts fail while a loaded machine brings places back), and its channel
        // its own reconnect backoff: wait up to a minute; a delivery ends the wait at once.
        let deadline = ContinuousClock.now + .seconds(60)
        while try await store.trainer(id: trainer.id) != nil && ContinuousClock.now < deadline {
          try await Task.sleep(for: .milliseconds(50))
        }
        #expect(try await store.trainer(id: trainer.id) == nil)
        // The job leaves auth's outbox once places has answered, a moment after the purge.
        var left = try await running.ops.getInfo(.init()).outbox.first { $0.destination == "places" }
        while left != nil && ContinuousClock.now < deadline {
          try await Task.sleep(for: .milliseconds(50))
          left = try await running.ops.getInfo(.init()).outbox.first { $0.destination == "places" }
        }
        #expect(left == nil, "delivered jobs leave the outbox")
      }
    }
  }
}
