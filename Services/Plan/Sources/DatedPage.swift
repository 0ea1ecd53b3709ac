import GymAPI
import GymService
import GymStore

/// A page of a member's small dated rows drawn as a graph (weigh-ins, measurements):
/// an optional date range and a longer default page than other lists (100, at most 1000).
struct DatedPage {
  let from: LocalDate?
  let to: LocalDate?
  let size: Int
  let offset: Int

  init(from: Gym_Common_V1_Date, to: Gym_Common_V1_Date, pageSize: Int32, pageToken: String) throws {
    self.from = try PlanInput.date(from, field: "from")
    self.to = try PlanInput.date(to, field: "to")
    guard pageSize >= 0 else { throw GymError.invalid([.init("page_size", "must not be negative")]) }
    size = pageSize == 0 ? 100 : min(Int(pageSize), 1000)
    offset = try Paging(size: 1, token: pageToken).offset()
  }

  /// The next page's token after `returned` rows; empty at the end.
  func nextToken(returned: Int) -> String {
    returned < size ? "" : Paging.token(for: String(offset + returned))
  }
}
