import GymAPI

extension Gym_Catalog_V1_Program {
  /// A small valid program for tests that need one in the catalog: one day of squats.
  public static func fiveByFive(squat exerciseID: String) -> Self {
    .with {
      $0.name = "Five by Five"
      $0.description_p = "Squat three times a week."
      $0.goal = .strengthGoal
      $0.difficulty = .beginner
      $0.durationWeeks = 8
      $0.sessionMinutes = 45
      $0.days = [
        .with {
          $0.name = "A";
          $0.exercises = [
            .with {
              $0.exerciseID = exerciseID; $0.sets = 5; $0.repsMin = 5
            }
          ]
        }
      ]
    }
  }
}
