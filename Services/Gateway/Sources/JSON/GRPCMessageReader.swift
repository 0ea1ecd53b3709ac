import NIOCore

/// The messages of a gRPC response, reassembled from its DATA frames (a five-byte prefix,
/// a compression flag and a big-endian length, before each). The relay holds every
/// message to the size limit before it gets here; this keeps at most one message and
/// the start of the next.
struct GRPCMessageReader {
  enum Failure: Error {
    /// The door asks for no compression; a compressed message is the backend's mistake.
    case compressed
  }

  private var buffered = ByteBuffer()

  /// Adds `bytes` and gives every message they complete, in order.
  mutating func read(_ bytes: ByteBuffer) throws(Failure) -> [ByteBuffer] {
    var bytes = bytes
    buffered.writeBuffer(&bytes)
    var messages: [ByteBuffer] = []
    while buffered.readableBytes >= 5 {
      let start = buffered.readerIndex
      let flag = buffered.getInteger(at: start, as: UInt8.self)!
      let length = Int(buffered.getInteger(at: start + 1, as: UInt32.self)!)
      guard flag == 0 else { throw .compressed }
      guard buffered.readableBytes >= 5 + length else { break }
      buffered.moveReaderIndex(forwardBy: 5)
      messages.append(buffered.readSlice(length: length)!)
    }
    buffered.discardReadBytes()
    return messages
  }

  /// Whether part of a message is still waiting for the rest.
  var hasPartialMessage: Bool { buffered.readableBytes > 0 }

  /// `message` framed for a gRPC request (uncompressed).
  static func frame(_ message: [UInt8], allocator: ByteBufferAllocator) -> ByteBuffer {
    var buffer = allocator.buffer(capacity: message.count + 5)
    buffer.writeInteger(UInt8(0))
    buffer.writeInteger(UInt32(message.count))
    buffer.writeBytes(message)
    return buffer
  }
}
