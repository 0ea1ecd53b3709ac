import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymService
import Logging

/// What messaging asks the catalog: whether a program a room is about exists for the
/// user creating the room.
public protocol ProgramDirectory: Sendable {
  /// Throws `MessagingError.unknownProgram` when the catalog has no such program the
  /// user may see, a `DependencyError` when the catalog cannot answer.
  func requireProgram(id: String, for userID: String) async throws
}

/// `gym.catalog.v1.CatalogInternal` with the service credential.
public struct CatalogProgramDirectory: ProgramDirectory {
  private let client: Gym_Catalog_V1_CatalogInternal.Client<HTTP2ClientTransport.Posix>
  private let logger: Logger

  /// - Parameter client: a client to gym-catalog carrying the service credential.
  public init(client: GymGRPCClient, logger: Logger) {
    self.client = Gym_Catalog_V1_CatalogInternal.Client(wrapping: client)
    self.logger = logger
  }

  public func requireProgram(id: String, for userID: String) async throws {
    do {
      // The snapshot refuses hidden and removed programs unless the user wrote them,
      // which is whom a room about a program may name.
      _ = try await client.getProgramSnapshot(
        .with {
          $0.programID = id
          $0.forUserID = userID
        }, options: .internalCall())
    } catch let error as RPCError where error.code == .notFound || error.code == .invalidArgument {
      throw MessagingError.unknownProgram(id)
    } catch {
      throw DependencyError.from(error, dependency: "catalog", logger: logger)
    }
  }
}

/// No catalog configured: a room about a program cannot be checked, so it is refused
/// as the catalog being unreachable; rooms without a program are unaffected.
public struct NoProgramDirectory: ProgramDirectory {
  public init() {}

  public func requireProgram(id: String, for userID: String) async throws {
    throw MessagingError.catalogNotConfigured
  }
}
