#!/usr/bin/env bash
# The decision journal from the command line (docs/journal.md): `check --journal` writes it,
# `replay` and `diff` report what a policy change does to it (human, JSON, Markdown, --fail-on),
# `suggest` proposes rules from the answers and `--write` adds them to the policy.
# Usage: tests/cli/journal_test.sh path/to/vigie   (run from the source root; ctest does)
. "$(dirname "$0")/lib.sh"
needs jq

cat >"$tmp/old.vigie" <<'EOF'
policy "team"
mode ask
commands {
  allow npm test | git status
    id basics
  deny  curl  "No network from the shell."
    id no-curl
}
EOF
# The new policy drops the curl deny and allows cargo test.
cat >"$tmp/new.vigie" <<'EOF'
policy "team"
mode ask
commands {
  allow npm test | git status
    id basics
  allow cargo test
    id cargo
}
EOF
{
  for c in 'npm test' 'git status' 'curl https://x' 'cargo test' 'cargo test --release' \
           'mysql --password=hunter2 -u root' 'make build' 'make build' 'python -c 1'; do
    jq -cn --arg c "$c" '{tool: "Bash", input: {command: $c}}'
  done
  echo 'not json'
} >"$tmp/requests.jsonl"

"$vigie" check --policy "$tmp/old.vigie" --cwd /srv/app --home /home/u --jsonl \
  --journal "$tmp/j.jsonl" <"$tmp/requests.jsonl" >/dev/null
j="$tmp/j.jsonl"
expect "check --journal: one decision line per request, an error event for the bad one" "9 1" \
  "$(jq -s '[(map(select(.decision)) | length), (map(select(.event == "error")) | length)] | join(" ")' -r "$j")"
expect "check --journal: version, source, request context" true \
  "$(jq -s 'map(select(.decision)) | all(.v == 1 and .source == "check" and .request.cwd == "/srv/app" and .request.home == "/home/u" and .request.kind == "command")' "$j")"
expect "check --journal: the deny with its rule and message" "deny no-curl No network from the shell." \
  "$(jq -r 'select(.request.input.command == "curl https://x") | "\(.decision) \(.rule) \(.message)"' "$j")"
expect "check --journal: secrets redacted" "0 1" \
  "$(echo "$(grep -c hunter2 "$j") $(jq -c 'select(.redacted == true)' "$j" | wc -l | tr -d ' ')")"
"$vigie" check --policy "$tmp/old.vigie" --command 'npm test' --journal "$tmp/c.jsonl" >/dev/null
expect "check --command --journal" allow "$(jq -r .decision "$tmp/c.jsonl")"
"$vigie" check --policy "$tmp/old.vigie" --command 'x' --journal "$tmp/c.jsonl" --redact '(' >/dev/null 2>&1
expect "check: an invalid --redact pattern is an error" 1 $?
# Without --journal the default patterns are not compiled, but a --redact pattern is still
# checked: the same command line fails the same way with or without a journal.
"$vigie" check --policy "$tmp/old.vigie" --command 'x' --redact '(' >/dev/null 2>&1
expect "check: an invalid --redact pattern is an error without --journal too" 1 $?

# replay against the same policy: nothing changes.
"$vigie" replay --policy "$tmp/old.vigie" --fail-on any "$j" >"$tmp/same.txt"; rc=$?
expect "replay: same policy, exit 0" 0 $rc
expect "replay: same policy, nothing changed" "9 requests decided again, 0 changed" "$(head -1 "$tmp/same.txt")"

# replay against the new policy.
"$vigie" replay --policy "$tmp/new.vigie" --json "$j" >"$tmp/r.json"; rc=$?
expect "replay --json: exit 0 without --fail-on" 0 $rc
expect "replay --json: counts" "9 3" "$(jq -r '"\(.total) \(.changed)"' "$tmp/r.json")"
expect "replay --json: transitions" "ask->allow:2 deny->ask:1" \
  "$(jq -r '[.transitions[] | "\(.from)->\(.to):\(.count)"] | join(" ")' "$tmp/r.json")"
