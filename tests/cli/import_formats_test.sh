#!/usr/bin/env bash
# `vigie import claude-settings|codex-rules|gemini-policy` and `vigie export codex-rules` on the
# sample files of tests/import/ (every rule form each format has): the output and the report
# (stderr) are compared with the golden files beside them, the imported policies lint clean
# (`lint --Werror`) and their tests pass, the export imports back with its tests passing, and
# malformed inputs fail with FILE:LINE:COL. With VIGIE_UPDATE_GOLDEN=1 the golden files are
# rewritten instead of compared: review the diff, commit it.
# Usage: tests/cli/import_formats_test.sh path/to/vigie   (run from the source root; ctest does)
. "$(dirname "$0")/lib.sh"

# golden NAME ACTUAL_FILE EXPECTED_FILE
golden() {
  if [ -n "${VIGIE_UPDATE_GOLDEN:-}" ]; then
    cp "$2" "$3"
    ok "$1 (golden $3 rewritten)"
  elif diff -u "$3" "$2" >"$tmp/diff"; then
    ok "$1"
  else
    ko "$1" "the content of $3" "see the diff below (VIGIE_UPDATE_GOLDEN=1 rewrites it)"
    head -40 "$tmp/diff"
  fi
}

# FORMAT INPUT GOLDEN-STEM EXPECTED-EXIT (1: the sample holds entries with no equivalent)
cases=(
  "claude-settings tests/import/claude-settings.json tests/import/claude-settings 1"
  "codex-rules tests/import/codex.rules tests/import/codex 1"
  "gemini-policy tests/import/gemini-policy.toml tests/import/gemini-policy 1"
)
for c in "${cases[@]}"; do
  read -r format input stem code <<<"$c"
  "$vigie" import "$format" "$input" >"$tmp/out.vigie" 2>"$tmp/err"; rc=$?
  expect "import $format: exit $code (entries with no equivalent are reported)" "$code" "$rc"
  golden "import $format: the policy" "$tmp/out.vigie" "$stem.vigie"
  golden "import $format: the report" "$tmp/err" "$stem.report"
  "$vigie" lint --Werror "$tmp/out.vigie" >"$tmp/lint" 2>&1; rc=$?
  expect "import $format: the policy lints clean (lint --Werror)" 0 "$rc"
  [ "$rc" -eq 0 ] || cat "$tmp/lint"
  out=$("$vigie" test "$tmp/out.vigie"); rc=$?
  expect "import $format: its tests pass" "0 0" "$rc $(tail -n 1 <<<"$out" | grep -c ' [1-9][0-9]* failed')"
  expect "import $format: the golden policy is the one tested" true \
    "$(cmp -s "$tmp/out.vigie" "$stem.vigie" && echo true || echo false)"
done

# Every rule form the issue names is converted (not reported as not expressed). Blanks are
# squeezed before matching (the policy is printed in `vigie fmt`'s aligned form).
sq() { tr -s ' ' <"$1"; }
v=tests/import/claude-settings.vigie
for line in ' allow npm run test' ' allow git status \$' ' deny read ./.env' \
  ' allow docs.python.org' ' allow github/get_issue' ' allow memory/\*' ' ask write ./config'; do
  expect "claude-settings: \`${line# }\` is in the policy" 1 "$(sq $v | grep -cE "^$line( |\$)")"
done
expect "claude-settings: Edit(src/**) allow is reported (a path rule does not approve edits)" 1 \
  "$(grep -c '^# not expressed: .*allow `Edit(src/\*\*)`: approves edits' $v)"
expect "claude-settings: a deny without message names its entry" 1 \
  "$(sq $v | grep -c '^ deny curl "Denied by the Claude Code permissions rule `Bash(curl:\*)`."$')"
v=tests/import/codex.vigie
expect "codex-rules: match/not_match become example/counterexample" "2 2" \
  "$(grep -c '^    example "npm run test' $v) $(grep -cE '^    counterexample "npm (run testx|test)"$' $v)"
expect "codex-rules: prompt -> ask, forbidden -> deny, a list -> a group" "1 1 1" \
  "$(sq $v | grep -c '^ ask git push "pushes need review"$') $(sq $v | grep -c '^ deny rm "Use `trash` instead."$') $(sq $v | grep -c '^ allow git (status | diff | log)$')"
expect "codex-rules: a deny without justification names its prefix_rule" 1 \
  "$(sq $v | grep -c '^ deny git clean -fd "Denied by the Codex execpolicy rule `prefix_rule(pattern = \[.git., .clean., .-fd.\])`."$')"
