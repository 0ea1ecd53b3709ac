/// What a session holds, in counts and bytes, read with a few aggregate queries instead
/// of loading the session: enough to bound how large it encodes, so that a check of the
/// whole session runs only when the bound does not already vouch for it.
public struct SessionFootprint: Sendable, Equatable {
  /// UTF-8 bytes of the session's own strings: id, routine id, name, notes.
  public var textBytes: Int
  public var items: Int
  /// UTF-8 bytes of the items' strings: ids, exercise ids, notes.
  public var itemTextBytes: Int
  /// Bytes of the items' planned sets as stored (JSON).
  public var plannedSetBytes: Int
  public var loggedSets: Int
  /// UTF-8 bytes of the logged sets' notes.
  public var loggedSetNoteBytes: Int

  public init(textBytes: Int, items: Int, itemTextBytes: Int, plannedSetBytes: Int, loggedSets: Int, loggedSetNoteBytes: Int) {
    self.textBytes = textBytes
    self.items = items
    self.itemTextBytes = itemTextBytes
    self.plannedSetBytes = plannedSetBytes
    self.loggedSets = loggedSets
    self.loggedSetNoteBytes = loggedSetNoteBytes
  }

  /// A check of the whole session, which a footprint can vouch for without loading it.
  public struct Check: Sendable {
    /// True when every session of this footprint passes `check`.
    public var surelyPasses: @Sendable (SessionFootprint) -> Bool
    /// Sees the session as it would be; what it throws undoes the write.
    public var check: @Sendable (SessionRecord) throws -> Void

    public init(surelyPasses: @escaping @Sendable (SessionFootprint) -> Bool, check: @escaping @Sendable (SessionRecord) throws -> Void) {
      self.surelyPasses = surelyPasses
      self.check = check
    }

    public static let none = Check(surelyPasses: { _ in true }, check: { _ in })
  }
}
