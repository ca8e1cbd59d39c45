#!/usr/bin/env bash
# The options every deciding subcommand shares (cli/context.hpp): check, explain, serve, hook and
# acp parse --mode with the library's one parser (every spelling a policy file or a request
# accepts, and the same decision for each spelling of a mode), reject a bad mode and a flag
# without its value with the same message and exit 2, take the journal options alike, and
# default home to $HOME.
# Usage: tests/cli/context_test.sh path/to/vigie   (run from the source root; ctest does)
. "$(dirname "$0")/lib.sh"

# A policy whose answer to an edit in the project is the mode's: readonly deny, ask ask, auto allow.
printf 'policy "modes"\nmode ask\n' >"$tmp/p.vigie"
edit='"tool_input":{"file_path":"/p/src/a.txt","old_string":"a","new_string":"b"}'
printf '{"tool":"Edit",%s}\n' "${edit/tool_input/input}" >"$tmp/check.json"
printf '{"jsonrpc":"2.0","id":1,"method":"permissions/decide","params":{"request":{"id":"e","tool":"Edit",%s}}}\n' \
  "${edit/tool_input/input}" >"$tmp/serve.jsonl"
printf '{"hook_event_name":"PreToolUse","tool_name":"Edit","cwd":"/p",%s}\n' "$edit" >"$tmp/hook.json"
: >"$tmp/empty"

# Each subcommand: its words before the flags, its words after them, its stdin.
commands=(check explain serve hook acp)
declare -A before=([check]="check" [explain]="explain" [serve]="serve" [hook]="hook claude" [acp]="acp")
declare -A after=([check]="--request $tmp/check.json" [explain]="--request $tmp/check.json"
                  [serve]="" [hook]="" [acp]="-- true")
declare -A input=([check]=empty [explain]=empty [serve]=serve.jsonl [hook]=hook.json [acp]=empty)
declare -A name=([check]=check [explain]=explain [serve]=serve [hook]=hook [acp]=acp)
ctx() { [ "$1" = hook ] && echo "--project /p --home /h" || echo "--cwd /p --project /p --home /h"; }

# run CMD [FLAGS...]: the subcommand with the policy, its context and the flags; out, err, rc.
run() {
  local c=$1; shift
  # shellcheck disable=SC2086
  "$vigie" ${before[$c]} --policy "$tmp/p.vigie" $(ctx "$c") "$@" ${after[$c]} \
    <"$tmp/${input[$c]}" >"$tmp/out" 2>"$tmp/err"
  echo $? >"$tmp/rc"
}

# --- every spelling of a mode, the same answer ----------------------------------------------------
for c in "${commands[@]}"; do
  for pair in readonly:readonly deny:readonly ask:ask supervised:ask auto:auto full:auto; do
    spelling=${pair%%:*} canonical=${pair##*:}
    run "$c" --mode "$canonical"; want_out=$(cat "$tmp/out") want_rc=$(cat "$tmp/rc")
    run "$c" --mode "$spelling"
    expect "$c: --mode $spelling is accepted (no usage error)" "" "$(cat "$tmp/err")"
    expect "$c: --mode $spelling answers as --mode $canonical" "$want_rc|$want_out" \
      "$(cat "$tmp/rc")|$(cat "$tmp/out")"
  done
done

# The modes do differ (the table above compares something): check's three answers.
for pair in readonly:deny ask:ask auto:allow; do
  run check --mode "${pair%%:*}"
  expect "check: --mode ${pair%%:*} -> ${pair##*:}" "\"decision\":\"${pair##*:}\"" \
    "$(grep -o '"decision":"[a-z]*"' "$tmp/out")"
done

# --- a bad mode, a missing value: the same message and exit 2 everywhere -----------------------------
for c in "${commands[@]}"; do
  n=${name[$c]}
  run "$c" --mode read_only
  expect "$n: --mode read_only exits 2" 2 "$(cat "$tmp/rc")"
  expect "$n: --mode read_only: the shared message" \
    "vigie $n: \`--mode\` takes readonly, ask or auto (or the seed spellings deny, supervised, full): did you mean \`readonly\`?
(run \`vigie $n --help\`)" "$(cat "$tmp/err")"
  expect "$n: --mode read_only: nothing on stdout" "" "$(cat "$tmp/out")"
  run "$c" --mode sometimes
  expect "$n: --mode sometimes: no suggestion" \
    "vigie $n: \`--mode\` takes readonly, ask or auto (or the seed spellings deny, supervised, full)
(run \`vigie $n --help\`)" "$(cat "$tmp/err")"
  for flag in --policy --project --home --mode --agent; do
    # shellcheck disable=SC2086
    "$vigie" ${before[$c]} $flag </dev/null >"$tmp/out" 2>"$tmp/err"
    expect "$n: $flag without its value exits 2" 2 "$?"
    expect "$n: $flag without its value: the shared message" \
      "vigie $n: \`$flag\` needs a value
(run \`vigie $n --help\`)" "$(cat "$tmp/err")"
  done
done

# --- the journal options: the same in every command that keeps a journal (acp keeps none) ------
for c in check explain serve hook; do
  n=${name[$c]}
  for flag in --journal --redact; do
    # shellcheck disable=SC2086
    "$vigie" ${before[$c]} --policy "$tmp/p.vigie" $flag </dev/null >"$tmp/out" 2>"$tmp/err"
    expect "$n: $flag without its value exits 2" 2 "$?"
    expect "$n: $flag without its value: the shared message" \
      "vigie $n: \`$flag\` needs a value
(run \`vigie $n --help\`)" "$(cat "$tmp/err")"
  done
  run "$c" --journal "$tmp/journal-$c.jsonl" --no-default-redactions
  expect "$n: --journal FILE: one line journaled" 1 "$(wc -l <"$tmp/journal-$c.jsonl" | tr -d ' ')"
done
run acp --journal "$tmp/journal-acp.jsonl"
expect "acp: --journal is not an acp option" 2 "$(cat "$tmp/rc")"

# --- home defaults to $HOME -----------------------------------------------------------------------
printf 'policy "home"\nmode auto\npaths {\n  deny write ~/secret "Not the secret."\n}\n' >"$tmp/home.vigie"
printf '{"tool":"Edit","input":{"file_path":"/hh/secret/k","old_string":"a","new_string":"b"}}\n' \
  >"$tmp/home.json"
out=$(HOME=/hh "$vigie" check --policy "$tmp/home.vigie" --cwd /p --project /p --request "$tmp/home.json")
expect "check: without --home, ~ is \$HOME" '"decision":"deny"' "$(grep -o '"decision":"[a-z]*"' <<<"$out")"
out=$(HOME=/hh "$vigie" check --policy "$tmp/home.vigie" --cwd /p --project /p --home /other \
  --request "$tmp/home.json")
expect "check: --home beats \$HOME" '"decision":"allow"' "$(grep -o '"decision":"[a-z]*"' <<<"$out")"

finish
