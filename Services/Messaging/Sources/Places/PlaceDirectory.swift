import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymService
import Logging

/// What messaging asks gym-places: whether a place exists, and what to call its room.
public protocol PlaceDirectory: Sendable {
  /// Throws `MessagingError.unknownPlace` when places has no such place, a
  /// `DependencyError` when places cannot answer.
  func place(id: String) async throws -> PlaceSnapshot
}

public struct PlaceSnapshot: Sendable, Equatable {
  public var name: String
  public var city: String

  public init(name: String, city: String) {
    self.name = name
    self.city = city
  }
}

/// `gym.places.v1.PlacesInternal` with the service credential.
public struct PlacesPlaceDirectory: PlaceDirectory {
  private let client: Gym_Places_V1_PlacesInternal.Client<HTTP2ClientTransport.Posix>
  private let logger: Logger

  /// - Parameter client: a client to gym-places carrying the service credential.
  public init(client: GymGRPCClient, logger: Logger) {
    self.client = Gym_Places_V1_PlacesInternal.Client(wrapping: client)
    self.logger = logger
  }

  public func place(id: String) async throws -> PlaceSnapshot {
    do {
      let snapshot = try await client.getPlaceSnapshot(.with { $0.placeID = id }, options: .internalCall())
      return PlaceSnapshot(name: snapshot.name, city: snapshot.city)
    } catch let error as RPCError where error.code == .notFound || error.code == .invalidArgument {
      throw MessagingError.unknownPlace(id)
    } catch {
      throw DependencyError.from(error, dependency: "places", logger: logger)
    }
  }
}

/// No places configured: a place cannot be checked, so its room and reviews are refused
/// as places being unreachable.
public struct NoPlaceDirectory: PlaceDirectory {
  public init() {}

  public func place(id: String) async throws -> PlaceSnapshot {
    throw MessagingError.placesNotConfigured
  }
}
