#!/usr/bin/env python3
"""The HTTP/JSON API from the google.api.http annotations in proto/: one reading of the
annotations gives both what the gateway routes (a Swift table) and what it publishes
(an OpenAPI 3 document), so the two cannot disagree.

Usage: generate.py DESCRIPTOR_SET OPENAPI_JSON SWIFT_ROUTES SWIFT_DOCUMENT
DESCRIPTOR_SET is protoc's --include_imports --include_source_info output for every
file in proto/; run by scripts/generate-protos.sh, never by hand.
"""

import json
import re
import sys

from google.api import annotations_pb2
from google.protobuf import descriptor_pb2

F = descriptor_pb2.FieldDescriptorProto

VERBS = ("get", "put", "post", "delete", "patch")
ERROR_STATUSES = ("400", "401", "403", "404", "409", "429", "500", "503", "504")

# proto3 JSON (https://protobuf.dev/programming-guides/json/) of the well-known types
# whose JSON form is not an object of their fields.
WELL_KNOWN = {
    "google.protobuf.Timestamp": {"type": "string", "format": "date-time", "example": "2026-01-31T18:30:00Z"},
    "google.protobuf.Duration": {"type": "string", "pattern": r"^-?[0-9]+(\.[0-9]{1,9})?s$", "example": "1.500s"},
    "google.protobuf.FieldMask": {
        "type": "string",
        "description": "Field paths in lowerCamelCase, separated by commas (\"displayName,bio\").",
    },
    "google.protobuf.Struct": {"type": "object", "additionalProperties": True},
    "google.protobuf.Value": {},
    "google.protobuf.ListValue": {"type": "array", "items": {}},
    "google.protobuf.Empty": {"type": "object", "additionalProperties": False},
    "google.protobuf.Any": {
        "type": "object",
        "description": "A message of the type its `@type` names, with that type's fields beside it.",
        "properties": {"@type": {"type": "string"}},
        "required": ["@type"],
        "additionalProperties": True,
    },
    "google.protobuf.DoubleValue": {"type": "number", "format": "double"},
    "google.protobuf.FloatValue": {"type": "number", "format": "float"},
    "google.protobuf.Int64Value": {"type": "string", "format": "int64", "pattern": r"^-?[0-9]+$"},
    "google.protobuf.UInt64Value": {"type": "string", "format": "uint64", "pattern": r"^[0-9]+$"},
    "google.protobuf.Int32Value": {"type": "integer", "format": "int32"},
    "google.protobuf.UInt32Value": {"type": "integer", "minimum": 0, "maximum": 4294967295},
    "google.protobuf.BoolValue": {"type": "boolean"},
    "google.protobuf.StringValue": {"type": "string"},
    "google.protobuf.BytesValue": {"type": "string", "format": "byte"},
}

# Well-known types a query parameter or path variable may carry (one string each).
SCALAR_WELL_KNOWN = {
    "google.protobuf.Timestamp", "google.protobuf.Duration", "google.protobuf.FieldMask",
    "google.protobuf.DoubleValue", "google.protobuf.FloatValue", "google.protobuf.Int64Value",
    "google.protobuf.UInt64Value", "google.protobuf.Int32Value", "google.protobuf.UInt32Value",
    "google.protobuf.BoolValue", "google.protobuf.StringValue", "google.protobuf.BytesValue",
}


def fail(message):
    sys.exit("generate.py: " + message)


class Index:
    """Every message, enum and comment of the descriptor set, by fully qualified name."""

    def __init__(self, descriptor_set):
        self.files = list(descriptor_set.file)
        self.messages = {}
        self.enums = {}
        self.comments = {}
        for file in self.files:
            for location in file.source_code_info.location:
                self.comments[(file.name, tuple(location.path))] = location
            prefix = "." + file.package if file.package else ""
            for i, message in enumerate(file.message_type):
                self._add_message(file, prefix, message, (4, i))
            for i, enum in enumerate(file.enum_type):
                self.enums[prefix + "." + enum.name] = (file, enum, (5, i))

    def _add_message(self, file, scope, message, path):
        name = scope + "." + message.name
        self.messages[name] = (file, message, path)
        for i, nested in enumerate(message.nested_type):
            self._add_message(file, name, nested, path + (3, i))
        for i, enum in enumerate(message.enum_type):
            self.enums[name + "." + enum.name] = (file, enum, path + (4, i))

    def comment(self, file, path):
        location = self.comments.get((file.name, tuple(path)))
        if location is None:
            return ""
        parts = [text for text in (location.leading_comments, location.trailing_comments) if text.strip()]
        return prose("\n\n".join(parts))


