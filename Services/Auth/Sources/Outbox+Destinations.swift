import GymService
import GymStore

/// The services auth's outbox and data export name, as the platform manifest supplies
/// them (GymStore holds no list of services).
extension Outbox.Destination {
  static let catalog = PlatformManifest.catalog.outboxDestination
  static let plan = PlatformManifest.plan.outboxDestination
  static let messaging = PlatformManifest.messaging.outboxDestination
  static let places = PlatformManifest.places.outboxDestination
}
