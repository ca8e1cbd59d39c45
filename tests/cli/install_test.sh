#!/usr/bin/env bash
# The library installs with CMake and a program outside the tree builds against it with
# find_package(vigie) and the one public header (tests/install/). Usage: install_test.sh VIGIE
set -u
vigie=${1:?usage: install_test.sh VIGIE}
build=$(cd "$(dirname "$vigie")" && pwd)
if grep -q '^VIGIE_SANITIZE:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null; then
  echo "install_test: skipped in the sanitizer build (the release build runs it)"
  exit 0
fi
here=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null || { echo "FAIL cmake --install"; exit 1; }
[ -f "$tmp/prefix/include/vigie/vigie.hpp" ] || { echo "FAIL the public header is not installed"; exit 1; }
cmake -S "$here/tests/install" -B "$tmp/consumer" -DCMAKE_PREFIX_PATH="$tmp/prefix" \
  -DCMAKE_BUILD_TYPE=Release >"$tmp/cfg.log" 2>&1 || { cat "$tmp/cfg.log"; echo "FAIL find_package(vigie)"; exit 1; }
cmake --build "$tmp/consumer" >"$tmp/build.log" 2>&1 || { tail -20 "$tmp/build.log"; echo "FAIL building the consumer"; exit 1; }
out=$("$tmp/consumer/consumer")
if [ "$out" = "deny commands.deny.git-push-force-f" ]; then
  echo "ok   find_package(vigie): a program outside the tree decides ($out)"
  echo "install_test: all passed"
else
  echo "FAIL consumer printed [$out]"
  exit 1
fi