def prose(text):
    """A proto comment as Markdown: lines of a paragraph joined, paragraphs kept apart."""
    paragraphs, current = [], []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            if current:
                paragraphs.append(" ".join(current))
                current = []
        else:
            current.append(line)
    if current:
        paragraphs.append(" ".join(current))
    return "\n\n".join(paragraphs)


def sentence(text):
    """`text` ended as a sentence, ready for another after it (empty stays empty)."""
    if not text:
        return ""
    return text + (" " if text.endswith((".", "!", "?", ")")) else ". ")


def summary(description, fallback):
    first = description.split("\n\n")[0]
    match = re.match(r"(.+?\.)(\s|$)", first)
    sentence = (match.group(1) if match else first).strip()
    if not sentence or sentence.startswith("Errors:") or sentence.startswith("("):
        return fallback
    return sentence


def schema_name(full_name):
    return full_name.lstrip(".")


def ref(full_name):
    return {"$ref": "#/components/schemas/" + schema_name(full_name)}


class Generator:
    def __init__(self, index):
        self.index = index
        self.schemas = {}
        self.pending = []

    # ---- schemas

    def want(self, full_name):
        if schema_name(full_name) not in self.schemas and full_name not in self.pending:
            self.pending.append(full_name)
        return ref(full_name)

    def field_schema(self, field, single=False):
        """The schema of a field's JSON value (an element of it when `single`)."""
        if field.type == F.TYPE_MESSAGE:
            file, message, _ = self.index.messages[field.type_name]
            if message.options.map_entry and not single:
                value = next(f for f in message.field if f.number == 2)
                return {"type": "object", "additionalProperties": self.field_schema(value)}
            inner = self.want(field.type_name)
        elif field.type == F.TYPE_ENUM:
            inner = self.want(field.type_name)
        else:
            inner = scalar_schema(field.type)
        if field.label == F.LABEL_REPEATED and not single:
            return {"type": "array", "items": inner}
        return inner

    def message_schema(self, full_name, leave_out=()):
        file, message, path = self.index.messages[full_name]
        if full_name.lstrip(".") in WELL_KNOWN:
            return dict(WELL_KNOWN[full_name.lstrip(".")])
        schema = {"type": "object"}
        description = self.index.comment(file, path)
        if description:
            schema["description"] = description
        properties = {}
        oneofs = {}
        for i, field in enumerate(message.field):
            if field.name in leave_out:
                continue
            property = dict(self.field_schema(field))
            text = self.index.comment(file, path + (2, i))
            if field.HasField("oneof_index") and not field.proto3_optional:
                group = message.oneof_decl[field.oneof_index].name
                oneofs.setdefault(group, []).append(field.json_name)
                text = (text + "\n\n" if text else "") + f"One of `{group}`: set at most one of its fields."
            default = scalar_default(field)
            if "$ref" in property:
                # OpenAPI 3.0 ignores siblings of $ref; allOf keeps the description.
                property = {"allOf": [property]}
            if text:
                property["description"] = text
            if default is not None and field.label != F.LABEL_REPEATED and not field.HasField("oneof_index"):
                property["default"] = default
            properties[field.json_name] = property
        schema["properties"] = properties
        schema["additionalProperties"] = False
        return schema

    def enum_schema(self, full_name):
        file, enum, path = self.index.enums[full_name]
        lines = []
        for i, value in enumerate(enum.value):
            text = self.index.comment(file, path + (2, i))
            lines.append(f"- `{value.name}`" + (f": {text}" if text else ""))
        description = self.index.comment(file, path)
        schema = {"type": "string", "enum": [value.name for value in enum.value], "default": enum.value[0].name}
        schema["description"] = ((description + "\n\n") if description else "") + "\n".join(lines)
        return schema

    def resolve_pending(self):
        while self.pending:
            name = self.pending.pop(0)
            key = schema_name(name)
            if key in self.schemas:
                continue
            if name in self.index.messages:
                self.schemas[key] = None  # placeholder: recursive types
                self.schemas[key] = self.message_schema(name)
            else:
                self.schemas[key] = self.enum_schema(name)

    # ---- parameters

    def field_at(self, message_name, dotted):
        """The field `dotted` ("routine.id") names from `message_name`, and its path."""
        current = message_name
        field = None
        for part in dotted.split("."):
            if current is None:
                fail(f"{message_name}: '{dotted}' goes through a field that is not a message")
            _, message, _ = self.index.messages[current]
            field = next((f for f in message.field if f.name == part), None)
            if field is None:
                fail(f"{message_name} has no field '{dotted}'")
            current = field.type_name if field.type == F.TYPE_MESSAGE else None
        return field

    def parameter_name(self, message_name, dotted):
        """The JSON names of a field path joined in lowerCamelCase ("routine.id" → "routineId")."""
        names = []
        current = message_name
        for part in dotted.split("."):
            field = next(f for f in self.index.messages[current][1].field if f.name == part)
            names.append(field.json_name)
            current = field.type_name
        return names[0] + "".join(name[:1].upper() + name[1:] for name in names[1:])

    def field_comment(self, message_name, dotted):
        parts = dotted.split(".")
        current = message_name
        for part in parts[:-1]:
            current = next(f for f in self.index.messages[current][1].field if f.name == part).type_name
        file, message, path = self.index.messages[current]
        index = next(i for i, f in enumerate(message.field) if f.name == parts[-1])
        return self.index.comment(file, path + (2, index))

    def query_parameters(self, message_name, prefix_json, prefix_proto, leave_out, seen=()):
        """Every field a query parameter can set: scalars, enums, their repetitions and the
        well-known types written as one string, through singular messages by dotted names."""
        file, message, path = self.index.messages[message_name]
        out = []
        for i, field in enumerate(message.field):
            proto_path = prefix_proto + field.name
            if proto_path in leave_out:
                continue
            name = prefix_json + field.json_name
            text = self.index.comment(file, path + (2, i))
            if field.type == F.TYPE_MESSAGE and field.type_name.lstrip(".") not in SCALAR_WELL_KNOWN:
                entry = self.index.messages[field.type_name][1]
                if field.label == F.LABEL_REPEATED or entry.options.map_entry or field.type_name in seen:
                    continue  # not expressible in a query string
                out += self.query_parameters(
                    field.type_name, name + ".", proto_path + ".", leave_out, seen + (message_name,))
                continue
            schema = self.field_schema(field)
            if field.type == F.TYPE_MESSAGE:
                schema = dict(WELL_KNOWN[field.type_name.lstrip(".")])
                if field.label == F.LABEL_REPEATED:
                    schema = {"type": "array", "items": schema}
            parameter = {"name": name, "in": "query", "required": False, "schema": schema}
            if field.label == F.LABEL_REPEATED:
                parameter["style"] = "form"
                parameter["explode"] = True
                text = sentence(text) + f"Repeat the parameter for each value (`{name}=A&{name}=B`)."
            if text:
                parameter["description"] = text
            out.append(parameter)
        return out


