import GRPCCore

/// Passes message bytes through untouched: the gateway never decodes payloads.
struct RawBytesCoding: MessageSerializer, MessageDeserializer {
  func serialize<Bytes: GRPCContiguousBytes>(_ message: [UInt8]) throws -> Bytes {
    Bytes(message)
  }

  func deserialize<Bytes: GRPCContiguousBytes>(_ serializedMessageBytes: Bytes) throws -> [UInt8] {
    serializedMessageBytes.withUnsafeBytes { Array($0) }
  }
}
