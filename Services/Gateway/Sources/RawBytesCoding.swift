import GRPCCore

/// Passes message bytes through untouched: the gateway never decodes payloads. It
/// only enforces the size limit, so an oversized request gets RESOURCE_EXHAUSTED with
/// the sizes instead of a reset stream.
struct RawBytesCoding: MessageSerializer, MessageDeserializer {
  var limit = Int.max

  func serialize<Bytes: GRPCContiguousBytes>(_ message: [UInt8]) throws -> Bytes {
    Bytes(message)
  }

  func deserialize<Bytes: GRPCContiguousBytes>(_ serializedMessageBytes: Bytes) throws -> [UInt8] {
    guard serializedMessageBytes.count <= limit else {
      throw RPCError(
        code: .resourceExhausted,
        message: "request message of \(serializedMessageBytes.count) bytes exceeds the limit of \(limit) bytes")
    }
    return serializedMessageBytes.withUnsafeBytes { Array($0) }
  }
}
