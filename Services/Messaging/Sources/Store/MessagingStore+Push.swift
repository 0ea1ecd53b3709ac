import Foundation
import GRDB
import GymStore

extension MessagingStore {
  /// Registers a device for `userID`, or refreshes it: the same token again updates its
  /// app version, locale and time, and a token another account held moves to this one.
  /// Past `devicesPerUser`, the account's device registered longest ago is dropped.
  /// The device belongs to `sessionID` from now on: it goes when that session ends.
  public func registerDevice(
    newID: String, userID: String, sessionID: String, platform: PushPlatform, token: String, appVersion: String, locale: String,
    now: Date, devicesPerUser: Int
  ) async throws -> PushDevice {
    try await writer.write { db in
      let existing = try Row.fetchOne(
        db, sql: "SELECT rid, user_id FROM push_devices WHERE platform = ? AND token = ?", arguments: [platform.rawValue, token])
      if let existing, existing["user_id"] as String != userID {
        // Another account's phone now: nothing of theirs may reach it.
        try db.execute(sql: "DELETE FROM push_devices WHERE rid = ?", arguments: [existing["rid"] as Int64])
      }
      try db.execute(
        sql: """
          INSERT INTO push_devices (id, user_id, session_id, platform, token, app_version, locale, registered_at, last_registered_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (platform, token) DO UPDATE SET
            session_id = excluded.session_id, app_version = excluded.app_version, locale = excluded.locale,
            last_registered_at = excluded.last_registered_at
          """, arguments: [newID, userID, sessionID, platform.rawValue, token, appVersion, locale, now, now])
      try db.execute(
        sql: """
          DELETE FROM push_devices WHERE rid IN (
            SELECT rid FROM push_devices WHERE user_id = ? ORDER BY last_registered_at DESC, rid DESC LIMIT -1 OFFSET ?)
          """, arguments: [userID, devicesPerUser])
      let row = try Row.fetchOne(
        db, sql: "SELECT * FROM push_devices WHERE platform = ? AND token = ?", arguments: [platform.rawValue, token])!
      return PushDevice(row: row)
    }
  }

  /// False when the device is not `userID`'s.
  public func unregisterDevice(id: String, userID: String) async throws -> Bool {
    try await writer.write { db in
      try db.execute(sql: "DELETE FROM push_devices WHERE id = ? AND user_id = ?", arguments: [id, userID])
      return db.changesCount == 1
    }
  }

  /// Removes the devices registered by sessions that have ended (auth revoked them);
  /// how many went.
  @discardableResult
  public func removeDevices(ofSessions sessionIDs: [String]) async throws -> Int {
    guard !sessionIDs.isEmpty else { return 0 }
    return try await writer.write { db in
      var removed = 0
      for chunk in stride(from: 0, to: sessionIDs.count, by: 500).map({ sessionIDs[$0..<min($0 + 500, sessionIDs.count)] }) {
        try db.execute(literal: "DELETE FROM push_devices WHERE session_id IN \(Array(chunk))")
        removed += db.changesCount
      }
      return removed
    }
  }

  /// Most recently registered first.
  public func devices(userID: String) async throws -> [PushDevice] {
    try await writer.read { db in
      try Row.fetchAll(
        db, sql: "SELECT * FROM push_devices WHERE user_id = ? ORDER BY last_registered_at DESC, rid DESC", arguments: [userID]
      ).map(PushDevice.init(row:))
    }
  }

