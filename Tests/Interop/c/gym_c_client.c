/* The platform from C: Register -> Login -> GetMe -> a catalog search -> error
 * statuses -> a server-enforced deadline -> a Subscribe stream, all through the
 * gateway on one HTTP/2 connection. Prints a line per step and "c interop ok";
 * exits 1 at the first deviation. Usage: gym_c_client HOST:PORT */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "grpc_client.h"
#include "gym/auth/v1/auth.pb-c.h"
#include "gym/catalog/v1/catalog.pb-c.h"
#include "gym/messaging/v1/messaging.pb-c.h"

#define AUTH (&gym__auth__v1__auth_service__descriptor)
#define CATALOG (&gym__catalog__v1__catalog_service__descriptor)
#define MESSAGING (&gym__messaging__v1__messaging_service__descriptor)
#define PASSWORD "violet staircase under a quiet harbour"

enum { CONNECT_MS = 5000, TIMEOUT_MS = 10000, STREAM_MS = 15000, SHORT_MS = 300 };

typedef struct {
  char name[32];
  char id[64];
  char *token;
} account;

/* One connection carries every call, the stream among them. */
static grpc_conn *conn;

static _Noreturn void fail(const char *format, ...) __attribute__((format(printf, 1, 2)));

static void fail(const char *format, ...) {
  va_list args;
  va_start(args, format);
  fputs("c client FAILED: ", stderr);
  vfprintf(stderr, format, args);
  fputc('\n', stderr);
  va_end(args);
  exit(1);
}

/* A unary call that must succeed; the response is the caller's to free. */
static void *call_ok(const ProtobufCServiceDescriptor *service, const char *method,
                     const ProtobufCMessage *request, const char *token) {
  ProtobufCMessage *response;
  grpc_status status;
  if (grpc_unary(conn, service, method, request, token, TIMEOUT_MS, &response, &status) != GRPC_OK) {
    fail("%s: %s (%d): %s", method, grpc_code_name(status.code), status.code, status.message);
  }
  return response;
}

/* A unary call that the server must refuse with `code` and a message holding `words`. */
static void call_refused(const char *what, const ProtobufCServiceDescriptor *service, const char *method,
                         const ProtobufCMessage *request, const char *token, int code, const char *words) {
  ProtobufCMessage *response;
  grpc_status status;
  if (grpc_unary(conn, service, method, request, token, TIMEOUT_MS, &response, &status) == GRPC_OK) {
    protobuf_c_message_free_unpacked(response, NULL);
    fail("%s: succeeded, expected %s", what, grpc_code_name(code));
  }
  if (status.code != code || status.local) {
    fail("%s: expected %s from the server, got %s (%d)%s: %s", what, grpc_code_name(code),
         grpc_code_name(status.code), status.code, status.local ? " locally" : "", status.message);
  }
  if (!status.message[0] || !strstr(status.message, words)) {
    fail("%s: message \"%s\" does not mention \"%s\"", what, status.message, words);
  }
  printf("error ok: %s -> %s (%d): %s\n", what, grpc_code_name(code), code, status.message);
}

static void register_account(account *user, const char *name, const char *email) {
  Gym__Auth__V1__RegisterRequest request = GYM__AUTH__V1__REGISTER_REQUEST__INIT;
  request.email = (char *)email;
  request.username = (char *)name;
  request.password = PASSWORD;
  request.display_name = "C Client";
  request.accept_terms = 1;
  request.terms_version = "2026-01";
  request.client_description = "gym_c_client";
  Gym__Auth__V1__RegisterResponse *response = call_ok(AUTH, "Register", &request.base, NULL);
  if (!response->user || strcmp(response->user->username, name) != 0 || !response->tokens) {
    fail("Register: the answer does not describe %s", name);
  }
  snprintf(user->name, sizeof user->name, "%s", name);
  snprintf(user->id, sizeof user->id, "%s", response->user->id);
  user->token = strdup(response->tokens->access_token);
  if (!user->token) fail("out of memory");
  printf("register ok: %s (id %s)\n", name, user->id);
  gym__auth__v1__register_response__free_unpacked(response, NULL);
}

/* Replaces the registration's token with a fresh session's. */
static void login(account *user) {
  Gym__Auth__V1__LoginRequest request = GYM__AUTH__V1__LOGIN_REQUEST__INIT;
  request.identifier = user->name;
  request.password = PASSWORD;
  request.client_description = "gym_c_client";
  Gym__Auth__V1__LoginResponse *response = call_ok(AUTH, "Login", &request.base, NULL);
  if (!response->tokens || !response->tokens->access_token[0]) fail("Login: no access token");
  free(user->token);
  user->token = strdup(response->tokens->access_token);
  if (!user->token) fail("out of memory");
  printf("login ok: session %s\n", response->tokens->session_id);
  gym__auth__v1__login_response__free_unpacked(response, NULL);
}

