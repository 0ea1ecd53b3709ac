import GymStore

/// Where plan's own outbox sends its jobs: the peers it calls, by the names the platform
/// manifest gives them (the store imports no gRPC, so not the manifest itself;
/// `PlanOutboxDestinationTests` holds them to it).
extension Outbox.Destination {
  /// Saves of catalog programs (`program-saved`).
  static let catalog: Outbox.Destination = "catalog"
  /// Coaching notifications (`notification`).
  static let messaging: Outbox.Destination = "messaging"
  /// Coaching relations, for the trainers a public profile shows (`coaching`).
  static let auth: Outbox.Destination = "auth"
  /// Trainers' client counts and ratings, for their listings (`trainer-stats`).
  static let places: Outbox.Destination = "places"
}
