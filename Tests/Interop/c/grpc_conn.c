/* One TCP connection, one nghttp2 client session (h2c with prior knowledge), and
 * the loop that moves its bytes while a caller waits on a call. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "grpc_internal.h"

static const char *const code_names[] = {
  "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS",
  "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE", "UNIMPLEMENTED",
  "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED",
};

const char *grpc_code_name(int code) {
  if (code < 0 || (size_t)code >= sizeof code_names / sizeof code_names[0]) return "UNKNOWN_CODE";
  return code_names[code];
}

void grpc_set_status(grpc_status *status, int code, const char *format, ...) {
  va_list args;
  va_start(args, format);
  vsnprintf(status->message, sizeof status->message, format, args);
  va_end(args);
  status->code = code;
  status->local = 1;
}

int64_t grpc_now_ms(void) {
  struct timespec now;
  if (clock_gettime(CLOCK_MONOTONIC, &now) != 0) abort(); /* POSIX guarantees this clock */
  return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/* "host:port" or "[v6]:port" into its parts; 0 on success. */
static int split_address(const char *address, char *host, size_t host_size, char *port, size_t port_size) {
  const char *colon = strrchr(address, ':');
  if (!colon || colon == address || colon[1] == '\0') return -1;
  const char *start = address, *end = colon;
  if (*start == '[' && end[-1] == ']') start++, end--;
  if ((size_t)(end - start) >= host_size || strlen(colon + 1) >= port_size) return -1;
  memcpy(host, start, (size_t)(end - start));
  host[end - start] = '\0';
  strcpy(port, colon + 1);
  return 0;
}

/* A connected non-blocking socket to one resolved address, or -1. */
static int connect_one(const struct addrinfo *ai, int64_t deadline, const char *address, grpc_status *status) {
  int fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
  if (fd < 0) {
    grpc_set_status(status, GRPC_UNAVAILABLE, "socket: %s", strerror(errno));
    return -1;
  }
  int flags = fcntl(fd, F_GETFL);
  if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) != 0) goto failed;
  if (connect(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
    if (errno != EINPROGRESS) goto failed;
    struct pollfd pending = {.fd = fd, .events = POLLOUT};
    int64_t left = deadline - grpc_now_ms();
    int ready = left > 0 ? poll(&pending, 1, (int)left) : 0;
    if (ready < 0) goto failed;
    if (ready == 0) {
      grpc_set_status(status, GRPC_UNAVAILABLE, "connect to %s: no answer in time", address);
      close(fd);
      return -1;
    }
    int error = 0;
    socklen_t size = sizeof error;
    if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size) != 0) goto failed;
    if (error != 0) {
      errno = error;
      goto failed;
    }
  }
  /* gRPC frames are small: send each at once rather than waiting to fill a packet. */
  int one = 1;
  if (setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) != 0) goto failed;
  return fd;
failed:
  grpc_set_status(status, GRPC_UNAVAILABLE, "connect to %s: %s", address, strerror(errno));
  close(fd);
  return -1;
}

static ssize_t send_bytes(nghttp2_session *session, const uint8_t *data, size_t length, int flags, void *user) {
  (void)session, (void)flags;
  grpc_conn *conn = user;
  ssize_t sent = send(conn->fd, data, length, MSG_NOSIGNAL);
  if (sent >= 0) return sent;
  if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) return NGHTTP2_ERR_WOULDBLOCK;
  grpc_set_status(&conn->failure, GRPC_UNAVAILABLE, "send to %s: %s", conn->authority, strerror(errno));
  return NGHTTP2_ERR_CALLBACK_FAILURE;
}

static ssize_t receive_bytes(nghttp2_session *session, uint8_t *buffer, size_t length, int flags, void *user) {
  (void)session, (void)flags;
  grpc_conn *conn = user;
  ssize_t received = recv(conn->fd, buffer, length, 0);
  if (received > 0) return received;
  if (received == 0) {
    grpc_set_status(&conn->failure, GRPC_UNAVAILABLE, "%s closed the connection", conn->authority);
    return NGHTTP2_ERR_EOF;
  }
  if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) return NGHTTP2_ERR_WOULDBLOCK;
  grpc_set_status(&conn->failure, GRPC_UNAVAILABLE, "receive from %s: %s", conn->authority, strerror(errno));
  return NGHTTP2_ERR_CALLBACK_FAILURE;
}

/* nghttp2 explains what it objected to ("peer does not support HTTP/2 properly"). */
static int on_error(nghttp2_session *session, int code, const char *message, size_t length, void *user) {
  (void)session, (void)code;
  grpc_conn *conn = user;
  snprintf(conn->last_error, sizeof conn->last_error, "%.*s", (int)length, message);
  return 0;
}

