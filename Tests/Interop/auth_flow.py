"""Register -> Login -> GetMe -> RefreshSession -> Logout through the gateway with grpcio.

Usage: auth_flow.py HOST:PORT [CA_FILE]; with CA_FILE the channel is TLS trusting it.

Exits non-zero (with a message) on the first deviation; prints "interop ok" at the end.
"""
import sys
import uuid

import grpc

from gym.auth.v1 import auth_pb2, auth_pb2_grpc


def expect_code(call, code):
    try:
        call()
    except grpc.RpcError as error:
        if error.code() != code:
            sys.exit(f"expected {code}, got {error.code()}: {error.details()}")
        return error
    sys.exit(f"expected {code}, the call succeeded")


def main(address, ca_file=None):
    if ca_file:
        # A TLS gateway: trust the stack's CA; a plaintext channel must get nowhere.
        with open(ca_file, "rb") as f:
            channel = grpc.secure_channel(address, grpc.ssl_channel_credentials(root_certificates=f.read()))
        plain = auth_pb2_grpc.AuthServiceStub(grpc.insecure_channel(address))
        expect_code(lambda: plain.GetSigningKeys(auth_pb2.GetSigningKeysRequest(), timeout=5), grpc.StatusCode.UNAVAILABLE)
    else:
        channel = grpc.insecure_channel(address)
    auth = auth_pb2_grpc.AuthServiceStub(channel)
    name = "py_" + uuid.uuid4().hex[:10]
    password = "violet staircase under a quiet harbour"

    weak = expect_code(lambda: auth.Register(auth_pb2.RegisterRequest(
        email=f"{name}@example.com", username=name, password="123456", accept_terms=True,
        terms_version="2026-01"), timeout=10), grpc.StatusCode.INVALID_ARGUMENT)
    assert "password" in weak.details(), weak.details()

    registered = auth.Register(auth_pb2.RegisterRequest(
        email=f"{name}@example.com", username=name, password=password, display_name="Py Client",
        accept_terms=True, terms_version="2026-01"), timeout=10)
    assert registered.user.username == name

    login = auth.Login(auth_pb2.LoginRequest(identifier=name, password=password, client_description="python"), timeout=10)
    bearer = (("authorization", "Bearer " + login.tokens.access_token),)
    me = auth.GetMe(auth_pb2.GetMeRequest(), metadata=bearer, timeout=10)
    assert me.user.id == registered.user.id, (me.user.id, registered.user.id)
    assert me.user.profile.display_name == "Py Client"

    refreshed = auth.RefreshSession(auth_pb2.RefreshSessionRequest(refresh_token=login.tokens.refresh_token), timeout=10)
    expect_code(lambda: auth.RefreshSession(auth_pb2.RefreshSessionRequest(refresh_token=login.tokens.refresh_token), timeout=10),
                grpc.StatusCode.UNAUTHENTICATED)
    # Reuse revoked the session, so sign in again to exercise Logout.
    login = auth.Login(auth_pb2.LoginRequest(identifier=f"{name}@example.com", password=password), timeout=10)
    bearer = (("authorization", "Bearer " + login.tokens.access_token),)
    auth.Logout(auth_pb2.LogoutRequest(), metadata=bearer, timeout=10)
    expect_code(lambda: auth.GetMe(auth_pb2.GetMeRequest(), metadata=bearer, timeout=10), grpc.StatusCode.UNAUTHENTICATED)
    expect_code(lambda: auth.GetMe(auth_pb2.GetMeRequest(), timeout=10), grpc.StatusCode.UNAUTHENTICATED)
    assert refreshed.tokens.session_id
    print("interop ok")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None)
