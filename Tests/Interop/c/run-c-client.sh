#!/usr/bin/env bash
# Interop: builds the C client (protobuf-c + nghttp2, code generated into gen/ by
# generate.sh) with the system compiler and runs it against the gateway at $1.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -ne 1 ]; then
  echo "usage: $0 HOST:PORT" >&2
  exit 2
fi
missing=()
command -v cc >/dev/null 2>&1 || missing+=(gcc)
# Asked of the compiler itself, so any include path counts.
has_header() { echo "#include <$1>" | cc -E -x c - >/dev/null 2>&1; }
if command -v cc >/dev/null 2>&1; then
  has_header protobuf-c/protobuf-c.h || missing+=(libprotobuf-c-dev)
  has_header nghttp2/nghttp2.h || missing+=(libnghttp2-dev)
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "run-c-client.sh: missing ${missing[*]}; install with: apt-get install ${missing[*]}" >&2
  exit 1
fi
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
mapfile -t generated < <(find "$here/gen" -name '*.pb-c.c' | sort)
cc -std=c11 -O1 -Wall -Wextra -Werror -I"$here" -I"$here/gen" -o "$build/gym_c_client" \
  "$here/grpc_conn.c" "$here/grpc_call.c" "$here/gym_c_client.c" "${generated[@]}" -lprotobuf-c -lnghttp2
"$build/gym_c_client" "$1"