  /// Writes a push job for each device of each draft's owner who wants this kind of
  /// event pushed now (by default: when they have no stream open), in the transaction
  /// that stores the events; the worker is woken once it commits. During the owner's
  /// quiet hours the job is marked to arrive silently.
  func enqueuePush(_ db: Database, _ drafts: [EventDraft], routing: PushRouting, now: Date) throws {
    var enqueued = false
    for draft in drafts where !draft.userID.isEmpty {
      let devices = try Row.fetchAll(
        db, sql: "SELECT rid, platform FROM push_devices WHERE user_id = ?", arguments: [draft.userID]
      ).filter { PushPlatform(rawValue: $0["platform"]).map(routing.platforms.contains) ?? false }
      guard !devices.isEmpty, let content = routing.content(draft) else { continue }
      let settings = try Self.notificationSettings(db, userID: draft.userID)
      switch PushKind(contentKind: content.kind).map(settings.mode) ?? .whenAway {
      case .never: continue
      case .whenAway: if routing.isOnline(draft.userID) { continue }
      case .always: break
      }
      var quiet = false
      if let hours = settings.quietHours {
        let zone = try String.fetchOne(db, sql: "SELECT time_zone FROM user_projection WHERE user_id = ?", arguments: [draft.userID])
        quiet = hours.contains(now, in: zone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!)
      }
      let badge = try Self.unreadCount(db, userID: draft.userID)
      let insert = try db.cachedStatement(
        sql: """
          INSERT INTO push_jobs (
            device_rid, kind, title, body, reference, collapse_key, thread_id, badge, quiet, subject_id, about_id, created_at, due_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (device_rid, collapse_key) DO UPDATE SET
            kind = excluded.kind, title = excluded.title, body = excluded.body, reference = excluded.reference,
            thread_id = excluded.thread_id, badge = excluded.badge, quiet = excluded.quiet, subject_id = excluded.subject_id,
            about_id = excluded.about_id, created_at = excluded.created_at, attempts = 0, version = version + 1
          """)
      for device in devices {
        try insert.execute(arguments: [
          device["rid"] as Int64, content.kind, content.title, content.body, content.reference, content.collapseKey,
          content.threadID, badge, quiet, draft.subjectID, draft.aboutID, now, now,
        ])
      }
      enqueued = true
    }
    if enqueued { db.afterNextTransaction { _ in routing.committed() } }
  }

  /// A room's event for the members among `readers` who chose to hear of room messages
  /// by push (room messages are not pushed by default).
  func enqueueRoomPush(_ db: Database, _ draft: EventDraft, readers: [String], routing: PushRouting, now: Date) throws {
    guard !readers.isEmpty else { return }
    var wanting: [String] = []
    for chunk in stride(from: 0, to: readers.count, by: 500).map({ readers[$0..<min($0 + 500, readers.count)] }) {
      wanting += try String.fetchAll(
        db,
        SQLRequest<String>(
          literal: """
            SELECT user_id FROM push_preferences
            WHERE kind = \(PushKind.roomMessage.rawValue) AND mode <> \(PushMode.never.rawValue) AND user_id IN \(Array(chunk))
            """))
    }
    guard !wanting.isEmpty else { return }
    try enqueuePush(
      db, wanting.map { EventDraft(userID: $0, kind: draft.kind, payload: draft.payload, subjectID: draft.subjectID, aboutID: draft.aboutID) },
      routing: routing, now: now)
  }

  /// The user's push preferences and quiet hours.
  public func notificationSettings(userID: String) async throws -> NotificationSettings {
    try await writer.read { db in try Self.notificationSettings(db, userID: userID) }
  }

