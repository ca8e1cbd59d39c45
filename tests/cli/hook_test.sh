#!/usr/bin/env bash
# `vigie hook claude`: a Claude Code PreToolUse hook. Hook JSON on stdin, hookSpecificOutput on
# stdout with permissionDecision allow|deny|ask, exit 0; what cannot be judged is blocked (exit 2
# and the reason on stderr), never allowed.
# Usage: tests/cli/hook_test.sh path/to/vigie   (run from the source root; ctest does)
. "$(dirname "$0")/lib.sh"
needs jq

team=rules/escouade-team.vigie
hook_input() { # tool tool_input_json [event]
  jq -cn --arg t "$1" --argjson i "$2" --arg e "${3:-PreToolUse}" '{session_id: "abc",
    transcript_path: "/home/u/.claude/projects/x/abc.jsonl", cwd: "/srv/app",
    hook_event_name: $e, tool_name: $t, tool_input: $i}'
}
run() { # policy stdin-text [extra args...]
  local p=$1 in=$2; shift 2
  printf '%s' "$in" | "$vigie" hook claude --policy "$p" --home /home/u "$@" >"$tmp/out" 2>"$tmp/err"
  echo $? >"$tmp/rc"
}
decision() { jq -r '.hookSpecificOutput.permissionDecision' "$tmp/out"; }
reason() { jq -r '.hookSpecificOutput.permissionDecisionReason' "$tmp/out"; }

run $team "$(hook_input Bash '{"command": "rm -rf build", "description": "clean"}')"
expect "hook: \`rm -rf build\` -> deny" deny "$(decision)"
expect "hook: exit 0 with a decision" 0 "$(cat "$tmp/rc")"
expect "hook: hookEventName is PreToolUse" PreToolUse "$(jq -r .hookSpecificOutput.hookEventName "$tmp/out")"
expect "hook: the deny reason is the team's message, for the model" true \
  "$(reason | grep -q 'pas de rm -rf ici' && echo true || echo false)"
expect "hook: the output is exactly one JSON object" 1 "$(jq -s length "$tmp/out")"

run $team "$(hook_input Bash '{"command": "npm test"}')"
expect "hook: \`npm test\` -> allow" allow "$(decision)"
run $team "$(hook_input Bash '{"command": "cd api && npm test && git push -f"}')"
expect "hook: every command of the line is judged" deny "$(decision)"
run $team "$(hook_input Bash '{"command": "cargo build"}')"
expect "hook: \`cargo build\` -> ask" ask "$(decision)"
expect "hook: an ask has a reason too" true "$([ -n "$(reason)" ] && echo true || echo false)"
run $team "$(hook_input Edit '{"file_path": "/srv/app/src/a.c", "old_string": "a", "new_string": "b"}')"
expect "hook: an Edit in mode ask -> ask" ask "$(decision)"
run $team "$(hook_input Read '{"file_path": "/srv/app/README.md"}')"
expect "hook: a Read in mode ask -> allow" allow "$(decision)"
run $team "$(hook_input Bash '{"command": "cargo build"}')" --non-interactive
expect "hook --non-interactive: an ask becomes a deny" deny "$(decision)"

# The project root is the hook's cwd, or --project; paths are judged against it.
cat >"$tmp/paths.vigie" <<'V'
policy "paths"
mode auto
paths {
  workspace .
  workspace-only on
}
V
run "$tmp/paths.vigie" "$(hook_input Edit '{"file_path": "/srv/app/src/a.c", "old_string": "a", "new_string": "b"}')"
expect "hook: an edit inside cwd (the project root) -> allow" allow "$(decision)"
run "$tmp/paths.vigie" "$(hook_input Edit '{"file_path": "/etc/passwd", "old_string": "a", "new_string": "b"}')"
expect "hook: an edit outside the project -> deny" deny "$(decision)"
run "$tmp/paths.vigie" "$(hook_input Edit '{"file_path": "/srv/app/src/a.c", "old_string": "a", "new_string": "b"}')" --project /srv/other
expect "hook: --project overrides cwd as the project root" deny "$(decision)"
# Claude Code names the project in CLAUDE_PROJECT_DIR: a hook run from a subfolder still judges
# against the project, and --project still wins.
sub_input=$(hook_input Edit '{"file_path": "/srv/app/src/a.c", "old_string": "a", "new_string": "b"}' |
  jq -c '.cwd = "/srv/app/src"')
