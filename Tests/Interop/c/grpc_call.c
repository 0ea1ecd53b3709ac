/* gRPC's HTTP/2 mapping: each call is one stream carrying 5-byte length-prefixed
 * protobuf messages; its status comes in the trailers (or in the only HEADERS
 * frame of a trailers-only answer). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grpc_internal.h"

/* Unread bytes one call may hold: a message of up to 4 MiB (gRPC's usual limit)
 * with its prefix. nghttp2 reopens the window as bytes arrive, so this is what
 * bounds memory. */
#define MAX_UNREAD (4u * 1024 * 1024 + 5)
/* The server enforces grpc-timeout; the client waits this much longer so that
 * the server's own status is what the caller sees, yet never hangs. */
#define GRACE_MS 1000
/* How long a cancellation may take to leave before the connection is given up. */
#define CANCEL_MS 1000
#define USER_AGENT "gym-c-client nghttp2/" NGHTTP2_VERSION

static uint32_t read_be32(const uint8_t *bytes) {
  return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

/* The request body: the framed message, then END_STREAM (the client half-closes). */
static ssize_t read_request(nghttp2_session *session, int32_t stream_id, uint8_t *buffer, size_t length,
                            uint32_t *data_flags, nghttp2_data_source *source, void *user) {
  (void)session, (void)stream_id, (void)user;
  grpc_call *call = source->ptr;
  size_t left = call->request_len - call->request_sent;
  size_t count = left < length ? left : length;
  memcpy(buffer, call->request + call->request_sent, count);
  call->request_sent += count;
  if (call->request_sent == call->request_len) *data_flags |= NGHTTP2_DATA_FLAG_EOF;
  return (ssize_t)count;
}

static int header_is(const uint8_t *name, size_t length, const char *expected) {
  return length == strlen(expected) && memcmp(name, expected, length) == 0;
}

/* A small decimal header value, or -1. */
static int parse_number(const uint8_t *value, size_t length) {
  if (length == 0 || length > 4) return -1;
  int number = 0;
  for (size_t i = 0; i < length; i++) {
    if (value[i] < '0' || value[i] > '9') return -1;
    number = number * 10 + (value[i] - '0');
  }
  return number;
}

static int hex_digit(uint8_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* grpc-message is percent-encoded (gRPC's HTTP/2 spec); a malformed escape stays as is. */
static void percent_decode(const uint8_t *in, size_t length, char *out, size_t size) {
  size_t used = 0;
  for (size_t i = 0; i < length && used + 1 < size; i++) {
    int high, low;
    if (in[i] == '%' && i + 2 < length && (high = hex_digit(in[i + 1])) >= 0 && (low = hex_digit(in[i + 2])) >= 0) {
      out[used++] = (char)(high << 4 | low);
      i += 2;
    } else {
      out[used++] = (char)in[i];
    }
  }
  out[used] = '\0';
}

/* Response headers and trailers alike: a trailers-only answer puts grpc-status
 * in its one HEADERS frame. */
int grpc_on_header(nghttp2_session *session, const nghttp2_frame *frame, const uint8_t *name, size_t name_length,
                   const uint8_t *value, size_t value_length, uint8_t flags, void *user) {
  (void)flags, (void)user;
  if (frame->hd.type != NGHTTP2_HEADERS) return 0;
  grpc_call *call = nghttp2_session_get_stream_user_data(session, frame->hd.stream_id);
  if (!call) return 0;
  if (header_is(name, name_length, ":status")) {
    call->http_status = parse_number(value, value_length);
  } else if (header_is(name, name_length, "grpc-status")) {
    call->grpc_code = parse_number(value, value_length);
  } else if (header_is(name, name_length, "grpc-message")) {
    percent_decode(value, value_length, call->grpc_message, sizeof call->grpc_message);
  }
  return 0;
}

int grpc_on_data(nghttp2_session *session, uint8_t flags, int32_t stream_id, const uint8_t *data, size_t length,
                 void *user) {
  (void)flags, (void)user;
  grpc_call *call = nghttp2_session_get_stream_user_data(session, stream_id);
  if (!call || call->local.code != GRPC_OK) return 0;
  if (length > MAX_UNREAD - call->in_len) {
    grpc_set_status(&call->local, GRPC_RESOURCE_EXHAUSTED, "more than %u bytes unread on the stream", MAX_UNREAD);
    return 0;
  }
  if (call->in_len + length > call->in_cap) {
    size_t capacity = call->in_cap ? call->in_cap : 4096;
    while (capacity < call->in_len + length) capacity *= 2;
    uint8_t *grown = realloc(call->in, capacity);
    if (!grown) {
      grpc_set_status(&call->local, GRPC_RESOURCE_EXHAUSTED, "out of memory for a %zu-byte response", capacity);
      return 0;
    }
    call->in = grown;
    call->in_cap = capacity;
  }
  memcpy(call->in + call->in_len, data, length);
  call->in_len += length;
  return 0;
}

int grpc_on_stream_close(nghttp2_session *session, int32_t stream_id, uint32_t error_code, void *user) {
  (void)user;
  grpc_call *call = nghttp2_session_get_stream_user_data(session, stream_id);
  if (call) {
    call->closed = 1;
    call->reset_code = error_code;
  }
  return 0;
}

static int has_message(const grpc_call *call) {
  return call->in_len >= 5 && call->in_len - 5 >= read_be32(call->in + 1);
}

static int message_or_end(const grpc_call *call) {
  return has_message(call) || call->closed || call->local.code != GRPC_OK;
}

static int has_closed(const grpc_call *call) {
  return call->closed;
}

/* gRPC's mapping for an HTTP status that came without grpc-status. */
static int code_for_http(int http_status) {
  switch (http_status) {
  case 400: return GRPC_INTERNAL;
  case 401: return GRPC_UNAUTHENTICATED;
  case 403: return GRPC_PERMISSION_DENIED;
  case 404: return GRPC_UNIMPLEMENTED;
  case 429: case 502: case 503: case 504: return GRPC_UNAVAILABLE;
  default: return GRPC_UNKNOWN;
  }
}

/* How a call that has no further message ended. */
static void end_status(const grpc_call *call, grpc_status *status) {
  if (call->local.code != GRPC_OK) {
    *status = call->local;
  } else if (call->grpc_code > 0) {
    status->code = call->grpc_code;
    snprintf(status->message, sizeof status->message, "%s", call->grpc_message);
    status->local = 0;
  } else if (call->in_len != 0) {
    grpc_set_status(status, GRPC_INTERNAL, "the stream ended inside a message");
  } else if (call->grpc_code == 0) {
    status->code = GRPC_OK;
    status->message[0] = '\0';
    status->local = 0;
  } else if (call->reset_code == NGHTTP2_REFUSED_STREAM) {
    grpc_set_status(status, GRPC_UNAVAILABLE, "the server refused the stream");
  } else if (call->reset_code != NGHTTP2_NO_ERROR) {
    grpc_set_status(status, call->reset_code == NGHTTP2_CANCEL ? GRPC_CANCELLED : GRPC_INTERNAL,
                    "the server reset the stream: %s", nghttp2_http2_strerror(call->reset_code));
  } else if (call->http_status != 200) {
    grpc_set_status(status, code_for_http(call->http_status), "HTTP status %d without grpc-status",
                    call->http_status);
  } else {
    grpc_set_status(status, GRPC_INTERNAL, "the stream ended without grpc-status");
  }
}

static void free_call(grpc_call *call) {
  free(call->request);
  free(call->in);
  free(call);
}

/* Frames the request and submits the stream: POST /package.Service/Method with
 * gRPC's required headers. The bytes leave on the next drive. */
static grpc_call *start(grpc_conn *conn, const ProtobufCServiceDescriptor *service, const char *method_name,
                        const ProtobufCMessage *request, const char *bearer, int timeout_ms, grpc_status *status) {
  const ProtobufCMethodDescriptor *method = protobuf_c_service_descriptor_get_method_by_name(service, method_name);
  if (!method) {
    grpc_set_status(status, GRPC_UNIMPLEMENTED, "%s has no method %s", service->name, method_name);
    return NULL;
  }
  if (request->descriptor != method->input) {
    grpc_set_status(status, GRPC_INVALID_ARGUMENT, "%s takes %s, not %s", method_name, method->input->name,
                    request->descriptor->name);
    return NULL;
  }
  /* grpc-timeout allows at most 8 digits. */
  if (timeout_ms < 1 || timeout_ms > 99999999) {
    grpc_set_status(status, GRPC_INVALID_ARGUMENT, "timeout %d ms is outside 1..99999999", timeout_ms);
    return NULL;
  }
  if (conn->failure.code != GRPC_OK) {
    *status = conn->failure;
    return NULL;
  }
  size_t size = protobuf_c_message_get_packed_size(request);
  if (size > MAX_UNREAD - 5) {
    grpc_set_status(status, GRPC_RESOURCE_EXHAUSTED, "a %zu-byte request is too large", size);
    return NULL;
  }
  grpc_call *call = calloc(1, sizeof *call);
  char *authorization = bearer ? malloc(strlen("Bearer ") + strlen(bearer) + 1) : NULL;
  if (!call || !(call->request = malloc(5 + size)) || (bearer && !authorization)) {
    grpc_set_status(status, GRPC_RESOURCE_EXHAUSTED, "out of memory");
    free(authorization);
    if (call) free_call(call);
    return NULL;
  }
  call->request[0] = 0; /* not compressed */
  call->request[1] = (uint8_t)(size >> 24);
  call->request[2] = (uint8_t)(size >> 16);
  call->request[3] = (uint8_t)(size >> 8);
  call->request[4] = (uint8_t)size;
  if (protobuf_c_message_pack(request, call->request + 5) != size) {
    grpc_set_status(status, GRPC_INTERNAL, "packing %s failed", request->descriptor->name);
    free(authorization);
    free_call(call);
    return NULL;
  }
  call->request_len = 5 + size;
  call->conn = conn;
  call->output = method->output;
  call->grpc_code = -1;
  call->timeout_ms = timeout_ms;
  call->deadline = grpc_now_ms() + timeout_ms + GRACE_MS;

  char path[256], timeout[16];
  snprintf(path, sizeof path, "/%s/%s", service->name, method->name);
  snprintf(timeout, sizeof timeout, "%dm", timeout_ms);
  if (authorization) sprintf(authorization, "Bearer %s", bearer);
#define HEADER(name, value) \
  {(uint8_t *)(name), (uint8_t *)(value), strlen(name), strlen(value), NGHTTP2_NV_FLAG_NONE}
  nghttp2_nv headers[] = {
    HEADER(":method", "POST"),
    HEADER(":scheme", "http"),
    HEADER(":path", path),
    HEADER(":authority", conn->authority),
    HEADER("content-type", "application/grpc"),
    HEADER("te", "trailers"), /* gRPC servers refuse requests without it */
    HEADER("grpc-timeout", timeout),
    HEADER("user-agent", USER_AGENT),
    HEADER("authorization", authorization ? authorization : ""),
  };
#undef HEADER
  size_t count = sizeof headers / sizeof headers[0] - (authorization ? 0 : 1);
  nghttp2_data_provider body = {.source.ptr = call, .read_callback = read_request};
  int32_t stream_id = nghttp2_submit_request(conn->session, NULL, headers, count, &body, call);
  free(authorization); /* nghttp2 copied the headers */
  if (stream_id < 0) {
    grpc_set_status(status, GRPC_INTERNAL, "submitting %s: %s", path, nghttp2_strerror(stream_id));
    free_call(call);
    return NULL;
  }
  call->stream_id = stream_id;
  return call;
}

grpc_call *grpc_stream_open(grpc_conn *conn, const ProtobufCServiceDescriptor *service, const char *method,
                            const ProtobufCMessage *request, const char *bearer, int timeout_ms,
                            grpc_status *status) {
  return start(conn, service, method, request, bearer, timeout_ms, status);
}

int grpc_stream_next(grpc_call *call, ProtobufCMessage **message, grpc_status *status) {
  *message = NULL;
  if (!grpc_drive(call, message_or_end, call->deadline) && call->local.code == GRPC_OK) {
    if (call->conn->failure.code != GRPC_OK) {
      call->local = call->conn->failure;
    } else {
      grpc_set_status(&call->local, GRPC_DEADLINE_EXCEEDED, "no answer within %d ms (+%d ms grace)",
                      call->timeout_ms, GRACE_MS);
    }
  }
  if (call->local.code == GRPC_OK && has_message(call)) {
    size_t length = read_be32(call->in + 1);
    if (call->in[0] != 0) {
      grpc_set_status(&call->local, GRPC_INTERNAL, "a compressed message arrived, but no compression was offered");
    } else if (!(*message = protobuf_c_message_unpack(call->output, NULL, length, call->in + 5))) {
      grpc_set_status(&call->local, GRPC_INTERNAL, "the response is not a valid %s", call->output->name);
    } else {
      call->in_len -= 5 + length;
      memmove(call->in, call->in + 5 + length, call->in_len);
      return 1;
    }
  }
  end_status(call, status);
  return 0;
}

void grpc_stream_close(grpc_call *call) {
  if (!call) return;
  grpc_conn *conn = call->conn;
  /* nghttp2 points at the call until the stream closes: wait for the RST_STREAM
   * to leave, or give up the connection so nothing can touch the call later. */
  if (!call->closed && conn->failure.code == GRPC_OK) {
    int rv = nghttp2_submit_rst_stream(conn->session, NGHTTP2_FLAG_NONE, call->stream_id, NGHTTP2_CANCEL);
    if (rv != 0 || !grpc_drive(call, has_closed, grpc_now_ms() + CANCEL_MS)) {
      if (conn->failure.code == GRPC_OK) {
        grpc_set_status(&conn->failure, GRPC_INTERNAL, "stream %d could not be cancelled", call->stream_id);
      }
    }
  }
  free_call(call);
}

int grpc_unary(grpc_conn *conn, const ProtobufCServiceDescriptor *service, const char *method,
               const ProtobufCMessage *request, const char *bearer, int timeout_ms,
               ProtobufCMessage **response, grpc_status *status) {
  *response = NULL;
  grpc_call *call = start(conn, service, method, request, bearer, timeout_ms, status);
  if (!call) return status->code;
  ProtobufCMessage *extra;
  if (grpc_stream_next(call, response, status) == 1 && grpc_stream_next(call, &extra, status) == 1) {
    protobuf_c_message_free_unpacked(extra, NULL);
    grpc_set_status(status, GRPC_INTERNAL, "%s answered more than one message", method);
  } else if (status->code == GRPC_OK && !*response) {
    grpc_set_status(status, GRPC_INTERNAL, "%s ended OK without a response message", method);
  }
  if (status->code != GRPC_OK && *response) {
    protobuf_c_message_free_unpacked(*response, NULL);
    *response = NULL;
  }
  grpc_stream_close(call);
  return status->code;
}
