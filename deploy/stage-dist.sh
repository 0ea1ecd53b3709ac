#!/bin/sh
# Lays out what every gym image carries in /usr/local/bin: the executables and, next to
# them, the SwiftPM resource bundles `Bundle.module` looks for (gym_GymAuth.resources:
# common passwords; gym_GymCatalog.resources: exercise library). Used by the multi-stage
# deploy/Dockerfile inside its builder and by scripts/container-check on the host, so both
# images have the same files.
#   deploy/stage-dist.sh BUILD_DIR OUT_DIR [DEBUG_DIR]     e.g. .build-static/release deploy/dist
# The copies are stripped (GYM_STRIP=all, the default: about 30 MB less per executable;
# =debug keeps the symbol table for readable crash backtraces; =none keeps everything).
# Stripped of everything, each executable's symbols and debug information are kept apart in
# DEBUG_DIR/NAME.debug (default OUT_DIR-debug), which the executable names (a GNU debuglink),
# so gdb and crash tools find them when they are put beside it or in a debug directory.
# Fails when a file is missing or an executable is linked dynamically: the service images
# hold no loader and no shared library, so every executable must be built with
# `--static-swift-stdlib -Xswiftc -static-executable`.
set -eu
build=${1:?usage: stage-dist.sh BUILD_DIR OUT_DIR}
out=${2:?usage: stage-dist.sh BUILD_DIR OUT_DIR [DEBUG_DIR]}
debug=${3:-$out-debug}
[ -x "$build/gymctl" ] || { echo "stage-dist: $build/gymctl is missing (swift build -c release --static-swift-stdlib -Xswiftc -static-executable)" >&2; exit 1; }
# Every executable of the platform's manifest (`gymctl manifest`), and gymctl itself.
executables="$("$build/gymctl" manifest | sed -n 's/.*"executable" *: *"\([^"]*\)".*/\1/p') gymctl"
case "$executables" in
  *gym-gateway*) ;;
  *) echo "stage-dist: $build/gymctl manifest named no executables" >&2; exit 1 ;;
esac
bundles="gym_GymAuth.resources gym_GymCatalog.resources"

rm -rf "$out" "$debug"
mkdir -p "$out" "$debug"
out=$(cd "$out" && pwd)
debug=$(cd "$debug" && pwd)
for name in $executables; do
  [ -x "$build/$name" ] || { echo "stage-dist: $build/$name is missing (swift build -c release --static-swift-stdlib -Xswiftc -static-executable)" >&2; exit 1; }
  if readelf -lW "$build/$name" | grep -q 'program interpreter'; then
    echo "stage-dist: $build/$name is linked dynamically; build with --static-swift-stdlib -Xswiftc -static-executable" >&2
    exit 1
  fi
  case "${GYM_STRIP:-all}" in
    all)
      objcopy --only-keep-debug "$build/$name" "$debug/$name.debug"
      strip --strip-all -o "$out/$name" "$build/$name"
      (cd "$debug" && objcopy --add-gnu-debuglink="$name.debug" "$out/$name")
      ;;
    debug) strip --strip-debug -o "$out/$name" "$build/$name" ;;
    none) cp "$build/$name" "$out/" ;;
    *) echo "stage-dist: GYM_STRIP must be all, debug or none" >&2; exit 1 ;;
  esac
done
for bundle in $bundles; do
  [ -d "$build/$bundle" ] || { echo "stage-dist: $build/$bundle is missing" >&2; exit 1; }
done
# Every bundle SwiftPM made, not only the two named above, so a new one is not forgotten.
for bundle in "$build"/*.resources; do
  cp -R "$bundle" "$out/"
done
chmod -R a+rX "$out"
