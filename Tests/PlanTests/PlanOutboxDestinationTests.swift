import GymService
import GymStore
import Testing

@testable import GymPlan

/// Plan's store names its outbox destinations without the manifest (no gRPC in a store);
/// they must be the manifest's services that plan calls.
@Suite struct PlanOutboxDestinationTests {
  @Test func plansOutboxDestinationsAreTheManifestsPeers() {
    #expect(Outbox.Destination.catalog == PlatformManifest.catalog.outboxDestination)
    #expect(Outbox.Destination.messaging == PlatformManifest.messaging.outboxDestination)
    #expect(PlatformManifest.plan.calls.contains(PlatformManifest.catalog.name))
    #expect(PlatformManifest.plan.calls.contains(PlatformManifest.messaging.name))
    #expect(Outbox.Destination.auth == PlatformManifest.auth.outboxDestination)
    #expect(Outbox.Destination.places == PlatformManifest.places.outboxDestination)
    #expect(PlatformManifest.plan.calls.contains(PlatformManifest.auth.name))
    #expect(PlatformManifest.plan.calls.contains(PlatformManifest.places.name))
  }
}
