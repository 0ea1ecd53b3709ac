#!/usr/bin/env bash
# Drives the trainers' dashboard in Debian's chromium through its chromedriver with
# Selenium (the pinned version of requirements.txt from PyPI, Tests/lib/pinned-venv.sh).
# The argument: the JSON file dashboard_flow.py reads (where the stack is, who signs in,
# what the pages must show).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
venv=$("$here/../../lib/pinned-venv.sh" selenium "$here/requirements.txt" bin/python)
exec "$venv/bin/python" "$here/dashboard_flow.py" "$@"
