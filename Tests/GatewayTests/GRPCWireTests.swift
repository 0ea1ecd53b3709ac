import GRPCCore
import GymService
import NIOCore
import Testing

@testable import GymGateway

/// What the relay reads and writes of gRPC's wire format itself.
@Suite struct GRPCWireTests {
  /// Message lengths are found however the bytes are cut into DATA frames.
  @Test(arguments: [1, 2, 3, 5, 7, 4096])
  func anOversizedMessageIsFoundAcrossAnyFrameCut(_ chunk: Int) {
    var bytes = ByteBuffer()
    for size in [10, 0, 300] {
      bytes.writeInteger(UInt8(0))
      bytes.writeInteger(UInt32(size))
      bytes.writeRepeatingByte(7, count: size)
    }
    bytes.writeInteger(UInt8(0))
    bytes.writeInteger(UInt32(70_000))  // over the limit; its body never needs to arrive
    var framing = MessageFraming()
    var found: Int?
    while found == nil, bytes.readableBytes > 0 {
      let piece = bytes.readSlice(length: min(chunk, bytes.readableBytes))!
      found = framing.oversized(in: piece, limit: 65_536)
    }
    #expect(found == 70_000)
  }

  @Test func messagesWithinTheLimitPass() {
    var bytes = ByteBuffer()
    for size in [65_536, 1, 0] {
      bytes.writeInteger(UInt8(0))
      bytes.writeInteger(UInt32(size))
      bytes.writeRepeatingByte(1, count: size)
    }
    var framing = MessageFraming()
    #expect(framing.oversized(in: bytes, limit: 65_536) == nil)
  }

  @Test func timeoutsFitEightDigitsInTheFinestUnit() {
    #expect(GRPCWire.timeoutHeader(.milliseconds(250)) == "250000u")
    #expect(GRPCWire.timeoutHeader(.milliseconds(50)) == "50000000n")
    #expect(GRPCWire.timeoutHeader(.seconds(10)) == "10000000u")
    #expect(GRPCWire.timeoutHeader(.seconds(3600)) == "3600000m")
    #expect(GRPCWire.timeoutHeader(.seconds(200_000)) == "200000S")
    for timeout in [Duration.milliseconds(1), .seconds(59), .seconds(86_400 * 30)] {
      let header = GRPCWire.timeoutHeader(timeout)
      #expect(header.count <= 9)
      #expect(CallOptions.parseTimeout(header) == timeout)
    }
  }

  @Test func statusMessagesArePercentEncoded() {
    #expect(GRPCWire.percentEncoded("50% off — now") == "50%25 off %E2%80%94 now")
    let headers = GRPCWire.trailersOnly(RPCError(code: .notFound, message: "no such plan"), requestID: "abc")
    #expect(headers["grpc-status"] == ["5"] && headers["grpc-message"] == ["no such plan"] && headers["x-request-id"] == ["abc"])
    #expect(GRPCWire.codeName("5") == "NOT_FOUND" && GRPCWire.codeName("0") == "OK" && GRPCWire.codeName(nil) == "UNKNOWN")
  }
}
