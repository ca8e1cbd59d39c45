#!/usr/bin/env bash
# The `vigie check` contract (issue 4): one JSON decision per request on stdout; exit 0 when every
# decision is allow, 3 when any is deny, 4 when any is ask and none is deny, 1 on a policy error,
# 2 on bad usage; with --jsonl, one decision per line, in order.
# Usage: tests/cli/check_test.sh path/to/vigie   (run from the source root; ctest does)
. "$(dirname "$0")/lib.sh"
needs jq

guard=rules/shell-guard.vigie
team=rules/escouade-team.vigie
ctx=(--cwd /srv/app --project /srv/app --home /home/u)

out=$("$vigie" check --policy $guard "${ctx[@]}" --command 'echo $(rm -rf ~)'); rc=$?
expect "check: \`echo \$(rm -rf ~)\` on shell-guard is denied" deny "$(jq -r .decision <<<"$out")"
expect "check: a deny exits 3" 3 $rc
expect "check: a deny carries a message" true "$(jq '.message | length > 0' <<<"$out")"
expect "check: a deny names its rule" true "$(jq '.rule.id | length > 0' <<<"$out")"
expect "check: one JSON line per request" 1 "$(wc -l <<<"$out" | tr -d ' ')"

out=$("$vigie" check --policy $guard "${ctx[@]}" --command 'ls -la && git status'); rc=$?
expect "check: \`ls -la && git status\` is allowed" allow "$(jq -r .decision <<<"$out")"
expect "check: an allow exits 0" 0 $rc

out=$("$vigie" check --policy $team "${ctx[@]}" --command 'cargo build'); rc=$?
expect "check: \`cargo build\` on escouade-team is asked" ask "$(jq -r .decision <<<"$out")"
expect "check: an ask exits 4" 4 $rc

out=$("$vigie" check --policy $team "${ctx[@]}" --non-interactive --command 'cargo build'); rc=$?
expect "check: --non-interactive turns an ask into a deny" deny "$(jq -r .decision <<<"$out")"
expect "check: ... which exits 3" 3 $rc

cat >"$tmp/req.json" <<'JSON'
{"request": {"id": "req_perm", "kind": "command", "tool": "Bash",
  "input": {"command": "rm -rf build", "description": "Supprime le dossier build"}},
 "project": {"id": "8c1f", "name": "Escouade", "private": false},
 "agent": {"id": "5b7d", "name": "esc-180"}}
JSON
out=$("$vigie" check --policy $team "${ctx[@]}" --request "$tmp/req.json"); rc=$?
expect "check --request: Escouade's shape is judged" "deny team.no-rm-rf 3" \
  "$(jq -r '.decision + " " + .rule.id' <<<"$out") $rc"
out=$("$vigie" check --policy $team "${ctx[@]}" --request - <"$tmp/req.json"); rc=$?
expect "check --request -: reads stdin" "deny 3" "$(jq -r .decision <<<"$out") $rc"

# --jsonl: in order, blank lines skipped, an unreadable line still gets a decision (ask).
printf '%s\n' \
  '{"tool": "Bash", "input": {"command": "npm test"}}' \
  '' \
  '{"tool": "Bash", "input": {"command": "git push -f"}}' \
  'this is not json' \
  '{"tool": "Bash", "input": {"command": "git status"}}' \
  '{"tool": "Bash", "input": {"command": "cargo build"}}' >"$tmp/in.jsonl"
out=$("$vigie" check --policy $team "${ctx[@]}" --jsonl <"$tmp/in.jsonl"); rc=$?
expect "check --jsonl: one decision per request line, in order" "allow deny ask allow ask" \
  "$(jq -r .decision <<<"$out" | tr '\n' ' ' | sed 's/ $//')"
expect "check --jsonl: an unreadable line is an error decision, not a crash" true \
  "$(sed -n 3p <<<"$out" | jq '.error != null and .decision == "ask"')"
expect "check --jsonl: any deny exits 3" 3 $rc
out=$(printf '%s\n' '{"tool": "Bash", "input": {"command": "npm test"}}' \
  '{"tool": "Bash", "input": {"command": "cargo build"}}' |
  "$vigie" check --policy $team "${ctx[@]}" --jsonl); rc=$?
expect "check --jsonl: asks and no deny exit 4" 4 $rc
out=$(printf '%s\n' '{"tool": "Bash", "input": {"command": "npm test"}}' |
  "$vigie" check --policy $team "${ctx[@]}" --jsonl); rc=$?
