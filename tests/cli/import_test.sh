#!/usr/bin/env bash
# `vigie import rules-json`: Escouade's rules.json (seed 001) -> a .vigie policy with a test per
# rule; the result lints clean, its tests pass, and it decides like rules/escouade-team.vigie.
# Usage: tests/cli/import_test.sh path/to/vigie   (run from the source root; ctest does)
. "$(dirname "$0")/lib.sh"
needs jq

mkdir -p "$tmp/plugins/team-rules"
# Seed 001's rules.json, as written in Escouade's documentation.
cat >"$tmp/plugins/team-rules/rules.json" <<'JSON'
{
  "deny": [
    "rm -rf",
    "git reset --hard",
    { "command": "git push --force", "message": "No force push in this team: push a new commit instead." },
    { "command": "git push -f", "message": "No force push in this team: push a new commit instead." }
  ],
  "allow": ["npm test", "npm run lint", "cargo test", "cargo nextest", "git status", "git diff", "git log"]
}
JSON
"$vigie" import rules-json "$tmp/plugins/team-rules/rules.json" >"$tmp/team.vigie" 2>"$tmp/err"; rc=$?
expect "import: seed 001's rules.json converts (exit 0)" 0 $rc
expect "import: no warning on stderr, one note" \
  "vigie import: note: \`deny git push -f\` is covered by the broader deny.git-push-force" "$(cat "$tmp/err")"
expect "import: named after the plugin's folder" 1 "$(grep -c '^policy "team-rules"$' "$tmp/team.vigie")"
expect "import: one rule per entry (git push -f folded into git push --force)" "10 1" \
  "$(grep -cE '^  (deny|allow) ' "$tmp/team.vigie") $(grep -c '^  # deny git push -f: covered by the broader deny.git-push-force$' "$tmp/team.vigie")"
expect "import: one test per rule" 11 "$(grep -cE '^  command ' "$tmp/team.vigie")"
expect "import: messages kept" 1 \
  "$(grep -c '^  deny git push --force  "No force push in this team: push a new commit instead."$' "$tmp/team.vigie")"
expect "import: the folded entry's test asserts the broader rule" 1 \
  "$(grep -c '^  command "git push -f" => deny rule deny.git-push-force "No force push' "$tmp/team.vigie")"

out=$("$vigie" test "$tmp/team.vigie"); rc=$?
expect "import: the generated tests pass" "11 passed, 0 failed" "$(tail -n 1 <<<"$out")"
expect "import: vigie test exits 0" 0 $rc

if "$vigie" --help | grep -q '^  lint '; then
  "$vigie" lint --Werror "$tmp/team.vigie" >"$tmp/lint" 2>&1; rc=$?
  expect "import: the generated policy lints clean (lint --Werror)" 0 $rc
  [ $rc -eq 0 ] || cat "$tmp/lint"
else
  echo "skip - vigie lint is not built"
fi
if "$vigie" --help | grep -q '^  fmt '; then
  "$vigie" fmt "$tmp/team.vigie" >"$tmp/fmt" 2>&1; rc=$?
  expect "import: the generated policy is accepted by vigie fmt" 0 $rc
fi

# Round trip: the imported policy decides like the hand-written rules/escouade-team.vigie.
cmds=("rm -rf build" "rm -fr build" "rm -r -f build" "git reset --hard HEAD~1"
  "git push --force origin main" "git push -f" "git push origin main" "npm test"
  "npm run lint -- --fix" "npm testx" "cargo build" "cargo test --all" "git status && git diff"
  "cd api && npm test" "npm test && rm -rf node_modules" "npm test; git push -f" "git log -5"
  "echo \$(rm -rf x)" "ls")
: >"$tmp/req.jsonl"
for c in "${cmds[@]}"; do jq -cn --arg c "$c" '{tool: "Bash", input: {command: $c}}' >>"$tmp/req.jsonl"; done
ctx=(--cwd /srv/app --project /srv/app --home /home/u --jsonl)
a=$("$vigie" check --policy "$tmp/team.vigie" "${ctx[@]}" <"$tmp/req.jsonl" | jq -r .decision | tr '\n' ' ')
b=$("$vigie" check --policy rules/escouade-team.vigie "${ctx[@]}" <"$tmp/req.jsonl" | jq -r .decision | tr '\n' ' ')
expect "import: decides like rules/escouade-team.vigie on ${#cmds[@]} command lines" "$b" "$a"
expect "import: ... which are the expected ones" \
  "deny deny deny deny deny deny ask allow allow ask ask allow allow allow deny deny allow deny ask " "$a"

# Words that need quoting in the policy language still match exactly.
cat >"$tmp/odd.json" <<'JSON'
{"deny": [{"command": "find . -name '*.pem' -delete", "message": "Keep the certificates."},
          "echo 'a b'", "printf \"it's\""],
 "allow": ["make (all)", "/usr/bin/true", "ls"],
 "comment": "ignored"}
JSON
"$vigie" import rules-json --name odd "$tmp/odd.json" >"$tmp/odd.vigie" 2>"$tmp/err"; rc=$?
expect "import: an entry with a shell operator cannot be converted (exit 1)" 1 $rc
expect "import: ... it is named on stderr" true \
  "$(grep -q 'make (all)' "$tmp/err" && echo true || echo false)"
expect "import: ... and listed as skipped in the policy" 1 "$(grep -c '^# skipped: allow\[0\]' "$tmp/odd.vigie")"
expect "import: an unknown key is a warning" true \
  "$(grep -q 'unknown key `comment`' "$tmp/err" && echo true || echo false)"
out=$("$vigie" test "$tmp/odd.vigie"); rc=$?
expect "import: quoted words round-trip (the tests pass)" "5 passed, 0 failed" "$(tail -n 1 <<<"$out")"
expect "import: ... vigie test exits 0" 0 $rc
d() { "$vigie" check --policy "$tmp/odd.vigie" --cwd /srv/app --home /home/u --command "$1" | jq -r .decision; }
expect "import: \`find . -name '*.pem' -delete\` is denied" deny "$(d "find . -name '*.pem' -delete")"
expect "import: \`echo 'a b'\` is denied, \`echo a b\` is not" "deny ask" "$(d "echo 'a b'") $(d 'echo a b')"
expect "import: \`printf \"it's\"\` is denied" deny "$(d "printf \"it's\"")"
expect "import: \`/usr/bin/true\` is allowed" allow "$(d /usr/bin/true)"

printf '{"deny": "rm -rf"}' >"$tmp/bad1.json"
"$vigie" import rules-json "$tmp/bad1.json" >/dev/null 2>&1; rc=$?
expect "import: \`deny\` not an array exits 1" 1 $rc
printf 'not json' >"$tmp/bad2.json"
"$vigie" import rules-json "$tmp/bad2.json" >/dev/null 2>&1; rc=$?
expect "import: invalid JSON exits 1" 1 $rc
"$vigie" import rules-json "$tmp/missing.json" >/dev/null 2>&1; rc=$?
expect "import: a missing file exits 1" 1 $rc
"$vigie" import yaml "$tmp/odd.json" >/dev/null 2>&1; rc=$?
expect "import: an unknown format is bad usage (exit 2)" 2 $rc
"$vigie" import rules-json >/dev/null 2>&1; rc=$?
expect "import: no file is bad usage (exit 2)" 2 $rc
out=$(printf '{"allow": ["npm test"]}' | "$vigie" import rules-json -); rc=$?
expect "import: reads stdin with -" "0 1" "$rc $(grep -c '^  allow npm test$' <<<"$out")"

finish