static void get_me(const account *user) {
  Gym__Auth__V1__GetMeRequest request = GYM__AUTH__V1__GET_ME_REQUEST__INIT;
  Gym__Auth__V1__GetMeResponse *response = call_ok(AUTH, "GetMe", &request.base, user->token);
  const Gym__Auth__V1__User *me = response->user;
  if (!me || strcmp(me->id, user->id) != 0 || strcmp(me->username, user->name) != 0) {
    fail("GetMe: expected %s (%s), got %s", user->name, user->id, me ? me->username : "no user");
  }
  printf("getme ok: %s \"%s\"\n", me->username, me->profile ? me->profile->display_name : "");
  gym__auth__v1__get_me_response__free_unpacked(response, NULL);
}

static void search_exercises(const account *user, const char *query) {
  Gym__Catalog__V1__ListExercisesRequest request = GYM__CATALOG__V1__LIST_EXERCISES_REQUEST__INIT;
  request.query = (char *)query;
  request.page_size = 5;
  Gym__Catalog__V1__ListExercisesResponse *response = call_ok(CATALOG, "ListExercises", &request.base, user->token);
  if (response->n_exercises == 0) fail("ListExercises \"%s\": no exercise found", query);
  printf("catalog ok: ListExercises \"%s\" -> %zu exercises, first \"%s\"\n", query, response->n_exercises,
         response->exercises[0]->name);
  gym__catalog__v1__list_exercises_response__free_unpacked(response, NULL);
}

static void refusals(const account *user) {
  Gym__Auth__V1__RegisterRequest bad_email = GYM__AUTH__V1__REGISTER_REQUEST__INIT;
  bad_email.email = "not-an-email";
  bad_email.username = "c_bad_email";
  bad_email.password = PASSWORD;
  bad_email.accept_terms = 1;
  bad_email.terms_version = "2026-01";
  call_refused("Register with a bad email", AUTH, "Register", &bad_email.base, NULL, GRPC_INVALID_ARGUMENT, "email");

  Gym__Auth__V1__GetMeRequest me = GYM__AUTH__V1__GET_ME_REQUEST__INIT;
  /* A real token with its signature spoiled. */
  char forged[2048];
  if (snprintf(forged, sizeof forged, "%sx", user->token) >= (int)sizeof forged) fail("the access token is too long");
  call_refused("GetMe with a forged token", AUTH, "GetMe", &me.base, forged, GRPC_UNAUTHENTICATED, "token");
  call_refused("GetMe without a token", AUTH, "GetMe", &me.base, NULL, GRPC_UNAUTHENTICATED, "token");
}

static grpc_call *subscribe(const account *user, int64_t after_event_id, int timeout_ms) {
  Gym__Messaging__V1__SubscribeRequest request = GYM__MESSAGING__V1__SUBSCRIBE_REQUEST__INIT;
  request.after_event_id = after_event_id;
  grpc_status status;
  grpc_call *stream = grpc_stream_open(conn, MESSAGING, "Subscribe", &request.base, user->token, timeout_ms, &status);
  if (!stream) fail("Subscribe: %s (%d): %s", grpc_code_name(status.code), status.code, status.message);
  return stream;
}