expect "check --jsonl: all allowed exits 0" 0 $rc

"$vigie" check --command 'ls' >/dev/null 2>"$tmp/err"; rc=$?
expect "check: no --policy is bad usage (exit 2)" 2 $rc
"$vigie" check --policy $team --bogus >/dev/null 2>&1; rc=$?
expect "check: an unknown option is bad usage (exit 2)" 2 $rc
"$vigie" check --policy $team --command ls --jsonl </dev/null >/dev/null 2>&1; rc=$?
expect "check: two inputs are bad usage (exit 2)" 2 $rc
"$vigie" check --policy $team >/dev/null 2>&1; rc=$?
expect "check: no input is bad usage (exit 2)" 2 $rc
"$vigie" check --policy $team --command >/dev/null 2>&1; rc=$?
expect "check: an option without its value is bad usage (exit 2)" 2 $rc
"$vigie" check --policy "$tmp/missing.vigie" --command ls >/dev/null 2>"$tmp/err"; rc=$?
expect "check: a missing policy exits 1" 1 $rc
expect "check: ... and says so on stderr" true "$([ -s "$tmp/err" ] && echo true || echo false)"
printf 'policy "broken"\nmode read_only\n' >"$tmp/broken.vigie"
"$vigie" check --policy "$tmp/broken.vigie" --command ls >/dev/null 2>&1; rc=$?
expect "check: a policy with errors exits 1" 1 $rc

out=$("$vigie" explain --policy $team "${ctx[@]}" --command 'npm test && rm -rf node_modules'); rc=$?
expect "explain: prints the winner" true \
  "$(grep -q '^decision: deny by team.no-rm-rf' <<<"$out" && echo true || echo false)"
expect "explain: same exit codes as check" 3 $rc

# --mode takes what policy files and requests take (one parser: the seed spellings too).
out=$("$vigie" check --policy $guard "${ctx[@]}" --mode full --command 'ls'); rc=$?
expect "check: --mode full (seed 002) is accepted" 0 $rc
out=$("$vigie" check --policy $guard "${ctx[@]}" --mode deny --command 'ls'); rc=$?
expect "check: --mode deny (seed 000) is read-only" deny "$(jq -r .decision <<<"$out")"
"$vigie" check --policy $guard --mode read_only --command ls >/dev/null 2>"$tmp/err"; rc=$?
expect "check: --mode read_only is bad usage" 2 $rc
expect "check: ... with a did-you-mean" true "$(grep -q 'did you mean `readonly`' "$tmp/err" && echo true || echo false)"

# explain shows a line's control characters as escapes: an escape sequence or a carriage return
# in the line cannot rewrite what the human reads above it.
line=$(printf 'rm x # \033[2K\033[1A\rdecision: allow')
out=$("$vigie" explain --policy $team "${ctx[@]}" --command "$line")
expect "explain: no raw escape or carriage return in its output" 0 \
  "$(printf '%s' "$out" | tr -cd '\033\r' | wc -c | tr -d ' ')"
expect "explain: ... they are shown as \\x1b and \\r" true \
  "$(grep -qF 'rm x # \x1b[2K\x1b[1A\rdecision: allow' <<<"$out" && echo true || echo false)"

# Effects: what a line touches, as explain and parse --effects show it.
out=$("$vigie" explain --policy $team "${ctx[@]}" --command 'cat a > out.txt')
expect "explain: lists the write of a redirection" true \
  "$(grep -q 'writes "out.txt" (redirect: >)' <<<"$out" && echo true || echo false)"
out=$("$vigie" parse --effects --json -c 'tar czf /tmp/x.tgz src'); rc=$?
expect "parse --effects: exit 0" 0 $rc
expect "parse --effects: the archive is written" '{"access":"write","path":"/tmp/x.tgz","from":"option"}' \
  "$(jq -c '.commands[0].effects[0]' <<<"$out")"
expect "parse --effects: the operand is read" '{"access":"read","path":"src","from":"operand"}' \
  "$(jq -c '.commands[0].effects[1]' <<<"$out")"

# Seed 004: « quand le même appel d'outil, avec exactement les mêmes arguments, revient une
# quatrième fois de suite, l'appel est bloqué » and « En mode non interactif, le code de sortie
# est le même, 3 ». `--session` keeps one session across the lines of a run.
gw=rules/gateway.vigie
for i in 1 2 3 4; do echo '{"tool": "Read", "input": {"file_path": "src/lib.rs"}}'; done >"$tmp/loop.jsonl"
out=$("$vigie" check --policy $gw "${ctx[@]}" --non-interactive --jsonl --session <"$tmp/loop.jsonl"); rc=$?
expect "check --session: three identical reads pass" "allow allow allow" \
  "$(jq -r .decision <<<"$out" | head -3 | tr '\n' ' ' | sed 's/ $//')"
