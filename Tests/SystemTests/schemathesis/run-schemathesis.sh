#!/usr/bin/env bash
# Runs schemathesis (the arguments go to `st run`) from a venv of its own with the pinned
# version of requirements.txt from PyPI (Tests/lib/pinned-venv.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
venv=$("$here/../../lib/pinned-venv.sh" schemathesis "$here/requirements.txt" bin/st)
# python/sitecustomize.py: ast.parse one thread at a time (a CPython 3.11 bug, see there).
export PYTHONPATH=$here/python${PYTHONPATH:+:$PYTHONPATH}
exec "$venv/bin/st" run "$@"
