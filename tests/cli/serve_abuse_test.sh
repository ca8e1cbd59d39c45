#!/usr/bin/env bash
# `vigie serve` keeps answering under abuse (issue 10): 10,000 requests interleaved with garbage,
# lines longer than the request limit, JSON nested past the depth limit, JSON-RPC batches, and a
# client that disconnects mid-line. Every line gets exactly one reply, in order; no reply to a
# broken request says allow; the process answers to the end and exits 0 at end of input.
# The inputs are generated here (tests/cli/serve_abuse.py is written to a temporary folder).
# Usage: tests/cli/serve_abuse_test.sh path/to/vigie   (run from the source root; ctest does)
. "$(dirname "$0")/lib.sh"
needs python3

cat >"$tmp/abuse.py" <<'PY'
import json, random, subprocess, sys, threading, time

vigie, policy = sys.argv[1], sys.argv[2]
REQUEST_BYTES = 2097152  # grammar/limits.hpp request-bytes
DEPTH = 70000            # far past json-depth (256): SIGSEGV before the limit existed
random.seed(10)

fails = []
def check(cond, what):
    if not cond:
        fails.append(what)

def decide(i, command, extra=None):
    m = {"jsonrpc": "2.0", "id": i, "method": "permissions/decide",
         "params": {"request": {"id": "r%d" % i, "kind": "command", "tool": "Bash",
                                "input": {"command": command}},
                    "agent": {"id": "a", "name": "esc-180"}}}
    if extra is not None:
        m["params"]["request"]["input"]["x"] = extra
    return json.dumps(m)

COMMANDS = {"git status": "allow", "npm test": "allow", "rm -rf build": "deny",
            "git push --force origin main": "deny"}

# Each line with what its reply must be: ("decide", id, expected or None), ("error", code),
# ("deep", id), ("batch", [...]).
lines, expect = [], []
def add(line, e):
    lines.append(line)
    expect.append(e)

deep = "[" * DEPTH + "]" * DEPTH
n = 0
for i in range(10000):
    c = random.choice(sorted(COMMANDS))
    add(decide(i, c), ("decide", i, COMMANDS[c]))
    n += 1
    if i % 97 == 5:
        add(random.choice(["this is not json", "{", "}", "[1,", "\x00\x01\x02garbage",
                           "\"just a string\"", "{\"jsonrpc\": \"2.0\", \"id\": "]),
            ("error", None))
    if i % 101 == 7:
        # Deep in the input: never judged, answered for its id, never allow.
        add('{"jsonrpc": "2.0", "id": %d, "method": "permissions/decide", "params": '
            '{"request": {"tool": "Bash", "input": {"command": "git status", "x": %s}}}}'
            % (100000 + i, deep), ("deep", 100000 + i))
    if i % 499 == 11:
        # Deep and not an object: read as a batch of one array, which is not a request.
        add(deep, ("batch", [("error", -32600)]))
    if i % 1999 == 13:
        # Longer than the request limit (an allowed command inside): discarded unread.
        add(decide(200000 + i, "git status " + "a" * (REQUEST_BYTES + 10)), ("error", -32600))
    if i % 997 == 17:
        batch = [json.loads(decide(300000 + i, "git status")),
                 5,
                 {"jsonrpc": "2.0", "id": 310000 + i, "method": "permissions/decide",
                  "params": {"request": {"tool": "Bash", "input": "not an object"}}},
                 json.loads(decide(320000 + i, "rm -rf build"))]
        add(json.dumps(batch), ("batch", [("decide", 300000 + i, "allow"), ("error", None),
                                          ("error", -32602), ("decide", 320000 + i, "deny")]))
# The client disconnects mid-line: the cut line is answered (a parse error), then EOF.
cut = decide(999999, "git status")[:40]
expect.append(("error", -32700))

