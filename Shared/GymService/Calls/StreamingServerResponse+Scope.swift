import GRPCCore

extension StreamingServerResponse {
  /// Runs the response producer (which executes after the interceptor has returned)
  /// inside `scope`, so task locals and error handling set up by an interceptor
  /// also cover streamed responses.
  func wrappingProducer(
    _ scope:
      @escaping @Sendable (
        _ produce: @Sendable () async throws -> Metadata
      ) async throws -> Metadata
  ) -> Self {
    guard case .success(var contents) = accepted else { return self }
    let producer = contents.producer
    contents.producer = { writer in try await scope { try await producer(writer) } }
    var copy = self
    copy.accepted = .success(contents)
    return copy
  }
}
