import GRPCCore
import GymAPI
import GymAuth
import GymCatalog
import GymGateway
import GymMessaging
import GymPlaces
import GymPlan
import GymService
import GymStore
import Testing

/// What each app reads and what the gateway routes follow from the manifest.
@Suite struct AppManifestTests {
  /// Each executable's configuration keys, by service name.
  static let keys: [String: [ConfigKey]] = [
    "auth": AuthApp.keys, "catalog": CatalogApp.keys, "plan": PlanApp.keys, "messaging": MessagingApp.keys,
    "places": PlacesApp.keys, "gateway": GatewayApp.keys,
  ]

  @Test func everyAppReadsTheAddressesOfExactlyTheServicesItCalls() {
    #expect(Set(Self.keys.keys) == Set(PlatformManifest.services.map(\.name)))
    for service in PlatformManifest.services {
      let names = (Self.keys[service.name] ?? []).map(\.name)
      #expect(peerNames(inKeys: names) == Set(service.calls), "\(service.name): address keys")
      #expect(names.contains(service.listenKeyName), "\(service.name): \(service.listenKeyName)")
      let listen = Self.keys[service.name]?.first { $0.name == service.listenKeyName }
      #expect(listen?.defaultValue == "127.0.0.1:\(PlatformManifest.basePort + service.portOffset)", "\(service.name): listen default")
    }
  }

  @Test func theGatewayRoutesExactlyThePublicServicesOfTheBackends() {
    let routed = Route.all.map { "\($0.backend) \($0.service.fullyQualifiedService)" }
    let published = PlatformManifest.backends.flatMap { backend in
      backend.publicServices.map { "\(backend.name) \($0.descriptor.fullyQualifiedService)" }
    }
    #expect(routed == published)
    let internalServices = Set(PlatformManifest.services.flatMap(\.internalServices))
    #expect(Route.all.allSatisfy { !internalServices.contains($0.service) }, "no internal service is routed")
    #expect(Route.longLived == Set(PlatformManifest.backends.flatMap { $0.publicServices.flatMap(\.longLived) }))
    #expect(!Route.longLived.isEmpty)
    for route in Route.all {
      #expect(Set(route.methods.map(\.service)) == [route.service], "\(route.service): methods of its own service")
    }
  }

  @Test func authsOutboxDeliversUserLifecycleJobsToTheManifestsDestinations() {
    let settings = AuthService.Settings()
    #expect(settings.lifecycleDestinations.map(\.rawValue) == ["catalog", "plan", "messaging", "places"])
    // Each destination serves the one lifecycle contract auth delivers to.
    for destination in PlatformManifest.lifecycleDestinations {
      #expect(destination.internalServices.contains(Gym_Common_V1_UserLifecycleInternal.descriptor), "\(destination.name)")
    }
    // Auth reads an address for each destination, and calls each.
    #expect(AuthApp.destinationAddresses.map(\.destination.name) == PlatformManifest.lifecycleDestinations.map(\.name))
    for destination in PlatformManifest.lifecycleDestinations {
      #expect(PlatformManifest.auth.calls.contains(destination.name), "auth calls \(destination.name)")
    }
  }

  /// gymctl's tasks, which the gateway relays with the credential: each is a method of the
  /// service that names it, and none is a user-lifecycle method (auth's outbox's alone).
  @Test func operatorMethodsAreTheirServicesOwnAndNoLifecycleMethod() {
    for service in PlatformManifest.services {
      let own = Set(service.publicServices.map(\.descriptor) + service.internalServices)
      for method in service.operatorMethods {
        #expect(own.contains(method.service), "\(method) is not a method of \(service.name)")
        #expect(method.service != Gym_Common_V1_UserLifecycleInternal.descriptor, "\(method) is a lifecycle method")
      }
    }
    #expect(PlatformManifest.auth.operatorMethods.contains(Gym_Auth_V1_AuthInternal.Method.CreateAdmin.descriptor))
  }

  @Test func theManifestsJSONListsEveryService() throws {
    let entries = PlatformManifest.entries
    #expect(entries.map(\.name) == ["auth", "catalog", "plan", "messaging", "places", "gateway"])
    #expect(Set(entries.map(\.port)).count == entries.count, "ports are distinct")
    for entry in entries {
      #expect(entry.calls.allSatisfy { PlatformManifest.service(named: $0) != nil && $0 != entry.name }, "\(entry.name) calls known services")
    }
  }
}
