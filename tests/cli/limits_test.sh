#!/usr/bin/env bash
# The limits at the command line (issue 10, docs/limits.md): JSON nested past the depth limit
# and lines past the request limit get a fail-closed decision (never a crash) in check, hook
# and import; a policy that is a directory, a device or a FIFO is refused before reading (exit
# 1, never an abort or a hang) in every subcommand; an include names .vigie files only and a
# file that is not a policy is never quoted. Inputs are generated here, never checked in.
# Usage: tests/cli/limits_test.sh path/to/vigie   (run from the source root; ctest does)
. "$(dirname "$0")/lib.sh"
needs jq
needs python3

team=rules/escouade-team.vigie
ctx=(--cwd /srv/app --project /srv/app --home /home/u)

# ---- generated inputs ------------------------------------------------------------------------
python3 - "$tmp" <<'PY'
import json, sys
d = sys.argv[1]
deep = "[" * 70000 + "]" * 70000  # about 140 KB; SIGSEGV before the depth limit
ok = '{"tool": "Bash", "input": {"command": "git status"}}'
open(d + "/deep_req.json", "w").write(
    '{"tool": "Bash", "input": {"command": "git status", "x": %s}}' % deep)
open(d + "/deep.jsonl", "w").write(
    '{"tool": "Bash", "input": {"command": "git status", "x": %s}}\n%s\n' % (deep, ok))
big = json.dumps({"tool": "Bash", "input": {"command": "git status " + "a" * (2 * 1048576 + 1)}})
open(d + "/big.jsonl", "w").write(big + "\n" + ok + "\n")
open(d + "/big_req.json", "w").write(big)
open(d + "/deep_hook.json", "w").write(
    '{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": '
    '{"command": "git status", "x": %s}}' % deep)
open(d + "/big_hook.json", "w").write(json.dumps(
    {"hook_event_name": "PreToolUse", "tool_name": "Bash",
     "tool_input": {"command": "git status " + "a" * (2 * 1048576 + 1)}}))
open(d + "/deep_rules.json", "w").write('{"deny": [%s]}' % deep)
PY

# ---- deep JSON and long lines: a decision, never a crash ---------------------------------------
out=$("$vigie" check --policy $team "${ctx[@]}" --request "$tmp/deep_req.json" 2>&1); rc=$?
expect "check --request: 70,000 nested arrays get ask (exit 4), not a crash" \
  "ask 4" "$(jq -r .decision <<<"$out" 2>/dev/null) $rc"
expect "check --request: ... with the depth error" "the JSON is nested more than 256 levels deep" \
  "$(jq -r .error <<<"$out" 2>/dev/null)"
out=$("$vigie" check --policy $team "${ctx[@]}" --non-interactive --request "$tmp/deep_req.json"); rc=$?
expect "check --request --non-interactive: deep JSON is denied (exit 3)" "deny 3" \
  "$(jq -r .decision <<<"$out" 2>/dev/null) $rc"
out=$("$vigie" check --policy $team "${ctx[@]}" --jsonl <"$tmp/deep.jsonl"); rc=$?
expect "check --jsonl: the deep line gets ask and the next line is still judged" "ask allow 4" \
  "$(jq -rs 'map(.decision) | join(" ")' <<<"$out" 2>/dev/null) $rc"
out=$("$vigie" check --policy $team "${ctx[@]}" --jsonl <"$tmp/big.jsonl"); rc=$?
expect "check --jsonl: a line over 2 MiB is answered ask, unread; the next line is judged" \
  "ask allow" "$(jq -rs 'map(.decision) | join(" ")' <<<"$out" 2>/dev/null)"
expect "check --jsonl: ... with the size error" "the request line is larger than 2097152 bytes" \
  "$(jq -rs '.[0].error' <<<"$out" 2>/dev/null)"
out=$("$vigie" check --policy $team "${ctx[@]}" --request "$tmp/big_req.json"); rc=$?
expect "check --request: a request over 2 MiB gets ask (exit 4)" "ask 4" \
  "$(jq -r .decision <<<"$out" 2>/dev/null) $rc"

# A hook input that cannot be judged gets Claude Code's blocking form: exit 2, nothing on stdout,
# the reason on stderr (tests/cli/hook_failclosed_test.sh does every harness).
"$vigie" hook claude --policy $team <"$tmp/deep_hook.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "hook claude: deep tool_input is blocked (exit 2, stderr says why)" "2 0 1" \
  "$rc $(wc -c <"$tmp/out" | tr -d ' ') $(grep -c 'nested more than 256 levels' "$tmp/err")"
