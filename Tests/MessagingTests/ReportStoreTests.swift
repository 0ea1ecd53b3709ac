import Foundation
import GRDB
import GymAPI
import Testing

@testable import GymMessaging

/// The reports' storage, against an in-memory database.
@Suite struct ReportStoreTests {
  static func store() throws -> MessagingStore {
    try MessagingStore(writer: try DatabaseQueue(), publish: { _ in })
  }

  static let notice: MessagingStore.ReviewNotice = { reviewed in
    (
      MessagingStore.NotificationRecord(
        id: UUID().uuidString, userID: reviewed.reporterID, kind: "report-reviewed", title: "reviewed", body: "", reference: reviewed.reportID,
        createdAt: Date()), []
    )
  }

  @Test func resolvedCasesAreKeptForTheRetentionThenDeletedWithTheirReports() async throws {
    let store = try Self.store()
    let now = Date()
    let filed = try await store.createReport(
      id: "r1", newCaseID: "c1", reporterID: "ben", target: .user(id: "ana", snapshot: "username: ana"), category: 2, details: "",
      perDay: 20, now: now)
    #expect(filed.kind == .user)
    _ = try await store.resolveReportCase(
      id: "c1", resolution: .dismissed, reason: "fine", moderatorID: "admin", now: now, scrub: { $0 }, notice: Self.notice)
    // An open case is never pruned, however old; a resolved one after the cutoff only.
    _ = try await store.createReport(
      id: "r2", newCaseID: "c2", reporterID: "cat", target: .user(id: "ana", snapshot: "username: ana"), category: 1, details: "",
      perDay: 20, now: now.addingTimeInterval(-400 * 86_400))
    #expect(try await store.pruneReportCases(resolvedBefore: now.addingTimeInterval(-1)) == 0)
    #expect(try await store.pruneReportCases(resolvedBefore: now.addingTimeInterval(1)) == 1)
    #expect(try await store.reportCase(id: "c1") == nil)
    #expect(try await store.reportCase(id: "c2")?.reportCount == 1)
    let reports = try await store.writer.read { db in try String.fetchAll(db, sql: "SELECT id FROM reports") }
    #expect(reports == ["r2"])
  }
}