def scalar_schema(kind):
    if kind in (F.TYPE_INT32, F.TYPE_SINT32, F.TYPE_SFIXED32):
        return {"type": "integer", "format": "int32"}
    if kind in (F.TYPE_UINT32, F.TYPE_FIXED32):
        return {"type": "integer", "minimum": 0, "maximum": 4294967295}
    if kind in (F.TYPE_INT64, F.TYPE_SINT64, F.TYPE_SFIXED64):
        return {"type": "string", "format": "int64", "pattern": r"^-?[0-9]+$"}
    if kind in (F.TYPE_UINT64, F.TYPE_FIXED64):
        return {"type": "string", "format": "uint64", "pattern": r"^[0-9]+$"}
    if kind == F.TYPE_DOUBLE:
        return {"type": "number", "format": "double"}
    if kind == F.TYPE_FLOAT:
        return {"type": "number", "format": "float"}
    if kind == F.TYPE_BOOL:
        return {"type": "boolean"}
    if kind == F.TYPE_STRING:
        return {"type": "string"}
    if kind == F.TYPE_BYTES:
        return {"type": "string", "format": "byte"}
    fail(f"unsupported field type {kind}")


def scalar_default(field):
    """What an absent field means (proto3 leaves defaults out of the JSON)."""
    if field.type in (F.TYPE_MESSAGE, F.TYPE_ENUM) or field.proto3_optional:
        return None
    if field.type in (F.TYPE_INT64, F.TYPE_SINT64, F.TYPE_SFIXED64, F.TYPE_UINT64, F.TYPE_FIXED64):
        return "0"
    if field.type in (F.TYPE_DOUBLE, F.TYPE_FLOAT, F.TYPE_INT32, F.TYPE_SINT32, F.TYPE_SFIXED32, F.TYPE_UINT32, F.TYPE_FIXED32):
        return 0
    if field.type == F.TYPE_BOOL:
        return False
    return ""


