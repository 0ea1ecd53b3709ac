import GRPCCore

/// When a client call ends: its response, or its body once that ends, or the error it
/// throws, whichever comes; told once, with the error (nil: OK).
enum ClientCallEnd {
  static func observe<Output: Sendable>(
    _ call: () async throws -> StreamingClientResponse<Output>, ended: @escaping @Sendable ((any Error)?) -> Void
  ) async throws -> StreamingClientResponse<Output> {
    let response: StreamingClientResponse<Output>
    do {
      response = try await call()
    } catch {
      ended(error)
      throw error
    }
    switch response.accepted {
    case .success(var contents):
      // The call ends when its body does: wrap it to see the final status.
      contents.bodyParts = RPCAsyncSequence(wrapping: CountingBody(base: contents.bodyParts, ended: ended))
      return StreamingClientResponse(accepted: .success(contents))
    case .failure(let error):
      ended(error)
      return response
    }
  }
}

/// A response body that calls `ended` once, with the error it ended with (nil: OK).
struct CountingBody<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element: Sendable {
  typealias Element = Base.Element
  let base: Base
  let ended: @Sendable ((any Error)?) -> Void

  struct AsyncIterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    let ended: @Sendable ((any Error)?) -> Void
    var done = false

    mutating func next() async throws -> Element? {
      guard !done else { return nil }
      do {
        if let element = try await base.next() { return element }
        done = true
        ended(nil)
        return nil
      } catch {
        done = true
        ended(error)
        throw error
      }
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator(), ended: ended) }
}
