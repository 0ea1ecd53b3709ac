import GymAPI
import GymService

// The creates an app may send again after being offline: each carries an idempotency_key.
extension Gym_Messaging_V1_SendDirectMessageRequest: IdempotentRequest {}
extension Gym_Messaging_V1_PostRoomMessageRequest: IdempotentRequest {}
extension Gym_Messaging_V1_CreatePostRequest: IdempotentRequest {}
extension Gym_Messaging_V1_AddProgressPhotoRequest: IdempotentRequest {}
extension Gym_Messaging_V1_CreateRoomRequest: IdempotentRequest {}
extension Gym_Messaging_V1_SendFriendRequestRequest: IdempotentRequest {}
extension Gym_Messaging_V1_CreateReportRequest: IdempotentRequest {}
