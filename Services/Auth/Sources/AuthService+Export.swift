import Foundation
import GRPCCore
import GymAPI
import GymService

extension AuthService {
  /// The caller's data export (the right of access), at most once per
  /// `settings.exportInterval`; a failed export does not count against it.
  public func exportMyData(
    request: Gym_Auth_V1_ExportMyDataRequest, response: RPCWriter<Gym_Auth_V1_ExportMyDataResponse>, context: ServerContext
  ) async throws {
    let caller = try Caller.current()
    guard try await store.user(id: caller.userID) != nil else { throw AuthError.sessionEnded }
    guard let export else { throw AuthError.unavailable("data exports are not set up on this auth") }
    try export.checkConfigured()
    let now = Date()
    if let next = try await store.beginExport(userID: caller.userID, interval: settings.exportInterval, now: now) {
      throw AuthError.tooMany(
        "one data export an hour: the next may start at \(next.formatted(Date.ISO8601FormatStyle()))",
        retryAfter: .seconds(max(1, next.timeIntervalSince(Date()))))
    }
    do {
      try await export.export(userID: caller.userID) { part in try await response.write(.with { $0.part = part }) }
      logger.notice("data exported", metadata: ["user_id": "\(caller.userID)"])
    } catch {
      // Best effort: the export's own error is what the client must hear; if freeing the
      // slot fails too, the hourly limit simply holds until it ends.
      try? await store.abandonExport(userID: caller.userID, startedAt: now)
      throw error
    }
  }
}
