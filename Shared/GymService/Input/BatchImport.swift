import Logging

/// The skeleton of a streaming import: the client streams items; each is validated into
/// a record (`accept`) or turned away with a reason (`reject`); accepted records are
/// written `batchSize` at a time, one transaction each; `finish` writes the rest, and
/// the counts and rejections make the summary the import answers with. Rejections
/// carry the item's index in the stream so a client can find it.
public struct BatchImport<Record> {
  /// What writing one record did.
  public enum Outcome: Sendable {
    case created
    case updated
    case unchanged
  }

  /// An item not imported: where it stood in the stream, its key when it has one (a
  /// slug, a source), and why.
  public struct Rejection: Sendable, Equatable {
    public var index: Int
    public var key: String
    public var reason: String
  }

  /// What happens when a batch's write fails.
  public enum BatchFailure: Sendable {
    /// The import fails with the error.
    case endsTheImport
    /// Each record of the batch is written alone, so one bad row cannot sink its
    /// neighbours; those that still fail are rejected.
    case retriedOneByOne
  }

  public typealias Write = ([Record]) async throws -> [Outcome]

  public private(set) var created = 0
  public private(set) var updated = 0
  public private(set) var unchanged = 0
  public private(set) var rejected: [Rejection] = []
  private var batch: [(index: Int, key: String, record: Record)] = []
  private let batchSize: Int
  private let batchFailure: BatchFailure
  private let logger: Logger
  private let write: Write

  /// - Parameter write: stores records in one transaction and says what it did with each, in order.
  public init(batchSize: Int = 500, batchFailure: BatchFailure = .endsTheImport, logger: Logger, write: @escaping Write) {
    self.batchSize = batchSize
    self.batchFailure = batchFailure
    self.logger = logger
    self.write = write
  }

  /// Takes a valid item; writes the batch once it is full.
  public mutating func accept(_ record: Record, index: Int, key: String = "") async throws {
    batch.append((index, key, record))
    if batch.count >= batchSize { try await flush() }
  }

  public mutating func reject(index: Int, key: String = "", reason: String) {
    rejected.append(Rejection(index: index, key: key, reason: reason))
  }

  /// Rejects with the words a client may read about `error` (`ClientReason`).
  public mutating func reject(index: Int, key: String = "", error: any Error) {
    reject(index: index, key: key, reason: ClientReason.text(for: error, logger: logger))
  }

  /// Writes what is still waiting; call once the stream has ended.
  public mutating func finish() async throws {
    try await flush()
  }

  private mutating func flush() async throws {
    guard !batch.isEmpty else { return }
    defer { batch.removeAll(keepingCapacity: true) }
    do {
      let outcomes = try await write(batch.map { $0.record })
      count(outcomes)
    } catch {
      guard batchFailure == .retriedOneByOne else { throw error }
      for item in batch {
        do {
          let outcomes = try await write([item.record])
          count(outcomes)
        } catch {
          reject(index: item.index, key: item.key, error: error)
        }
      }
    }
  }

  private mutating func count(_ outcomes: [Outcome]) {
    for outcome in outcomes {
      switch outcome {
      case .created: created += 1
      case .updated: updated += 1
      case .unchanged: unchanged += 1
      }
    }
  }
}
