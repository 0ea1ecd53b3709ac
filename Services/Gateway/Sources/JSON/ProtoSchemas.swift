import Foundation
import GymAPI
import SwiftProtobuf

/// The platform's message and enum types as the JSON door needs them: each field's JSON
/// and proto names, type and cardinality, read once from the generated descriptor set
/// (the one server reflection answers from), so query parameters and the diagnosis of a
/// bad body follow exactly the protos the gateway was built from.
final class ProtoSchemas: Sendable {
  enum Kind: Sendable, Equatable {
    case double, float, int64, uint64, int32, uint32, bool, string, bytes
    case enumeration(String)
    case message(String)
  }

  struct Field: Sendable {
    let name: String
    let jsonName: String
    let kind: Kind
    let repeated: Bool
    /// The oneof it belongs to (not a proto3 `optional`'s synthetic one).
    let oneof: String?
  }

  struct MessageType: Sendable {
    let name: String
    let fields: [Field]
    let mapEntry: Bool
    private let byName: [String: Int]

    init(name: String, fields: [Field], mapEntry: Bool) {
      self.name = name
      self.fields = fields
      self.mapEntry = mapEntry
      var byName: [String: Int] = [:]
      for (index, field) in fields.enumerated() {
        byName[field.jsonName] = index
        byName[field.name] = index
      }
      self.byName = byName
    }

    /// By JSON name or proto name, as proto3 JSON parsers accept either.
    func field(_ name: some StringProtocol) -> Field? { byName[String(name)].map { fields[$0] } }
  }

  struct EnumType: Sendable {
    let name: String
    let values: [String]
  }

  let messages: [String: MessageType]
  let enums: [String: EnumType]

  /// The types of this build. The set is generated with the code, so one that does not
  /// parse is a broken build, not a condition to serve through.
  static let platform: ProtoSchemas = {
    guard let data = Data(base64Encoded: GymDescriptorSet.base64, options: .ignoreUnknownCharacters),
      let set = try? Google_Protobuf_FileDescriptorSet(serializedBytes: data)
    else { fatalError("Shared/GymAPI's descriptor set does not parse: run scripts/generate-protos.sh") }
    return ProtoSchemas(set: set)
  }()

  init(set: Google_Protobuf_FileDescriptorSet) {
    var messages: [String: MessageType] = [:]
    var enums: [String: EnumType] = [:]
    func add(_ message: Google_Protobuf_DescriptorProto, scope: String) {
      let name = scope + message.name
      let fields = message.field.map { field in
        let oneof = field.hasOneofIndex && !field.proto3Optional ? message.oneofDecl[Int(field.oneofIndex)].name : nil
        return Field(
          name: field.name, jsonName: field.hasJsonName ? field.jsonName : field.name, kind: Self.kind(of: field),
          repeated: field.label == .repeated, oneof: oneof)
      }
      messages[name] = MessageType(name: name, fields: fields, mapEntry: message.options.mapEntry)
      for nested in message.nestedType { add(nested, scope: name + ".") }
      for nested in message.enumType { enums[name + "." + nested.name] = EnumType(name: name + "." + nested.name, values: nested.value.map(\.name)) }
    }
    for file in set.file {
      let prefix = file.package.isEmpty ? "" : file.package + "."
      for message in file.messageType { add(message, scope: prefix) }
      for type in file.enumType { enums[prefix + type.name] = EnumType(name: prefix + type.name, values: type.value.map(\.name)) }
    }
    self.messages = messages
    self.enums = enums
  }

  private static func kind(of field: Google_Protobuf_FieldDescriptorProto) -> Kind {
    let typeName = field.typeName.hasPrefix(".") ? String(field.typeName.dropFirst()) : field.typeName
    switch field.type {
    case .double: return .double
    case .float: return .float
    case .int64, .sint64, .sfixed64: return .int64
    case .uint64, .fixed64: return .uint64
    case .int32, .sint32, .sfixed32: return .int32
    case .uint32, .fixed32: return .uint32
    case .bool: return .bool
    case .string: return .string
    case .bytes: return .bytes
    case .enum: return .enumeration(typeName)
    case .message, .group: return .message(typeName)
    }
  }

  /// The well-known types whose JSON form is one string, number or bool (not an object),
  /// so a query parameter or path variable can carry them.
  static let scalarWellKnown: Set<String> = [
    "google.protobuf.Timestamp", "google.protobuf.Duration", "google.protobuf.FieldMask",
    "google.protobuf.DoubleValue", "google.protobuf.FloatValue", "google.protobuf.Int64Value", "google.protobuf.UInt64Value",
    "google.protobuf.Int32Value", "google.protobuf.UInt32Value", "google.protobuf.BoolValue", "google.protobuf.StringValue",
    "google.protobuf.BytesValue",
  ]
}
