"""System smoke test of a running platform through its gateway, with grpcio.

    run-interop.sh container_smoke.py setup  HOST:PORT STATE.json PLACE_NAME LAT LON
    run-interop.sh container_smoke.py verify HOST:PORT STATE.json

setup: registers two users and confirms their addresses with the code from the mail
sink (GYM_SMOKE_MAIL_COMMAND, a shell command with {email} that prints the sink, e.g.
`gymctl mail --to {email}` run where the credential is), logs in, browses the catalog,
searches places (expects PLACE_NAME, imported beforehand, open 24/7, near LAT,LON), logs a
workout and sends a direct message; writes what it made to STATE.json.
verify (after services were killed and restarted): the first access token still works
(auth's signing key survived), the user still logs in with the password, the workout,
the message and the place are still there.
Exits non-zero with a message on the first deviation; prints "smoke ok" at the end.
scripts/container-check runs it against the containers.
"""
import datetime
import json
import os
import re
import shlex
import subprocess
import sys
import time
import uuid

import grpc

from gym.auth.v1 import auth_pb2, auth_pb2_grpc
from gym.catalog.v1 import catalog_pb2, catalog_pb2_grpc
from gym.common.v1 import common_pb2
from gym.messaging.v1 import messaging_pb2, messaging_pb2_grpc
from gym.places.v1 import places_pb2, places_pb2_grpc
from gym.plan.v1 import plan_pb2, plan_pb2_grpc

PASSWORD = "violet staircase under a quiet harbour"
TIMEOUT = 15


def fail(text):
    sys.exit(f"smoke FAILED: {text}")


def check(condition, text):
    if not condition:
        fail(text)


def step(name, call):
    started = time.monotonic()
    try:
        result = call()
    except grpc.RpcError as error:
        fail(f"{name}: {error.code().name}: {error.details()}")
    print(f"  {name}: ok ({(time.monotonic() - started) * 1000:.0f} ms)")
    return result


def bearer(token):
    return (("authorization", "Bearer " + token),)


class Platform:
    def __init__(self, address):
        channel = grpc.insecure_channel(address)
        grpc.channel_ready_future(channel).result(timeout=TIMEOUT)
        self.auth = auth_pb2_grpc.AuthServiceStub(channel)
        self.catalog = catalog_pb2_grpc.CatalogServiceStub(channel)
        self.places = places_pb2_grpc.PlacesServiceStub(channel)
        self.plan = plan_pb2_grpc.PlanServiceStub(channel)
        self.messaging = messaging_pb2_grpc.MessagingServiceStub(channel)

    def login(self, identifier):
        return self.auth.Login(auth_pb2.LoginRequest(
            identifier=identifier, password=PASSWORD, client_description="container smoke"), timeout=TIMEOUT)

    def find_place(self, token, state):
        response = self.places.SearchNearby(places_pb2.SearchNearbyRequest(
            location=common_pb2.LatLng(latitude=state["lat"], longitude=state["lon"]), radius_m=2000,
            open_at=now_timestamp()), metadata=bearer(token), timeout=TIMEOUT)
        found = [r for r in response.results if r.place.name == state["place_name"]]
        check(found, f"SearchNearby did not find '{state['place_name']}' (got {[r.place.name for r in response.results]})")
        check(found[0].open, f"'{state['place_name']}' (24/7) is not open now: opening hours or time zones are broken")
        return found[0]

    def session(self, token, session_id):
        return self.plan.GetSession(plan_pb2.GetSessionRequest(id=session_id), metadata=bearer(token), timeout=TIMEOUT).session

    def direct_messages(self, token, peer_id):
        return self.messaging.ListDirectMessages(messaging_pb2.ListDirectMessagesRequest(
            peer_user_id=peer_id, page_size=20), metadata=bearer(token), timeout=TIMEOUT).messages


def verification_code(email):
    """The newest verification code mailed to `email`, read from the development mail sink."""
    command = os.environ.get("GYM_SMOKE_MAIL_COMMAND")
    if not command:
        fail("GYM_SMOKE_MAIL_COMMAND is not set: messaging needs a verified address")
    for _ in range(20):
        result = subprocess.run(command.format(email=shlex.quote(email)), shell=True, capture_output=True, text=True)
        codes = re.findall(r"verification code: (\d{6})", result.stdout)
        if codes:
            return codes[0]  # newest first
        time.sleep(0.5)
    fail(f"no verification code for {email} in the mail sink ({result.returncode}: {result.stdout[-300:]} {result.stderr[-300:]})")


def now_timestamp():
    from google.protobuf import timestamp_pb2
    stamp = timestamp_pb2.Timestamp()
    stamp.GetCurrentTime()
    return stamp


