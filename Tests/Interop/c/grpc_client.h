/* A gRPC client in plain C: HTTP/2 from libnghttp2 (h2c with prior knowledge over
 * one TCP connection), messages from protobuf-c. Single-threaded: the connection
 * moves only while the caller waits on one of its calls, and then it moves every
 * call on it, so a stream keeps receiving while unary calls run beside it. */
#ifndef GRPC_CLIENT_H
#define GRPC_CLIENT_H

#include <protobuf-c/protobuf-c.h>

/* The status codes this client produces or tests; the server may send any. */
enum {
  GRPC_OK = 0,
  GRPC_CANCELLED = 1,
  GRPC_UNKNOWN = 2,
  GRPC_INVALID_ARGUMENT = 3,
  GRPC_DEADLINE_EXCEEDED = 4,
  GRPC_PERMISSION_DENIED = 7,
  GRPC_RESOURCE_EXHAUSTED = 8,
  GRPC_UNIMPLEMENTED = 12,
  GRPC_INTERNAL = 13,
  GRPC_UNAVAILABLE = 14,
  GRPC_UNAUTHENTICATED = 16,
};

typedef struct {
  int code;
  char message[512]; /* grpc-message, percent-decoded; or this side's reason */
  int local;         /* 1 when this client, not the server, decided the status */
} grpc_status;

typedef struct grpc_conn grpc_conn;
typedef struct grpc_call grpc_call;

const char *grpc_code_name(int code);

/* Connects to "host:port" ("[v6]:port" too) within timeout_ms; NULL on failure,
 * with *status saying why. */
grpc_conn *grpc_connect(const char *address, int timeout_ms, grpc_status *status);

/* Ends the session (GOAWAY) and frees it; every call on it must be finished. */
void grpc_disconnect(grpc_conn *conn);

/* A unary call to service/method. bearer, when not NULL, goes out as
 * "authorization: Bearer ...". timeout_ms is sent as grpc-timeout. Returns the
 * status code; on GRPC_OK *response holds the answer, for the caller to free with
 * protobuf_c_message_free_unpacked. */
int grpc_unary(grpc_conn *conn, const ProtobufCServiceDescriptor *service, const char *method,
               const ProtobufCMessage *request, const char *bearer, int timeout_ms,
               ProtobufCMessage **response, grpc_status *status);

/* Starts a server-streaming call (same arguments as grpc_unary); NULL on failure. */
grpc_call *grpc_stream_open(grpc_conn *conn, const ProtobufCServiceDescriptor *service, const char *method,
                            const ProtobufCMessage *request, const char *bearer, int timeout_ms,
                            grpc_status *status);

/* Waits for the stream's next message: 1 with *message set (the caller frees it),
 * or 0 when the stream has ended, with *status saying how. */
int grpc_stream_next(grpc_call *call, ProtobufCMessage **message, grpc_status *status);

/* Cancels the stream (RST_STREAM CANCEL) unless it has ended, and frees it. */
void grpc_stream_close(grpc_call *call);

#endif
