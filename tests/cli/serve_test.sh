#!/usr/bin/env bash
# `vigie serve`: Escouade's `permissions/decide` over JSON-RPC 2.0 on stdio (seed 001), one
# message per line; errors -32700/-32600/-32601/-32602; never allow what cannot be judged; a
# decision journal; clean stop at end of input.
# Usage: tests/cli/serve_test.sh path/to/vigie   (run from the source root; ctest does)
. "$(dirname "$0")/lib.sh"
needs jq

team=rules/escouade-team.vigie
# A permissions/decide message for a Bash command, in Escouade's shape.
decide() { # id command
  jq -cn --argjson id "$1" --arg c "$2" '{jsonrpc: "2.0", id: $id, method: "permissions/decide",
    params: {request: {id: "req_perm", kind: "command", tool: "Bash",
                       input: {command: $c, description: "x"}},
             project: {id: "8c1f", name: "Escouade", private: false},
             ticket: {id: "e02a", key: "ESC-180", title: "t"},
             agent: {id: "5b7d", name: "esc-180"}}}'
}
{
  echo '{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}'
  decide 2 'rm -rf build'
  decide 3 'npm test'
  decide '"s4"' 'cargo build'
  decide 5 'cd api && npm test'
  decide 6 'npm test && rm -rf node_modules'
  decide 7 'git push --force origin main'
  decide 8 'echo "unterminated'
  echo '{"jsonrpc": "2.0", "id": 9, "method": "permissions/decide", "params": {"request": {"id": "r", "kind": "edit", "tool": "Edit", "input": {"file_path": "/srv/app/src/a.c", "old_string": "a", "new_string": "b"}}, "project": {"id": "p"}}}'
  echo 'this is { not json'
  echo '{"jsonrpc": "2.0", "id": 10, "method": "permissions/frobnicate", "params": {}}'
  echo '{"jsonrpc": "2.0", "id": 11, "method": "permissions/decide", "params": {"project": {}}}'
  echo '{"jsonrpc": "2.0", "id": 12, "method": "permissions/decide", "params": {"request": {"id": "r", "input": {"command": "ls"}}}}'
  echo '{"jsonrpc": "2.0", "id": 13, "method": "permissions/decide", "params": {"request": {"tool": "Bash", "input": "ls"}}}'
  echo '{"jsonrpc": "2.0", "method": "ping"}'
  echo ''
  echo '{"jsonrpc": "2.0", "id": 14, "method": "ping"}'
  echo '{"jsonrpc": "2.0", "id": {"x": 1}, "method": "ping"}'
  echo '[{"jsonrpc": "2.0", "id": 15, "method": "ping"}, {"jsonrpc": "2.0", "id": 16, "method": "nope"}]'
  decide 17 'git status'
} >"$tmp/in.jsonl"

start=$(date +%s%N)
timeout 20 "$vigie" serve --policy $team --cwd /srv/app --home /home/u --journal "$tmp/journal" \
  <"$tmp/in.jsonl" >"$tmp/out.jsonl" 2>"$tmp/err"; rc=$?
elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
expect "serve: stops cleanly at end of input (exit 0)" 0 $rc
by_id() { jq -c --argjson id "$1" 'if type == "array" then .[] else . end | select(.id == $id)' "$tmp/out.jsonl"; }
res() { by_id "$1" | jq -r "$2"; }

expect "serve: every response is JSON-RPC 2.0, one per line" true \
  "$(jq -s 'map(if type == "array" then .[] else . end) | all(.jsonrpc == "2.0")' "$tmp/out.jsonl")"
expect "serve: initialize answers capabilities" "true escouade-team" \
  "$(res 1 '"\(.result.capabilities.permissions.decide) \(.result.policy)"')"
expect "serve: \`rm -rf build\` -> deny with the team's message and rule" \
  "deny|pas de rm -rf ici|team.no-rm-rf" "$(res 2 '"\(.result.decision)|\(.result.message)|\(.result.rule)"')"
