#!/usr/bin/env bash
# Interop: runs a Python grpcio client script from this folder ($1, e.g. auth_flow.py)
# with stubs generated now from proto/; the rest of the arguments go to the script.
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
# grpc/ (health, reflection) is left out: a generated grpc/ package would shadow grpcio itself.
# google/ (the HTTP annotations the gym protos import, google.rpc's status) joins the
# protobuf package's google/ namespace.
protos=$(cd "$root/proto" && find gym google -name '*.proto' | sort)
(cd "$root/proto" && "$venv/bin/python" -m grpc_tools.protoc -I . --python_out="$stubs" --grpc_python_out="$stubs" $protos)
script=$1
shift
PYTHONPATH="$stubs" "$venv/bin/python" "$here/$script" "$@"
