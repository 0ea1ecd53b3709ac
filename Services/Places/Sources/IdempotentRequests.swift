import GymAPI
import GymService

// The creates a client may send again (after being offline, or a lost answer): each
// carries an idempotency_key.
extension Gym_Places_V1_CreatePlaceRequest: IdempotentRequest {}
