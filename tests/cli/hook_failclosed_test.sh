#!/usr/bin/env bash
# Fail closed, per harness: garbage on stdin, a policy with a syntax error, a policy file that is
# missing, a request over the size limit, each gets the harness's blocking form (exit 2 with a
# reason on stderr and nothing on stdout, or its explicit deny), never an allow, never silence.
# Then the wire details of each harness (events, argument shapes, ask degradations).
# Usage: tests/cli/hook_failclosed_test.sh path/to/vigie   (run from the source root; ctest does)
. "$(dirname "$0")/lib.sh"
needs jq

hooks=tests/cli/hooks
printf 'policy "broken"\ncommands {\n  alow git status\n}\n' >"$tmp/syntax.vigie"
printf 'this is { not json' >"$tmp/garbage"
# A request over limits::request_bytes (2 MiB): a valid JSON document with a huge command.
{ printf '{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"/p","tool_input":{"command":"'
  head -c 2200000 /dev/zero | tr '\0' a
  printf '"}}'; } >"$tmp/huge"

# harness | a valid input (allowed by its policy: git status) | the blocking form
#   exit2 = exit 2, empty stdout, a reason on stderr;  JQ filter = exit 0 and the filter is true
cases=(
  "claude|{\"hook_event_name\":\"PreToolUse\",\"cwd\":\"/p\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"git status\"}}|exit2"
  "gemini|{\"hook_event_name\":\"BeforeTool\",\"cwd\":\"/p\",\"tool_name\":\"run_shell_command\",\"tool_input\":{\"command\":\"git status\"}}|exit2"
  "codex|{\"hook_event_name\":\"PreToolUse\",\"cwd\":\"/p\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"git status\"}}|exit2"
  "copilot|{\"cwd\":\"/p\",\"toolName\":\"bash\",\"toolArgs\":\"{\\\"command\\\":\\\"git status\\\"}\"}|exit2"
  "cursor|{\"hook_event_name\":\"beforeShellExecution\",\"cwd\":\"/p\",\"command\":\"git status\"}|.permission == \"deny\" and (.user_message | length > 0) and (.agent_message | length > 0)"
  "opencode|{\"cwd\":\"/p\",\"input\":{\"tool\":\"bash\"},\"output\":{\"args\":{\"command\":\"git status\"}}}|.decision == \"deny\" and (.message | length > 0)"
  "cline|{\"hookName\":\"PreToolUse\",\"workspaceRoots\":[\"/p\"],\"preToolUse\":{\"toolName\":\"execute_command\",\"parameters\":{\"command\":\"git status\"}}}|.cancel == true and (.errorMessage | length > 0)"
)

check_blocked() { # label form
  local rc out; rc=$(cat "$tmp/rc"); out=$(cat "$tmp/out")
  if [ "$2" = exit2 ]; then
    expect "$1: exit 2, nothing on stdout, a reason on stderr" "2 0 yes" \
      "$rc $(printf %s "$out" | wc -c | tr -d ' ') $([ -s "$tmp/err" ] && echo yes || echo no)"
  else
    expect "$1: exit 0 and the explicit deny" "0 true 1" \
      "$rc $(jq -c "$2" "$tmp/out" 2>&1) $(jq -s length "$tmp/out" 2>/dev/null)"
  fi
}
hook() { # harness policy stdin-file [args...]
  local h=$1 p=$2 f=$3; shift 3
  "$vigie" hook "$h" --policy "$p" --home /home/u "$@" <"$f" >"$tmp/out" 2>"$tmp/err"
  echo $? >"$tmp/rc"
}

for c in "${cases[@]}"; do
  IFS='|' read -r h input form <<<"$c"
  printf '%s' "$input" >"$tmp/valid"
  hook "$h" "$hooks/$h.vigie" "$tmp/valid"
  expect "$h: the valid input is answered (exit 0)" 0 "$(cat "$tmp/rc")"
  hook "$h" "$hooks/$h.vigie" "$tmp/garbage"
  check_blocked "$h: garbage on stdin" "$form"
  hook "$h" "$tmp/syntax.vigie" "$tmp/valid"
  check_blocked "$h: a policy with a syntax error" "$form"
  hook "$h" "$tmp/missing.vigie" "$tmp/valid"
  check_blocked "$h: a policy file that is missing" "$form"
  hook "$h" "$hooks/$h.vigie" "$tmp/huge"
  check_blocked "$h: a request over the size limit" "$form"
  hook "$h" "$hooks/$h.vigie" /dev/null
  check_blocked "$h: empty stdin" "$form"
  hook "$h" "$hooks/$h.vigie" "$tmp/garbage" --non-interactive
  check_blocked "$h --non-interactive: garbage on stdin" "$form"
done

