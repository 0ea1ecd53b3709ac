import Foundation
import GymAPI
import GymTesting
import Testing

/// Plan reads time zones from its projection of users, which auth's updates keep
/// current: a zone changed after plan first read it reaches plan without asking auth.
@Suite struct TimeZoneProjectionTests {
  @Test func aChangedZoneReachesPlanThroughAuthsUpdates() async throws {
    try await PlanFixture.run { env in
      let lena = env.lena.metadata
      let range = Gym_Plan_V1_ListScheduleRequest.with {
        $0.from = date(2026, 3, 23); $0.to = date(2026, 4, 5)
      }
      #expect(try await env.plan.listSchedule(range, metadata: lena).timeZone == "Europe/London")
      _ = try await env.auth.updateProfile(
        .with {
          $0.profile.timeZone = "Asia/Tokyo"
          $0.updateMask = .with { $0.paths = ["time_zone"] }
        }, metadata: lena)
      let moved = try await eventually(within: .seconds(30)) {
        try await env.plan.listSchedule(range, metadata: lena).timeZone == "Asia/Tokyo"
      }
      #expect(moved)
    }
  }
}