expect "replay --json: by rule" "cargo:2 no-curl:1" \
  "$(jq -r '[.by_rule[] | "\(.rule):\(.changed)"] | join(" ")' "$tmp/r.json")"
expect "replay --json: by command" "cargo:2 curl:1" \
  "$(jq -r '[.by_command[] | "\(.command):\(.changed)"] | join(" ")' "$tmp/r.json")"
"$vigie" replay --policy "$tmp/new.vigie" --fail-on allow "$j" >"$tmp/r.txt" 2>"$tmp/r.err"
expect "replay --fail-on allow: a new allow exits 5" 5 $?
expect "replay: the human report names the transition" 1 "$(grep -c '^  ask->allow  2$' "$tmp/r.txt")"
"$vigie" replay --policy "$tmp/new.vigie" --fail-on deny "$j" >/dev/null 2>&1
expect "replay --fail-on deny: no new deny, exit 0" 0 $?
"$vigie" replay --policy "$tmp/new.vigie" --markdown "$j" >"$tmp/r.md"
expect "replay --markdown: a table for the pull request" 1 "$(grep -c '^| ask->allow | 2 |$' "$tmp/r.md")"
"$vigie" replay --policy "$tmp/new.vigie" --fail-on sometimes "$j" >/dev/null 2>&1
expect "replay: an unknown --fail-on is a usage error" 2 $?
echo 'garbage' >>"$tmp/bad.jsonl"; cat "$j" >>"$tmp/bad.jsonl"
"$vigie" replay --policy "$tmp/new.vigie" "$tmp/bad.jsonl" >/dev/null 2>"$tmp/bad.err"
expect "replay: an unreadable line exits 1, named by file and line" "1 1" \
  "$(echo "$? $(grep -c 'bad.jsonl:1: ' "$tmp/bad.err")")"
"$vigie" replay --policy "$tmp/new.vigie" --skip-bad-lines "$tmp/bad.jsonl" >/dev/null 2>&1
expect "replay --skip-bad-lines goes on" 0 $?

# diff: both policies on the same requests.
"$vigie" diff "$tmp/new.vigie" "$tmp/old.vigie" --fail-on deny --json "$j" >"$tmp/d.json"
expect "diff: new -> old adds a deny (exit 5)" 5 $?
expect "diff: the reverse transitions" "allow->ask:2 ask->deny:1" \
  "$(jq -r '[.transitions[] | "\(.from)->\(.to):\(.count)"] | join(" ")' "$tmp/d.json")"

# suggest: asks answered "always" and refusals.
{
  for c in 'make build' 'make build -j4' 'python -c 1' 'cargo bench'; do
    jq -cn --arg c "$c" '{tool: "Bash", input: {command: $c}}'
  done
} >"$tmp/asked.jsonl"
"$vigie" check --policy "$tmp/old.vigie" --cwd /srv/app --home /home/u --jsonl \
  --journal "$tmp/a.jsonl" <"$tmp/asked.jsonl" >/dev/null
# The harness tells the answers afterwards: `always` for the first three, `deny` for cargo,
# twice (a second journal with the same request).
jq -c 'if .request.input.command == "cargo bench" then .answer = "deny" else .answer = "allow_always" end' \
  "$tmp/a.jsonl" >"$tmp/answered.jsonl"
jq -c 'select(.request.input.command == "cargo bench")' "$tmp/answered.jsonl" >"$tmp/answered2.jsonl"
cp "$tmp/old.vigie" "$tmp/p.vigie"
"$vigie" suggest --policy "$tmp/p.vigie" --json "$tmp/answered.jsonl" "$tmp/answered2.jsonl" >"$tmp/s.json"
expect "suggest: an allow at the shared prefix, a deny for the repeated refusal, nothing for python" \
  "allow:make build deny:cargo bench" \
  "$(jq -r '[.suggestions[] | "\(.effect):\(.tokens | join(" "))"] | join(" ")' "$tmp/s.json")"
expect "suggest: each suggestion lists the requests it changes" "2 2" \
  "$(jq -r '[.suggestions[] | .changes | length] | join(" ")' "$tmp/s.json")"
