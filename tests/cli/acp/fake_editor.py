#!/usr/bin/env python3
"""A scripted ACP editor (client) for tests/cli/acp_test.sh: it runs the command it is given
(vigie acp ... -- agent) with pipes on its stdin and stdout, and follows a script.

usage: fake_editor.py SCRIPT.json LOG -- COMMAND...
Lines read are appended to LOG exactly as read, lines sent to LOG.sent.
SCRIPT is a JSON list of steps, run in order:
  {"send": OBJ} / {"send_raw": TEXT}   write to the command's stdin
  {"send": OBJ, "pad": N}   OBJ with N bytes of padding in params.pad
  {"recv": K}       read K lines from its stdout, append each (exactly as read) to LOG
  {"answer": ID}    read one line (appended to LOG); it must be a request: answer it with
                    {"outcome": {"outcome": "selected", "optionId": ID}}
  {"close": true}   close the command's stdin
  {"close_stdout": true}  stop reading the command's stdout (close it)
At the end: reads the rest of stdout into LOG, waits, and exits with the command's status
(as vigie returned it; 128+N for a signal).
"""
import json, subprocess, sys

script = json.load(open(sys.argv[1]))
log = open(sys.argv[2], "ab", buffering=0)
sent = open(sys.argv[2] + ".sent", "ab", buffering=0)
cmd = sys.argv[sys.argv.index("--") + 1:]
p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
closed_out = False


def send(data):
    sent.write(data)
    try:
        p.stdin.write(data)
        p.stdin.flush()
    except BrokenPipeError:
        pass


for step in script:
    if "send" in step:
        msg = step["send"]
        if "pad" in step:
            msg["params"]["pad"] = "x" * step["pad"]
        send(json.dumps(msg, ensure_ascii=False).encode() + b"\n")
    elif "send_raw" in step:
        send(step["send_raw"].encode())
    elif "recv" in step:
        for _ in range(step["recv"]):
            line = p.stdout.readline()
            if not line:
                break
            log.write(line)
    elif "answer" in step:
        line = p.stdout.readline()
        log.write(line)
        req = json.loads(line)
        resp = {"jsonrpc": "2.0", "id": req["id"],
                "result": {"outcome": {"outcome": "selected", "optionId": step["answer"]}}}
        send(json.dumps(resp).encode() + b"\n")
    elif "close" in step:
        try:
            p.stdin.close()
        except BrokenPipeError:
            pass
    elif "close_stdout" in step:
        p.stdout.close()
        closed_out = True
if not closed_out:
    for line in p.stdout:
        log.write(line)
rc = p.wait()
sys.exit(128 - rc if rc < 0 else rc)
