#!/usr/bin/env bash
# Runs server.py (the arguments go to it) in a venv of its own with the pinned aiosmtpd
# from PyPI (Tests/lib/pinned-venv.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
venv=$("$here/../../lib/pinned-venv.sh" smtp "$here/requirements.txt" bin/python)
exec "$venv/bin/python" "$here/server.py" "$@"
