#!/usr/bin/env bash
# Prints the path of the venv NAME (under .build-python/), made on first use from the
# pinned REQUIREMENTS and made again when they change; EXECUTABLE (relative to the venv)
# must exist in it. Tests run side by side: a lock makes one of them build it while the
# others wait. Usage: pinned-venv.sh NAME REQUIREMENTS EXECUTABLE
set -euo pipefail
name=$1 requirements=$2 executable=$3
root=$(cd "$(dirname "$0")/../.." && pwd)
venv=$root/.build-python/$name-venv
mkdir -p "$root/.build-python"
exec 9>"$root/.build-python/$name-venv.lock"
flock 9
if ! cmp -s "$requirements" "$venv/requirements.txt" 2>/dev/null || [ ! -x "$venv/$executable" ]; then
  rm -rf "$venv"
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements" >&2
  cp "$requirements" "$venv/requirements.txt"
fi
echo "$venv"
