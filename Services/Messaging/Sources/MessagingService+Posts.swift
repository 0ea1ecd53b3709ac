import Foundation
import GRPCCore
import GymAPI
import GymService

extension MessagingService {
  public func createPost(request: Gym_Messaging_V1_CreatePostRequest, context: ServerContext) async throws -> Gym_Messaging_V1_CreatePostResponse {
    let caller = try Caller.verified(to: "post")
    let key = try request.idempotency(ownerID: caller.userID, method: "CreatePost")
    let text = try MessageInput.text(request.text, attachments: request.attachmentIds)
    let post = try await store.createPost(
      id: ID.make(), authorID: caller.userID, text: text, attachmentIDs: request.attachmentIds, key: key, now: Date())
    let mapped = try await posts([post])
    return .with { $0.post = mapped[0] }
  }

  public func deletePost(request: Gym_Messaging_V1_DeletePostRequest, context: ServerContext) async throws -> Gym_Messaging_V1_DeletePostResponse {
    let caller = try Caller.current()
    _ = try await store.removePost(id: request.id, authorID: caller.userID, reason: "deleted by its author", now: Date(), scrub: Self.scrub)
    return .init()
  }

  public func listUserPosts(
    request: Gym_Messaging_V1_ListUserPostsRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_ListUserPostsResponse {
    let caller = try Caller.current()
    let paging = try Paging(size: request.pageSize, token: request.pageToken)
    let author = request.userID.isEmpty ? caller.userID : request.userID
    let page = try await store.posts(by: author, viewerID: caller.userID, before: try Self.before(paging), limit: paging.size)
    let mapped = Paging.fitting(try await posts(page))
    return .with {
      $0.posts = mapped
      $0.nextPageToken = Self.nextToken(paging, after: page.prefix(mapped.count).map(\.rid), fetched: page.count)
    }
  }

  public func getFeed(request: Gym_Messaging_V1_GetFeedRequest, context: ServerContext) async throws -> Gym_Messaging_V1_GetFeedResponse {
    let caller = try Caller.current()
    let paging = try Paging(size: request.pageSize, token: request.pageToken)
    let page = try await store.feed(viewerID: caller.userID, before: try Self.before(paging), limit: paging.size)
    let mapped = Paging.fitting(try await posts(page))
    return .with {
      $0.posts = mapped
      $0.nextPageToken = Self.nextToken(paging, after: page.prefix(mapped.count).map(\.rid), fetched: page.count)
    }
  }

  public func reactToPost(request: Gym_Messaging_V1_ReactToPostRequest, context: ServerContext) async throws -> Gym_Messaging_V1_ReactToPostResponse {
    let caller = try Caller.current()
    let reaction = try MessageInput.reaction(request.reaction)
    let counts = try await store.react(postID: request.postID, userID: caller.userID, reaction: reaction)
    return .with {
      $0.likes = Int32(counts.likes)
      $0.dislikes = Int32(counts.dislikes)
      $0.myReaction = reaction == 0 ? .unspecified : request.reaction
    }
  }

  func posts(_ views: [MessagingStore.PostView]) async throws -> [Gym_Messaging_V1_Post] {
    let refs = try await userRefs(views.map(\.authorID))
    return views.map { MessagingMapping.post($0, refs) }
  }
}
