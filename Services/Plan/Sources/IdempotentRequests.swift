import GymAPI
import GymService

// The creates an app may send again after being offline: each carries an idempotency_key.
extension Gym_Plan_V1_CreateRoutineRequest: IdempotentRequest {}
extension Gym_Plan_V1_CopyProgramRequest: IdempotentRequest {}
extension Gym_Plan_V1_ScheduleRoutineRequest: IdempotentRequest {}
extension Gym_Plan_V1_StartSessionRequest: IdempotentRequest {}
extension Gym_Plan_V1_LogSetRequest: IdempotentRequest {}
extension Gym_Plan_V1_LogWorkoutRequest: IdempotentRequest {}
extension Gym_Plan_V1_CreateGoalRequest: IdempotentRequest {}
extension Gym_Plan_V1_CreateNutritionPlanRequest: IdempotentRequest {}
extension Gym_Plan_V1_LogFoodRequest: IdempotentRequest {}
extension Gym_Plan_V1_AssignRoutineRequest: IdempotentRequest {}
extension Gym_Plan_V1_AssignNutritionPlanRequest: IdempotentRequest {}
