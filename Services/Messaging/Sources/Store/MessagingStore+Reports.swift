import Foundation
import GRDB
import GymStore

/// Members' reports of users, messages and posts, and the moderators' queue of cases.
extension MessagingStore {
  /// The handler's words telling one reporter their report was reviewed: the
  /// notification and its event.
  public typealias ReviewNotice = @Sendable (ReviewedReport) throws -> (NotificationRecord, [EventDraft])

  /// The content a report is about, read where the reporter's right to see it is checked.
  struct ReportedContent {
    var kind: ReportKind
    var targetID: String
    var targetUserID: String
    var conversationID: String?
    var roomID: String?
    var text: String
    var createdAt: Date?
    var attachmentRIDs: [Int64] = []
  }

  /// Files a report: the reporter must be able to see the target (else NOT_FOUND, as for
  /// one that does not exist), it must not be their own, their report on it must not be
  /// open already, and they must be within `perDay` reports in 24 hours. The first report
  /// on a target opens its case with a snapshot of the content.
  public func createReport(
    id: String, newCaseID: String, reporterID: String, target: ReportTarget, category: Int, details: String, perDay: Int,
    key: IdempotencyKeys.Key? = nil, now: Date
  ) async throws -> ReportRecord {
    try await writer.write { db in
      try IdempotencyKeys.once(
        db, key, existing: { try Self.filedReport(db, id: $0, reporterID: reporterID) },
        create: {
          try Self.fileReport(
            db, id: id, newCaseID: newCaseID, reporterID: reporterID, target: target, category: category, details: details, perDay: perDay,
            now: now)
        }, id: \.id)
    }
  }

