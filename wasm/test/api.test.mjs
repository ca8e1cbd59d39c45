// The package's API, through the WASM build: names and shapes that tools outside rely on.
import test from "node:test";
import assert from "node:assert/strict";
import { context, teamPolicy, vigie } from "./helpers.mjs";

const bash = (command, extra = {}) => ({ tool: "Bash", input: { command }, ...context, ...extra });

test("load() gives the documented surface", async () => {
  const v = await vigie();
  for (const f of ["compile", "parseShell", "parseShellJson", "parseShellAst", "format", "lint", "memory"]) {
    assert.equal(typeof v[f], "function", f);
  }
  assert.match(v.version, /^\d+\.\d+\.\d+/);
});

test("compile and decide: deny with the rule's message and id, allow, default ask", async () => {
  const v = await vigie();
  const policy = v.compile(teamPolicy, { file: "team.vigie" });
  assert.equal(policy.ok, true, JSON.stringify(policy.diagnostics));
  assert.equal(policy.name, "team");
  assert.deepEqual(
    policy.diagnostics.filter((d) => d.severity === "error"),
    [],
  );

  const d = policy.decide(bash("git status && git push -f origin main"));
  assert.equal(d.decision, "deny");
  assert.equal(d.message, "No force push: push a new commit instead.");
  assert.equal(d.rule.file, "team.vigie");
  assert.equal(d.rule.line, 4);
  assert.ok(d.rule.id.length > 0);

  assert.equal(policy.decide(bash("git status")).decision, "allow");
  assert.equal(policy.decide(bash("git diff && git status")).decision, "allow");
  assert.equal(policy.decide(bash("make install")).decision, "ask");
  policy.free();
});

test("decide accepts JSON strings and returns the same as objects", async () => {
  const v = await vigie();
  const policy = v.compile(teamPolicy, { file: "team.vigie" });
  const req = bash("git push --force");
  assert.deepEqual(policy.decide(JSON.stringify(req)), policy.decide(req));
  assert.deepEqual(JSON.parse(policy.decideJson(JSON.stringify(req))), policy.decide(req));
  policy.free();
});

test("a policy with errors: ok false, diagnostics with positions, decide fails closed", async () => {
  const v = await vigie();
  const policy = v.compile('policy "x"\nmode read_only\n', { file: "bad.vigie" });
  assert.equal(policy.ok, false);
  const errors = policy.diagnostics.filter((d) => d.severity === "error");
  assert.ok(errors.length >= 1);
  const e = errors[0];
  assert.equal(e.file, "bad.vigie");
  assert.equal(e.line, 2);
  for (const k of ["code", "column", "end_line", "end_column", "message", "help"]) {
    assert.ok(k in e, k);
  }
  const d = policy.decide(bash("ls"));
  assert.notEqual(d.decision, "allow");
  assert.ok(d.error);
  policy.free();
});

test("lint returns the diagnostics array", async () => {
  const v = await vigie();
  assert.deepEqual(
    v.lint(teamPolicy).filter((d) => d.severity === "error"),
    [],
  );
  const ds = v.lint('policy "x"\ncommands {\n  alow git status\n}\n', { file: "t.vigie" });
  assert.ok(Array.isArray(ds) && ds.length >= 1);
  assert.equal(ds[0].file, "t.vigie");
});

test("format returns ok, text and diagnostics, and is idempotent", async () => {
  const v = await vigie();
  const messy = 'policy   "team"\nmode ask\ncommands {\nallow git status\n}\n';
  const f = v.format(messy);
  assert.equal(f.ok, true, JSON.stringify(f.diagnostics));
  assert.equal(typeof f.text, "string");
  assert.equal(v.format(f.text).text, f.text);
  const broken = v.format('policy "x\n');
  assert.equal(broken.ok, false);
  assert.ok(broken.diagnostics.length >= 1);
});

test("parseShell lists commands with their context", async () => {
  const v = await vigie();
  const r = v.parseShell("ls && rm -rf ~");
  assert.equal(r.ok, true);
  assert.equal(r.commands.length, 2);
  assert.deepEqual(
    r.commands[1].argv.map((w) => w.text),
    ["rm", "-rf", "~"],
  );
  const bad = v.parseShell("echo 'unterminated");
  assert.equal(bad.ok, false);
  assert.ok(bad.errors[0].incomplete);
});

