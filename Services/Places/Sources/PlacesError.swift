import GymService
import GymStore

/// What only the places domain refuses (the refusals every service shares are
/// `GymError`), thrown by handlers and by the store alike (the store imports no gRPC;
/// this type neither). `PlacesError+Status` maps each case once.
public enum PlacesError: Error, Equatable, Sendable {
  case sourceTaken(String)
}
