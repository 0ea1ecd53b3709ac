#!/usr/bin/env bash
# Compiles gym_client.ts with Debian's TypeScript (node-typescript) into a temporary
# directory and runs it with Node against the gateway at $1 (HOST:PORT).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
tsc -p "$here/tsconfig.json" --outDir "$out"
node "$out/gym_client.js" "$1"