v=tests/import/gemini-policy.vigie
expect "gemini-policy: a higher-priority allow under a broader deny is noted" 1 \
  "$(grep -c '^  # note: Gemini CLI policy says allow for `git status`, vigie denies it by deny.git$' $v)"
for f in tests/import/claude-settings.vigie tests/import/codex.vigie tests/import/gemini-policy.vigie; do
  "$vigie" fmt "$f" | cmp -s - "$f"
  expect "$f is in vigie fmt's form" 0 $?
done

# Export: golden, and the export imports back with its tests passing.
"$vigie" export codex-rules tests/import/export.vigie >"$tmp/out.rules" 2>"$tmp/err"; rc=$?
expect "export codex-rules: exit 0" 0 "$rc"
golden "export codex-rules: the rules" "$tmp/out.rules" tests/import/export.rules
golden "export codex-rules: the report" "$tmp/err" tests/import/export.report
"$vigie" import codex-rules "$tmp/out.rules" >"$tmp/back.vigie" 2>"$tmp/err"; rc=$?
expect "export codex-rules: the export imports back (exit 0, nothing lost)" 0 "$rc"
out=$("$vigie" test "$tmp/back.vigie"); rc=$?
expect "export codex-rules: ... and its tests pass" 0 "$rc"
printf 'policy "broken"\nmode sometimes\n' >"$tmp/broken.vigie"
"$vigie" export codex-rules "$tmp/broken.vigie" >"$tmp/out" 2>&1; rc=$?
expect "export codex-rules: a policy that does not compile exits 1" 1 "$rc"

# Malformed inputs: FILE:LINE:COL and exit 1.
cat >"$tmp/bad1.rules" <<'EOF'
prefix_rule(pattern = ["git", "status"], decision = "allow")
prefix_rule(pattern = ["git", decision = "allow")
EOF
cat >"$tmp/bad2.rules" <<'EOF'
prefix_rule(
    pattern = ["rm"],
    decision = "maybe",
)
EOF
cat >"$tmp/bad3.rules" <<'EOF'
prefix_rule(["rm"])
EOF
cat >"$tmp/bad1.toml" <<'EOF'
decision = "allow"
EOF
cat >"$tmp/bad2.toml" <<'EOF'
[[rule]]
toolName = "run_shell_command"
commandPrefix = "git
decision = "allow"
EOF
cat >"$tmp/bad3.toml" <<'EOF'
[[rule]]
toolName = "run_shell_command"
decision = "sometimes"
EOF
cat >"$tmp/bad1.json" <<'EOF'
{
  "permissions": {
    "allow": ["Bash(git status)",]
  }
}
EOF
printf '{"permissions": {"allow": "Bash(x)"}}\n' >"$tmp/bad2.json"
bad=(
  "codex-rules bad1.rules bad1.rules:2:40: expected \`,\` or \`]\`"
  "codex-rules bad2.rules bad2.rules:3:16: \`decision\` is \"allow\", \"prompt\" or \"forbidden\""
  "codex-rules bad3.rules bad3.rules:1:13: expected a keyword argument"
  "gemini-policy bad1.toml bad1.toml:1:1: a key outside \`[[rule]]\`"
  "gemini-policy bad2.toml bad2.toml:3:"
  "gemini-policy bad3.toml bad3.toml:3:12: a rule's \`decision\` is"
  "claude-settings bad1.json bad1.json:3:34: not JSON"
  "claude-settings bad2.json bad2.json: \`allow\` is not an array"
)
for b in "${bad[@]}"; do
  read -r format file want <<<"$b"
  "$vigie" import "$format" "$tmp/$file" >/dev/null 2>"$tmp/err"; rc=$?
  got=$(head -n 1 "$tmp/err")
  expect "import $format $file: exit 1" 1 "$rc"
  expect "import $format $file: says where" "vigie import: $tmp/$want" "${got:0:$((${#tmp} + 15 + ${#want}))}"
done

# An import whose policy would be over the policy-file limit is refused before it is compiled.
seq 1 15000 | awk '{printf "prefix_rule(pattern = [\"t%d\", \"run\"], decision = \"allow\")\n", $1}' >"$tmp/big.rules"
"$vigie" import codex-rules "$tmp/big.rules" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "import: a policy over 1 MiB is refused (exit 1, said, nothing printed)" "1 1 0" \
  "$rc $(grep -c 'larger than 1048576 bytes (the limit for a policy file)' "$tmp/err") $(wc -c <"$tmp/out")"

finish
