# Sourced at the top of each CLI transcript test (tests/cli/*_test.sh), with the test's own
# arguments: `. "$(dirname "$0")/lib.sh"`. It takes the binary from $1 (made absolute), moves to
# the source root, makes a temporary folder $tmp removed at exit, and gives the checks:
#   expect NAME EXPECTED ACTUAL   ok/FAIL line; a failure counts and shows both values
#   ok NAME, ko NAME EXPECTED ACTUAL
#   needs TOOL                    stops the test (failed) when TOOL is not installed
#   finish                        "NAME: all passed" and exit 0, or "NAME: N failed" and exit 1
# $fails counts the failures, $runs the expects.
set -u
test_name=$(basename "$0" .sh)
vigie=${1:?usage: $test_name.sh path/to/vigie   (run from the source root; ctest does)}
case $vigie in */*) vigie=$(cd "$(dirname "$vigie")" && pwd)/$(basename "$vigie") ;; esac
cd "$(dirname "$0")/../.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0 runs=0
# The harnesses' project variables would set a hook's project root (cli/hook_cmd.cpp): the tests
# set them where they mean to.
unset CLAUDE_PROJECT_DIR GEMINI_PROJECT_DIR CURSOR_PROJECT_DIR

ok() { echo "ok   - $1"; }
ko() {
  echo "FAIL - $1"
  echo "       expected: $2"
  echo "       actual:   $3"
  fails=$((fails + 1))
}
expect() {
  runs=$((runs + 1))
  if [ "$2" == "$3" ]; then ok "$1"; else ko "$1" "$2" "$3"; fi
}
needs() { command -v "$1" >/dev/null || { echo "$test_name: $1 is required"; exit 1; }; }
finish() {
  if [ "$fails" -ne 0 ]; then
    echo "$test_name: $fails failed"
    exit 1
  fi
  echo "$test_name: all passed"
  exit 0
}
