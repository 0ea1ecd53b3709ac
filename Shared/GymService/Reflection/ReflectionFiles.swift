import Foundation
import GymAPI
import SwiftProtobuf

/// The platform's proto files as server reflection hands them out: each serialized
/// `FileDescriptorProto` with its imports, and the file that declares each fully
/// qualified symbol. Read once from the generated `GymDescriptorSet`, so what a client
/// is told is exactly what the process was built from.
public struct ReflectionFiles: Sendable {
  struct File: Sendable {
    var serialized: Data
    var dependencies: [String]
  }

  /// What a fully qualified name declares and where.
  struct Symbol: Sendable {
    var file: String
    /// The service a service or method name belongs to: reflection names it only
    /// where that service is served. nil for messages and enums.
    var service: String?
  }

  let files: [String: File]
  let symbols: [String: Symbol]
  /// Every message type, for extension questions.
  let messages: Set<String>
  /// The file declaring each extension, by the message it extends and its number (the
  /// platform's one is `google.api.http` on `google.protobuf.MethodOptions`).
  let extensions: [String: [Int32: String]]
  /// Each method's kind by its full name ("gym.auth.v1.AuthService/GetMe"), in the words
  /// of gRPC metrics: unary, client_stream, server_stream or bidi_stream.
  public let methodTypes: [String: String]

  /// The files of this build. The set is generated with the code, so a set that does
  /// not parse is a broken build, not a condition to serve through.
  public static let platform: ReflectionFiles = {
    guard let data = Data(base64Encoded: GymDescriptorSet.base64, options: .ignoreUnknownCharacters),
      let set = try? Google_Protobuf_FileDescriptorSet(serializedBytes: data)
    else { fatalError("Shared/GymAPI's descriptor set does not parse: run scripts/generate-protos.sh") }
    return ReflectionFiles(set: set)
  }()

  init(set: Google_Protobuf_FileDescriptorSet) {
    var files: [String: File] = [:]
    var symbols: [String: Symbol] = [:]
    var messages: Set<String> = []
    var extensions: [String: [Int32: String]] = [:]
    var methodTypes: [String: String] = [:]
    for file in set.file {
      // Serializing a message decoded from bytes gives the same bytes back.
      let serialized = (try? file.serializedBytes() as Data) ?? Data()
      files[file.name] = File(serialized: serialized, dependencies: file.dependency)
      let prefix = file.package.isEmpty ? "" : file.package + "."
      func add(_ name: String, service: String? = nil) { symbols[name] = Symbol(file: file.name, service: service) }
      func addExtensions(_ fields: [Google_Protobuf_FieldDescriptorProto]) {
        for field in fields {
          let extended = field.extendee.hasPrefix(".") ? String(field.extendee.dropFirst()) : field.extendee
          extensions[extended, default: [:]][field.number] = file.name
        }
      }
      addExtensions(file.extension)
      func addMessage(_ message: Google_Protobuf_DescriptorProto, in scope: String) {
        let name = scope + message.name
        add(name)
        messages.insert(name)
        addExtensions(message.extension)
        for nested in message.nestedType { addMessage(nested, in: name + ".") }
        for nested in message.enumType { add(name + "." + nested.name) }
      }
      for message in file.messageType { addMessage(message, in: prefix) }
      for type in file.enumType { add(prefix + type.name) }
      for service in file.service {
        let name = prefix + service.name
        add(name, service: name)
        for method in service.method {
          add(name + "." + method.name, service: name)
          methodTypes[name + "/" + method.name] =
            switch (method.clientStreaming, method.serverStreaming) {
            case (false, false): "unary"
            case (true, false): "client_stream"
            case (false, true): "server_stream"
            case (true, true): "bidi_stream"
            }
        }
      }
    }
    self.files = files
    self.symbols = symbols
    self.messages = messages
    self.extensions = extensions
    self.methodTypes = methodTypes
  }

  /// `name`'s file first, then everything it imports, transitively, each once: a client
  /// builds the first from the rest.
  func withDependencies(_ name: String) -> [Data] {
    var seen: Set<String> = []
    var order: [Data] = []
    var pending = [name]
    while let next = pending.popLast() {
      guard seen.insert(next).inserted, let file = files[next] else { continue }
      order.append(file.serialized)
      pending += file.dependencies.reversed()
    }
    return order
  }
}
