import Foundation
import SwiftProtobuf

/// A list response written from messages that are already encoded (stored bytes), by
/// concatenation: a repeated message field on the wire is, per element, its tag, the
/// length as a varint and the element's bytes, so nothing is decoded or re-encoded.
/// Elements stop at the page's byte budget as `Paging.fitting` stops them.
public struct EncodedPage: Sendable {
  public private(set) var bytes = Data()
  /// Elements written so far.
  public private(set) var count = 0
  private var budget: PageBudget

  public init(budget: Int = Paging.byteBudget) {
    self.budget = PageBudget(budget)
  }

  /// Appends one element of the repeated message field `field` unless it would pass the
  /// budget (the first always fits); false when it did not fit, and the page is full.
  public mutating func append(field: Int, element: Data) -> Bool {
    guard budget.take(element.count) else { return false }
    count += 1
    append(field: field, length: element)
    return true
  }

  /// One length-delimited field (a message, string or bytes); empty is left out, as
  /// proto3 leaves out an empty string.
  public mutating func append(field: Int, string: String) {
    guard !string.isEmpty else { return }
    append(field: field, length: Data(string.utf8))
  }

  /// An int32 field; zero is left out, as proto3 does.
  public mutating func append(field: Int, int32 value: Int32) {
    guard value != 0 else { return }
    Self.varint(UInt64(field << 3), into: &bytes)
    Self.varint(UInt64(bitPattern: Int64(value)), into: &bytes)
  }

  private mutating func append(field: Int, length value: Data) {
    Self.append(field: field, length: value, to: &bytes)
  }

  /// `value` as the length-delimited field `field` (a message's bytes as a field of an
  /// enclosing message), appended to `data`.
  public static func append(field: Int, length value: Data, to data: inout Data) {
    varint(UInt64(field << 3 | 2), into: &data)
    varint(UInt64(value.count), into: &data)
    data.append(value)
  }

  static func varint(_ value: UInt64, into data: inout Data) {
    var v = value
    while v >= 0x80 {
      data.append(UInt8(truncatingIfNeeded: v) | 0x80)
      v >>= 7
    }
    data.append(UInt8(v))
  }

  /// The page as `M`. Its bytes travel as the message's unknown fields, which
  /// SwiftProtobuf writes back out verbatim: what the client receives is exactly these
  /// bytes, and it decodes them into `M`'s fields. (Reading an `Empty` only walks the
  /// top-level tags; every element is skipped over by its length.)
  public func message<M: SwiftProtobuf.Message>(_: M.Type = M.self) throws -> M {
    var message = M()
    message.unknownFields = try Google_Protobuf_Empty(serializedBytes: bytes).unknownFields
    return message
  }
}
