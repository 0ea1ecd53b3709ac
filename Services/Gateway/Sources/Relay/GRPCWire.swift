import Foundation
import GRPCCore
import GymService
import NIOCore
import NIOHPACK

/// What the relay reads and writes of gRPC's HTTP/2 mapping: status trailers, the
/// `grpc-timeout` header and the framing of messages. Payloads are never decoded.
enum GRPCWire {
  /// `application/grpc`, `application/grpc+proto` and the like; not `application/grpc-web`.
  static func isGRPC(contentType: String?) -> Bool {
    guard let contentType, contentType.hasPrefix("application/grpc") else { return false }
    let rest = contentType.utf8.dropFirst("application/grpc".utf8.count)
    return rest.first.map { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: ";") } ?? true
  }

  /// A response that is only a status (trailers-only): for calls the relay answers
  /// itself (refused at the door, backend unreachable), before any response header.
  static func trailersOnly(_ error: RPCError, requestID: String?) -> HPACKHeaders {
    var headers: HPACKHeaders = [":status": "200", "content-type": "application/grpc"]
    if let requestID { headers.add(name: RequestContext.requestIDKey, value: requestID) }
    addStatus(of: error, to: &headers)
    return headers
  }

  /// Trailers ending a response whose headers were already sent.
  static func trailers(_ error: RPCError) -> HPACKHeaders {
    var headers = HPACKHeaders()
    addStatus(of: error, to: &headers)
    return headers
  }

  private static func addStatus(of error: RPCError, to headers: inout HPACKHeaders) {
    headers.add(name: "grpc-status", value: String(error.code.rawValue))
    headers.add(name: "grpc-message", value: percentEncoded(error.message))
    for entry in error.metadata {
      switch entry.value {
      case .string(let text): headers.add(name: entry.key, value: text)
      case .binary(let bytes): headers.add(name: entry.key, value: Data(bytes).base64EncodedString())
      }
    }
  }

  /// `grpc-message` is percent-encoded: everything outside printable ASCII, and `%`.
  static func percentEncoded(_ message: String) -> String {
    var out = ""
    out.reserveCapacity(message.utf8.count)
    for byte in message.utf8 {
      if byte >= 0x20 && byte <= 0x7E && byte != UInt8(ascii: "%") {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
      }
    }
    return out
  }

  /// The canonical name of a `grpc-status` value ("OK", "NOT_FOUND", …), for metrics.
  static func codeName(_ status: String?) -> String {
    guard let status, let value = Int(status), let code = Status.Code(rawValue: value) else { return "UNKNOWN" }
    guard let rpcCode = RPCError.Code(code) else { return "OK" }
    return rpcCode.canonicalName
  }

  /// `grpc-timeout` for `timeout`: at most eight digits, in the finest unit that fits.
  static func timeoutHeader(_ timeout: Duration) -> String {
    let nanoseconds = max(0, timeout.components.seconds) * 1_000_000_000 + max(0, timeout.components.attoseconds / 1_000_000_000)
    let limit: Int64 = 99_999_999
    if nanoseconds <= limit { return "\(nanoseconds)n" }
    if nanoseconds / 1_000 <= limit { return "\(nanoseconds / 1_000)u" }
    if nanoseconds / 1_000_000 <= limit { return "\(nanoseconds / 1_000_000)m" }
    return "\(min(nanoseconds / 1_000_000_000, limit))S"
  }
}

/// Follows gRPC's message framing (a flag byte and a four-byte big-endian length before
/// each message) across DATA frames without copying, so that each message can be held
/// to the size limit as it passes.
struct MessageFraming {
  /// Header bytes of the next message read so far (0…4 while reading one).
  private var headerRead = 0
  private var length: UInt32 = 0
  /// Body bytes of the current message still to come.
  private var remaining = 0

  /// Reads `buffer`'s bytes; the length of the first message that exceeds `limit`, if any.
  mutating func oversized(in buffer: ByteBuffer, limit: Int) -> Int? {
    var index = buffer.readerIndex
    let end = buffer.writerIndex
    while index < end {
      if remaining > 0 {
        let take = min(remaining, end - index)
        remaining -= take
        index += take
        continue
      }
      let byte = buffer.getInteger(at: index, as: UInt8.self)!
      index += 1
      if headerRead > 0 { length = length << 8 | UInt32(byte) }
      headerRead += 1
      if headerRead == 5 {
        let size = Int(length)
        if size > limit { return size }
        remaining = size
        headerRead = 0
        length = 0
      }
    }
    return nil
  }
}
