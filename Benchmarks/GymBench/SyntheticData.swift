/// A country-sized area (Great Britain's bounding box) for synthetic places.
enum Country {
  static let lat = 50.0...58.5
  static let lng = -6.0...2.0
  static func randomPoint() -> (Double, Double) { (Double.random(in: lat), Double.random(in: lng)) }
}

/// Words that make synthetic exercises and programs look like a real marketplace's.
enum CatalogWords {
  static let variants = ["Tempo", "Paused", "Banded", "Single-Arm", "Deficit", "Isometric", "Wide-Grip", "Close-Grip", "Eccentric", "Alternating"]
  static let adjectives = ["Ultimate", "Simple", "Classic", "Brutal", "Minimal", "Complete", "Smart", "Old-School", "Modern", "Total"]
  static let themes = ["Strength", "Hypertrophy", "Powerbuilding", "Fat Loss", "Athlete", "Home", "Barbell", "Dumbbell", "Beginner", "Bodyweight"]
  static let splits = ["Full Body", "Upper Lower", "Push Pull Legs", "Bro Split", "Conditioning", "Core Blast", "Leg Day", "Arms"]
  static let queries = ["bench", "romanian", "squat dumbbell", "curl", "press", "row", "lunge", "deadlift", "plank", "pull up", "calf", "stretch"]
}
