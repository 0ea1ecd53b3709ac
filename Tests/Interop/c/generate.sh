#!/usr/bin/env bash
# Regenerates gen/ with protoc-c from the protos the C client calls, plus the
# well-known types they import (protoc-c ships no generated code for those).
# --check: only fails when the committed gen/ differs from what the protos give.
# Needs protobuf-c-compiler and libprotobuf-dev (the google/protobuf/*.proto files).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
wkt_dir=/usr/include
command -v protoc-c >/dev/null || { echo "generate.sh: protoc-c missing; apt-get install protobuf-c-compiler" >&2; exit 1; }
[ -f "$wkt_dir/google/protobuf/timestamp.proto" ] || { echo "generate.sh: well-known protos missing; apt-get install libprotobuf-dev" >&2; exit 1; }

protos=(gym/auth/v1/auth.proto gym/common/v1/common.proto gym/common/v1/export.proto gym/catalog/v1/catalog.proto gym/messaging/v1/messaging.proto)
# Everything they import, transitively, read from the imports so a new one is never
# forgotten: the HTTP annotations (google/api, in proto/) and the well-known types they
# and the protos use (google/protobuf, from the system's include directory).
wkts=()
pending=("${protos[@]}")
while [ ${#pending[@]} -gt 0 ]; do
  file=${pending[0]}
  pending=("${pending[@]:1}")
  source=$root/proto/$file
  [ -f "$source" ] || source=$wkt_dir/$file
  while read -r dependency; do
    case " ${protos[*]} ${wkts[*]} " in *" $dependency "*) continue ;; esac
    wkts+=("$dependency")
    pending+=("$dependency")
  done < <(grep -o '^import "[^"]*\.proto"' "$source" | cut -d'"' -f2)
done
mapfile -t wkts < <(printf '%s\n' "${wkts[@]}" | sort)

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
protoc-c -I "$root/proto" -I "$wkt_dir" --c_out="$out" "${protos[@]}" "${wkts[@]}"
# protoc-c names a service's function-pointer members after the methods, and
# AuthService.Register becomes `register`, a C keyword: rename that member.
sed -i 's/(\*register)(/(*register_)(/' "$out/gym/auth/v1/auth.pb-c.h"

if [ "${1:-}" = "--check" ]; then
  diff -r "$here/gen" "$out" >/dev/null || { echo "Tests/Interop/c/gen is stale: run Tests/Interop/c/generate.sh and commit the result" >&2; exit 1; }
  echo "C generated code is up to date"
else
  rm -rf "$here/gen"
  mkdir "$here/gen"
  cp -r "$out/." "$here/gen/"
  echo "generated into $here/gen:" "${protos[@]}" "${wkts[@]}"
fi
