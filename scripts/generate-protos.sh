#!/usr/bin/env bash
# Regenerates the committed Swift code in Shared/GymAPI from proto/.
# Builds the two protoc plugins (swift-protobuf's and grpc-swift-2's) in release
# into .build-protoc/ the first time (about 10 minutes), so the normal build and CI
# never have to.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

if ! command -v protoc >/dev/null 2>&1; then
  echo "protoc missing: installing Debian's protobuf-compiler" >&2
  apt-get update -qq && apt-get install -y -qq protobuf-compiler >/dev/null
fi

plugins=$root/.build-protoc
bin=$plugins/bin
if [ ! -x "$bin/protoc-gen-swift" ] || [ ! -x "$bin/protoc-gen-grpc-swift-2" ]; then
  mkdir -p "$plugins/builder" "$bin"
  # A throwaway package whose only job is to build the two plugins at the same
  # versions that Package.swift uses.
  cat > "$plugins/builder/Package.swift" <<'PKG'
// swift-tools-version:6.1
import PackageDescription
let package = Package(
  name: "protoc-plugins",
  dependencies: [
    .package(url: "https://github.com/apple/swift-protobuf.git", exact: "1.39.0"),
    .package(url: "https://github.com/grpc/grpc-swift-protobuf.git", exact: "2.4.1"),
  ],
  targets: [.target(name: "Empty", path: "Empty")]
)
PKG
  mkdir -p "$plugins/builder/Empty" && echo "" > "$plugins/builder/Empty/Empty.swift"
  echo "building protoc plugins (release, one-time, ~10 minutes)" >&2
  swift build -c release --package-path "$plugins/builder" --product protoc-gen-swift
  swift build -c release --package-path "$plugins/builder" --product protoc-gen-grpc-swift-2
  out=$(swift build -c release --package-path "$plugins/builder" --show-bin-path)
  cp "$out/protoc-gen-swift" "$out/protoc-gen-grpc-swift-2" "$bin/"
fi

out=$root/Shared/GymAPI/Generated
rm -rf "$out" && mkdir -p "$out"
protos=$(cd proto && find . -name '*.proto' | sed 's|^\./||' | sort)
# Service stubs only for files that declare a service (no empty .grpc.swift files).
services=$(cd proto && grep -l '^service ' $protos)
# FileNaming=PathToUnderscores keeps generated files unique within one module.
(cd proto && protoc \
  --plugin=protoc-gen-swift="$bin/protoc-gen-swift" \
  --swift_out="$out" \
  --swift_opt=Visibility=Public,FileNaming=PathToUnderscores \
  -I . $protos)
(cd proto && protoc \
  --plugin=protoc-gen-grpc-swift-2="$bin/protoc-gen-grpc-swift-2" \
  --grpc-swift-2_out="$out" \
  --grpc-swift-2_opt=Visibility=Public,FileNaming=PathToUnderscores \
  -I . $services)
echo "generated $(ls "$out" | wc -l) files into Shared/GymAPI/Generated" >&2
