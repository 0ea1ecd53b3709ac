#!/usr/bin/env bash
# Runs server.py (the arguments go to it) in a venv of its own with the pinned aiosmtpd
# from PyPI, made on first use like the interop tests' grpcio venv. Tests start several
# servers at once: a lock makes one of them build the venv while the others wait.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
venv=$root/.build-python/smtp-venv
requirements=$here/requirements.txt
mkdir -p "$root/.build-python"
exec 9>"$root/.build-python/smtp-venv.lock"
flock 9
# Rebuilt when the pinned version changes.
if ! cmp -s "$requirements" "$venv/requirements.txt" 2>/dev/null || [ ! -x "$venv/bin/python" ]; then
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
  cp "$requirements" "$venv/requirements.txt"
fi
flock -u 9
exec 9>&-
exec "$venv/bin/python" "$here/server.py" "$@"
