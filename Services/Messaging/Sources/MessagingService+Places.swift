import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

/// A place's discussion room and its members' reviews.
extension MessagingService {
  public func getPlaceRoom(request: Gym_Messaging_V1_GetPlaceRoomRequest, context: ServerContext) async throws -> Gym_Messaging_V1_GetPlaceRoomResponse {
    let caller = try Caller.current()
    guard !request.placeID.isEmpty else { throw GymError.invalid([.init("place_id", "is required")]) }
    // Places is asked only until the room exists: a room outlives its place's listing.
    if let room = try await store.placeRoom(placeID: request.placeID, viewerID: caller.userID) {
      return .with { $0.room = MessagingMapping.room(room, owner: nil) }
    }
    let place = try await places.place(id: request.placeID)
    let now = Date()
    let room = try await store.createPlaceRoom(
      id: ID.make(now: now), placeID: request.placeID, name: String(place.name.prefix(80)),
      topic: place.city.isEmpty ? place.name : "\(place.name), \(place.city)", viewerID: caller.userID, now: now)
    logger.info("place room made", metadata: ["room_id": "\(room.id)", "place_id": "\(request.placeID)"])
    return .with { $0.room = MessagingMapping.room(room, owner: nil) }
  }

  public func reviewPlace(request: Gym_Messaging_V1_ReviewPlaceRequest, context: ServerContext) async throws -> Gym_Messaging_V1_ReviewPlaceResponse {
    let caller = try Caller.verified(to: "review places")
    let input = try PlaceReviewInput(request)
    // Auth's own answer, not a copy: the home gym is checked the moment it is used.
    guard try await users.user(id: caller.userID)?.profile.homeGymID == input.placeID else { throw MessagingError.notHomeGym(placeID: input.placeID) }
    _ = try await places.place(id: input.placeID)
    let review = try await store.reviewPlace(
      id: ID.make(), placeID: input.placeID, authorID: caller.userID, stars: input.stars, text: input.text,
      limit: placeReviewsPerUser, now: Date())
    let refs = try await userRefs([caller.userID])
    return .with { $0.review = MessagingMapping.placeReview(review, refs) }
  }

  public func deletePlaceReview(
    request: Gym_Messaging_V1_DeletePlaceReviewRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_DeletePlaceReviewResponse {
    let caller = try Caller.current()
    guard !request.placeID.isEmpty else { throw GymError.invalid([.init("place_id", "is required")]) }
    try await store.deletePlaceReview(placeID: request.placeID, authorID: caller.userID, now: Date())
    return .init()
  }

  public func listPlaceReviews(
    request: Gym_Messaging_V1_ListPlaceReviewsRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_ListPlaceReviewsResponse {
    let caller = try Caller.current()
    guard !request.placeID.isEmpty else { throw GymError.invalid([.init("place_id", "is required")]) }
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    let reviews = try await store.placeReviews(placeID: request.placeID, viewerID: caller.userID, limit: paging.size, offset: offset)
    let mine = try await store.placeReview(placeID: request.placeID, authorID: caller.userID)
    let refs = try await userRefs(reviews.map(\.authorID) + [caller.userID])
    let page = Paging.fitting(reviews.map { MessagingMapping.placeReview($0, refs) })
    return .with {
      $0.reviews = page
      $0.nextPageToken = paging.nextToken(offset: offset, returned: page.count, fetched: reviews.count)
      // The author sees their own, removed or not: they may wonder why it is not listed.
      if let mine { $0.mine = MessagingMapping.placeReview(mine, refs) }
    }
  }
}