"$vigie" hook claude --policy $team --non-interactive <"$tmp/deep_hook.json" >"$tmp/out" 2>/dev/null; rc=$?
expect "hook claude --non-interactive: deep tool_input is blocked" "2 0" \
  "$rc $(wc -c <"$tmp/out" | tr -d ' ')"
"$vigie" hook claude --policy $team <"$tmp/big_hook.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "hook claude: a hook input over 2 MiB is blocked" "2 0 1" \
  "$rc $(wc -c <"$tmp/out" | tr -d ' ') $(grep -c 'larger than 2097152 bytes' "$tmp/err")"

"$vigie" import rules-json "$tmp/deep_rules.json" >/dev/null 2>"$tmp/err"; rc=$?
expect "import: a deep rules.json is an error (exit 1), not a crash" 1 $rc
expect "import: ... that says why" 1 "$(grep -c 'nested more than 256 levels' "$tmp/err")"

# ---- policy files that are not regular files: exit 1, never an abort or a hang -----------------
mkdir "$tmp/dir"
mkfifo "$tmp/fifo"
for p in "$tmp/dir" /dev/zero "$tmp/fifo"; do
  for sub in check explain; do
    timeout 10 "$vigie" $sub --policy "$p" "${ctx[@]}" --command ls >/dev/null 2>"$tmp/err"; rc=$?
    expect "$sub --policy $(basename "$p"): exit 1 with V301" "1 1" "$rc $(grep -c V301 "$tmp/err")"
  done
  for sub in test lint fmt; do
    timeout 10 "$vigie" $sub "$p" >/dev/null 2>"$tmp/err"; rc=$?
    expect "$sub $(basename "$p"): exit 1" 1 $rc
  done
  timeout 10 "$vigie" serve --policy "$p" </dev/null >/dev/null 2>"$tmp/err"; rc=$?
  expect "serve --policy $(basename "$p"): exit 1" 1 $rc
  out=$(echo '{"tool_name": "Bash", "tool_input": {"command": "ls"}}' |
    timeout 10 "$vigie" hook claude --policy "$p" 2>/dev/null); rc=$?
  expect "hook --policy $(basename "$p"): blocked (exit 2, nothing on stdout)" "2 0" \
    "$rc ${#out}"
done
expect "lint FIFO: the error names it" 1 \
  "$(timeout 10 "$vigie" lint "$tmp/fifo" 2>&1 | grep -c 'is a FIFO, not a policy file')"

# ---- includes ------------------------------------------------------------------------------------
mkdir "$tmp/inc"
printf -- '-----BEGIN OPENSSH PRIVATE KEY-----\nc2VjcmV0LWtleS1tYXRlcmlhbA\n-----END OPENSSH PRIVATE KEY-----\n' \
  >"$tmp/inc/id_test"
ln -s "$tmp/inc/id_test" "$tmp/inc/key.vigie"
ln -s /dev/zero "$tmp/inc/zero.vigie"
ln -s "$tmp/fifo" "$tmp/inc/fifo.vigie"
printf 'policy "p"\ninclude "/etc/passwd"\ninclude "/dev/zero"\ninclude "key.vigie"\ninclude "zero.vigie"\ninclude "fifo.vigie"\n' \
  >"$tmp/inc/main.vigie"
timeout 10 "$vigie" lint "$tmp/inc/main.vigie" >"$tmp/out" 2>&1; rc=$?
expect "include: refused names and files give exit 1, without hanging" 1 $rc
expect "include \"/etc/passwd\", \"/dev/zero\": V303 (not .vigie), nothing read" 2 \
  "$(grep -c 'error\[V303\]' "$tmp/out")"
expect "include of a device or FIFO behind a .vigie name: V301" 2 \
  "$(grep -c 'is a character device\|is a FIFO' "$tmp/out")"
expect "include of a key behind a .vigie name: not a policy, not quoted" "1 0 0" \
  "$(grep -c 'key.vigie. is not a policy file' "$tmp/out") $(grep -c 'c2VjcmV0' "$tmp/out") $(grep -c 'BEGIN' "$tmp/out")"
"$vigie" lint --format json "$tmp/inc/main.vigie" >"$tmp/out.json" 2>/dev/null
expect "lint --format json never carries the key either" 0 "$(grep -c 'c2VjcmV0\|BEGIN' "$tmp/out.json")"

finish
