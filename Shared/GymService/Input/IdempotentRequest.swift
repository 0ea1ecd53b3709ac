import Crypto
import Foundation
import GymStore
import SwiftProtobuf

/// A create request that may carry the client's `idempotency_key` (`IdempotencyKeys`).
public protocol IdempotentRequest: SwiftProtobuf.Message {
  var idempotencyKey: String { get set }
}

extension IdempotentRequest {
  /// The request's key for `method`, checked and with the fingerprint of the rest of
  /// the request; nil when it carries none.
  public func idempotency(ownerID: String, method: String) throws(GymError) -> IdempotencyKeys.Key? {
    let key = idempotencyKey
    if key.isEmpty { return nil }
    guard key.utf8.count <= 128, key.unicodeScalars.allSatisfy({ idempotencyKeyCharacters.contains($0) }) else {
      throw .invalid([FieldViolation("idempotency_key", "must be 1 to 128 letters, digits, '-', '_', '.' or ':' (a UUID suits)")])
    }
    var rest = self
    rest.idempotencyKey = ""
    var options = BinaryEncodingOptions()
    options.useDeterministicOrdering = true
    // Encoding an in-memory message fails only for missing required fields, which proto3 has none of.
    let bytes: [UInt8] = (try? rest.serializedBytes(options: options)) ?? []
    return IdempotencyKeys.Key(ownerID: ownerID, key: key, method: method, fingerprint: Data(SHA256.hash(data: bytes)))
  }
}

private let idempotencyKeyCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:")
