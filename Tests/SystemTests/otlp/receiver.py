"""An OTLP/gRPC trace receiver for the tracing test: the collector's own service
(opentelemetry.proto.collector.trace.v1.TraceService, from the opentelemetry-proto
package), on 127.0.0.1 at a port of the system's choosing, written to --port-file once it
listens. Every span of every Export is appended to --out as one JSON line: its service
(the resource's service.name), trace, span and parent ids in hex, name, kind and
attributes. A request that is not a valid ExportTraceServiceRequest is refused by grpcio,
as a collector refuses it."""
import argparse
import json
import os
import threading
from concurrent import futures

import grpc
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2, trace_service_pb2_grpc
from opentelemetry.proto.trace.v1 import trace_pb2


def value(any_value):
    kind = any_value.WhichOneof("value")
    return getattr(any_value, kind) if kind else None


class Receiver(trace_service_pb2_grpc.TraceServiceServicer):
    def __init__(self, out):
        self.out = out
        self.lock = threading.Lock()

    def Export(self, request, context):
        lines = []
        for resource_spans in request.resource_spans:
            resource = {a.key: value(a.value) for a in resource_spans.resource.attributes}
            for scope_spans in resource_spans.scope_spans:
                for span in scope_spans.spans:
                    lines.append(json.dumps({
                        "service": resource.get("service.name", ""),
                        "trace_id": span.trace_id.hex(),
                        "span_id": span.span_id.hex(),
                        "parent_span_id": span.parent_span_id.hex(),
                        "name": span.name,
                        "kind": trace_pb2.Span.SpanKind.Name(span.kind),
                        "start": span.start_time_unix_nano,
                        "end": span.end_time_unix_nano,
                        "status": trace_pb2.Status.StatusCode.Name(span.status.code),
                        "attributes": {a.key: value(a.value) for a in span.attributes},
                    }))
        with self.lock, open(self.out, "a") as f:
            f.write("".join(line + "\n" for line in lines))
        return trace_service_pb2.ExportTraceServiceResponse()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--port-file", required=True)
    args = parser.parse_args()
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
    trace_service_pb2_grpc.add_TraceServiceServicer_to_server(Receiver(args.out), server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    temporary = args.port_file + ".tmp"
    with open(temporary, "w") as f:
        f.write(str(port))
    os.rename(temporary, args.port_file)
    server.wait_for_termination()


if __name__ == "__main__":
    main()
