#!/usr/bin/env python3
"""A scripted ACP agent for tests/cli/acp_test.sh.

usage: fake_agent.py SCRIPT.json LOG
Lines read are appended to LOG exactly as read; lines sent to LOG.sent, except those of a step
marked "answered": true (the ones vigie must answer itself instead of passing them on).
SCRIPT is a JSON list of steps, run in order:
  {"send": OBJ}          write OBJ as one JSON line on stdout
  {"send_raw": TEXT}     write TEXT as it is (it carries its own newline, or not)
  {"send": OBJ, "pad": N}   OBJ with N bytes of padding in params.pad
  {"send": OBJ, "pad_raw": N}   ... in params.update.rawInput.content (a big tool call)
  {"recv": K}            read K lines from stdin, append each (exactly as read) to LOG
  {"recv_eof": true}     read lines to the end of stdin, appending them to LOG
  {"exit": N}            exit with status N now
  {"kill": SIG}          kill itself with signal SIG
At the end of the script it exits 0.
"""
import json, os, signal, sys

script = json.load(open(sys.argv[1]))
log = open(sys.argv[2], "ab", buffering=0)
sent = open(sys.argv[2] + ".sent", "ab", buffering=0)
out = sys.stdout.buffer
inp = sys.stdin.buffer


def send(data, step):
    if not step.get("answered"):
        sent.write(data)
    try:
        out.write(data)
        out.flush()
    except BrokenPipeError:
        sys.exit(32)


for step in script:
    if "send" in step:
        msg = step["send"]
        if "pad" in step:
            msg["params"]["pad"] = "x" * step["pad"]
        if "pad_raw" in step:
            msg["params"]["update"]["rawInput"]["content"] = "x" * step["pad_raw"]
        send(json.dumps(msg, ensure_ascii=False).encode() + b"\n", step)
    elif "send_raw" in step:
        send(step["send_raw"].encode(), step)
    elif "recv" in step:
        for _ in range(step["recv"]):
            line = inp.readline()
            if not line:
                break
            log.write(line)
    elif "recv_eof" in step:
        for line in inp:
            log.write(line)
    elif "exit" in step:
        sys.exit(step["exit"])
    elif "kill" in step:
        os.kill(os.getpid(), getattr(signal, step["kill"]))
sys.exit(0)
