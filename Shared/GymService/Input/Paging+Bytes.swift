import SwiftProtobuf

/// Pages bounded by bytes as well as count. Write-time bounds keep every stored object
/// well under the response limit, but a full page of large ones need not be: a page
/// stops adding items once their encoded size would pass `byteBudget`, and its token
/// continues exactly after the last item returned.
extension Paging {
  /// The most a page's items may encode to: 1 MiB, a quarter of the 4 MiB that gRPC
  /// clients accept by default, or a quarter of a lower `GYM_MAX_MESSAGE_BYTES`.
  public static let defaultByteBudget = 1 << 20
  /// The budget of the call being served: bound by its server's `RequestInterceptor`
  /// from that server's message limit, so that servers with different limits in one
  /// process (the tests host hundreds) each page by their own; `defaultByteBudget`
  /// outside a call.
  @TaskLocal public static var byteBudget = defaultByteBudget

  /// A quarter of `messageLimit`, at most `defaultByteBudget`.
  static func byteBudget(messageLimit: Int) -> Int {
    min(defaultByteBudget, max(messageLimit / 4, 1024))
  }

  /// The leading `items` whose encoded sizes fit in `budget` (`PageBudget`).
  public static func fitting<Item: SwiftProtobuf.Message>(_ items: [Item], budget: Int = byteBudget) -> [Item] {
    var page = PageBudget(budget)
    for (index, item) in items.enumerated() {
      // Encoding an in-memory message fails only for missing required fields, which proto3 has none of.
      if !page.take((try? item.serializedBytes() as [UInt8])?.count ?? 0) { return Array(items.prefix(index)) }
    }
    return items
  }

  /// `next_page_token` of an offset-paged list after `fitting`: `returned` of the
  /// `fetched` rows were sent. A cut page continues after the last row sent; an uncut
  /// one is the last page when it was not full.
  public func nextToken(offset: Int, returned: Int, fetched: Int) -> String {
    returned < fetched ? Self.token(for: String(offset + returned)) : nextToken(offset: offset, returned: returned)
  }
}

/// What a page of list elements may take in bytes: each element's encoded size plus its
/// field tag and length (at most 6 bytes); the first always fits, which write-time bounds
/// keep small. Lists built from messages (`Paging.fitting`) and from stored bytes
/// (`EncodedPage`) stop at the same element.
public struct PageBudget: Sendable {
  private let limit: Int
  private var used = 0
  private var taken = 0

  public init(_ limit: Int = Paging.byteBudget) {
    self.limit = limit
  }

  /// Counts an element of `size` bytes; false (and not counted) when it does not fit.
  public mutating func take(_ size: Int) -> Bool {
    let cost = size + 6
    if taken > 0 && used + cost > limit { return false }
    used += cost
    taken += 1
    return true
  }
}