t0 = time.time()
p = subprocess.Popen([vigie, "serve", "--policy", policy, "--cwd", "/srv/app", "--project",
                      "/srv/app", "--home", "/home/u"],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

def writer():
    try:
        for l in lines:
            p.stdin.write(l.encode("utf-8", "surrogateescape") + b"\n")
        p.stdin.write(cut.encode())
        p.stdin.close()
    except BrokenPipeError:
        fails.append("serve closed its input early")

err_chunks = []
threading.Thread(target=writer, daemon=True).start()
threading.Thread(target=lambda: err_chunks.append(p.stderr.read()), daemon=True).start()

replies = []
for raw in p.stdout:
    replies.append(raw)
rc = p.wait(timeout=600)
elapsed = time.time() - t0

check(rc == 0, "serve exits 0 at end of input (got %s)" % rc)
check(len(replies) == len(expect),
      "one reply per line: %d lines, %d replies" % (len(expect), len(replies)))

def broken_ok(r, code):
    if not isinstance(r, dict) or "error" not in r or "result" in r:
        return False
    return code is None or r["error"].get("code") == code

def verify(r, e, where):
    kind = e[0]
    if kind == "decide":
        ok = isinstance(r, dict) and r.get("id") == e[1] and "result" in r
        check(ok, "%s: a result for id %s, in order (got %s)" % (where, e[1], str(r)[:200]))
        if ok and e[2]:
            check(r["result"].get("decision") == e[2],
                  "%s: id %s decided %s (got %s)" % (where, e[1], e[2], r["result"]))
    elif kind == "deep":
        ok = isinstance(r, dict) and r.get("id") == e[1] and "result" in r
        check(ok, "%s: deep request %s answered for its id (got %s)" % (where, e[1], str(r)[:200]))
        if ok:
            res = r["result"]
            check(res.get("decision") in ("ask", "deny") and res.get("rule") == "limits.json-depth"
                  and "256 levels" in res.get("error", ""),
                  "%s: deep request fails closed with the depth error (got %s)" % (where, res))
    elif kind == "error":
        check(broken_ok(r, e[1]), "%s: an error reply (code %s), never a result (got %s)"
              % (where, e[1], str(r)[:200]))
    elif kind == "batch":
        ok = isinstance(r, list) and len(r) == len(e[1])
        check(ok, "%s: a batch gets one array of %d replies (got %s)" % (where, len(e[1]), str(r)[:200]))
        if ok:
            for k, (rr, ee) in enumerate(zip(r, e[1])):
                verify(rr, ee, "%s[%d]" % (where, k))

for k, (raw, e) in enumerate(zip(replies, expect)):
    try:
        r = json.loads(raw)
    except ValueError:
        check(False, "reply %d is JSON" % k)
        continue
    verify(r, e, "line %d" % (k + 1))
    # No reply to a broken request ever says allow.
    if e[0] != "decide" and isinstance(r, dict):
        check(r.get("result", {}).get("decision") != "allow" if isinstance(r.get("result"), dict)
              else True, "line %d: a broken request is never allowed" % (k + 1))

requests = sum(1 for e in expect if e[0] == "decide")
print("serve_abuse: %d lines (%d requests), %d replies, %.1f s, rc %s"
      % (len(expect), requests, len(replies), elapsed, rc))
for f in fails[:20]:
    print("FAIL - " + f)
if len(fails) > 20:
    print("... and %d more" % (len(fails) - 20))
sys.exit(1 if fails else 0)
PY

if python3 "$tmp/abuse.py" "$vigie" rules/escouade-team.vigie; then
  echo "ok   - serve: every line of the abuse run answered, in order, never allowing a broken one"
else
  fails=1
fi

# A client that goes away without reading: serve stops when its output is closed, without
# hanging (SIGPIPE or a failed write), and never needs a kill.
python3 - "$vigie" <<'PY' || fails=$((fails + 1))
import subprocess, sys, time
p = subprocess.Popen([sys.argv[1], "serve", "--policy", "rules/escouade-team.vigie"],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
p.stdout.close()
line = b'{"jsonrpc": "2.0", "id": 1, "method": "ping"}\n'
try:
    for _ in range(2000):
        p.stdin.write(line)
    p.stdin.close()
except BrokenPipeError:
    pass
try:
    p.wait(timeout=60)
except subprocess.TimeoutExpired:
    p.kill()
    print("FAIL - serve: hangs when its client closes its end")
    sys.exit(1)
if p.returncode < 0:
    print("FAIL - serve: killed by signal %d when its client closes its end" % -p.returncode)
    sys.exit(1)
print("ok   - serve: a client that closes its end stops serve cleanly (exit %d)" % p.returncode)
PY

finish
