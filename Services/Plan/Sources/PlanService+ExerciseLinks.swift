import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

extension PlanService {
  static let linkCaptionBound = TextBound(characters: 200)

  public func setClientExerciseLinks(
    request: Gym_Plan_V1_SetClientExerciseLinksRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_SetClientExerciseLinksResponse {
    let caller = try Self.requireTrainer()
    try await requireClient(request.clientID, of: caller.userID)
    try PlanInput.id(request.exerciseID, field: "exercise_id")
    var violations: [FieldViolation] = []
    if request.links.count > 5 { violations.append(.init("links", "give at most 5 links per exercise")) }
    for (index, link) in request.links.prefix(5).enumerated() {
      if !WebURL.isValid(link.url, maxBytes: 500) {
        violations.append(.init("links[\(index)].url", "must be an http(s) URL of at most 500 bytes"))
      }
      if let violation = Self.linkCaptionBound.violation(link.caption, field: "links[\(index)].caption") { violations.append(violation) }
    }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    // The client's exercises: public ones and their own, never the trainer's private ones.
    try await checkExercises([request.exerciseID], for: request.clientID, fields: [request.exerciseID: "exercise_id"], now: Date())
    let links = try await store.setExerciseLinks(
      trainerID: caller.userID, clientID: request.clientID, exerciseID: request.exerciseID,
      links: request.links.map { .init(trainerID: caller.userID, exerciseID: request.exerciseID, url: $0.url, caption: $0.caption) },
      now: Date())
    return .with { $0.links = links.map(Self.link) }
  }

  public func listExerciseLinks(
    request: Gym_Plan_V1_ListExerciseLinksRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_ListExerciseLinksResponse {
    let caller = try Caller.current()
    let exerciseID = request.exerciseID.isEmpty ? nil : request.exerciseID
    let links: [PlanStore.ExerciseLink]
    if request.clientID.isEmpty {
      links = try await store.exerciseLinks(clientID: caller.userID, exerciseID: exerciseID)
    } else {
      try await requireClient(request.clientID, of: caller.userID)
      links = try await store.exerciseLinks(clientID: request.clientID, trainerID: caller.userID, exerciseID: exerciseID)
    }
    return .with { $0.links = links.map(Self.link) }
  }

  static func link(_ link: PlanStore.ExerciseLink) -> Gym_Plan_V1_ExerciseLink {
    .with {
      $0.url = link.url
      $0.caption = link.caption
      $0.trainerID = link.trainerID
      $0.exerciseID = link.exerciseID
    }
  }
}
