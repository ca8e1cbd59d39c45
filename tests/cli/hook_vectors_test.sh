#!/usr/bin/env bash
# Every hook vector of the harnesses `vigie hook` speaks, run through the CLI: exact stdout JSON
# (one object and nothing else, or nothing), exit code, stderr where the vector gives it. The
# vectors are the project's own, tests/cli/hooks/vectors.json (written in the contract's forms
# with their own commands, paths and messages), and, when it exists, the contract's file
# ../shared/contracts/hook-vectors.json. Each harness is judged with tests/cli/hooks/HARNESS.vigie,
# whose rules give both sets' messages.
# `deny_via_exit2` cases run with --deny-exit-code (the vector shows the exit-2 form of a deny).
# Usage: tests/cli/hook_vectors_test.sh path/to/vigie   (run from the source root; ctest does)
. "$(dirname "$0")/lib.sh"
needs jq

# vector section -> harness
harness_of() {
  case $1 in
    claude_code_*) echo claude ;; gemini_cli_*) echo gemini ;; codex_cli_PreToolUse | codex_cli_PermissionRequest) echo codex ;;
    cursor_*) echo cursor ;; copilot_cli_*) echo copilot ;; opencode_*) echo opencode ;;
    cline_*) echo cline ;; *) echo "" ;;
  esac
}

run_file() { # vectors.json label
  local file=$1 label=$2 section harness name flags
  for section in $(jq -r 'keys[]' "$file"); do
    harness=$(harness_of "$section")
    [ -n "$harness" ] || continue
    for name in $(jq -r --arg s "$section" '.[$s] | keys[] | select(startswith("_") | not)' "$file"); do
      local t="$label $section/$name"
      jq -c --arg s "$section" --arg n "$name" '.[$s][$n]' "$file" >"$tmp/case"
      if [ "$name" = pascalcase_variant_input ]; then
        # Input only: the VS Code-compatible payload (`git status`), allowed like the camelCase
        # vector; the answer also carries Claude Code's form (engine/hook_wire.cpp says why).
        jq -c '{input: ., expected: {exit_code: 0, stdout_json: {permissionDecision: "allow",
          hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow",
          permissionDecisionReason: "allowed by the vigie policy"}}}}' \
          "$tmp/case" >"$tmp/case2" && mv "$tmp/case2" "$tmp/case"
      fi
      flags=()
      [ "$name" = deny_via_exit2 ] && flags=(--deny-exit-code)
      if [ "$harness" = opencode ]; then
        jq -c '.input + {cwd: "/home/u/proj"}' "$tmp/case" >"$tmp/in"
      else
        jq -c '.input' "$tmp/case" >"$tmp/in"
      fi
      "$vigie" hook "$harness" --policy "tests/cli/hooks/$harness.vigie" --home /home/u \
        "${flags[@]}" <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
      local rc=$?
      if [ "$harness" = opencode ]; then
        # The plugin's behaviour: a throw with the message on deny, a return otherwise.
        local behavior got
        behavior=$(jq -r '.expected.behavior' "$tmp/case")
        got=$(jq -r 'if .decision == "deny" then "throw new Error('"'"'\(.message)'"'"')" else "return" end' "$tmp/out" 2>/dev/null)
        case $behavior in
          return*) expect "$t (return)" "return 0" "$got $rc" ;;
          *) expect "$t (throw)" "$behavior 0" "$got $rc" ;;
        esac
        expect "$t: one JSON object on stdout" 1 "$(jq -s length "$tmp/out" 2>/dev/null)"
        continue
      fi
      expect "$t: exit code" "$(jq -r .expected.exit_code "$tmp/case")" "$rc"
      if jq -e '.expected | has("stdout_json")' "$tmp/case" >/dev/null; then
        expect "$t: stdout JSON" "$(jq -cS .expected.stdout_json "$tmp/case")" \
          "$(jq -cS . "$tmp/out" 2>&1)"
        expect "$t: nothing on stdout beyond the object" 1 "$(jq -s length "$tmp/out" 2>/dev/null)"
      else
        expect "$t: stdout" "$(jq -r .expected.stdout "$tmp/case")" "$(cat "$tmp/out")"
      fi
      if jq -e '.expected | has("stderr")' "$tmp/case" >/dev/null; then
        expect "$t: stderr" "$(jq -r .expected.stderr "$tmp/case")" "$(cat "$tmp/err")"
      fi
    done
  done
}

run_file tests/cli/hooks/vectors.json "project:"
contract=../shared/contracts/hook-vectors.json
if [ -f "$contract" ]; then
  run_file "$contract" "contract:"
else
  echo "# $contract is not here: the contract's own vectors are skipped"
fi

if [ $fails -ne 0 ]; then echo "hook_vectors_test: $fails of $runs failed"; exit 1; fi
echo "hook_vectors_test: all $runs passed"