// parseShell builds the view from the module's numbers and strings (vigie_parse_view) and falls
// back to its JSON form: both must give the same objects, keys in the same order.
test("parseShell's view is its JSON form, on generated lines and edge cases", async () => {
  const v = await vigie();
  const { generateLines } = await import("../../bench/peers/gen.mjs");
  const edge = [
    "",
    "   ",
    "# only a comment",
    "FOO=1 BAR+=x git commit -m 'a b' > out.txt 2>&1",
    "a=(x y) ls",
    "cat <<'EOF' > f\nbody $x\nEOF\n",
    "cat <<EOF\n$(rm -rf x)\nEOF\n",
    "cat <<< 'here' 3<>f 4>&- <&0",
    "for f in *.py; do python \"$f\"; done",
    "echo ~ ~/x \"~\" $'a\\tb' $HOME ${x:-y} *.txt {a,b} `id`",
    "x() { rm -rf /; }; x &",
    "(cd sub && make) | tee log; ! true || false",
    "echo caf\u00e9 && ls 'r\u00e9sum\u00e9'",
    "echo \ud800",
    "echo 'unterminated",
    "if [[ -f x ]]; then :; fi; case $x in a) echo a;; esac",
    "echo $'\\xff'",
  ];
  const lines = [...edge, ...generateLines(3000, 7)];
  for (const line of lines) {
    const viaView = v.parseShell(line);
    const viaJson = JSON.parse(v.parseShellJson(line));
    assert.deepStrictEqual(viaView, viaJson, `line ${JSON.stringify(line)}`);
    assert.equal(JSON.stringify(viaView), JSON.stringify(viaJson), `key order, ${JSON.stringify(line)}`);
  }
});

test("includes come from the files option", async () => {
  const v = await vigie();
  const main = 'policy "main"\ninclude "base.vigie"\n';
  const base = 'commands {\n  deny rm -rf "No recursive delete."\n}\n';
  const policy = v.compile(main, { file: "main.vigie", files: { "base.vigie": base } });
  assert.equal(policy.ok, true, JSON.stringify(policy.diagnostics));
  const d = policy.decide(bash("rm -fr build"));
  assert.equal(d.decision, "deny");
  assert.equal(d.rule.file, "base.vigie");
  policy.free();
});

test("a virtual filesystem: symlinks are resolved before path rules", async () => {
  const v = await vigie();
  const src = 'policy "p"\nmode auto\npaths {\n  workspace .\n  deny ~/.ssh "No keys."\n}\n';
  const policy = v.compile(src, { file: "p.vigie" });
  assert.equal(policy.ok, true, JSON.stringify(policy.diagnostics));
  const req = {
    tool: "Read",
    input: { file_path: "/srv/app/notes" },
    cwd: "/srv/app",
    project_root: "/srv/app",
    home: "/home/u",
  };
  const fs = { symlinks: { "/srv/app/notes": "/home/u/.ssh/id_rsa" }, files: ["/home/u/.ssh/id_rsa"] };
  assert.equal(policy.decide(req, fs).decision, "deny");
  assert.notEqual(policy.decide(req).decision, "deny");
  policy.free();
});

test("nothing throws: garbage in, error values out", async () => {
  const v = await vigie();
  const policy = v.compile(teamPolicy);
  for (const req of ["", "not json", "[]", '{"tool": 3}', "{".repeat(100000)]) {
    const d = policy.decide(req);
    assert.notEqual(d.decision, "allow", req.slice(0, 20));
  }
  const deep = bash("echo " + "$(".repeat(5000) + ")".repeat(5000));
  assert.notEqual(policy.decide(deep).decision, "allow");
  assert.equal(policy.decide(bash("ls"), "{bad fs").decision, "ask");
  const cyclic = {};
  cyclic.self = cyclic;
  assert.equal(policy.decide(cyclic).decision, "ask");
  assert.equal(v.compile(teamPolicy, { files: 3 }).ok, false);
  assert.equal(v.compile(teamPolicy, "{not json").ok, false);
  assert.equal(v.compile("\u0000\uffff{{{{").ok, false);
  assert.equal(v.parseShell("$(".repeat(100000)).ok, false);
  // A lone surrogate reaches C++ as invalid UTF-8: still values, never an exception.
  assert.equal(typeof policy.decide(bash("echo \ud800 && git push -f")).decision, "string");
  assert.equal(typeof v.parseShell("echo \ud800").ok, "boolean");
  assert.equal(typeof v.compile('policy "\ud800"\n').ok, "boolean");
  assert.equal(typeof v.format('policy "\ud800"\n').ok, "boolean");
  policy.free();
});