"$vigie" suggest --write "$tmp/p.vigie" "$tmp/answered.jsonl" "$tmp/answered2.jsonl" >/dev/null 2>&1
expect "suggest --write: exit 0" 0 $?
"$vigie" fmt --check "$tmp/p.vigie" >/dev/null
expect "suggest --write: the policy is in canonical form" 0 $?
expect "suggest --write: the rule and an example from the journal" "1 1" \
  "$(echo "$(grep -c '^  allow make build$' "$tmp/p.vigie") $(grep -c 'example "make build -j4"' "$tmp/p.vigie")")"
"$vigie" check --policy "$tmp/p.vigie" --command 'make build -j2' >/dev/null
expect "suggest --write: the written policy allows what was answered" 0 $?
"$vigie" check --policy "$tmp/p.vigie" --command 'make install' >/dev/null
expect "suggest --write: and nothing wider" 4 $?

# serve: permissions/answer records a human's answer for suggest.
{
  echo '{"jsonrpc":"2.0","id":1,"method":"permissions/decide","params":{"request":{"id":"r9","tool":"Bash","input":{"command":"make test"}}}}'
  echo '{"jsonrpc":"2.0","id":2,"method":"permissions/answer","params":{"id":"r9","answer":"allow_always"}}'
  echo '{"jsonrpc":"2.0","id":3,"method":"permissions/answer","params":{"id":"r9","answer":"maybe"}}'
} >"$tmp/serve.jsonl"
"$vigie" serve --policy "$tmp/old.vigie" --journal "$tmp/sj.jsonl" <"$tmp/serve.jsonl" >"$tmp/serve.out"
expect "serve: permissions/answer -> null, a bad answer -> -32602" "null -32602" \
  "$(jq -sr '"\(.[1].result) \(.[2].error.code)"' "$tmp/serve.out")"
"$vigie" suggest --json "$tmp/sj.jsonl" >"$tmp/s2.json"
expect "suggest: the answer event reaches its decision" "make test" \
  "$(jq -r '.suggestions[0].tokens | join(" ")' "$tmp/s2.json")"

# `vigie hook --journal`: the same format, source "hook", the harness recorded.
printf '%s' '{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "rm -rf ~"}, "cwd": "/srv/app"}' >"$tmp/hook-in.json"
"$vigie" hook claude --policy rules/shell-guard.vigie --home /home/u --journal "$tmp/hook.jsonl" <"$tmp/hook-in.json" >/dev/null
expect "hook --journal: one line, source hook" "hook claude deny" \
  "$(jq -r '.source + " " + .request.harness + " " + .decision' "$tmp/hook.jsonl")"
"$vigie" replay --policy rules/shell-guard.vigie "$tmp/hook.jsonl" >/dev/null; rc=$?
expect "hook --journal: replays under the same policy with no change" 0 $rc
expect "hook --journal: a new journal is readable by its owner only" 600 "$(stat -c %a "$tmp/hook.jsonl")"

# A journal is a regular file: a FIFO (which would hold the hook until someone reads it) and a
# device are refused at once, and the hook fails closed (exit 2, the reason on stderr).
mkfifo "$tmp/fifo.jsonl"
timeout 10 "$vigie" hook claude --policy rules/shell-guard.vigie --home /home/u \
  --journal "$tmp/fifo.jsonl" <"$tmp/hook-in.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "hook --journal FIFO: refused at once, blocked (exit 2)" 2 $rc
expect "hook --journal FIFO: ... the reason says why" true \
  "$(grep -q 'is not a regular file' "$tmp/err" && echo true || echo false)"
timeout 10 "$vigie" check --policy "$tmp/old.vigie" --command 'npm test' --journal "$tmp/fifo.jsonl" \
  >/dev/null 2>"$tmp/err"; rc=$?
expect "check --journal FIFO: an error at once (exit 1)" 1 $rc
"$vigie" check --policy "$tmp/old.vigie" --command 'npm test' --journal /dev/full >/dev/null 2>&1
expect "check --journal /dev/full: refused (exit 1)" 1 $?

echo
finish
