#!/usr/bin/env bash
# `vigie acp`: the Agent Client Protocol permission proxy, between a scripted fake editor and a
# scripted fake agent (tests/cli/acp/fake_editor.py, fake_agent.py; the scripts are the
# tests/cli/acp/*.json files). Checks the permission requests vigie answers (the option picked),
# those it forwards, that every other line passes through byte for byte in both directions,
# and the exit status: the agent's, when the editor closes its end, when the agent dies or is
# killed; an oversized line; a policy that does not compile; an agent that cannot be run.
# Usage: tests/cli/acp_test.sh path/to/vigie   (run from the source root; ctest does)
. "$(dirname "$0")/lib.sh"
needs jq
needs python3
same() { # name file1 file2: byte-identical
  if cmp -s "$2" "$3"; then ok "$1"; else ko "$1" "$(wc -c <"$2") bytes" "$(wc -c <"$3") bytes, differ"; fi
}

d=tests/cli/acp
policy=$d/policy.vigie
# run NAME [vigie acp options...]: the editor script NAME.editor.json drives `vigie acp` running
# the agent script NAME.agent.json. Logs: $tmp/NAME.{editor,agent}[.sent], vigie's stderr in
# $tmp/NAME.err, the editor's exit status (vigie's) in $tmp/NAME.rc.
run() {
  local name=$1; shift
  rm -f "$tmp/$name".*
  timeout 60 python3 $d/fake_editor.py $d/$name.editor.json "$tmp/$name.editor" -- \
    "$vigie" acp --home /home/u "$@" -- python3 $d/fake_agent.py $d/$name.agent.json \
    "$tmp/$name.agent" 2>"$tmp/$name.err"
  echo $? >"$tmp/$name.rc"
  touch "$tmp/$name.editor" "$tmp/$name.editor.sent" "$tmp/$name.agent" "$tmp/$name.agent.sent"
}
# The agent's log without vigie's own answers: what the editor sent, in order.
passed_to_agent() { grep -v '"_meta":{"vigie":' "$tmp/$1.agent" || true; }
answer() { # NAME ID: the option vigie chose for request ID (empty when it did not answer)
  jq -r --argjson id "$2" 'select(.id == $id and .result._meta.vigie != null)
    | .result.outcome.optionId' "$tmp/$1.agent" 2>/dev/null
}
editor_answer() { # NAME ID: the option the editor chose, as the agent received it
  jq -r --argjson id "$2" 'select(.id == $id and .result._meta == null)
    | .result.outcome.optionId' "$tmp/$1.agent" 2>/dev/null
}

# --- a session: permissions answered, forwarded, everything else unchanged --------------------
run main --policy $policy
expect "acp: the agent's exit status is returned" 7 "$(cat $tmp/main.rc)"
expect "acp: allow (toolCall completed from the session/update) -> allow_once, not allow_always" \
  allow-once "$(answer main 10)"
expect "acp: deny -> reject_once" reject-once "$(answer main 11)"
expect "acp: the deny carries vigie's message in _meta" "Do not delete recursively: remove the files you created by name." \
  "$(jq -r 'select(.id == 11) | .result._meta.vigie.message' $tmp/main.agent)"
expect "acp: ... and the rule" acp.no-rm-rf "$(jq -r 'select(.id == 11) | .result._meta.vigie.rule' $tmp/main.agent)"
expect "acp: ask -> forwarded, the editor's answer reaches the agent" editor-12 "$(editor_answer main 12)"
expect "acp: a kind vigie does not judge (think) -> forwarded" editor-13 "$(editor_answer main 13)"
expect "acp: an edit of two paths, one denied -> reject_always when there is no reject_once" \
  reject-always "$(answer main 14)"
expect "acp: allow without an allow_once option -> forwarded" editor-15 "$(editor_answer main 15)"
expect "acp: fetch of a denied host -> reject_once" reject-once "$(answer main 16)"
expect "acp: a read in the session's cwd (a string id) -> allow_once" allow-once "$(answer main '"str-17"')"
expect "acp: a command given as argv (bash -lc '...') is judged with what it runs" \
  reject-once "$(answer main 18)"
expect "acp: an execute without rawInput.command -> forwarded, never allowed" editor-19 "$(editor_answer main 19)"
expect "acp: the answered requests never reach the editor" "" \
  "$(grep -E '"id": (10|11|14|16|18),|"id": "str-17"' $tmp/main.editor)"
same "acp: agent -> editor: every other line byte for byte, in order" "$tmp/main.agent.sent" "$tmp/main.editor"
passed_to_agent main >"$tmp/main.agent.passed"
same "acp: editor -> agent: every line byte for byte, in order" "$tmp/main.editor.sent" "$tmp/main.agent.passed"
expect "acp: one stderr line per permission request" 10 "$(grep -c '^vigie acp: ' $tmp/main.err)"