  /// Sets the modes and digest choices given (the other kinds keep theirs), replaces the
  /// quiet hours when `quietHours` is given (`.some(nil)`: none) and the digest's time
  /// when `digestMinute` is (a digest already due moves to the new time); the settings after.
  public func updateNotificationSettings(
    userID: String, modes: [PushKind: PushMode], emailDigest: [PushKind: Bool] = [:], quietHours: QuietHours??,
    digestMinute: Int? = nil, now: Date = Date()
  ) async throws -> NotificationSettings {
    try await writer.write { db in
      for (kind, included) in emailDigest {
        if included == kind.defaultEmailDigest {
          try db.execute(sql: "DELETE FROM digest_preferences WHERE user_id = ? AND kind = ?", arguments: [userID, kind.rawValue])
        } else {
          try db.execute(
            sql: """
              INSERT INTO digest_preferences (user_id, kind, included) VALUES (?, ?, ?)
              ON CONFLICT DO UPDATE SET included = excluded.included
              """, arguments: [userID, kind.rawValue, included])
        }
      }
      if let digestMinute {
        try db.execute(
          sql: "INSERT INTO email_digests (user_id, minute) VALUES (?, ?) ON CONFLICT DO UPDATE SET minute = excluded.minute",
          arguments: [userID, digestMinute])
        let settings = try Self.notificationSettings(db, userID: userID)
        try db.execute(
          sql: "UPDATE email_digests SET due_at = ? WHERE user_id = ? AND due_at IS NOT NULL",
          arguments: [settings.nextDigest(after: now, in: try Self.zone(db, userID: userID)), userID])
      }
      for (kind, mode) in modes {
        if mode == kind.defaultMode {
          try db.execute(sql: "DELETE FROM push_preferences WHERE user_id = ? AND kind = ?", arguments: [userID, kind.rawValue])
        } else {
          try db.execute(
            sql: "INSERT INTO push_preferences (user_id, kind, mode) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET mode = excluded.mode",
            arguments: [userID, kind.rawValue, mode.rawValue])
        }
      }
      if let quietHours {
        if let hours = quietHours {
          try db.execute(
            sql: """
              INSERT INTO push_quiet_hours (user_id, start_minute, end_minute) VALUES (?, ?, ?)
              ON CONFLICT DO UPDATE SET start_minute = excluded.start_minute, end_minute = excluded.end_minute
              """, arguments: [userID, hours.startMinute, hours.endMinute])
        } else {
          try db.execute(sql: "DELETE FROM push_quiet_hours WHERE user_id = ?", arguments: [userID])
        }
      }
      return try Self.notificationSettings(db, userID: userID)
    }
  }

  static func notificationSettings(_ db: Database, userID: String) throws -> NotificationSettings {
    var settings = NotificationSettings()
    for row in try Row.fetchAll(db, sql: "SELECT kind, mode FROM push_preferences WHERE user_id = ?", arguments: [userID]) {
      if let kind = PushKind(rawValue: row["kind"]), let mode = PushMode(rawValue: row["mode"]) { settings.modes[kind] = mode }
    }
    if let row = try Row.fetchOne(db, sql: "SELECT start_minute, end_minute FROM push_quiet_hours WHERE user_id = ?", arguments: [userID]) {
      settings.quietHours = QuietHours(startMinute: row["start_minute"], endMinute: row["end_minute"])
    }
    for row in try Row.fetchAll(db, sql: "SELECT kind, included FROM digest_preferences WHERE user_id = ?", arguments: [userID]) {
      if let kind = PushKind(rawValue: row["kind"]) { settings.emailDigest[kind] = row["included"] }
    }
    settings.digestMinute = try Int.fetchOne(db, sql: "SELECT minute FROM email_digests WHERE user_id = ?", arguments: [userID])
    return settings
  }

  /// What the app's icon shows: unread notifications and unread direct messages.
  static func unreadCount(_ db: Database, userID: String) throws -> Int {
    try Int.fetchOne(
      db,
      sql: """
        SELECT (SELECT COUNT(*) FROM notifications WHERE user_id = ?1 AND read = 0)
          + (SELECT COUNT(*) FROM conversations c JOIN messages m ON m.conversation_rid = c.rid
             WHERE (c.user_a = ?1 OR c.user_b = ?1) AND m.sender_id <> ?1
               AND m.rid > COALESCE((SELECT last_read_rid FROM conversation_reads r WHERE r.conversation_rid = c.rid AND r.user_id = ?1), 0))
        """, arguments: [userID]) ?? 0
  }