expect "serve: \`npm test\` -> allow" allow "$(res 3 .result.decision)"
expect "serve: \`cargo build\` -> ask (string id echoed)" ask "$(res '"s4"' .result.decision)"
expect "serve: every command of a line, even after && (allow)" allow "$(res 5 .result.decision)"
expect "serve: every command of a line, even after && (deny)" deny "$(res 6 .result.decision)"
expect "serve: force push -> deny with its message" \
  "deny|No force push in this team: push a new commit instead." \
  "$(res 7 '"\(.result.decision)|\(.result.message)"')"
expect "serve: a command that cannot be parsed -> ask, never allow" ask "$(res 8 .result.decision)"
expect "serve: an edit (mode ask) -> ask" ask "$(res 9 .result.decision)"
expect "serve: invalid JSON -> -32700 with id null" "-32700 null" \
  "$(jq -r 'select(type == "object" and .error.code == -32700) | "\(.error.code) \(.id)"' "$tmp/out.jsonl")"
expect "serve: unknown method -> -32601" -32601 "$(res 10 .error.code)"
expect "serve: params without a request -> -32602" -32602 "$(res 11 .error.code)"
expect "serve: a request without a tool -> -32602" -32602 "$(res 12 .error.code)"
expect "serve: a request whose input is not an object -> -32602" -32602 "$(res 13 .error.code)"
expect "serve: ping answers" escouade-team "$(res 14 .result.policy)"
expect "serve: an invalid id -> -32600" 1 \
  "$(jq -s '[.[] | select(type == "object" and .error.code == -32600)] | length' "$tmp/out.jsonl")"
expect "serve: a batch gets an array of responses" "15:escouade-team 16:-32601" \
  "$(jq -r 'select(type == "array") | map("\(.id):\(.result.policy // .error.code)") | join(" ")' "$tmp/out.jsonl")"
expect "serve: keeps going after errors" allow "$(res 17 .result.decision)"
# initialize, 8 decisions, a parse error, 4 other errors, ping, the invalid id, the batch, the
# last decision: 18; the notification (no id) and the blank line get no answer.
expect "serve: one line per answered message, none for notifications" 18 \
  "$(wc -l <"$tmp/out.jsonl" | tr -d ' ')"
expect "serve: no decision is allow where the input could not be judged" 0 \
  "$(jq -s '[.[] | select(type == "object" and (.id == 8 or .id == 11 or .id == 12) and .result.decision == "allow")] | length' "$tmp/out.jsonl")"
expect "serve: the whole session well inside Escouade's 500 ms per decision" true \
  "$([ $elapsed_ms -lt 5000 ] && echo true || echo false)"

# The journal (docs/journal.md): one JSON line per decision, version 1, with the request as
# decided, the rule, the message and the duration; calls that could not be judged are
# `error` events.
j="$tmp/journal"
expect "journal: one line per permissions/decide" 12 "$(wc -l <"$j" | tr -d ' ')"
expect "journal: every line is a version 1 JSON object" true "$(jq -s 'all(.v == 1)' "$j")"
expect "journal: the deny line has tool, input, decision, message and rule" 1 \
  "$(jq -c 'select(.decision == "deny" and .request.tool == "Bash" and .request.input.command == "rm -rf build" and .message == "pas de rm -rf ici" and .rule == "team.no-rm-rf" and (.duration_ms | type) == "number" and .source == "serve" and .request.cwd == "/srv/app")' "$j" | wc -l | tr -d ' ')"
expect "journal: the allow line" 1 \
  "$(jq -c 'select(.decision == "allow" and .request.input.command == "npm test" and .rule == "team.allow")' "$j" | wc -l | tr -d ' ')"
expect "journal: the policy's name and content hash" true \
  "$(jq -s 'map(select(.decision)) | all(.policy.name == "escouade-team" and (.policy.hash | startswith("fnv1a64:")))' "$j")"
expect "journal: requests that could not be read are journaled as error events" 3 \
  "$(jq -c 'select(.event == "error")' "$j" | wc -l | tr -d ' ')"
expect "journal: every decision under 500 ms" 0 \
  "$(jq -c 'select(.duration_ms != null and .duration_ms >= 500)' "$j" | wc -l | tr -d ' ')"

# --non-interactive: an ask becomes an announced deny.
decide 1 'cargo build' | "$vigie" serve --policy $team --non-interactive >"$tmp/ni.jsonl"
expect "serve --non-interactive: an ask becomes a deny with a message" "deny true" \
  "$(jq -r '"\(.result.decision) \(.result.message | length > 0)"' "$tmp/ni.jsonl")"

# --sessions: one session per agent; the 4th identical consecutive call is denied ("do not
# retry"); another agent has its own window.
{ for i in 1 2 3 4; do decide $i 'npm test'; done; } |
  "$vigie" serve --policy $team --sessions >"$tmp/loop.jsonl"
expect "serve --sessions: three allows, then the 4th identical call is denied" \
  "allow allow allow deny" "$(jq -r '.result.decision' "$tmp/loop.jsonl" | tr '\n' ' ' | sed 's/ $//')"
expect "serve --sessions: the loop's rule and message" "session.loop true" \
  "$(jq -r 'select(.id == 4) | "\(.result.rule) \(.result.message | test("do not retry"))"' "$tmp/loop.jsonl")"
# At most 1024 agents have a session (limits::serve_sessions): a new agent past it is asked,
# the agents already known keep theirs.
{ jq -cn 'range(1; 1026) as $i | {jsonrpc: "2.0", id: $i, method: "permissions/decide",
    params: {request: {kind: "command", tool: "Bash", input: {command: "npm test"}},
             agent: {id: "a\($i)", name: "agent-\($i)"}}}'
  jq -cn '{jsonrpc: "2.0", id: 2000, method: "permissions/decide",
    params: {request: {kind: "command", tool: "Bash", input: {command: "npm test"}},
             agent: {id: "a1", name: "agent-1"}}}'; } |
  "$vigie" serve --policy $team --sessions >"$tmp/many.jsonl"