TEMPLATE_VARIABLE = re.compile(r"\{([a-zA-Z_][a-zA-Z0-9_.]*)(=[^}]*)?\}")


def check_template(path, where):
    if not path.startswith("/"):
        fail(f"{where}: the path '{path}' must start with /")
    for match in TEMPLATE_VARIABLE.finditer(path):
        pattern = match.group(2)
        if pattern and not re.fullmatch(r"=(\*\*|\*|[A-Za-z0-9_.~-]+)(/(\*\*|\*|[A-Za-z0-9_.~-]+))*", pattern):
            fail(f"{where}: variable pattern '{pattern}' is not Segments")


def bindings(rule):
    out = []
    for binding in [rule] + list(rule.additional_bindings):
        if binding.additional_bindings and binding is not rule:
            fail("additional_bindings may not nest")
        kind = binding.WhichOneof("pattern")
        if kind == "custom":
            fail("custom HTTP methods are not served")
        out.append((kind.upper(), getattr(binding, kind), binding.body, binding.response_body))
    return out


def check_response_body(generator, method, verb, response_body, where):
    """A response_body binding serves a server stream as one file: the named bytes field of
    every message, in order, is the body (the gateway's media routes)."""
    if not method.server_streaming or method.client_streaming or verb != "GET":
        fail(f"{where}: response_body is served only on a GET of a server stream (a file sent in chunks)")
    field = next((f for f in generator.index.messages[method.output_type][1].field if f.name == response_body), None)
    if field is None or field.type != F.TYPE_BYTES or field.label == F.LABEL_REPEATED:
        fail(f"{where}: response_body '{response_body}' must name a singular bytes field of {method.output_type}")