# ---- wire details ----------------------------------------------------------------------------
answer() { # harness policy json [args...] -> stdout compact + " rc"
  local h=$1 p=$2; printf '%s' "$3" >"$tmp/in"; shift 3
  hook "$h" "$p" "$tmp/in" "$@"
  echo "$(jq -cS . "$tmp/out" 2>/dev/null)|$(cat "$tmp/rc")"
}

# Claude: PermissionRequest's blocking form is its explicit deny (exit 2 is not honoured there).
r=$(answer claude "$tmp/missing.vigie" '{"hook_event_name":"PermissionRequest","cwd":"/p","tool_name":"Bash","tool_input":{"command":"ls"}}')
expect "claude PermissionRequest: a missing policy -> the event's explicit deny" \
  'deny|0' "$(jq -r .hookSpecificOutput.decision.behavior <<<"${r%|*}")|${r#*|}"
r=$(answer claude $hooks/claude.vigie '{"hook_event_name":"PostToolUse","cwd":"/p","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}')
expect "claude: another event gets no decision (empty stdout, exit 0)" '|0' "$r"
r=$(answer claude $hooks/claude.vigie '{"hook_event_name":"PreToolUse","cwd":"/p","tool_name":"Bash","tool_input":{"command":"git push"}}' --non-interactive)
expect "claude --non-interactive: an ask becomes a deny" deny "$(jq -r .hookSpecificOutput.permissionDecision <<<"${r%|*}")"

# Codex: apply_patch judges every file of the envelope as an edit; the strictest wins.
patch='*** Begin Patch\n*** Add File: src/new.rs\n+x\n*** Update File: src/a.rs\n*** Move to: .github/workflows/ci.yml\n@@\n-a\n+b\n*** End Patch\n'
r=$(answer codex $hooks/codex.vigie "{\"cwd\":\"/p\",\"tool_name\":\"apply_patch\",\"tool_input\":{\"command\":\"$patch\"}}")
expect "codex apply_patch: a move into a protected folder denies the whole patch" \
  'deny|0' "$(jq -r .hookSpecificOutput.permissionDecision <<<"${r%|*}")|${r#*|}"
patch='*** Begin Patch\n*** Add File: src/new.rs\n+x\n*** Delete File: src/old.rs\n*** End Patch\n'
r=$(answer codex $hooks/codex.vigie "{\"cwd\":\"/p\",\"tool_name\":\"apply_patch\",\"tool_input\":{\"command\":\"$patch\"}}" --mode auto)
expect "codex apply_patch: edits inside the project in mode auto -> no opinion" '|0' "$r"
r=$(answer codex $hooks/codex.vigie '{"cwd":"/p","tool_name":"apply_patch","tool_input":{"command":"not a patch"}}')
expect "codex apply_patch: a patch that names no file is blocked" '|2' "$r"
r=$(answer codex $hooks/codex.vigie '{"cwd":"/p","tool_name":"Bash","tool_input":{"command":"git push"}}')
expect "codex: an ask is no opinion (never the unsupported ask)" '|0' "$r"
r=$(answer codex $hooks/codex.vigie '{"cwd":"/p","tool_name":"Bash","tool_input":{"command":"git push"}}' --non-interactive)
expect "codex --non-interactive: an ask becomes a deny with a reason" 'deny true' \
  "$(jq -r '.hookSpecificOutput | "\(.permissionDecision) \(.permissionDecisionReason | length > 0)"' <<<"${r%|*}")"

# Cursor: beforeMCPExecution's tool_input is a JSON string; beforeReadFile has no ask.
printf 'policy "c"\nmode ask\nmcp {\n  deny */drop_table "No DROP."\n}\n' >"$tmp/mcp.vigie"
r=$(answer cursor "$tmp/mcp.vigie" '{"hook_event_name":"beforeMCPExecution","workspace_roots":["/p"],"tool_name":"drop_table","tool_input":"{\"table\":\"users\"}","command":"pg-mcp"}')
expect "cursor beforeMCPExecution: string tool_input, MCP rule applies" \
  '{"agent_message":"No DROP.","permission":"deny","user_message":"No DROP."}|0' "$r"
r=$(answer cursor "$tmp/mcp.vigie" '{"hook_event_name":"beforeMCPExecution","workspace_roots":["/p"],"tool_name":"drop_table","tool_input":"{not json"}')
expect "cursor beforeMCPExecution: a tool_input string that is not JSON is blocked" 'deny|0' \
  "$(jq -r .permission <<<"${r%|*}")|${r#*|}"
