import GymAPI
import GymStore

/// A page of a member's dated rows drawn as a graph or a timeline (weigh-ins,
/// measurements, progress photos): an optional date range and a longer default page
/// than other lists (100, at most 1000).
public struct DatedPage: Sendable {
  public let from: LocalDate?
  public let to: LocalDate?
  public let size: Int
  public let offset: Int

  public init(from: Gym_Common_V1_Date, to: Gym_Common_V1_Date, pageSize: Int32, pageToken: String) throws {
    self.from = try LocalDate.optional(from, field: "from")
    self.to = try LocalDate.optional(to, field: "to")
    guard pageSize >= 0 else { throw GymError.invalid([.init("page_size", "must not be negative")]) }
    size = pageSize == 0 ? 100 : min(Int(pageSize), 1000)
    offset = try Paging(size: 1, token: pageToken).offset()
  }

  /// The next page's token after `returned` rows; empty at the end.
  public func nextToken(returned: Int) -> String {
    returned < size ? "" : Paging.token(for: String(offset + returned))
  }
}
