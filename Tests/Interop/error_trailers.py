"""Error answers every client can read: requests that provoke many violations or quote
a huge value get their real status through the gateway, with trailers under 8 KiB.

Usage: error_trailers.py HOST:PORT. Prints "error trailers ok" at the end.
"""
import sys
import uuid

import grpc

from gym.auth.v1 import auth_pb2, auth_pb2_grpc
from gym.plan.v1 import plan_pb2, plan_pb2_grpc
from google.protobuf import field_mask_pb2


def refused(call, code):
    try:
        call()
    except grpc.RpcError as error:
        if error.code() != code:
            sys.exit(f"expected {code}, got {error.code()}: {error.details()[:200]}")
        return error
    sys.exit(f"expected {code}, the call succeeded")


def trailer_bytes(error):
    size = len((error.details() or "").encode())
    for key, value in error.trailing_metadata() or ():
        size += len(key) + (len(value) if isinstance(value, (bytes, str)) else 0)
    return size


def main(address):
    channel = grpc.insecure_channel(address)
    auth = auth_pb2_grpc.AuthServiceStub(channel)
    plan = plan_pb2_grpc.PlanServiceStub(channel)
    name = "py_" + uuid.uuid4().hex[:10]
    tokens = auth.Register(auth_pb2.RegisterRequest(
        email=f"{name}@example.com", username=name, password="violet staircase under a quiet harbour",
        accept_terms=True, terms_version="2026-01"), timeout=10).tokens
    bearer = [("authorization", f"Bearer {tokens.access_token}")]

    # 150 unknown paths: 150 violations, each naming every valid path.
    mask = field_mask_pb2.FieldMask(paths=[f"no_such_field_{i}" for i in range(150)])
    error = refused(lambda: auth.UpdateProfile(
        auth_pb2.UpdateProfileRequest(update_mask=mask), metadata=bearer, timeout=10), grpc.StatusCode.INVALID_ARGUMENT)
    if "and 140 more" not in error.details():
        sys.exit(f"the message should count the violations not listed: {error.details()[:300]}")
    if trailer_bytes(error) > 8192:
        sys.exit(f"trailers of {trailer_bytes(error)} bytes")

    # An id of 100,000 characters quoted back in NOT_FOUND.
    error = refused(lambda: plan.GetRoutine(
        plan_pb2.GetRoutineRequest(id="x" * 100_000), metadata=bearer, timeout=10), grpc.StatusCode.NOT_FOUND)
    if len(error.details().encode()) > 1024 or trailer_bytes(error) > 8192:
        sys.exit(f"a {len(error.details().encode())}-byte message, {trailer_bytes(error)} bytes of trailers")
    print("error trailers ok")


if __name__ == "__main__":
    main(sys.argv[1])
