#!/usr/bin/env bash
# Fails when the committed generated code differs from what the protos produce.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/generate-protos.sh
generated=(Shared/GymAPI/Generated Services/Gateway/Sources/JSON/Generated docs/openapi.json)
if ! git diff --exit-code --stat -- "${generated[@]}" || [ -n "$(git status --porcelain -- "${generated[@]}")" ]; then
  echo "generated code is stale: run scripts/generate-protos.sh and commit the result" >&2
  exit 1
fi
echo "generated code is up to date"