def setup(address, state_path, place_name, lat, lon):
    platform = Platform(address)
    tag = uuid.uuid4().hex[:8]
    users = {}
    for who in ("ana", "ben"):
        name = f"{who}_{tag}"
        registered = step(f"register {name}", lambda: platform.auth.Register(auth_pb2.RegisterRequest(
            email=f"{name}@example.com", username=name, password=PASSWORD, display_name=who.title(),
            accept_terms=True, terms_version="2026-01"), timeout=TIMEOUT))
        users[who] = {"username": name, "id": registered.user.id}
        code = step(f"read {name}'s verification mail", lambda: verification_code(f"{name}@example.com"))
        verified = step(f"verify {name}'s address", lambda: platform.auth.VerifyEmail(auth_pb2.VerifyEmailRequest(
            code=code), metadata=bearer(registered.tokens.access_token), timeout=TIMEOUT))
        check(verified.user.email_verified, f"{name}'s address is not verified after VerifyEmail")
    login = step("log in", lambda: platform.login(users["ana"]["username"]))
    token = login.tokens.access_token
    me = step("GetMe", lambda: platform.auth.GetMe(auth_pb2.GetMeRequest(), metadata=bearer(token), timeout=TIMEOUT))
    check(me.user.id == users["ana"]["id"], "GetMe returned another user")

    exercises = step("browse the catalog (ListExercises 'squat')", lambda: platform.catalog.ListExercises(
        catalog_pb2.ListExercisesRequest(query="squat", page_size=5), metadata=bearer(token), timeout=TIMEOUT))
    check(exercises.exercises, "the exercise library is empty: the catalog's seed resource did not load")
    exercise = exercises.exercises[0]
    detail = step("GetExercise", lambda: platform.catalog.GetExercise(
        catalog_pb2.GetExerciseRequest(id=exercise.id), metadata=bearer(token), timeout=TIMEOUT))
    check(detail.exercise.instructions, f"{exercise.name} has no instructions")
    step("ListPrograms", lambda: platform.catalog.ListPrograms(
        catalog_pb2.ListProgramsRequest(page_size=5), metadata=bearer(token), timeout=TIMEOUT))

    state = {"users": users, "access_token": token, "place_name": place_name, "lat": lat, "lon": lon}
    place = step("search places (SearchNearby, open now)", lambda: platform.find_place(token, state))
    state["place_id"] = place.place.id

    day = datetime.datetime.now(datetime.timezone.utc).date() - datetime.timedelta(days=1)
    logged = step("log a workout (LogWorkout)", lambda: platform.plan.LogWorkout(plan_pb2.LogWorkoutRequest(
        date=common_pb2.Date(year=day.year, month=day.month, day=day.day), name="Container smoke", duration_minutes=45,
        entries=[plan_pb2.LogWorkoutRequest.Entry(exercise_id=exercise.id, sets=[
            plan_pb2.LoggedSet(reps=5, weight_kg=100), plan_pb2.LoggedSet(reps=5, weight_kg=102.5)])]),
        metadata=bearer(token), timeout=TIMEOUT))
    state["session_id"] = logged.session.id
    state["exercise_id"] = exercise.id
    sessions = step("ListSessions", lambda: platform.plan.ListSessions(
        plan_pb2.ListSessionsRequest(page_size=10), metadata=bearer(token), timeout=TIMEOUT))
    check(logged.session.id in [s.id for s in sessions.sessions], "the logged workout is not in ListSessions")

    text = f"see you at {place_name} ({tag})"
    sent = step("send a message (SendDirectMessage)", lambda: platform.messaging.SendDirectMessage(
        messaging_pb2.SendDirectMessageRequest(username=users["ben"]["username"], text=text),
        metadata=bearer(token), timeout=TIMEOUT))
    state["message_id"] = sent.message.id
    state["message_text"] = text
    ben = step("the recipient logs in", lambda: platform.login(users["ben"]["username"]))
    state["ben_token"] = ben.tokens.access_token
    received = step("the recipient reads it", lambda: platform.direct_messages(ben.tokens.access_token, users["ana"]["id"]))
    check([m for m in received if m.id == sent.message.id and m.text == text], "the recipient does not see the message")

    with open(state_path, "w") as out:
        json.dump(state, out)
    print("smoke ok")


def verify(address, state_path):
    with open(state_path) as source:
        state = json.load(source)
    platform = Platform(address)
    users = state["users"]
    me = step("old access token still valid (GetMe)", lambda: platform.auth.GetMe(
        auth_pb2.GetMeRequest(), metadata=bearer(state["access_token"]), timeout=TIMEOUT))
    check(me.user.id == users["ana"]["id"], "GetMe returned another user")
    login = step("the registered user logs in again", lambda: platform.login(users["ana"]["username"]))
    token = login.tokens.access_token
    session = step("the logged workout is still there (GetSession)", lambda: platform.session(token, state["session_id"]))
    sets = [(s.reps, s.weight_kg) for item in session.items if item.exercise_id == state["exercise_id"] for s in item.logged_sets]
    check(sets == [(5, 100.0), (5, 102.5)], f"the workout's sets changed: {sets}")
    messages = step("the message is still there", lambda: platform.direct_messages(state["ben_token"], users["ana"]["id"]))
    check([m for m in messages if m.id == state["message_id"] and m.text == state["message_text"]], "the message is gone")
    exercise = step("the catalog still answers (GetExercise)", lambda: platform.catalog.GetExercise(
        catalog_pb2.GetExerciseRequest(id=state["exercise_id"]), metadata=bearer(token), timeout=TIMEOUT))
    check(exercise.exercise.id == state["exercise_id"], "GetExercise returned another exercise")
    step("the place is still there", lambda: platform.find_place(token, state))
    print("smoke ok")


if __name__ == "__main__":
    if len(sys.argv) >= 7 and sys.argv[1] == "setup":
        setup(sys.argv[2], sys.argv[3], sys.argv[4], float(sys.argv[5]), float(sys.argv[6]))
    elif len(sys.argv) == 4 and sys.argv[1] == "verify":
        verify(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