static int64_t monotonic_ms(void) {
  struct timespec now;
  if (clock_gettime(CLOCK_MONOTONIC, &now) != 0) fail("no monotonic clock");
  return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/* grpc-timeout is the server's to enforce: a quiet stream must be ended by the
 * server at the deadline, before the client's own wait (a second longer) runs
 * out. The gateway says DEADLINE_EXCEEDED or, when its call to messaging gives
 * up first, CANCELLED; either is the deadline at work. */
static void deadline(const account *user) {
  int64_t started = monotonic_ms();
  grpc_call *stream = subscribe(user, 0, SHORT_MS);
  ProtobufCMessage *event;
  grpc_status status;
  while (grpc_stream_next(stream, &event, &status) == 1) protobuf_c_message_free_unpacked(event, NULL);
  grpc_stream_close(stream);
  int64_t elapsed = monotonic_ms() - started;
  int by_server = (status.code == GRPC_DEADLINE_EXCEEDED || status.code == GRPC_CANCELLED) && !status.local;
  /* Not sooner than asked (a tenth of slack for the server's timer). */
  if (!by_server || elapsed < SHORT_MS * 9 / 10) {
    fail("Subscribe with grpc-timeout %dm: expected the server to end it at the deadline, "
         "got %s (%d)%s after %lld ms: %s",
         SHORT_MS, grpc_code_name(status.code), status.code, status.local ? " locally" : "", (long long)elapsed,
         status.message);
  }
  printf("deadline ok: Subscribe with grpc-timeout %dm ended by the server after %lld ms: %s (%d): %s\n", SHORT_MS,
         (long long)elapsed, grpc_code_name(status.code), status.code, status.message);
}

static void send_direct(const account *from, const account *to, const char *text) {
  Gym__Messaging__V1__SendDirectMessageRequest request = GYM__MESSAGING__V1__SEND_DIRECT_MESSAGE_REQUEST__INIT;
  request.recipient_case = GYM__MESSAGING__V1__SEND_DIRECT_MESSAGE_REQUEST__RECIPIENT_USER_ID;
  request.user_id = (char *)to->id;
  request.text = (char *)text;
  Gym__Messaging__V1__SendDirectMessageResponse *response =
    call_ok(MESSAGING, "SendDirectMessage", &request.base, from->token);
  gym__messaging__v1__send_direct_message_response__free_unpacked(response, NULL);
}

/* Reads events until the direct message with `text`; returns its event id. */
static int64_t await_direct(grpc_call *stream, const char *text) {
  for (;;) {
    ProtobufCMessage *message;
    grpc_status status;
    if (grpc_stream_next(stream, &message, &status) == 0) {
      fail("Subscribe ended before \"%s\" arrived: %s (%d): %s", text, grpc_code_name(status.code), status.code,
           status.message);
    }
    const Gym__Messaging__V1__Event *event = (const Gym__Messaging__V1__Event *)message;
    int found = event->kind == GYM__MESSAGING__V1__EVENT_KIND__DIRECT_MESSAGE &&
                event->payload_case == GYM__MESSAGING__V1__EVENT__PAYLOAD_MESSAGE &&
                strcmp(event->message->text, text) == 0;
    int64_t id = event->id;
    protobuf_c_message_free_unpacked(message, NULL);
    if (found) return id;
  }
}

/* Replay, then live. Event ids are global, so cursor 1 replays a new user's whole
 * log except, at most, the platform's very first event: of two messages sent
 * before subscribing, the second is always replayed. The server joins the live
 * feed before replaying, so a message sent after a replayed one arrives live. */
static void stream(const account *reader, const account *writer) {
  send_direct(writer, reader, "one");
  send_direct(writer, reader, "two");
  grpc_call *events = subscribe(reader, 1, STREAM_MS);
  int64_t replayed = await_direct(events, "two");
  send_direct(writer, reader, "three, live");
  int64_t live = await_direct(events, "three, live");
  grpc_stream_close(events);
  printf("stream ok: Subscribe replayed event %lld \"two\", then event %lld \"three, live\" arrived live; cancelled\n",
         (long long)replayed, (long long)live);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s HOST:PORT\n", argv[0]);
    return 2;
  }
  /* Lines in order with stderr's when both go to one pipe. */
  if (setvbuf(stdout, NULL, _IOLBF, 0) != 0) fail("stdout cannot be line-buffered");
  grpc_status status;
  conn = grpc_connect(argv[1], CONNECT_MS, &status);
  if (!conn) fail("%s (%d): %s", grpc_code_name(status.code), status.code, status.message);
  printf("connected: %s (h2c, prior knowledge)\n", argv[1]);

  struct timespec now;
  if (clock_gettime(CLOCK_REALTIME, &now) != 0) fail("no clock");
  char name[32], email[64];
  snprintf(name, sizeof name, "c_%08lx%04x", (unsigned long)(now.tv_sec ^ now.tv_nsec) & 0xffffffffUL,
           (unsigned)getpid() & 0xffffu);
  snprintf(email, sizeof email, "%s@example.com", name);
  account ana = {0}, ben = {0};
  register_account(&ana, name, email);
  login(&ana);
  get_me(&ana);
  search_exercises(&ana, "squat");
  refusals(&ana);
  deadline(&ana);

  char other[40], other_email[72];
  snprintf(other, sizeof other, "%s_b", name);
  snprintf(other_email, sizeof other_email, "%s@example.com", other);
  register_account(&ben, other, other_email);
  stream(&ana, &ben);

  free(ana.token);
  free(ben.token);
  grpc_disconnect(conn);
  printf("c interop ok\n");
  return 0;
}