# --- oversized lines: streamed through unchanged, a permission request that long is asked -----
run big --policy $policy
expect "acp big: exit 0" 0 "$(cat $tmp/big.rc)"
same "acp big: 3 MB lines from the agent pass through byte for byte" "$tmp/big.agent.sent" "$tmp/big.editor"
passed_to_agent big >"$tmp/big.agent.passed"
same "acp big: a 3 MB line from the editor passes through byte for byte" "$tmp/big.editor.sent" "$tmp/big.agent.passed"
expect "acp big: an oversized permission request is forwarded (asked)" editor-30 "$(editor_answer big 30)"
expect "acp big: the next one is judged again" allow-once "$(answer big 31)"
expect "acp big: a tool call announced with 500 KB of content is remembered by what vigie reads" \
  reject-once "$(answer big 32)"

# --- the editor closes its end: the agent sees the end of its input, its status is returned ----
run close --policy $policy
expect "acp close: the agent's status after the editor closed stdin" 5 "$(cat $tmp/close.rc)"
same "acp close: the last line without a newline still reaches the agent" "$tmp/close.editor.sent" "$tmp/close.agent"
expect "acp close: what the agent says after that still reaches the editor" bye \
  "$(tail -n 1 $tmp/close.editor | jq -r .params.update.content.text)"

# --- the agent dies: its output, even a partial last line, and its status -----------------------
# --- the shapes of rawInput: argv apart, lists of paths, a move's ends, a search's filter -------
run shapes --policy $policy
expect "acp shapes: {command, args} is judged as the whole line (rm -rf build)" reject-once \
  "$(answer shapes 50)"
expect "acp shapes: {command: git, args: [status]} -> allow_once" allow-once "$(answer shapes 51)"
expect "acp shapes: an args word that is not a string -> forwarded" editor-52 \
  "$(editor_answer shapes 52)"
expect "acp shapes: a delete of a list of paths, one denied -> reject_once" reject-once \
  "$(answer shapes 53)"
expect "acp shapes: a move's from/to are judged" reject-once "$(answer shapes 54)"
expect "acp shapes: a search's include filter reaches /etc -> reject_once" reject-once \
  "$(answer shapes 55)"
expect "acp shapes: a list of paths holding a number -> forwarded" editor-56 \
  "$(editor_answer shapes 56)"
expect "acp shapes: a read of a list of paths in the project -> allow_once" allow-once \
  "$(answer shapes 57)"
run die --policy $policy
expect "acp die: the agent's exit status" 9 "$(cat $tmp/die.rc)"
same "acp die: everything it wrote reaches the editor" "$tmp/die.agent.sent" "$tmp/die.editor"
run kill --policy $policy
expect "acp kill: an agent killed by SIGKILL -> 137" 137 "$(cat $tmp/kill.rc)"

# --- --non-interactive: an ask becomes a deny, answered ------------------------------------------
run ask --policy $policy --non-interactive --quiet
expect "acp --non-interactive: an ask becomes reject_once" reject-once "$(answer ask 40)"
expect "acp --quiet: nothing on stderr" "" "$(cat $tmp/ask.err)"
run ask-forward --policy $policy
expect "acp: without --non-interactive the same request goes to the editor" editor-40 \
  "$(editor_answer ask-forward 40)"

# --- failures: nothing is allowed, the agent is not started ---------------------------------------
printf 'policy "broken"\ncommands {\n  allow "git status\n}\n' >"$tmp/broken.vigie"
run main --policy "$tmp/broken.vigie"
expect "acp: a policy that does not compile -> exit 1" 1 "$(cat $tmp/main.rc)"
expect "acp: ... and the agent is not started" "" "$(cat $tmp/main.agent)"
"$vigie" acp --policy $policy -- /nonexistent/agent </dev/null >"$tmp/out" 2>"$tmp/err"
expect "acp: an agent that cannot be run -> 127" 127 "$?"
expect "acp: ... with a message" 1 "$(grep -c 'cannot run' $tmp/err)"
"$vigie" acp --policy $policy </dev/null >"$tmp/out" 2>"$tmp/err"
expect "acp: no agent command -> usage error 2" 2 "$?"
timeout 20 "$vigie" acp --policy $policy -- sh -c 'exit 3' <&- >"$tmp/out" 2>"$tmp/err"
expect "acp: started with stdin closed, it still returns the agent's status" 3 "$?"
"$vigie" acp --policy $policy --mode read_only -- true </dev/null >"$tmp/out" 2>"$tmp/err"
expect "acp: a bad mode -> usage error 2" 2 "$?"

finish
