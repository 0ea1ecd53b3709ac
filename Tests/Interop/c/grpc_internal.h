/* What the connection (grpc_conn.c) and the calls on it (grpc_call.c) share. */
#ifndef GRPC_INTERNAL_H
#define GRPC_INTERNAL_H

#include <nghttp2/nghttp2.h>
#include <stdint.h>

#include "grpc_client.h"

struct grpc_conn {
  int fd;
  nghttp2_session *session;
  char authority[256];
  char last_error[256]; /* nghttp2's explanation of the latest protocol error */
  grpc_status failure; /* code != GRPC_OK once the connection is unusable */
};

struct grpc_call {
  grpc_conn *conn;
  const ProtobufCMessageDescriptor *output;
  int32_t stream_id;
  int64_t deadline; /* CLOCK_MONOTONIC milliseconds */
  int timeout_ms;
  uint8_t *request; /* the framed request message */
  size_t request_len, request_sent;
  uint8_t *in; /* DATA received and not yet unpacked */
  size_t in_len, in_cap;
  int http_status;
  int grpc_code; /* -1 until grpc-status arrives */
  char grpc_message[sizeof(((grpc_status *)0)->message)];
  int closed;
  uint32_t reset_code;
  grpc_status local; /* code != GRPC_OK once this side ended the call */
};

void grpc_set_status(grpc_status *status, int code, const char *format, ...)
  __attribute__((format(printf, 3, 4)));
int64_t grpc_now_ms(void);

/* Moves the connection until ready(call), the deadline (CLOCK_MONOTONIC ms), or
 * a broken connection; 1 when ready. */
int grpc_drive(grpc_call *call, int (*ready)(const grpc_call *), int64_t deadline);

/* The session's callbacks for the streams' side of the protocol (grpc_call.c). */
int grpc_on_header(nghttp2_session *session, const nghttp2_frame *frame, const uint8_t *name, size_t name_length,
                   const uint8_t *value, size_t value_length, uint8_t flags, void *user);
int grpc_on_data(nghttp2_session *session, uint8_t flags, int32_t stream_id, const uint8_t *data, size_t length,
                 void *user);
int grpc_on_stream_close(nghttp2_session *session, int32_t stream_id, uint32_t error_code, void *user);

#endif