  /// Up to `limit` of `platform`'s jobs due by `now`, oldest first, each leased until
  /// `now + lease` (a worker that dies mid-send leaves them to be sent again after it).
  public func claimPushJobs(platform: PushPlatform, now: Date, lease: TimeInterval, limit: Int) async throws -> [PushJob] {
    try await writer.write { db in
      let jobs = try Row.fetchAll(
        db,
        sql: """
          SELECT j.rid, j.version, j.device_rid, d.platform, d.token, j.kind, j.title, j.body, j.reference, j.collapse_key,
            j.thread_id, j.badge, j.quiet, j.attempts, j.created_at
          FROM push_jobs j JOIN push_devices d ON d.rid = j.device_rid
          WHERE j.due_at <= ? AND d.platform = ? ORDER BY j.due_at, j.rid LIMIT ?
          """, arguments: [now, platform.rawValue, limit]
      ).map(PushJob.init(row:))
      let leased = now.addingTimeInterval(lease)
      let update = try db.cachedStatement(sql: "UPDATE push_jobs SET due_at = ? WHERE rid = ?")
      for job in jobs { try update.execute(arguments: [leased, job.rid]) }
      return jobs
    }
  }

  /// Records what became of sent jobs, in one transaction. A job whose content was
  /// replaced while it was being sent (a newer message with its collapse key) is due
  /// again at once instead of deleted.
  public func finishPushJobs(_ outcomes: [(job: PushJob, outcome: PushJob.Outcome)], now: Date) async throws {
    guard !outcomes.isEmpty else { return }
    try await writer.write { db in
      for (job, outcome) in outcomes {
        switch outcome {
        // Rowids are matched with the device (and the device with its token): a row
        // deleted while its job was in flight may have been reused since.
        case .delivered, .dropped:
          try db.execute(
            sql: "DELETE FROM push_jobs WHERE rid = ? AND device_rid = ? AND version = ?", arguments: [job.rid, job.deviceRID, job.version])
          if db.changesCount == 0 {
            try db.execute(
              sql: "UPDATE push_jobs SET due_at = ?, attempts = 0 WHERE rid = ? AND device_rid = ?", arguments: [now, job.rid, job.deviceRID])
          }
        case .deviceGone(let since):
          try db.execute(
            sql: "DELETE FROM push_devices WHERE rid = ?1 AND token = ?2 AND (?3 IS NULL OR last_registered_at < ?3)",
            arguments: [job.deviceRID, job.token, since])
          // Registered again since the provider saw the token end: only this job goes.
          try db.execute(sql: "DELETE FROM push_jobs WHERE rid = ? AND device_rid = ?", arguments: [job.rid, job.deviceRID])
        case .retry(let at, let error):
          try db.execute(
            sql: "UPDATE push_jobs SET due_at = ?, attempts = attempts + 1, last_error = ? WHERE rid = ? AND device_rid = ?",
            arguments: [at, error, job.rid, job.deviceRID])
        }
      }
    }
  }

  /// Drops the jobs of devices no configured provider reaches (a provider taken out of
  /// the configuration): nothing would ever send them. Their devices stay, for when it
  /// is configured again.
  public func dropPushJobs(outside platforms: Set<PushPlatform>) async throws -> Int {
    try await writer.write { db in
      try db.execute(
        literal: """
          DELETE FROM push_jobs WHERE device_rid IN (
            SELECT rid FROM push_devices WHERE platform NOT IN \(platforms.map(\.rawValue)))
          """)
      return db.changesCount
    }
  }

  /// Jobs waiting per platform, and the age of the oldest.
  public func pushBacklog(now: Date) async throws -> [PushPlatform: (jobs: Int, oldest: TimeInterval)] {
    try await writer.read { db in
      var backlog: [PushPlatform: (jobs: Int, oldest: TimeInterval)] = [:]
      for row in try Row.fetchAll(
        db,
        sql: """
          SELECT d.platform, COUNT(*) AS jobs, MIN(j.created_at) AS oldest
          FROM push_jobs j JOIN push_devices d ON d.rid = j.device_rid GROUP BY d.platform
          """)
      {
        guard let platform = PushPlatform(rawValue: row["platform"]) else { continue }
        let oldest: Date? = row["oldest"]
        backlog[platform] = (row["jobs"], oldest.map { max(0, now.timeIntervalSince($0)) } ?? 0)
      }
      return backlog
    }
  }
}
