import Foundation
import GRDB
import GymStore

extension MessagingStore {
  public struct PostView: Sendable, Equatable {
    public var rid: Int64
    public var id: String
    public var authorID: String
    public var text: String
    public var createdAt: Date
    public var likes: Int
    public var dislikes: Int
    /// 0 none, 1 like, 2 dislike.
    public var myReaction: Int
    public var attachments: [AttachmentRecord] = []
  }

  /// Under a `key` used before: the post it made, as it is now.
  public func createPost(
    id: String, authorID: String, text: String, attachmentIDs: [String] = [], key: IdempotencyKeys.Key? = nil, now: Date
  ) async throws -> PostView {
    try await writer.write { db in
      try IdempotencyKeys.once(
        db, key,
        existing: { made in
          guard let post = try Self.posts(db, viewerID: authorID, filter: "p.id = \(made) AND p.author_id = \(authorID)", before: 0, limit: 1).first
          else { throw IdempotencyKeys.gone("post", made) }
          return post
        },
        create: {
          try db.execute(
            sql: "INSERT INTO posts (id, author_id, text, created_at) VALUES (?, ?, ?, ?)", arguments: [id, authorID, text, now])
          var post = PostView(
            rid: db.lastInsertedRowID, id: id, authorID: authorID, text: text, createdAt: now, likes: 0, dislikes: 0, myReaction: 0)
          post.attachments = try Self.attach(db, attachmentIDs, ownerID: authorID, messageRID: nil, postRID: post.rid)
          return post
        }, id: \.id)
    }
  }

  /// One author's posts, newest first, before post rowid `before` (0 = from the newest).
  public func posts(by authorID: String, viewerID: String, before: Int64, limit: Int) async throws -> [PostView] {
    try await writer.read { db in
      try Self.requireNotBlocked(db, authorID, viewerID, doing: "see the posts of")
      try Self.requireProfileVisible(db, owner: authorID, viewer: viewerID, showing: "posts")
      return try Self.posts(db, viewerID: viewerID, filter: "p.author_id = \(authorID)", before: before, limit: limit)
    }
  }

  /// The viewer's own posts and those of people they follow and their friends; never
  /// those of anyone in a block with the viewer (a block also ends follows and
  /// friendships, but the feed does not rely on that).
  public func feed(viewerID: String, before: Int64, limit: Int) async throws -> [PostView] {
    try await writer.read { db in
      try Self.posts(
        db, viewerID: viewerID,
        filter: """
          (p.author_id = \(viewerID)
           OR p.author_id IN (SELECT followee_id FROM follows WHERE follower_id = \(viewerID))
           OR p.author_id IN (SELECT user_b FROM friendships WHERE user_a = \(viewerID))
           OR p.author_id IN (SELECT user_a FROM friendships WHERE user_b = \(viewerID)))
          """, before: before, limit: limit)
    }
  }

  /// Every list of posts leaves out authors in a block with the viewer, in the query so
  /// that pages stay full.
  private static func posts(_ db: Database, viewerID: String, filter: SQL, before: Int64, limit: Int) throws -> [PostView] {
    let posts = try SQLRequest<Row>(
      literal: """
        SELECT p.*, COALESCE((SELECT reaction FROM post_reactions r WHERE r.post_rid = p.rid AND r.user_id = \(viewerID)), 0) AS mine
        FROM posts p
        WHERE p.deleted_reason IS NULL AND \(filter) AND (\(before) = 0 OR p.rid < \(before))
          AND \(literal: visibleAuthor("p.author_id", now: Date()))
          AND \(literal: notBlocked("p.author_id", viewer: viewerID))
          AND \(literal: profileVisible("p.author_id", viewer: viewerID))
        ORDER BY p.rid DESC LIMIT \(limit)
        """
    ).fetchAll(db).map { row in
      PostView(
        rid: row["rid"], id: row["id"], authorID: row["author_id"], text: row["text"], createdAt: row["created_at"],
        likes: row["likes"], dislikes: row["dislikes"], myReaction: row["mine"])
    }
    let attachments = try Self.attachments(db, postRIDs: posts.map(\.rid))
    return posts.map { post in
      var filled = post
      filled.attachments = attachments[post.rid] ?? []
      return filled
    }
  }

  /// Sets (1 like, 2 dislike) or clears (0) the user's reaction; counts move in the same
  /// transaction.
  public func react(postID: String, userID: String, reaction: Int) async throws -> (likes: Int, dislikes: Int) {
    try await writer.write { db in
      guard
        let post = try Row.fetchOne(
          db, sql: "SELECT rid, author_id FROM posts WHERE id = ? AND deleted_reason IS NULL", arguments: [postID])
      else { throw GymError.notFound("no post with id \(postID)") }
      let rid: Int64 = post["rid"]
      try Self.requireNotBlocked(db, post["author_id"], userID, doing: "react to the posts of")
      do {
        try Self.requireProfileVisible(db, owner: post["author_id"], viewer: userID, showing: "posts")
      } catch {
        throw GymError.notFound("no post with id \(postID)")
      }
      let previous =
        try Int.fetchOne(
          db, sql: "SELECT reaction FROM post_reactions WHERE post_rid = ? AND user_id = ?", arguments: [rid, userID]) ?? 0
      if reaction == 0 {
        try db.execute(sql: "DELETE FROM post_reactions WHERE post_rid = ? AND user_id = ?", arguments: [rid, userID])
      } else {
        try db.execute(
          sql: """
            INSERT INTO post_reactions (post_rid, user_id, reaction) VALUES (?, ?, ?)
            ON CONFLICT DO UPDATE SET reaction = excluded.reaction
            """, arguments: [rid, userID, reaction])
      }
      let like = (reaction == 1 ? 1 : 0) - (previous == 1 ? 1 : 0)
      let dislike = (reaction == 2 ? 1 : 0) - (previous == 2 ? 1 : 0)
      try db.execute(
        sql: "UPDATE posts SET likes = likes + ?, dislikes = dislikes + ? WHERE rid = ?", arguments: [like, dislike, rid])
      let counts = try Row.fetchOne(db, sql: "SELECT likes, dislikes FROM posts WHERE rid = ?", arguments: [rid])!
      return (counts["likes"], counts["dislikes"])
    }
  }
}