static int new_session(grpc_conn *conn) {
  nghttp2_session_callbacks *callbacks;
  int rv = nghttp2_session_callbacks_new(&callbacks);
  if (rv != 0) return rv;
  nghttp2_session_callbacks_set_send_callback(callbacks, send_bytes);
  nghttp2_session_callbacks_set_recv_callback(callbacks, receive_bytes);
  nghttp2_session_callbacks_set_on_header_callback(callbacks, grpc_on_header);
  nghttp2_session_callbacks_set_on_data_chunk_recv_callback(callbacks, grpc_on_data);
  nghttp2_session_callbacks_set_on_stream_close_callback(callbacks, grpc_on_stream_close);
  nghttp2_session_callbacks_set_error_callback2(callbacks, on_error);
  rv = nghttp2_session_client_new(&conn->session, callbacks, conn);
  nghttp2_session_callbacks_del(callbacks);
  if (rv != 0) return rv;
  /* gRPC never pushes; the client preface goes out with these settings. */
  nghttp2_settings_entry settings[] = {{NGHTTP2_SETTINGS_ENABLE_PUSH, 0}};
  return nghttp2_submit_settings(conn->session, NGHTTP2_FLAG_NONE, settings, 1);
}

grpc_conn *grpc_connect(const char *address, int timeout_ms, grpc_status *status) {
  char host[256], port[16];
  if (split_address(address, host, sizeof host, port, sizeof port) != 0) {
    grpc_set_status(status, GRPC_INVALID_ARGUMENT, "\"%s\" is not host:port", address);
    return NULL;
  }
  struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM}, *found;
  int rv = getaddrinfo(host, port, &hints, &found);
  if (rv != 0) {
    grpc_set_status(status, GRPC_UNAVAILABLE, "resolve %s: %s", host, gai_strerror(rv));
    return NULL;
  }
  int64_t deadline = grpc_now_ms() + timeout_ms;
  int fd = -1;
  for (const struct addrinfo *ai = found; ai && fd < 0; ai = ai->ai_next) {
    fd = connect_one(ai, deadline, address, status);
  }
  freeaddrinfo(found);
  if (fd < 0) return NULL;
  grpc_conn *conn = calloc(1, sizeof *conn);
  if (!conn) {
    grpc_set_status(status, GRPC_RESOURCE_EXHAUSTED, "out of memory");
    close(fd);
    return NULL;
  }
  conn->fd = fd;
  snprintf(conn->authority, sizeof conn->authority, "%s", address);
  rv = new_session(conn);
  if (rv != 0) {
    grpc_set_status(status, GRPC_INTERNAL, "nghttp2 session: %s", nghttp2_strerror(rv));
    nghttp2_session_del(conn->session); /* NULL-safe */
    close(fd);
    free(conn);
    return NULL;
  }
  return conn;
}

void grpc_disconnect(grpc_conn *conn) {
  if (!conn) return;
  /* Best effort: a GOAWAY the socket cannot take now is not worth waiting for. */
  if (conn->failure.code == GRPC_OK && nghttp2_session_terminate_session(conn->session, NGHTTP2_NO_ERROR) == 0 &&
      nghttp2_session_send(conn->session) != 0) {
    fprintf(stderr, "grpc: GOAWAY to %s not sent\n", conn->authority);
  }
  nghttp2_session_del(conn->session);
  close(conn->fd);
  free(conn);
}

/* Makes the connection unusable, with nghttp2's own explanation when it gave one. */
static void session_failed(grpc_conn *conn, const char *what) {
  if (conn->failure.code != GRPC_OK) return; /* the first reason is the one to tell */
  grpc_set_status(&conn->failure, GRPC_UNAVAILABLE, "HTTP/2 with %s: %s%s%s", conn->authority, what,
                  conn->last_error[0] ? ": " : "", conn->last_error);
}

/* Reads and writes what the socket allows. */
static void exchange(grpc_conn *conn) {
  int rv = nghttp2_session_recv(conn->session);
  if (rv == 0) rv = nghttp2_session_send(conn->session);
  if (rv != 0) session_failed(conn, nghttp2_strerror(rv));
}

int grpc_drive(grpc_call *call, int (*ready)(const grpc_call *), int64_t deadline) {
  grpc_conn *conn = call->conn;
  while (!ready(call)) {
    if (conn->failure.code != GRPC_OK) return 0;
    if (!nghttp2_session_want_read(conn->session) && !nghttp2_session_want_write(conn->session)) {
      session_failed(conn, "the session ended");
      return 0;
    }
    int64_t left = deadline - grpc_now_ms();
    if (left <= 0) return 0;
    struct pollfd watch = {.fd = conn->fd, .events = POLLIN};
    if (nghttp2_session_want_write(conn->session)) watch.events |= POLLOUT;
    int events = poll(&watch, 1, left > INT_MAX ? INT_MAX : (int)left);
    if (events < 0 && errno != EINTR) {
      grpc_set_status(&conn->failure, GRPC_UNAVAILABLE, "poll: %s", strerror(errno));
    } else if (events > 0) {
      exchange(conn);
    }
  }
  return 1;
}