test("free() is idempotent and a freed policy fails closed", async () => {
  const v = await vigie();
  const policy = v.compile(teamPolicy);
  policy.free();
  policy.free();
  assert.equal(policy.freed, true);
  const d = policy.decide(bash("git status"));
  assert.equal(d.decision, "ask");
  assert.match(d.error, /freed/);
});

test("policies left to the garbage collector are released", { skip: !global.gc && "run node with --expose-gc" }, async () => {
  const v = await vigie();
  const before = v.memory().in_use;
  for (let i = 0; i < 200; i++) v.compile(teamPolicy);
  for (let i = 0; i < 10; i++) {
    global.gc();
    await new Promise((r) => setTimeout(r, 10));
  }
  const after = v.memory().in_use;
  assert.ok(after - before < 64 * 1024, `in use grew by ${after - before} bytes`);
});

test("browser entry: streaming compilation of both parts from a URL, and a clear error for a bad URL", async () => {
  const { createServer } = await import("node:http");
  const { readFile } = await import("node:fs/promises");
  const wasm = await readFile(new URL("../dist/vigie.wasm", import.meta.url));
  const deferred = await readFile(new URL("../dist/vigie.deferred.wasm", import.meta.url));
  const served = {
    "/vigie.wasm": ["application/wasm", wasm],
    "/vigie.deferred.wasm": ["application/wasm", deferred],
    "/octet.wasm": ["application/octet-stream", wasm],
    "/octet.deferred.wasm": ["application/octet-stream", deferred],
    "/lone.wasm": ["application/wasm", wasm],
  };
  const server = createServer((req, res) => {
    const hit = served[req.url];
    if (hit) {
      res.writeHead(200, { "content-type": hit[0] });
      res.end(hit[1]);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    const { load } = await import("../browser.mjs");
    for (const path of ["/vigie.wasm", "/octet.wasm"]) {
      const v = await load({ wasmUrl: `${base}${path}` });
      const policy = v.compile(teamPolicy, { file: "team.vigie" });
      assert.equal(policy.decide(bash("git push -f")).decision, "deny", path);
      // A line whose code is in the deferred part, and a tool of the deferred part.
      assert.equal(policy.decide(bash("socat - EXEC:'rm -rf /'")).decision, "deny", path);
      assert.equal(v.format(teamPolicy).ok, true, path);
      policy.free();
    }
    await assert.rejects(load({ wasmUrl: `${base}/missing.wasm` }), /HTTP 404/);
    // The deferred part is fetched with the binary: a missing one fails load(), not a decision.
    await assert.rejects(load({ wasmUrl: `${base}/lone.wasm` }), /lone\.deferred\.wasm: HTTP 404/);
    const v = await load({ wasmUrl: `${base}/lone.wasm`, deferredUrl: `${base}/vigie.deferred.wasm` });
    assert.equal(v.format(teamPolicy).ok, true);
  } finally {
    server.close();
  }
});

test("two parts: the primary decides common lines alone; the deferred part is loaded on first use", async () => {
  const { readFile } = await import("node:fs/promises");
  const { load } = await import("../index.mjs");
  const primary = await readFile(new URL("../dist/vigie.wasm", import.meta.url));
  const deferred = await readFile(new URL("../dist/vigie.deferred.wasm", import.meta.url));
  // The build split the module: the primary names its loader's table slot, imports no
  // placeholder (each is a function of its own), and the deferred part holds the rest.
  const module = new WebAssembly.Module(primary);
  const [split] = WebAssembly.Module.customSections(module, "vigie.split");
  assert.match(new TextDecoder().decode(split), /^\d+$/);
  assert.ok(!WebAssembly.Module.imports(module).some((i) => i.module === "placeholder"));
  assert.ok(deferred.length > 100000, `${deferred.length} bytes deferred`);

  // The primary without its deferred part: load() says what is missing.
  await assert.rejects(load({ wasmBinary: primary }), /deferred part \(dist\/vigie\.deferred\.wasm\) was not given/);

  // A damaged deferred part (the header alone) is not read until a call needs it: the primary
  // loads, compiles and decides common lines alone...
  const damaged = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 0xff]);
  const alone = await load({ wasmBinary: primary, deferredBinary: damaged });
  const policy = alone.compile(teamPolicy, { file: "team.vigie" });
  assert.equal(policy.ok, true);
  assert.equal(policy.decide(bash("git push -f")).decision, "deny");
  assert.equal(policy.decide(bash("git status && git diff")).decision, "allow");
  // ...and a decision that needs it fails closed, never throws, and says why.
  const rare = bash("socat - EXEC:'rm -rf /'");
  for (const d of [policy.decide(rare), JSON.parse(policy.decideJson(JSON.stringify(rare)))]) {
    assert.equal(d.decision, "ask");
    assert.match(d.error, /the engine failed/);
  }
  assert.throws(() => alone.format(teamPolicy), WebAssembly.CompileError);

  // Both parts of the same build: everything works, as with the package's own load().
  const both = await load({ wasmBinary: primary, deferredBinary: deferred });
  const packaged = await load();
  const p2 = both.compile(teamPolicy, { file: "team.vigie" });
  const p3 = packaged.compile(teamPolicy, { file: "team.vigie" });
  assert.deepEqual(p2.decide(rare), p3.decide(rare));
  assert.equal(p2.decide(rare).decision, "deny");
  assert.deepEqual(both.format(teamPolicy), packaged.format(teamPolicy));
  assert.equal(both.format(teamPolicy).ok, true);
});