  /// A report `reporterID` filed under an idempotency key, as it is now.
  private static func filedReport(_ db: Database, id: String, reporterID: String) throws -> ReportRecord {
    guard
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT r.id, r.category, r.details, r.created_at, c.kind, c.target_id FROM reports r JOIN report_cases c ON c.rid = r.case_rid
          WHERE r.id = ? AND r.reporter_id = ?
          """, arguments: [id, reporterID])
    else { throw IdempotencyKeys.gone("report", id) }
    return ReportRecord(
      id: row["id"], kind: ReportKind(rawValue: row["kind"]) ?? .user, targetID: row["target_id"], reporterID: reporterID,
      category: row["category"], details: row["details"], createdAt: row["created_at"])
  }

  private static func fileReport(
    _ db: Database, id: String, newCaseID: String, reporterID: String, target: ReportTarget, category: Int, details: String, perDay: Int,
    now: Date
  ) throws -> ReportRecord {
    let content = try Self.reportedContent(db, target, reporterID: reporterID, now: now)
    guard content.targetUserID != reporterID else {
      throw GymError.failedPrecondition(
        content.kind == .user ? "you cannot report yourself" : "you cannot report your own \(content.kind.noun)")
    }
    let open = try Int64.fetchOne(
      db, sql: "SELECT rid FROM report_cases WHERE kind = ? AND target_id = ? AND resolved_at IS NULL",
      arguments: [content.kind.rawValue, content.targetID])
    // Before the allowance: a retried report hears it is filed, not that the day is spent.
    if let open,
      try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM reports WHERE case_rid = ? AND reporter_id = ?)", arguments: [open, reporterID]) == true
    {
      throw MessagingError.alreadyReported
    }
    let day: TimeInterval = 86_400
    let recent = try Date.fetchAll(
      db, sql: "SELECT created_at FROM reports WHERE reporter_id = ? AND created_at > ? ORDER BY created_at DESC LIMIT ?",
      arguments: [reporterID, now.addingTimeInterval(-day), perDay])
    if recent.count >= perDay, let oldest = recent.last {
      throw MessagingError.tooManyReports(limit: perDay, retryAfter: oldest.addingTimeInterval(day).timeIntervalSince(now))
    }
    let caseRID = try open ?? Self.openCase(db, id: newCaseID, content, now: now)
    try db.execute(
      sql: "INSERT INTO reports (id, case_rid, reporter_id, category, details, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      arguments: [id, caseRID, reporterID, category, details, now])
    return ReportRecord(
      id: id, kind: content.kind, targetID: content.targetID, reporterID: reporterID, category: category, details: details, createdAt: now)
  }

  private static func openCase(_ db: Database, id: String, _ content: ReportedContent, now: Date) throws -> Int64 {
    try db.execute(
      sql: """
        INSERT INTO report_cases (id, kind, target_id, target_user_id, conversation_id, room_id, content_text, content_created_at, opened_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        id, content.kind.rawValue, content.targetID, content.targetUserID, content.conversationID, content.roomID,
        content.text, content.createdAt, now,
      ])
    let rid = db.lastInsertedRowID
    for (position, attachment) in content.attachmentRIDs.enumerated() {
      try db.execute(
        sql: "INSERT INTO report_case_attachments (case_rid, attachment_rid, position) VALUES (?, ?, ?)",
        arguments: [rid, attachment, position])
    }
    return rid
  }

  /// The target as the reporter may see it: a direct message of a conversation they are
  /// in, a room message of a room they belong to (not of a banned author, hidden from
  /// everyone), a post they could read (not deleted, no block either way, author not
  /// banned). Anything else is NOT_FOUND in the same words as a missing one.
  private static func reportedContent(_ db: Database, _ target: ReportTarget, reporterID: String, now: Date) throws -> ReportedContent {
    switch target {
    case .user(let id, let snapshot):
      return ReportedContent(kind: .user, targetID: id, targetUserID: id, text: snapshot)
    case .message(let id):
      let missing = GymError.notFound("no message with id \(id)")
      guard
        let row = try SQLRequest<Row>(
          literal: """
            SELECT m.rid, m.sender_id, m.text, m.sent_at, m.room_rid, c.id AS conversation_id, r.id AS room_id,
              (c.user_a = \(reporterID) OR c.user_b = \(reporterID)) AS participant,
              EXISTS (SELECT 1 FROM room_members k WHERE k.room_rid = m.room_rid AND k.user_id = \(reporterID)) AS member,
              \(literal: visibleAuthor("m.sender_id", now: now)) AS visible
            FROM messages m LEFT JOIN conversations c ON c.rid = m.conversation_rid LEFT JOIN rooms r ON r.rid = m.room_rid
            WHERE m.id = \(id) AND m.deleted_reason IS NULL
            """
        ).fetchOne(db)
      else { throw missing }
      let roomID: String? = row["room_id"]
      let participant: Bool? = row["participant"]
      let member: Bool = row["member"]
      let visible: Bool = row["visible"]
      guard roomID == nil ? participant == true : member && visible else { throw missing }
      return ReportedContent(
        kind: roomID == nil ? .directMessage : .roomMessage, targetID: id, targetUserID: row["sender_id"],
        conversationID: row["conversation_id"], roomID: roomID, text: row["text"], createdAt: row["sent_at"],
        attachmentRIDs: try Int64.fetchAll(
          db, sql: "SELECT attachment_rid FROM attachment_uses WHERE message_rid = ? ORDER BY position", arguments: [row["rid"]]))
    case .post(let id):
      guard
        let row = try SQLRequest<Row>(
          literal: """
            SELECT p.rid, p.author_id, p.text, p.created_at FROM posts p
            WHERE p.id = \(id) AND p.deleted_reason IS NULL AND \(literal: visibleAuthor("p.author_id", now: now))
              AND \(literal: notBlocked("p.author_id", viewer: reporterID))
            """
        ).fetchOne(db)
      else { throw GymError.notFound("no post with id \(id)") }
      return ReportedContent(
        kind: .post, targetID: id, targetUserID: row["author_id"], text: row["text"], createdAt: row["created_at"],
        attachmentRIDs: try Int64.fetchAll(
          db, sql: "SELECT attachment_rid FROM attachment_uses WHERE post_rid = ? ORDER BY position", arguments: [row["rid"]]))
    case .placeReview(let id):
      guard
        let row = try SQLRequest<Row>(
          literal: """
            SELECT r.author_id, r.place_id, r.stars, r.text, r.updated_at FROM place_reviews r
            WHERE r.id = \(id) AND r.removed_at IS NULL AND \(literal: visibleAuthor("r.author_id", now: now))
              AND \(literal: notBlocked("r.author_id", viewer: reporterID))
            """
        ).fetchOne(db)
      else { throw GymError.notFound("no place review with id \(id)") }
      let stars: Int = row["stars"]
      let text: String = row["text"]
      return ReportedContent(
        kind: .placeReview, targetID: id, targetUserID: row["author_id"],
        text: "\(stars) of 5 stars for place \(row["place_id"] as String)" + (text.isEmpty ? "" : "\n\(text)"), createdAt: row["updated_at"])
    }
  }

  // MARK: The moderators' side

  /// Open cases (of one kind, or all), the oldest first, after case rowid `after`.
  public func openReportCases(kind: ReportKind?, after: Int64, limit: Int) async throws -> [ReportCaseRecord] {
    try await writer.read { db in
      var sql: SQL = "SELECT * FROM report_cases WHERE resolved_at IS NULL AND rid > \(after)"
      if let kind { sql += " AND kind = \(kind.rawValue)" }
      sql += " ORDER BY rid LIMIT \(limit)"
      return try SQLRequest<Row>(literal: sql).fetchAll(db).map { try Self.filled(db, ReportCaseRecord(row: $0)) }
    }
  }

  /// An open or resolved case, or nil.
  public func reportCase(id: String) async throws -> ReportCaseRecord? {
    try await writer.read { db in try Self.reportCase(db, id: id) }
  }

  static func reportCase(_ db: Database, id: String) throws -> ReportCaseRecord? {
    try Row.fetchOne(db, sql: "SELECT * FROM report_cases WHERE id = ?", arguments: [id]).map { try filled(db, ReportCaseRecord(row: $0)) }
  }

  /// The case with its reports (counted, by category, the 20 most recent), its
  /// snapshot's attachments and whether the content is gone now.
  private static func filled(_ db: Database, _ record: ReportCaseRecord) throws -> ReportCaseRecord {
    var filled = record
    filled.reportCount = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM reports WHERE case_rid = ?", arguments: [record.rid]) ?? 0
    filled.categories = try Int.fetchAll(
      db, sql: "SELECT category FROM reports WHERE case_rid = ? GROUP BY category ORDER BY COUNT(*) DESC, category",
      arguments: [record.rid])
    filled.reports = try Row.fetchAll(
      db, sql: "SELECT * FROM reports WHERE case_rid = ? ORDER BY rid DESC LIMIT 20", arguments: [record.rid]
    ).map { row in
      ReportRecord(
        id: row["id"], kind: record.kind, targetID: record.targetID, reporterID: row["reporter_id"], category: row["category"],
        details: row["details"], createdAt: row["created_at"])
    }
    filled.attachments = try Row.fetchAll(
      db,
      sql: """
        SELECT a.* FROM report_case_attachments l JOIN attachments a ON a.rid = l.attachment_rid WHERE l.case_rid = ? ORDER BY l.position
        """, arguments: [record.rid]
    ).map(AttachmentRecord.init(row:))
    filled.contentRemoved =
      switch record.kind {
      case .user: false
      case .directMessage, .roomMessage:
        try
          !(Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM messages WHERE id = ? AND deleted_reason IS NULL)", arguments: [record.targetID]) ?? false)
      case .post:
        try
          !(Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM posts WHERE id = ? AND deleted_reason IS NULL)", arguments: [record.targetID]) ?? false)
      case .placeReview:
        try
          !(Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM place_reviews WHERE id = ? AND removed_at IS NULL)", arguments: [record.targetID])
          ?? false)
      }
    return filled
  }

  /// Closes an open case: with `.removed` a message or post is removed first (as
  /// `removeMessage`/`removePost`; a user's ban is auth's, checked by the handler). Every
  /// reporter is told, in the same transaction. Returns the case and how many were told.
  public func resolveReportCase(
    id: String, resolution: ReportResolution, reason: String, moderatorID: String, now: Date,
    scrub: @escaping @Sendable (Data) throws -> Data, notice: @escaping ReviewNotice
  ) async throws -> (ReportCaseRecord, notified: Int) {
    try await writer.write { db in
      guard let record = try Row.fetchOne(db, sql: "SELECT * FROM report_cases WHERE id = ?", arguments: [id]).map(ReportCaseRecord.init(row:))
      else { throw GymError.notFound("no report case with id \(id)") }
      guard record.resolvedAt == nil else {
        throw GymError.failedPrecondition("this case is already resolved; a new report on the same target opens a new case")
      }
      if resolution == .removed {
        switch record.kind {
        case .directMessage, .roomMessage: _ = try removeMessage(db, id: record.targetID, reason: reason, now: now, scrub: scrub)
        case .post: _ = try removePost(db, id: record.targetID, authorID: nil, reason: reason, now: now, scrub: scrub)
        case .placeReview: _ = try removePlaceReview(db, id: record.targetID, reason: reason, now: now)
        case .user: break
        }
      }
      let notified = try closeCases(
        db, kinds: [record.kind], targetID: record.targetID, resolution: resolution, reason: reason, moderatorID: moderatorID, now: now,
        notice: notice)
      return (try Self.reportCase(db, id: id)!, notified)
    }
  }

  /// Closes the open cases on a target and notifies each of their reporters, in the
  /// caller's transaction; the number of reporters told.
  func closeCases(
    _ db: Database, kinds: [ReportKind], targetID: String, resolution: ReportResolution, reason: String, moderatorID: String, now: Date,
    notice: ReviewNotice
  ) throws -> Int {
    let cases = try SQLRequest<Row>(
      literal: """
        SELECT rid, kind FROM report_cases WHERE target_id = \(targetID) AND kind IN \(kinds.map(\.rawValue)) AND resolved_at IS NULL
        """
    ).fetchAll(db)
    var notified = 0
    for row in cases {
      let rid: Int64 = row["rid"]
      let kind = ReportKind(rawValue: row["kind"]) ?? .user
      try db.execute(
        sql: "UPDATE report_cases SET resolved_at = ?, resolution = ?, resolution_reason = ?, resolved_by = ? WHERE rid = ?",
        arguments: [now, resolution.rawValue, reason, moderatorID, rid])
      for report in try Row.fetchAll(db, sql: "SELECT id, reporter_id FROM reports WHERE case_rid = ? ORDER BY rid", arguments: [rid]) {
        let (record, drafts) = try notice(
          ReviewedReport(reportID: report["id"], reporterID: report["reporter_id"], kind: kind, resolution: resolution))
        if try insertNotification(db, record, idempotencyKey: "report-reviewed/\(record.reference)") {
          try append(db, drafts, now: now)
          notified += 1
        }
      }
    }
    return notified
  }

  /// Deletes cases resolved before `cutoff`, with their reports and snapshots.
  @discardableResult
  public func pruneReportCases(resolvedBefore cutoff: Date) async throws -> Int {
    try await writer.write { db in
      try db.execute(sql: "DELETE FROM report_cases WHERE resolved_at < ?", arguments: [cutoff])
      return db.changesCount
    }
  }
}