expect "check --session: the 4th identical call in a row is denied" "deny session.loop" \
  "$(jq -r '.decision + " " + .rule.id' <<<"$out" | tail -1)"
expect "check --session: ... with the do-not-retry message" true \
  "$(jq -r .message <<<"$out" | tail -1 | grep -qi 'do not retry' && echo true || echo false)"
expect "check --session: a run stopped by a bound exits 3" 3 $rc
out=$("$vigie" check --policy $gw "${ctx[@]}" --non-interactive --jsonl <"$tmp/loop.jsonl"); rc=$?
expect "check without --session: no loop detection across lines" "allow allow allow allow" \
  "$(jq -r .decision <<<"$out" | tr '\n' ' ' | sed 's/ $//')"
expect "check without --session: exit 0" 0 $rc
for i in $(seq 1 151); do echo "{\"tool\": \"Read\", \"input\": {\"file_path\": \"src/f$i.rs\"}}"; done >"$tmp/budget.jsonl"
out=$("$vigie" check --policy $gw "${ctx[@]}" --non-interactive --jsonl --session <"$tmp/budget.jsonl"); rc=$?
expect "check --session: the 151st action is past the 150-action budget" "deny session.budget.actions" \
  "$(jq -r '.decision + " " + .rule.id' <<<"$out" | tail -1)"
expect "check --session: ... exit 3" 3 $rc

# Seed 004: the project is the git root. With --cwd repo/sub and no --project, a file of the
# repository is inside the project and one beside it is not.
mkdir -p "$tmp/repo/.git" "$tmp/repo/sub" "$tmp/beside"
echo "{\"tool\": \"Read\", \"input\": {\"file_path\": \"$tmp/repo/README.md\"}}" >"$tmp/in-repo.json"
echo "{\"tool\": \"Read\", \"input\": {\"file_path\": \"$tmp/beside/x\"}}" >"$tmp/beside.json"
out=$("$vigie" check --policy $gw --cwd "$tmp/repo/sub" --home /home/u --request "$tmp/in-repo.json")
expect "check: no --project, the git root is the project" allow "$(jq -r .decision <<<"$out")"
out=$("$vigie" check --policy $gw --cwd "$tmp/repo/sub" --home /home/u --request "$tmp/beside.json")
expect "check: ... and a path beside the repository is outside it" "deny paths.workspace-only" \
  "$(jq -r '.decision + " " + .rule.id' <<<"$out")"
out=$("$vigie" check --policy $gw --cwd "$tmp/beside" --home /home/u --request "$tmp/in-repo.json")
expect "check: outside a repository, the cwd is the project" "deny paths.workspace-only" \
  "$(jq -r '.decision + " " + .rule.id' <<<"$out")"

# Hostile bytes (fail closed, never an internal error): a command that is not UTF-8, a request
# with a NUL byte after its JSON document (nlohmann's reader would stop there).
out=$("$vigie" check --policy $guard "${ctx[@]}" --command "$(printf 'ls \377')"); rc=$?
expect "check: a command that is not UTF-8 is asked" "ask request.invalid" \
  "$(jq -r '.decision + " " + .rule.id' <<<"$out")"
expect "check: ... with the ask exit code" 4 $rc
out=$("$vigie" explain --policy $guard "${ctx[@]}" --command "ls \$'\\xff'"); rc=$?
expect "explain: words that are not UTF-8 are printed, not an error" 0 $rc
printf '{"tool":"Bash","input":{"command":"ls"}}\0{"tool":"Bash","input":{"command":"rm -rf /"}}' \
  >"$tmp/nul.json"
out=$("$vigie" check --policy $guard "${ctx[@]}" --request "$tmp/nul.json"); rc=$?
expect "check: a NUL after the JSON document makes the request invalid" "ask request.invalid" \
  "$(jq -r '.decision + " " + .rule.id' <<<"$out")"

for bad in "=" "a=" "=b" "rel=/etc" "/x="; do
  "$vigie" check --policy $guard "${ctx[@]}" --symlink "$bad" --command ls >/dev/null 2>&1; rc=$?
  expect "check: --symlink $bad is bad usage" 2 $rc
done

finish
