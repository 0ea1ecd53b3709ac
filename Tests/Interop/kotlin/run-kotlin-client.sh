#!/usr/bin/env bash
# Compiles GymClient.kt with Debian's kotlin (apt-get install kotlin, which brings a JDK)
# and runs it against the gateway at $1 (HOST:PORT). Not part of the test run: the
# TypeScript client covers the same API there; this one is the README's Kotlin example.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
kotlinc "$here/GymClient.kt" -include-runtime -d "$out/gym.jar" 2>/dev/null
java -jar "$out/gym.jar" "$1"