CLAUDE_PROJECT_DIR=/srv/app run "$tmp/paths.vigie" "$sub_input"
expect "hook: CLAUDE_PROJECT_DIR is the project root (cwd in a subfolder)" allow "$(decision)"
CLAUDE_PROJECT_DIR=/srv/other run "$tmp/paths.vigie" "$sub_input"
expect "hook: an edit outside CLAUDE_PROJECT_DIR -> deny" deny "$(decision)"
CLAUDE_PROJECT_DIR=/srv/other run "$tmp/paths.vigie" "$sub_input" --project /srv/app
expect "hook: --project wins over CLAUDE_PROJECT_DIR" allow "$(decision)"
GEMINI_PROJECT_DIR=/srv/other run "$tmp/paths.vigie" "$sub_input"
expect "hook: another harness's variable is not read" allow "$(decision)"

# Fail closed: what cannot be judged gets Claude Code's blocking form, exit 2 with the reason on
# stderr and nothing on stdout (every harness: tests/cli/hook_failclosed_test.sh).
blocked() { echo "$(cat "$tmp/rc") $(wc -c <"$tmp/out" | tr -d ' ') $([ -s "$tmp/err" ] && echo reason)"; }
run $team 'this is not json'
expect "hook: invalid JSON -> exit 2 + stderr, never allow" "2 0 reason" "$(blocked)"
run $team '{"hook_event_name": "PreToolUse", "cwd": "/srv/app"}'
expect "hook: no tool_name -> blocked" "2 0 reason" "$(blocked)"
run $team "$(hook_input Bash '"ls"')"
expect "hook: tool_input not an object -> blocked" "2 0 reason" "$(blocked)"
run "$tmp/missing.vigie" "$(hook_input Bash '{"command": "npm test"}')"
expect "hook: a policy that cannot be read -> blocked" "2 0 reason" "$(blocked)"
expect "hook: ... and the reason says why" true \
  "$(grep -q 'does not compile' "$tmp/err" && echo true || echo false)"
# A policy that does not compile is named with where it fails, never with its text: the reason
# reaches the agent, and a policy path can be a link to a file the agent must not read.
printf 'policy "p"\nmode auto\nhunter2-secret-token here\n' >"$tmp/broken.vigie"
run "$tmp/broken.vigie" "$(hook_input Bash '{"command": "npm test"}')"
expect "hook: a policy that does not compile -> blocked" "2 0 reason" "$(blocked)"
expect "hook: ... the reason says where (line 3)" true \
  "$(grep -q 'at line 3, column 1' "$tmp/err" && echo true || echo false)"
expect "hook: ... and quotes nothing of the file" false \
  "$(grep -q 'hunter2' "$tmp/err" && echo true || echo false)"
run $team 'this is not json' --non-interactive
expect "hook --non-interactive: unreadable input -> blocked" "2 0 reason" "$(blocked)"

run $team "$(hook_input Bash '{"command": "rm -rf build"}' PostToolUse)"
expect "hook: another event gets no decision (empty stdout, exit 0)" "0 0" \
  "$(wc -c <"$tmp/out" | tr -d ' ') $(cat "$tmp/rc")"

"$vigie" hook --policy $team </dev/null >/dev/null 2>&1; rc=$?
expect "hook: no harness is bad usage (exit 2)" 2 $rc
"$vigie" hook nosuch --policy $team </dev/null >/dev/null 2>&1; rc=$?
expect "hook: an unknown harness is bad usage (exit 2)" 2 $rc
"$vigie" hook claude </dev/null >/dev/null 2>&1; rc=$?
expect "hook: no --policy is bad usage (exit 2)" 2 $rc

finish