expect "serve --sessions: 1024 agents have a session" 1024 \
  "$(jq -r 'select(.id <= 1024) | .result.decision' "$tmp/many.jsonl" | grep -c '^allow$')"
expect "serve --sessions: the 1025th agent is asked, by the limit" "ask limits.serve-sessions" \
  "$(jq -r 'select(.id == 1025) | "\(.result.decision) \(.result.rule)"' "$tmp/many.jsonl")"
expect "serve --sessions: a known agent keeps its session" allow \
  "$(jq -r 'select(.id == 2000) | .result.decision' "$tmp/many.jsonl")"
{ for i in 1 2 3 4; do decide $i 'npm test'; done; } | "$vigie" serve --policy $team >"$tmp/noloop.jsonl"
expect "serve without --sessions keeps no state" "allow allow allow allow" \
  "$(jq -r '.result.decision' "$tmp/noloop.jsonl" | tr '\n' ' ' | sed 's/ $//')"

# shutdown stops reading.
printf '%s\n' '{"jsonrpc": "2.0", "id": 1, "method": "shutdown"}' "$(decide 2 'npm test')" |
  "$vigie" serve --policy $team >"$tmp/sd.jsonl"; rc=$?
expect "serve: shutdown answers null, then stops" "0 1" "$rc $(wc -l <"$tmp/sd.jsonl" | tr -d ' ')"

"$vigie" serve </dev/null >/dev/null 2>&1; rc=$?
expect "serve: no --policy is bad usage (exit 2)" 2 $rc
"$vigie" serve --policy "$tmp/missing.vigie" </dev/null >/dev/null 2>&1; rc=$?
expect "serve: a policy that cannot be read exits 1 before serving" 1 $rc
"$vigie" serve --policy $team --journal "$tmp/no/such/dir/j" </dev/null >/dev/null 2>&1; rc=$?
expect "serve: a journal that cannot be opened exits 1" 1 $rc

finish
