import GymStore

/// Supersets: exercises of one day (or one logged workout) sharing a group number,
/// done in turn. A group is written once per list, side by side, so that a client can
/// draw it as one block; a lone "superset" is a mistake, not a group.
enum Superset {
  static let groups = 0...15

  /// Violations of `groups` (each list entry's group, in order), named `field(i)`.
  static func violations(_ groups: [Int32], field: (Int) -> String) -> [FieldViolation] {
    var violations: [FieldViolation] = []
    var ended = Set<Int32>()
    var counts: [Int32: Int] = [:]
    for (i, group) in groups.enumerated() {
      guard Self.groups.contains(Int(group)) else {
        violations.append(.init(field(i), "must be 0 (none) or a group number from 1 to 15"))
        continue
      }
      if group != 0 {
        counts[group, default: 0] += 1
        if ended.contains(group) {
          violations.append(.init(field(i), "superset \(group) must list its exercises side by side"))
        }
      }
      if i > 0, groups[i - 1] != group, groups[i - 1] != 0 { ended.insert(groups[i - 1]) }
    }
    for (i, group) in groups.enumerated() where group != 0 && counts[group] == 1 {
      violations.append(.init(field(i), "superset \(group) needs at least two exercises"))
    }
    return violations
  }

  /// `groups` with every group that breaks the rule undone (0): what a session becomes
  /// when saved as a routine after skips and edits split or emptied its supersets.
  static func normalized(_ groups: [Int]) -> [Int] {
    var result = groups
    var seen = Set<Int>()
    var start = 0
    while start < groups.count {
      var end = start
      while end + 1 < groups.count, groups[end + 1] == groups[start] { end += 1 }
      let group = groups[start]
      if group != 0, end == start || !seen.insert(group).inserted {
        for i in start...end { result[i] = 0 }
      }
      start = end + 1
    }
    return result
  }
}
