"""Many calls at once on one grpcio channel, through the gateway and direct to gym-auth.

grpcio opens as many streams as the server advertises and queues the rest; a server
that enforces a limit it never advertised drops the whole connection instead.
Usage: concurrent_calls.py GATEWAY AUTH [COUNT]. Prints "concurrency ok" when every
call on both paths succeeded.
"""
import collections
import sys
import time
import uuid

import grpc

from gym.auth.v1 import auth_pb2, auth_pb2_grpc


def burst(addresses, bearer, count):
    """`count` calls at once on each of one channel per address, all in flight together."""
    channels = [grpc.insecure_channel(address) for address in addresses]
    try:
        started = time.monotonic()
        calls = [auth_pb2_grpc.AuthServiceStub(channel).GetMe.future(auth_pb2.GetMeRequest(), metadata=bearer, timeout=120)
                 for channel in channels for _ in range(count)]
        codes = collections.Counter()
        for call in calls:
            try:
                call.result()
                codes["OK"] += 1
            except grpc.RpcError as error:
                codes[f"{error.code().name}: {error.details()}"] += 1
        return codes, time.monotonic() - started
    finally:
        for channel in channels:
            channel.close()


def main(gateway, auth_address, count):
    name = "burst_" + uuid.uuid4().hex[:10]
    password = "violet staircase under a quiet harbour"
    with grpc.insecure_channel(gateway) as channel:
        auth = auth_pb2_grpc.AuthServiceStub(channel)
        auth.Register(auth_pb2.RegisterRequest(
            email=f"{name}@example.com", username=name, password=password,
            accept_terms=True, terms_version="2026-01"), timeout=30)
        login = auth.Login(auth_pb2.LoginRequest(identifier=name, password=password), timeout=30)
    bearer = (("authorization", "Bearer " + login.tokens.access_token),)
    failed = False
    # Two clients through the gateway put twice the backend's stream limit on the
    # gateway's one connection to auth: the gateway must queue, not fail.
    for label, addresses in (("gateway, 2 channels", [gateway, gateway]), ("direct", [auth_address])):
        codes, seconds = burst(addresses, bearer, count)
        total = count * len(addresses)
        print(f"{label}: {total} concurrent GetMe, {count} per channel, in {seconds:.2f} s: {dict(codes)}")
        failed = failed or codes["OK"] != total
    if failed:
        sys.exit("some concurrent calls failed")
    print("concurrency ok")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 1000)
