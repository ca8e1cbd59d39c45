#!/usr/bin/env bash
# `vigie import rules-json` on large and hostile files: many shadowed rules are folded in a few
# compiles (not one per rule), a policy past the 1 MiB limit is refused before it is compiled or
# printed, many entries of one id slug are numbered in one step each, and an entry's newline
# never starts a policy line in the comment that replaces it (in every format).
# Usage: tests/cli/import_limits_test.sh path/to/vigie   (run from the source root; ctest does)
. "$(dirname "$0")/lib.sh"

# 2,000 deny entries, each shadowed by the first (`git push -f` covers `git push -f bI`).
{
  printf '{"deny": ["git push -f"'
  for i in $(seq 0 1999); do printf ', "git push -f b%d"' "$i"; done
  printf ']}\n'
} >"$tmp/fold.json"
"$vigie" import rules-json "$tmp/fold.json" >"$tmp/fold.vigie" 2>"$tmp/err"; rc=$?
expect "import: 2,000 shadowed entries convert (exit 0)" 0 $rc
expect "import: every shadowed entry is folded into the broader rule" "1 2000" \
  "$(grep -c '^  deny ' "$tmp/fold.vigie") $(grep -c '^  # deny git push -f b[0-9]*: covered by the broader deny.git-push-f$' "$tmp/fold.vigie")"
expect "import: one note per folded entry" 2000 "$(grep -c '^vigie import: note: ' "$tmp/err")"
out=$("$vigie" test "$tmp/fold.vigie")
expect "import: the folded policy's tests pass" "2001 passed, 0 failed" "$(tail -n 1 <<<"$out")"

# 12,000 entries: the policy would pass 1 MiB. Refused with the limit's message, nothing printed.
{
  printf '{"deny": ["rm0 -rf"'
  for i in $(seq 1 5999); do printf ', "rm%d -rf"' "$i"; done
  printf '], "allow": ["npm t0"'
  for i in $(seq 1 5999); do printf ', "npm t%d"' "$i"; done
  printf ']}\n'
} >"$tmp/big.json"
"$vigie" import rules-json "$tmp/big.json" >"$tmp/big.vigie" 2>"$tmp/err"; rc=$?
expect "import: a policy past 1 MiB is refused (exit 1)" 1 $rc
expect "import: ... with the limit's message" \
  "vigie import: $tmp/big.json: the policy would be larger than 1048576 bytes (the limit for a policy file): split the input" \
  "$(cat "$tmp/err")"
expect "import: ... and nothing on stdout" 0 "$(wc -c <"$tmp/big.vigie")"

# Entries whose ids share a slug (it keeps 40 characters): numbered -2, -3... past the ids taken.
long=tool$(printf 'a%.0s' $(seq 40))
printf '{"deny": ["%s x1", "%s x2", "x-2", "%s x3", "x_2"]}\n' "$long" "$long" "$long" >"$tmp/ids.json"
"$vigie" import rules-json "$tmp/ids.json" >"$tmp/ids.vigie" 2>"$tmp/err"; rc=$?
expect "import: entries of one slug convert (exit 0)" 0 $rc
expect "import: their ids are numbered from 2, past the ids taken" \
  "deny.${long:0:40} deny.${long:0:40}-2 deny.x-2 deny.${long:0:40}-3 deny.x-2-2" \
  "$(grep -o '^    id .*' "$tmp/ids.vigie" | cut -c8- | tr '\n' ' ' | sed 's/ $//')"

# A folded entry and an entry that cannot be converted, both holding newlines: their comments
# stay one line each, so no rule comes from their text.
printf '%s\n' '{"deny": ["git push -f", "git push -f \"x'"'"'\n  allow rm #\"", "x\ncommands {\n  allow rm\n}\n#;"]}' \
  >"$tmp/nl.json"
"$vigie" import rules-json "$tmp/nl.json" >"$tmp/nl.vigie" 2>"$tmp/err"; rc=$?
expect "import: an entry that cannot be converted exits 1" 1 $rc
expect "import: no rule or block comes from a comment's text" "0 1 1" \
  "$(grep -c '^ *allow' "$tmp/nl.vigie") $(grep -c '^commands' "$tmp/nl.vigie") $(grep -c '^  deny ' "$tmp/nl.vigie")"
expect "import: the folded entry's comment is one line" 1 \
  "$(grep -c '^  # deny git push -f "x'"'"'\\n  allow rm #": covered by the broader deny.git-push-f$' "$tmp/nl.vigie")"
expect "import: the skipped entry's comment is one line" 1 \
  "$(grep -c '^# skipped: deny\[2\] `x\\ncommands {\\n  allow rm\\n}\\n#;`: ' "$tmp/nl.vigie")"
out=$("$vigie" test "$tmp/nl.vigie")
expect "import: its tests pass" "2 passed, 0 failed" "$(tail -n 1 <<<"$out")"

# The same in the other formats' comments (`# not expressed:`), here Claude Code settings.
printf '%s\n' '{"permissions": {"deny": ["Nope(x\ncommands {\n  allow rm\n}\n)"]}}' >"$tmp/claude.json"
"$vigie" import claude-settings "$tmp/claude.json" >"$tmp/claude.vigie" 2>"$tmp/err"
expect "import claude-settings: no rule or block comes from a comment's text" "0 0" \
  "$(grep -c '^ *allow' "$tmp/claude.vigie") $(grep -c '^commands' "$tmp/claude.vigie")"

finish