def main():
    if len(sys.argv) != 5:
        fail(__doc__)
    descriptor_path, openapi_path, routes_path, document_path = sys.argv[1:]
    with open(descriptor_path, "rb") as handle:
        descriptor_set = descriptor_pb2.FileDescriptorSet.FromString(handle.read())
    index = Index(descriptor_set)
    generator = Generator(index)
    generator.want(".google.rpc.Status")

    paths = {}
    tags = []
    swift_rows = []
    taken = {}
    shapes = {}
    for file in sorted(index.files, key=lambda f: f.name):
        prefix = "." + file.package if file.package else ""
        for s, service in enumerate(file.service):
            methods = [(m, method) for m, method in enumerate(service.method) if method.options.HasExtension(annotations_pb2.http)]
            if not methods:
                continue
            service_name = prefix.lstrip(".") + "." + service.name
            tag = service.name
            tags.append({"name": tag, "description": index.comment(file, (6, s)) or f"`{service_name}`"})
            swift_service = swift_type(file.package, service.name)
            for m, method in methods:
                rule = method.options.Extensions[annotations_pb2.http]
                where = f"{service_name}.{method.name}"
                if method.client_streaming and method.server_streaming:
                    fail(f"{where}: bidirectional streams have no HTTP/JSON form")
                description = index.comment(file, (6, s, 2, m))
                public = "(public)" in description
                for number, (verb, template, body, response_body) in enumerate(bindings(rule)):
                    check_template(template, where)
                    if response_body:
                        check_response_body(generator, method, verb, response_body, where)
                    variables = [v.group(1) for v in TEMPLATE_VARIABLE.finditer(template)]
                    # Path parameters take their fields' JSON names ("routine.id" → "routineId"),
                    # as query parameters and bodies do (tools read a dot as attribute access);
                    # paths of one shape share the first one's names, as OpenAPI requires.
                    shape = TEMPLATE_VARIABLE.sub("{}", template)
                    names = shapes.setdefault(shape, [generator.parameter_name(method.input_type, v) for v in variables])
                    pieces = iter(names)
                    openapi_path_text = TEMPLATE_VARIABLE.sub(lambda v: "{" + next(pieces) + "}", template)
                    key = (verb, openapi_path_text)
                    if key in taken:
                        fail(f"{where}: {verb} {template} is taken by {taken[key]}")
                    taken[key] = where
                    if verb in ("GET", "DELETE") and body:
                        fail(f"{where}: {verb} takes no body")
                    for variable in variables:
                        field = generator.field_at(method.input_type, variable)
                        if field.label == F.LABEL_REPEATED or (
                                field.type == F.TYPE_MESSAGE and field.type_name.lstrip(".") not in SCALAR_WELL_KNOWN):
                            fail(f"{where}: path variable '{variable}' must name a singular scalar field")
                    operation = {
                        "operationId": f"{service.name}_{method.name}" + (f"_{number + 1}" if number else ""),
                        "summary": summary(description, method.name),
                        "tags": [tag],
                        "x-grpc-method": f"/{service_name}/{method.name}",
                    }
                    if description:
                        operation["description"] = description
                    parameters = []
                    for variable, name in zip(variables, names):
                        parameter = {
                            "name": name, "in": "path", "required": True,
                            "schema": path_schema(generator, method.input_type, variable),
                        }
                        text = generator.field_comment(method.input_type, variable)
                        parameter["description"] = f"`{variable}`" + (f": {text}" if text else "")
                        parameters.append(parameter)
                    if not body:
                        parameters += generator.query_parameters(method.input_type, "", "", set(variables))
                    elif body != "*":
                        field = next((f for f in index.messages[method.input_type][1].field if f.name == body), None)
                        if field is None:
                            fail(f"{where}: body '{body}' is not a field of {method.input_type}")
                        leave_out = set(variables) | {body}
                        parameters += generator.query_parameters(method.input_type, "", "", leave_out)
                    if parameters:
                        operation["parameters"] = parameters
                    if body:
                        operation["requestBody"] = request_body(generator, method, body, variables)
                    operation["responses"] = media_responses() if response_body else responses(generator, method)
                    if public:
                        operation["security"] = []
                    paths.setdefault(openapi_path_text, {})[verb.lower()] = operation
                    swift_rows.append((verb, template, body, bool(response_body), swift_service, method))

    generator.resolve_pending()
    document = {
        "openapi": "3.0.3",
        "info": {
            "title": "gym platform HTTP/JSON API",
            "version": "v1",
            "description": (
                "The gateway's HTTP/JSON door: every public RPC at a resource-style path, in the proto3 JSON "
                "mapping (fields in lowerCamelCase, 64-bit integers as strings, enums by name, instants as "
                "RFC 3339; fields at their default value are left out of answers). Errors are a "
                "`google.rpc.Status` with the HTTP status that maps its gRPC code. Generated from the "
                "`google.api.http` annotations in proto/; see docs/http-json.md."
            ),
        },
        "tags": tags,
        "paths": dict(sorted(paths.items())),
        "components": {
            "schemas": dict(sorted(generator.schemas.items())),
            "responses": {
                "Error": {
                    "description": "The call failed: the gRPC status as `google.rpc.Status`, its field violations and retry delay among the details.",
                    "content": {"application/json": {"schema": ref(".google.rpc.Status")}},
                },
            },
            "securitySchemes": {
                "bearer": {
                    "type": "http", "scheme": "bearer", "bearerFormat": "JWT",
                    "description": "An access token from `POST /v1/auth:login` or `POST /v1/auth:register` (`tokens.accessToken`).",
                },
            },
        },
        "security": [{"bearer": []}],
    }
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    with open(openapi_path, "w", encoding="utf-8") as handle:
        handle.write(text)
    with open(routes_path, "w", encoding="utf-8") as handle:
        handle.write(swift_routes(swift_rows))
    if '"""#' in text:
        fail("the document holds the Swift raw string's delimiter")
    with open(document_path, "w", encoding="utf-8") as handle:
        handle.write(
            "// DO NOT EDIT.\n"
            "// Generated by scripts/generate-protos.sh (scripts/openapi/generate.py): docs/openapi.json, served at\n"
            "// GET /openapi.json.\n\n"
            "enum OpenAPIDocument {\n"
            "  static let json = #\"\"\"\n" + text + "\n\"\"\"#\n}\n")