printf 'policy "r"\nmode ask\npaths {\n  ask read secrets "Reading secrets needs a human."\n}\n' >"$tmp/read.vigie"
r=$(answer cursor "$tmp/read.vigie" '{"hook_event_name":"beforeReadFile","workspace_roots":["/p"],"file_path":"/p/secrets/k"}')
expect "cursor beforeReadFile: an ask is a deny that says how to get approval" \
  '{"agent_message":"Reading secrets needs a human.","permission":"deny","user_message":"Reading secrets needs a human; ask the user to run it or approve via the policy tool."}|0' "$r"
r=$(answer cursor $hooks/cursor.vigie '{"hook_event_name":"afterFileEdit","workspace_roots":["/p"]}')
expect "cursor: an event vigie does not answer gets no decision" '|0' "$r"

# Copilot: toolArgs as an object or a string; a string that is not JSON is blocked.
r=$(answer copilot $hooks/copilot.vigie '{"cwd":"/p","toolName":"bash","toolArgs":{"command":"git push"}}')
expect "copilot: toolArgs as an object" '{"permissionDecision":"ask","permissionDecisionReason":"git push requires approval (rule R22)."}|0' "$r"
r=$(answer copilot $hooks/copilot.vigie '{"cwd":"/p","toolName":"bash","toolArgs":"{oops"}')
expect "copilot: toolArgs that is not JSON -> exit 2" '|2' "$r"
r=$(answer copilot $hooks/copilot.vigie '{"hook_event_name":"PreToolUse","cwd":"/p","tool_name":"Bash","tool_input":{"command":"rm -rf /tmp/x"}}')
expect "copilot PascalCase: Claude tool names, Copilot's answer" 'deny|0' \
  "$(jq -r .permissionDecision <<<"${r%|*}")|${r#*|}"

# Cline: `tool` as well as `toolName`; string parameters.
r=$(answer cline $hooks/cline.vigie '{"hookName":"PreToolUse","workspaceRoots":["/p"],"preToolUse":{"tool":"execute_command","parameters":{"command":"git status"}}}')
expect "cline: preToolUse.tool is read like toolName" '{"cancel":false}|0' "$r"
r=$(answer cline $hooks/cline.vigie '{"hookName":"PreToolUse","workspaceRoots":["/p"],"preToolUse":{"toolName":"execute_command","parameters":{"command":"git push"}}}' --non-interactive)
expect "cline --non-interactive: an ask cancels" 'true|0' "$(jq -r .cancel <<<"${r%|*}")|${r#*|}"

# OpenCode: an MCP tool (`server_tool`) or an unknown tool is never looser than kind `tool`.
r=$(answer opencode $hooks/opencode.vigie '{"cwd":"/p","input":{"tool":"bash"},"output":{"args":{"command":"rm -rf /"}}}')
expect "opencode: a catastrophic command is denied" 'deny|0' "$(jq -r .decision <<<"${r%|*}")|${r#*|}"

# What vigie could not judge (a line that does not parse, a limit) is blocked where an ask lets
# the call run (Codex's PreToolUse, OpenCode, Cline), and the complete lines before a parse error
# are judged: bash runs them before it meets the error.
r=$(answer codex $hooks/codex.vigie '{"cwd":"/p","tool_name":"Bash","tool_input":{"command":"git status\nfi"}}')
expect "codex: a line that does not parse is blocked (exit 2)" '|2' "$r"
r=$(answer codex $hooks/codex.vigie '{"cwd":"/p","tool_name":"Bash","tool_input":{"command":"rm -rf /\nfi"}}')
expect "codex: a deny before the parse error stays a deny" 'deny|0' \
  "$(jq -r .hookSpecificOutput.permissionDecision <<<"${r%|*}")|${r#*|}"
r=$(answer cline $hooks/cline.vigie '{"hookName":"PreToolUse","workspaceRoots":["/p"],"preToolUse":{"toolName":"execute_command","parameters":{"command":"git status\nfi"}}}')
expect "cline: a line that does not parse cancels" 'true|0' "$(jq -r .cancel <<<"${r%|*}")|${r#*|}"
r=$(answer opencode $hooks/opencode.vigie '{"cwd":"/p","input":{"tool":"bash"},"output":{"args":{"command":"git status\nfi"}}}')
expect "opencode: a line that does not parse is denied" 'deny|0' "$(jq -r .decision <<<"${r%|*}")|${r#*|}"
r=$(answer claude $hooks/claude.vigie '{"hook_event_name":"PreToolUse","cwd":"/p","tool_name":"Bash","tool_input":{"command":"git status\nfi"}}')
expect "claude: a line that does not parse is asked (a human sees it)" 'ask|0' \
  "$(jq -r .hookSpecificOutput.permissionDecision <<<"${r%|*}")|${r#*|}"

# Usage errors block too (exit 2).
"$vigie" hook nosuch --policy $hooks/claude.vigie </dev/null >/dev/null 2>&1
expect "an unknown harness is bad usage (exit 2)" 2 $?

finish
