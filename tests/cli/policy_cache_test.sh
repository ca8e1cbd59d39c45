#!/usr/bin/env bash
# The compiled-policy cache (`compile_file_cached`; `vigie check`, `vigie explain`, `vigie acp`):
# decisions through the cache, cold and warm, are byte-identical to a compile, for every policy
# of rules/ and a set of requests; an edit of the policy or of a file it includes is seen at
# once; a corrupt, truncated, foreign or empty cache file is never trusted (the policy is
# compiled again and the entry rewritten); a cache folder that cannot be written changes
# nothing; a policy with errors is never cached.
# Usage: tests/cli/policy_cache_test.sh path/to/vigie   (run from the source root; ctest does)
. "$(dirname "$0")/lib.sh"

requests=tests/cli/cache/requests.jsonl
export XDG_CACHE_HOME=$tmp/xdg
unset VIGIE_NO_CACHE
cache=$XDG_CACHE_HOME/vigie
check() { # policy [extra args]: decisions of every request, then the exit status
  "$vigie" check --policy "$1" --cwd /srv/app --home /home/u --jsonl "${@:2}" <$requests 2>&1
  echo "exit $?"
}
entries() { find "$cache" -name '*.vpc' 2>/dev/null | wc -l | tr -d ' '; }

# --- the same decisions, cold and warm ---------------------------------------------------------
for p in rules/*.vigie tests/cli/cache/main.vigie tests/cli/acp/policy.vigie; do
  VIGIE_NO_CACHE=1 check "$p" >"$tmp/plain"
  rm -rf "$cache"
  check "$p" >"$tmp/cold"
  check "$p" >"$tmp/warm"
  if cmp -s "$tmp/plain" "$tmp/cold" && cmp -s "$tmp/plain" "$tmp/warm"; then
    ok "cache: $p decides the same, compiled, cold and warm"
  else
    ko "cache: $p decides the same, compiled, cold and warm" "$(md5sum <"$tmp/plain")" \
      "cold $(md5sum <"$tmp/cold") warm $(md5sum <"$tmp/warm")"
  fi
  expect "cache: $p has one cache entry" 1 "$(entries)"
done
VIGIE_NO_CACHE=1 check rules/example.vigie >/dev/null
rm -rf "$cache"
VIGIE_NO_CACHE=1 check rules/example.vigie >/dev/null
expect "cache: VIGIE_NO_CACHE=1 writes nothing" 0 "$(entries)"

# --- edits are seen at once --------------------------------------------------------------------
mkdir -p "$tmp/p"
cp tests/cli/cache/main.vigie tests/cli/cache/team.vigie "$tmp/p/"
decide() { # command: the decision for it under $tmp/p/main.vigie
  "$vigie" check --policy "$tmp/p/main.vigie" --cwd /srv/app --home /home/u --command "$1" |
    sed -n 's/^{"decision":"\([a-z]*\)".*/\1/p'
}
rm -rf "$cache"
expect "cache: cargo build is asked (the include)" ask "$(decide 'cargo build')"
expect "cache: again, from the cache" ask "$(decide 'cargo build')"
expect "cache: a regex rule, read back from the cache" allow "$(decide 'x42')"
sed -i 's/^  ask   cargo build/  deny  cargo build/' "$tmp/p/team.vigie"
expect "cache: an edit of the included file is seen" deny "$(decide 'cargo build')"
sed -i 's/^  allow git status/  deny  git status/' "$tmp/p/main.vigie"
expect "cache: an edit of the main file is seen" deny "$(decide 'git status')"
expect "cache: one entry per policy path, rewritten in place" 1 "$(entries)"

# --- a cache file that cannot be trusted -------------------------------------------------------
entry=$(find "$cache" -name '*.vpc' | head -n 1)
size=$(wc -c <"$entry")
for damage in flip truncate empty garbage header; do
  decide 'cargo build' >/dev/null  # a valid entry
  case $damage in
    flip) printf 'Z' | dd of="$entry" bs=1 seek=$((size / 2)) conv=notrunc status=none ;;
    truncate) truncate -s $((size / 2)) "$entry" ;;
    empty) : >"$entry" ;;
    garbage) head -c "$size" /dev/urandom >"$entry" ;;
    header) printf 'vigie-policy-cache\n\377\377\377\377' >"$entry" ;;
  esac
  expect "cache: a $damage cache entry is not trusted: the policy is compiled" deny \
    "$(decide 'cargo build')"
  expect "cache: ... and the entry is written again" "$size" "$(wc -c <"$entry" | tr -d ' ')"
  expect "cache: ... and read back (a regex rule, now deny)" deny "$(decide 'x7')"
done

# --- another vigie binary (rebuilt, reinstalled) never reads this one's entries ----------------
decide 'cargo build' >/dev/null
cp "$(find "$cache" -name '*.vpc' | head -n 1)" "$tmp/entry.before"
cp "$vigie" "$tmp/vigie-copy"
"$tmp/vigie-copy" check --policy "$tmp/p/main.vigie" --command 'cargo build' >/dev/null
if cmp -s "$tmp/entry.before" "$(find "$cache" -name '*.vpc' | head -n 1)"; then
  ko "cache: another binary compiles and writes its own entry" "a new entry" "the same entry"
else
  ok "cache: another binary compiles and writes its own entry"
fi

# --- a cache another user could write is not used ----------------------------------------------
rm -rf "$cache"
decide 'cargo build' >/dev/null
chmod 0770 "$cache"
rm -f "$cache"/*.vpc
expect "cache: a group-writable cache folder: the policy is compiled" deny "$(decide 'cargo build')"
expect "cache: ... and nothing is written there" 0 "$(entries)"
chmod 0700 "$cache"
decide 'cargo build' >/dev/null
chmod 0664 "$cache"/*.vpc
expect "cache: a group-writable entry is not read (compiled, same decision)" deny "$(decide 'cargo build')"
expect "cache: ... and it is replaced by a private one" 600 "$(stat -c %a "$cache"/*.vpc)"

# --- a cache folder that cannot be written, a policy with errors -------------------------------
: >"$tmp/notadir"
XDG_CACHE_HOME=$tmp/notadir expect "cache: a cache folder that cannot be made changes nothing" \
  deny "$(XDG_CACHE_HOME=$tmp/notadir decide 'cargo build')"
rm -rf "$cache"
printf 'policy "broken"\ncommands {\n  allow "git status\n}\n' >"$tmp/p/broken.vigie"
"$vigie" check --policy "$tmp/p/broken.vigie" --command 'git status' >/dev/null 2>&1
expect "cache: a policy that does not compile -> exit 1" 1 "$?"
expect "cache: ... and nothing is cached" 0 "$(entries)"

finish
