#!/usr/bin/env bash
# Interop: a Python grpcio client, with stubs generated now from proto/, drives the
# account flow through the gateway at $1 (HOST:PORT).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
venv=$root/.build-python/venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check grpcio grpcio-tools protobuf
fi
stubs=$(mktemp -d)
trap 'rm -rf "$stubs"' EXIT
# grpc/health/v1 is left out: a generated grpc/ package would shadow grpcio itself.
protos=$(cd "$root/proto" && find gym -name '*.proto' | sort)
(cd "$root/proto" && "$venv/bin/python" -m grpc_tools.protoc -I . --python_out="$stubs" --grpc_python_out="$stubs" $protos)
PYTHONPATH="$stubs" "$venv/bin/python" "$here/auth_flow.py" "$1"