def path_schema(generator, message_name, variable):
    field = generator.field_at(message_name, variable)
    if field.type == F.TYPE_ENUM:
        return generator.want(field.type_name)
    if field.type == F.TYPE_MESSAGE:
        return dict(WELL_KNOWN[field.type_name.lstrip(".")])
    schema = scalar_schema(field.type)
    if field.type == F.TYPE_STRING:
        # An empty segment never matches the path, so an empty value cannot be sent.
        schema = dict(schema, minLength=1)
    return schema


def request_body(generator, method, body, variables):
    if body == "*":
        top = {v for v in variables if "." not in v}
        if top:
            schema = generator.message_schema(method.input_type, leave_out=top)
            schema["description"] = (schema.get("description", "") + "\n\nPath variables ("
                                     + ", ".join(f"`{v}`" for v in sorted(top)) + ") are not repeated here.").strip()
        else:
            schema = generator.want(method.input_type)
    else:
        field = next(f for f in generator.index.messages[method.input_type][1].field if f.name == body)
        schema = generator.field_schema(field)
    if method.client_streaming:
        return {
            "required": True,
            "description": "A stream of requests: one JSON object per line (NDJSON), sent as they are read.",
            "content": {"application/x-ndjson": {"schema": schema}},
        }
    return {"required": False, "content": {"application/json": {"schema": schema}}}


def responses(generator, method):
    out = {}
    if method.server_streaming:
        out["200"] = {
            "description": "A stream of answers: one JSON object per line (NDJSON), `{\"result\": …}` for each message "
                           "and, when the call fails after it started, a last `{\"error\": …}`.",
            "content": {
                "application/x-ndjson": {
                    "schema": {
                        "type": "object",
                        "properties": {"result": generator.want(method.output_type), "error": ref(".google.rpc.Status")},
                        "additionalProperties": False,
                    }
                }
            },
        }
    else:
        out["200"] = {"description": "OK", "content": {"application/json": {"schema": generator.want(method.output_type)}}}
    for status in ERROR_STATUSES:
        out[status] = {"$ref": "#/components/responses/Error"}
    out["default"] = {"$ref": "#/components/responses/Error"}
    return out


def media_responses():
    out = {
        "200": {
            "description": "The file itself, typed by its bytes, with its ETag (the sha256) and its name in "
                           "`Content-Disposition`; `Cache-Control: private, no-cache`.",
            "headers": {
                "ETag": {"schema": {"type": "string"}, "description": "The file's sha256, quoted."},
            },
            "content": {"*/*": {"schema": {"type": "string", "format": "binary"}}},
        },
        "304": {"description": "Not Modified: the `If-None-Match` request header names the file's ETag."},
    }
    for status in ERROR_STATUSES:
        out[status] = {"$ref": "#/components/responses/Error"}
    out["default"] = {"$ref": "#/components/responses/Error"}
    return out


def swift_type(package, name):
    """The name protoc-gen-swift gives `name` of `package` ("gym.plan.v1" → "Gym_Plan_V1_")."""
    return "_".join(part[:1].upper() + part[1:] for part in package.split(".")) + "_" + name


def swift_routes(rows):
    lines = [
        "// DO NOT EDIT.",
        "// Generated by scripts/generate-protos.sh (scripts/openapi/generate.py) from the google.api.http",
        "// annotations in proto/: the HTTP/JSON routes the gateway serves, the same that docs/openapi.json lists.",
        "",
        "import GymAPI",
        "",
        "extension HTTPRoute {",
        "  static let generated: [HTTPRoute] = [",
    ]
    for verb, template, body, media, swift_service, method in rows:
        swift_method = f"{swift_service}.Method.{method.name}"
        streaming = (
            ".media" if media else ".serverStream" if method.server_streaming
            else ".clientStream" if method.client_streaming else ".unary")
        body_text = "nil" if not body else json.dumps(body)
        lines.append(
            f"    HTTPRoute(\n"
            f"      verb: {json.dumps(verb)}, template: {json.dumps(template)}, body: {body_text}, streaming: {streaming},\n"
            f"      method: {swift_method}.descriptor, request: {swift_method}.Input.self, response: {swift_method}.Output.self),")
    lines += ["  ]", "}", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
