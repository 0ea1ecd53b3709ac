/// The HTTP status of a gRPC status code, as `google.rpc.Code` documents it and
/// grpc-gateway maps it.
enum HTTPStatusMapping {
  /// `code`: the `grpc-status` value (0 = OK).
  static func status(forGRPCCode code: Int) -> Int {
    switch code {
    case 0: 200  // OK
    case 1: 499  // CANCELLED: the client closed the request
    case 2: 500  // UNKNOWN
    case 3: 400  // INVALID_ARGUMENT
    case 4: 504  // DEADLINE_EXCEEDED
    case 5: 404  // NOT_FOUND
    case 6: 409  // ALREADY_EXISTS
    case 7: 403  // PERMISSION_DENIED
    case 8: 429  // RESOURCE_EXHAUSTED
    case 9: 400  // FAILED_PRECONDITION
    case 10: 409  // ABORTED
    case 11: 400  // OUT_OF_RANGE
    case 12: 501  // UNIMPLEMENTED
    case 13: 500  // INTERNAL
    case 14: 503  // UNAVAILABLE
    case 15: 500  // DATA_LOSS
    case 16: 401  // UNAUTHENTICATED
    default: 500
    }
  }

}
