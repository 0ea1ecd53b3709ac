import GymAPI
import GymService

// The creates an app may send again after being offline: each carries an idempotency_key.
extension Gym_Catalog_V1_CreateExerciseRequest: IdempotentRequest {}
extension Gym_Catalog_V1_CreateProgramRequest: IdempotentRequest {}
