#!/usr/bin/env bash
# `vigie install HARNESS` / `vigie uninstall HARNESS` round trip on the sample configuration
# files of tests/hooks-config/ (each with the user's own hooks and settings): install, install
# again (nothing changes), uninstall, and the file is byte-identical to the start. Also: what is
# written (absolute paths, the harness's events, Cursor's failClosed), --user, --dry-run, a
# file that is not JSON (refused, FILE:LINE:COL, untouched), a file created from nothing and
# removed again, another policy replacing vigie's hook in place.
# Usage: tests/cli/hook_install_test.sh path/to/vigie   (run from the source root; ctest does)
. "$(dirname "$0")/lib.sh"
needs jq
src=$(pwd)/tests/hooks-config
tmp=$(cd "$tmp" && pwd -P)
same() { cmp -s "$1" "$2" && echo same || echo differs; }

self=$(readlink -f "$vigie")
printf 'policy "p"\nmode ask\n' >"$tmp/policy.vigie"

# HARNESS SAMPLE CONFIG-PATH (in the project) EVENTS COMMAND-KEY
cases=(
  "claude claude-settings.json .claude/settings.json PreToolUse,PermissionRequest nested"
  "gemini gemini-settings.json .gemini/settings.json BeforeTool nested"
  "codex codex-hooks.json .codex/hooks.json PreToolUse,PermissionRequest nested"
  "cursor cursor-hooks.json .cursor/hooks.json preToolUse,beforeShellExecution,beforeReadFile flat"
  "copilot copilot-hooks.json .github/hooks/vigie.json preToolUse flat"
)
for c in "${cases[@]}"; do
  read -r h sample path events shape <<<"$c"
  proj="$tmp/proj-$h"
  mkdir -p "$proj/$(dirname "$path")"
  cp "$src/$sample" "$proj/$path"
  (cd "$proj" && "$vigie" install "$h" --policy ../policy.vigie) >/dev/null 2>"$tmp/err"; rc=$?
  expect "$h: install exits 0" 0 "$rc"
  cp "$proj/$path" "$tmp/after1"
  want="$(printf '%q' "$self") hook $h --policy $tmp/policy.vigie"
  key=command; [ "$h" = copilot ] && key=bash
  for ev in ${events//,/ }; do
    if [ "$shape" = nested ]; then
      n=$(jq --arg ev "$ev" --arg w "$want" '[.hooks[$ev][].hooks[] | select(.command == $w)] | length' "$proj/$path")
    else
      n=$(jq --arg ev "$ev" --arg w "$want" --arg k "$key" '[.hooks[$ev][] | select(.[$k] == $w)] | length' "$proj/$path")
    fi
    expect "$h: one vigie hook on $ev, with absolute paths" 1 "$n"
  done
  # The user's own hooks and settings are all still there, in order, unchanged.
  orig=$(jq -c 'del(.hooks) ' "$src/$sample"); now=$(jq -c 'del(.hooks)' "$proj/$path")
  expect "$h: the other settings are kept" "$orig" "$now"
  n_before=$(jq '[.hooks[][] ] | length' "$src/$sample")
  n_mine=$(jq --arg w "$want" '[.hooks[][] | select((.hooks // [.])[] | (.command // .bash) == $w)] | length' "$proj/$path")
  n_after=$(jq '[.hooks[][] ] | length' "$proj/$path")
  expect "$h: the user's hooks are kept (entries before + vigie's)" "$n_after" "$((n_before + n_mine))"
  (cd "$proj" && "$vigie" install "$h" --policy ../policy.vigie) >/dev/null 2>"$tmp/err"; rc=$?
  expect "$h: installing again changes nothing" "0 same" "$rc $(same "$tmp/after1" "$proj/$path")"
  expect "$h: ... and says so" 1 "$(grep -c 'already installed' "$tmp/err")"
  (cd "$proj" && "$vigie" uninstall "$h") >/dev/null 2>&1; rc=$?
  expect "$h: uninstall exits 0" 0 "$rc"
  expect "$h: after uninstall the file is byte-identical to the start" same "$(same "$src/$sample" "$proj/$path")"
  (cd "$proj" && "$vigie" uninstall "$h") >/dev/null 2>"$tmp/err"; rc=$?
  expect "$h: uninstall again: nothing to remove (exit 0)" "0 1" "$rc $(grep -c "nothing of vigie's" "$tmp/err")"
done

# Cursor: failClosed on every hook vigie adds; Gemini: the timeout is in milliseconds.
proj="$tmp/fc"; mkdir -p "$proj"
(cd "$proj" && "$vigie" install cursor --policy ../policy.vigie) 2>/dev/null
expect "cursor: failClosed: true on every vigie hook" "true true true" \
  "$(jq -r '[.hooks[][] | .failClosed] | map(tostring) | join(" ")' "$proj/.cursor/hooks.json")"
expect "cursor: a new file starts with version 1" 1 "$(jq .version "$proj/.cursor/hooks.json")"
(cd "$proj" && "$vigie" uninstall cursor) 2>"$tmp/err"
expect "cursor: a file that held only vigie's hooks is removed" "absent 1" \
  "$([ -e "$proj/.cursor/hooks.json" ] && echo present || echo absent) $(grep -c 'held only' "$tmp/err")"
(cd "$proj" && "$vigie" install gemini --policy ../policy.vigie) 2>/dev/null
expect "gemini: timeout in milliseconds, named vigie" "10000 vigie" \
  "$(jq -r '.hooks.BeforeTool[0].hooks[0] | "\(.timeout) \(.name)"' "$proj/.gemini/settings.json")"

# A Cursor file without "version" gets none (so that uninstall gives it back as it was).
printf '{\n  "hooks": {\n    "stop": [\n      {\n        "command": "x"\n      }\n    ]\n  }\n}\n' >"$tmp/nover.json"
cp "$tmp/nover.json" "$tmp/nover.orig"
"$vigie" install cursor --file "$tmp/nover.json" --policy "$tmp/policy.vigie" 2>/dev/null
expect "cursor: no version key added to an existing file" null "$(jq .version "$tmp/nover.json")"
"$vigie" uninstall cursor --file "$tmp/nover.json" 2>/dev/null
expect "cursor: ... and uninstall gives the file back" same "$(same "$tmp/nover.orig" "$tmp/nover.json")"

# Another policy replaces vigie's hook in place (no second hook).
cp "$src/claude-settings.json" "$proj/s.json"
printf 'policy "q"\nmode ask\n' >"$tmp/other.vigie"
"$vigie" install claude --file "$proj/s.json" --policy "$tmp/policy.vigie" 2>/dev/null
"$vigie" install claude --file "$proj/s.json" --policy "$tmp/other.vigie" 2>/dev/null
expect "claude: a new policy replaces the hook (one per event)" "1 1 other.vigie" \
  "$(jq '[.hooks.PreToolUse[].hooks[] | select(.command | test("vigie hook"))] | length' "$proj/s.json") $(jq '[.hooks.PermissionRequest[].hooks[]] | length' "$proj/s.json") $(jq -r '.hooks.PermissionRequest[0].hooks[0].command' "$proj/s.json" | sed 's|.*/||')"
"$vigie" uninstall claude --file "$proj/s.json" 2>/dev/null
expect "claude: ... and uninstall still restores the file" same "$(same "$src/claude-settings.json" "$proj/s.json")"

# --user writes under $HOME; --dry-run writes nothing.
mkdir -p "$tmp/home"
HOME="$tmp/home" "$vigie" install codex --user --policy "$tmp/policy.vigie" 2>/dev/null; rc=$?
expect "codex --user: ~/.codex/hooks.json" "0 1" "$rc $(jq '.hooks.PreToolUse | length' "$tmp/home/.codex/hooks.json")"
expect "codex: only the hooks key (hooks.json denies unknown fields)" '["hooks"]' "$(jq -c keys "$tmp/home/.codex/hooks.json")"
HOME="$tmp/home" "$vigie" install copilot --user --dry-run --policy "$tmp/policy.vigie" >"$tmp/dry" 2>"$tmp/err"; rc=$?
expect "copilot --dry-run: prints the file, writes nothing" "0 absent 1" \
  "$rc $([ -e "$tmp/home/.copilot/hooks/vigie.json" ] && echo present || echo absent) $(jq '.hooks.preToolUse | length' "$tmp/dry")"
expect "copilot --dry-run: says where it would write" 1 "$(grep -c "would write $tmp/home/.copilot/hooks/vigie.json" "$tmp/err")"

# A file that is not JSON is refused, with where, and left untouched.
printf '{\n  "hooks": {\n    "PreToolUse": [,]\n  }\n}\n' >"$tmp/bad.json"
cp "$tmp/bad.json" "$tmp/bad.orig"
"$vigie" install claude --file "$tmp/bad.json" --policy "$tmp/policy.vigie" 2>"$tmp/err"; rc=$?
expect "not JSON: exit 1" 1 "$rc"
expect "not JSON: FILE:LINE:COL" 1 "$(grep -c "^vigie install: $tmp/bad.json:3:20: not JSON" "$tmp/err")"
expect "not JSON: the file is untouched" same "$(same "$tmp/bad.orig" "$tmp/bad.json")"
printf '{"hooks": {"PreToolUse": {"matcher": "x"}}}\n' >"$tmp/shape.json"
"$vigie" install claude --file "$tmp/shape.json" --policy "$tmp/policy.vigie" 2>"$tmp/err"; rc=$?
expect "hooks.PreToolUse not an array: exit 1, said" "1 1" "$rc $(grep -c '`hooks.PreToolUse` is not an array' "$tmp/err")"
printf '[1, 2]\n' >"$tmp/arr.json"
"$vigie" uninstall cursor --file "$tmp/arr.json" 2>"$tmp/err"; rc=$?
expect "not an object: exit 1" "1 1" "$rc $(grep -c 'not a JSON object' "$tmp/err")"

{ printf '{'; seq 1 10001 | awk '{printf "%s\"k%d\": 1", ($1 > 1 ? ", " : ""), $1}'; printf '}\n'; } >"$tmp/many.json"
cp "$tmp/many.json" "$tmp/many.orig"
"$vigie" install gemini --file "$tmp/many.json" --policy "$tmp/policy.vigie" 2>"$tmp/err"; rc=$?
expect "over 10000 keys: exit 1, said, untouched (limits::config_members)" "1 1 same" \
  "$rc $(grep -c 'more than 10000 keys' "$tmp/err") $(same "$tmp/many.orig" "$tmp/many.json")"

# A configuration file that is a symlink (dotfiles) stays one: its target is rewritten.
mkdir -p "$tmp/dotfiles"; cp "$src/claude-settings.json" "$tmp/dotfiles/settings.json"
ln -s "$tmp/dotfiles/settings.json" "$tmp/link.json"
"$vigie" install claude --file "$tmp/link.json" --policy "$tmp/policy.vigie" 2>/dev/null
expect "symlink: still a symlink, its target has the hook" "link 2" \
  "$([ -L "$tmp/link.json" ] && echo link || echo file) $(grep -c 'hook claude' "$tmp/dotfiles/settings.json")"
"$vigie" uninstall claude --file "$tmp/link.json" 2>/dev/null
expect "symlink: uninstall restores the target" same "$(same "$src/claude-settings.json" "$tmp/dotfiles/settings.json")"

# A file in another layout is rewritten as 2-space JSON, with a note; nothing is lost.
printf '{"model":"opus","hooks":{"Stop":[{"hooks":[{"type":"command","command":"x"}]}]}}' >"$tmp/compact.json"
"$vigie" install claude --file "$tmp/compact.json" --policy "$tmp/policy.vigie" 2>"$tmp/err"
expect "compact JSON: a note says it is reformatted" 1 "$(grep -c 'rewritten as 2-space JSON' "$tmp/err")"
"$vigie" uninstall claude --file "$tmp/compact.json" 2>/dev/null
expect "compact JSON: after uninstall the content is the same" \
  '{"model":"opus","hooks":{"Stop":[{"hooks":[{"type":"command","command":"x"}]}]}}' "$(jq -c . "$tmp/compact.json")"

# Bad usage.
"$vigie" install 2>/dev/null; expect "no harness: exit 2" 2 $?
"$vigie" install vscode 2>/dev/null; expect "unknown harness: exit 2" 2 $?
"$vigie" install opencode 2>"$tmp/err"; expect "opencode: no file to write, exit 2" "2 1" "$? $(grep -c docs/install.md "$tmp/err")"
"$vigie" install claude --user --project 2>/dev/null; expect "--user and --project: exit 2" 2 $?
"$vigie" uninstall claude --policy x 2>/dev/null; expect "uninstall --policy: exit 2" 2 $?

finish
