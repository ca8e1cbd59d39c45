#!/usr/bin/env bash
# Checks the rule of wasm/no_landing_pads.txt (the objects the WASM build compiles with
# -fignore-exceptions) on every object it lists. Usage: tests/no_landing_pads_test.sh CXX
# (run from the project's root; CXX preprocesses each file to list what it includes).
set -u
cxx=${1:?usage: $0 CXX}
list=wasm/no_landing_pads.txt
fail=0
count=0
bad() { echo "$list: $1: $2" >&2; fail=1; }
while IFS= read -r line; do
  file=${line%%#*}
  file=${file//[[:space:]]/}
  [ -z "$file" ] && continue
  count=$((count + 1))
  if [ ! -f "$file" ]; then bad "$file" "no such file"; continue; fi
  # The keywords in code: string literals and line comments are blanked first (`"try-repo"`).
  code=$(sed -E 's/"([^"\\]|\\.)*"/""/g; s://.*$::' "$file")
  grep -nP '\b(try|catch|throw)\b' <<<"$code" | head -1 | while IFS= read -r hit; do
    echo "$list: $file: has try, catch or throw (line ${hit%%:*})" >&2
  done
  grep -qP '\b(try|catch|throw)\b' <<<"$code" && fail=1
  grep -qE '#include *<nlohmann/' "$file" && bad "$file" "includes nlohmann/json itself"
  if grep -qP '^\s+static (?!constexpr)' "$file"; then
    bad "$file" "has a function-local static that is not constexpr"
  fi
  grep -qE 'std::(mutex|lock_guard|unique_lock|scoped_lock)' "$file" && bad "$file" "holds a lock"
  if ! deps=$("$cxx" -std=c++20 -M -Iinclude -I. "$file" 2>&1); then
    bad "$file" "does not preprocess: ${deps%%$'\n'*}"
  elif grep -q 'tao/pegtl' <<<"$deps"; then
    bad "$file" "includes PEGTL (through $(grep -l 'pegtl' $(tr ' \\' '\n\n' <<<"$deps" | grep -E '^(engine|grammar|include)/') 2>/dev/null | head -1))"
  fi
done <"$list"
[ "$count" -gt 0 ] || bad "-" "lists no object"
[ "$fail" = 0 ] && echo "$list: $count objects follow the rule"
exit "$fail"