test("Node's load(): a package without its deferred part fails load(), naming the file", async () => {
  const { cpSync, mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const { pathToFileURL } = await import("node:url");
  const root = new URL("..", import.meta.url).pathname;
  const dir = mkdtempSync(join(tmpdir(), "vigie-nodeferred-"));
  try {
    for (const f of ["index.mjs", "package.json", "src", "dist/vigie.wasm", "dist/vigie_module.mjs"]) {
      cpSync(join(root, f), join(dir, f), { recursive: true });
    }
    const { load } = await import(pathToFileURL(join(dir, "index.mjs")).href);
    await assert.rejects(load(), /vigie\.deferred\.wasm is missing/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("Node's load(): a damaged primary part rejects load(), eager or lazy", async () => {
  const { cpSync, mkdtempSync, rmSync, writeFileSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const { pathToFileURL } = await import("node:url");
  const root = new URL("..", import.meta.url).pathname;
  const dir = mkdtempSync(join(tmpdir(), "vigie-damaged-"));
  try {
    for (const f of ["index.mjs", "package.json", "src", "dist"]) {
      cpSync(join(root, f), join(dir, f), { recursive: true });
    }
    writeFileSync(join(dir, "dist/vigie.wasm"), new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 0xff]));
    const { load } = await import(pathToFileURL(join(dir, "index.mjs")).href);
    await assert.rejects(load(), WebAssembly.CompileError);
    await assert.rejects(load({ compile: "lazy" }), WebAssembly.CompileError);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("sessions: loop detection, budgets, \"always\", counters", async () => {
  const v = await vigie();
  const src = `policy "s"
mode ask
commands {
  allow ls
}
session {
  loop-threshold 3
  budget actions 10
}
`;
  const policy = v.compile(src, { file: "s.vigie" });
  assert.equal(policy.ok, true, JSON.stringify(policy.diagnostics));
  const session = v.session();
  const got = [];
  for (let i = 0; i < 3; i++) got.push(policy.decide(bash("ls"), null, session).decision);
  assert.deepEqual(got, ["allow", "allow", "deny"]);
  assert.equal(session.actions, 3);
  assert.ok(session.denials >= 1);
  // Without a session, the same call stands alone.
  assert.equal(policy.decide(bash("ls")).decision, "allow");

  // "always": an ask for that tool becomes allow.
  const s2 = v.session();
  assert.equal(policy.decide(bash("make"), null, s2).decision, "ask");
  s2.rememberAlways("Bash");
  assert.equal(policy.decide(bash("make install"), null, s2).decision, "allow");
  assert.equal(
    JSON.parse(policy.decideJson(JSON.stringify(bash("make x")), "", s2)).decision,
    "allow",
  );

  // The actions budget.
  const s3 = v.session();
  const last = [];
  for (let i = 0; i < 12; i++) last.push(policy.decide(bash(`ls ${i}`), null, s3).decision);
  assert.equal(last.at(-1), "deny");

  // A freed or foreign session is an error value, never a throw.
  s3.free();
  s3.free();
  assert.equal(policy.decide(bash("ls"), null, s3).decision, "ask");
  assert.equal(policy.decide(bash("ls"), null, {}).decision, "ask");
  session.free();
  s2.free();
  policy.free();
});
