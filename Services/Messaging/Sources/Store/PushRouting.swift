import Foundation

/// What the store needs to put an event on its way to a user's devices: whether the user
/// has a stream open (then the stream told them), what a notification of the event
/// says (nil: not one to push), which providers are configured, and whom to wake once
/// jobs are committed.
public struct PushRouting: Sendable {
  public var isOnline: @Sendable (String) -> Bool
  public var content: @Sendable (MessagingStore.EventDraft) -> PushContent?
  public var platforms: Set<PushPlatform>
  public var committed: @Sendable () -> Void

  public init(
    isOnline: @escaping @Sendable (String) -> Bool, content: @escaping @Sendable (MessagingStore.EventDraft) -> PushContent?,
    platforms: Set<PushPlatform>, committed: @escaping @Sendable () -> Void
  ) {
    self.isOnline = isOnline
    self.content = content
    self.platforms = platforms
    self.committed = committed
  }
}

/// What a push notification of an event says.
public struct PushContent: Sendable, Equatable {
  /// The kind of event ("direct-message", "friend-request", or a notification's kind).
  public var kind: String
  public var title: String
  public var body: String
  /// What the app opens: a conversation, a request, a notification's reference.
  public var reference: String
  /// Notifications with one key show as one, the newest (a conversation's messages).
  public var collapseKey: String?
  /// The thread the phone groups it under.
  public var threadID: String?

  public init(kind: String, title: String, body: String, reference: String, collapseKey: String? = nil, threadID: String? = nil) {
    self.kind = kind
    self.title = title
    self.body = body
    self.reference = reference
    self.collapseKey = collapseKey
    self.threadID = threadID
  }
}
