#!/usr/bin/env bash
# `vigie lint` and `vigie fmt`: exit codes, output formats, the seed policies lint clean.
# Usage: tests/cli/lint_test.sh path/to/vigie
set -u
vigie=${1:?usage: lint_test.sh VIGIE}
fails=0
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
check() { # name, expected, actual
  if [ "$2" = "$3" ]; then echo "ok   $1"; else echo "FAIL $1: expected [$2], got [$3]"; fails=$((fails + 1)); fi
}

for f in rules/*.vigie; do
  "$vigie" lint --Werror "$f" >/dev/null 2>&1
  check "lint --Werror $f" 0 $?
  "$vigie" fmt --check "$f" >/dev/null 2>&1
  check "fmt --check $f" 0 $?
done

printf 'policy "x"\nmode read_only\ncommands {\n  alow git status\n}\n' > "$t/bad.vigie"
out=$("$vigie" lint "$t/bad.vigie" 2>&1); rc=$?
check "lint: errors exit 1" 1 "$rc"
check "lint: did you mean readonly" 1 "$(grep -c 'did you mean `readonly`' <<<"$out")"
check "lint: did you mean allow" 1 "$(grep -c 'did you mean `allow`' <<<"$out")"
check "lint: file:line:col" 1 "$(grep -c "^$t/bad.vigie:2:6: error" <<<"$out")"
check "lint: caret" 1 "$(grep -c '^ *| *\^~*$' <<<"$out" | awk '{print ($1 >= 1)}')"

json=$("$vigie" lint --format json "$t/bad.vigie" 2>/dev/null)
check "lint --format json: two errors with codes" 2 \
  "$(python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(sum(1 for x in d if x["severity"]=="error" and x["code"].startswith("V")))' <<<"$json")"
sarif=$("$vigie" lint --format sarif "$t/bad.vigie" 2>/dev/null)
check "lint --format sarif: version 2.1.0" 2.1.0 \
  "$(python3 -c 'import json,sys; print(json.loads(sys.stdin.read())["version"])' <<<"$sarif")"

printf 'policy "w"\ncommands {\n  allow git\n  allow git status\n}\n' > "$t/warn.vigie"
"$vigie" lint "$t/warn.vigie" >/dev/null 2>&1
check "lint: warnings alone exit 0" 0 $?
"$vigie" lint --Werror "$t/warn.vigie" >/dev/null 2>&1
check "lint --Werror: warnings exit 1" 1 $?
"$vigie" lint --format nope "$t/warn.vigie" >/dev/null 2>&1
check "lint: bad usage exit 2" 2 $?

printf 'policy   "f"\nmode   ask\ncommands {\n      allow   git   status   # keep me\n}\n' > "$t/f.vigie"
"$vigie" fmt --check "$t/f.vigie" >/dev/null 2>&1
check "fmt --check: would change exit 1" 1 $?
"$vigie" fmt "$t/f.vigie" > "$t/f1.vigie"
"$vigie" fmt "$t/f1.vigie" > "$t/f2.vigie"
check "fmt: idempotent" "" "$(diff "$t/f1.vigie" "$t/f2.vigie")"
check "fmt: comments kept" 1 "$(grep -c '# keep me' "$t/f1.vigie")"
check "fmt: stdin" "$(cat "$t/f1.vigie")" "$("$vigie" fmt - < "$t/f.vigie")"

[ $fails = 0 ] && echo "lint_test: all passed" || echo "lint_test: $fails failed"
exit $((fails > 0))
