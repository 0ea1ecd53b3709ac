import Foundation

/// How catalog's rows become the bytes of their protobuf messages, handed to the store
/// so that it can keep stored messages in step inside its own write transactions
/// without knowing the wire format (`CatalogMessageEncoder.proto` is the real one).
public struct CatalogMessageEncoder: Sendable {
  /// Raised whenever what a message holds changes: stored messages of another version
  /// are encoded again at start-up (`StoredMessageEncoding`).
  public var version: Int
  /// The whole `Exercise` message.
  public var exercise: @Sendable (ExerciseRecord) throws -> Data
  /// A program's content: what only its own edits and its exercises' names change.
  public var program: @Sendable (_ program: ProgramRecord, _ exerciseNames: [String: String]) throws -> ProgramBytes

  public init(
    version: Int,
    exercise: @escaping @Sendable (ExerciseRecord) throws -> Data,
    program: @escaping @Sendable (ProgramRecord, [String: String]) throws -> ProgramBytes
  ) {
    self.version = version
    self.exercise = exercise
    self.program = program
  }
}

/// A program's stored message in two parts that a reader concatenates: `content`
/// (every field but the days and what changes without an edit: author names, counts,
/// score, state, the viewer's vote) and `days` (the encoded repeated `days` field),
/// left out of the summary form.
public struct ProgramBytes: Sendable, Equatable {
  public var content: Data
  public var days: Data

  public init(content: Data, days: Data) {
    self.content = content
    self.days = days
  }
}
