// Runs the tests written in a policy file (`test "name" { … }` blocks, docs/language.md).
// When the npm package runs them itself (policy.runTests / policy.tests), the page uses that;
// otherwise this reads the test blocks and runs each case through policy.decide, the same way
// `vigie test` does: KIND SUBJECT [with KEY VALUE…] => EFFECT [rule ID] ["message substring"].
import type { Decision, Policy, Request, TestResult, Vfs } from "./api";

interface Tok {
  text: string;
  quoted: boolean;
}

function tokens(line: string): Tok[] {
  const out: Tok[] = [];
  const re = /"((?:\\.|[^"\\])*)"|'([^']*)'|(#.*$)|(=>|[{}])|([^\s"'{}#]+)/g;
  let m;
  while ((m = re.exec(line))) {
    if (m[3] !== undefined) break; // comment
    if (m[1] !== undefined) out.push({ text: m[1].replace(/\\(.)/g, (_, c) => (c === "n" ? "\n" : c === "t" ? "\t" : c)), quoted: true });
    else if (m[2] !== undefined) out.push({ text: m[2], quoted: true });
    else out.push({ text: m[4] ?? m[5], quoted: false });
  }
  return out;
}

interface Ctx {
  cwd: string;
  project_root: string;
  home: string;
  mode?: string;
  agent?: string;
  interactive: boolean;
  symlinks: Record<string, string>;
}

const KINDS = new Set(["command", "edit", "write", "read", "fetch", "mcp", "tool", "request"]);

function requestFor(kind: string, subject: string): Request {
  switch (kind) {
    case "command": return { tool: "Bash", input: { command: subject } };
    case "edit": return { tool: "Edit", input: { file_path: subject, old_string: "", new_string: "" } };
    case "write": return { tool: "Write", input: { file_path: subject, content: "" } };
    case "read": return { tool: "Read", input: { file_path: subject } };
    case "fetch": return { tool: "WebFetch", input: { url: subject } };
    case "mcp": {
      const [server, ...rest] = subject.split("/");
      return { tool: `mcp__${server}__${rest.join("/")}`, input: {} };
    }
    case "tool": return { tool: subject, input: {} };
    default: return JSON.parse(subject);
  }
}

export function runTestsFallback(source: string, policy: Policy, defaults: Omit<Ctx, "symlinks">, vfs: Vfs): TestResult[] {
  const results: TestResult[] = [];
  const lines = source.split("\n");
  let depth = 0;
  let inTest: { name: string; ctx: Ctx; depth: number } | null = null;
  lines.forEach((line, i) => {
    const toks = tokens(line);
    if (!toks.length) return;
    const opens = toks.filter((t) => !t.quoted && t.text === "{").length;
    const closes = toks.filter((t) => !t.quoted && t.text === "}").length;
    const head = toks[0];
    if (!inTest && depth === 0 && !head.quoted && head.text === "test" && opens) {
      inTest = {
        name: toks[1]?.quoted ? toks[1].text : `test at line ${i + 1}`,
        ctx: { ...defaults, symlinks: { ...vfs.symlinks } },
        depth: depth + 1,
      };
    } else if (inTest && depth === inTest.depth && !head.quoted) {
      const ctx = inTest.ctx;
      const v = toks[1]?.text ?? "";
      if (head.text === "cwd") ctx.cwd = v;
      else if (head.text === "project") ctx.project_root = v;
      else if (head.text === "home") ctx.home = v;
      else if (head.text === "mode") ctx.mode = v;
      else if (head.text === "agent") ctx.agent = v;
      else if (head.text === "non-interactive") ctx.interactive = false;
      else if (head.text === "symlink" && toks[2]) ctx.symlinks[v] = toks[2].text;
      else if (KINDS.has(head.text)) results.push(runCase(toks, line.trim(), i + 1, inTest.name, ctx, policy, vfs));
    }
    depth += opens - closes;
    if (inTest && depth < inTest.depth) inTest = null;
  });
  return results;
}

function runCase(toks: Tok[], text: string, line: number, test: string, base: Ctx, policy: Policy, vfs: Vfs): TestResult {
  const arrow = toks.findIndex((t) => !t.quoted && t.text === "=>");
  const result: TestResult = { test, line, case: text, expected: "", got: "", pass: false };
  if (arrow < 2) {
    result.detail = "malformed test case (expected KIND SUBJECT => EFFECT)";
    return result;
  }
  const ctx: Ctx = { ...base, symlinks: { ...base.symlinks } };
  const w = toks.slice(2, arrow);
  if (w[0]?.text === "with") {
    for (let k = 1; k < w.length; k++) {
      const key = w[k].text;
      if (key === "non-interactive") ctx.interactive = false;
      else if (key === "mode") ctx.mode = w[++k]?.text;
      else if (key === "cwd") ctx.cwd = w[++k]?.text ?? ctx.cwd;
      else if (key === "project") ctx.project_root = w[++k]?.text ?? ctx.project_root;
      else if (key === "home") ctx.home = w[++k]?.text ?? ctx.home;
      else if (key === "agent") ctx.agent = w[++k]?.text;
    }
  }
  const after = toks.slice(arrow + 1);
  const expected = after[0]?.text ?? "";
  let rule: string | undefined;
  let message: string | undefined;
  for (let k = 1; k < after.length; k++) {
    if (!after[k].quoted && after[k].text === "rule") rule = after[++k]?.text;
    else if (after[k].quoted) message = after[k].text;
  }
  result.expected = expected + (rule ? ` rule ${rule}` : "") + (message ? ` "${message}"` : "");
  let d: Decision;
  try {
    const req: Request = { cwd: ctx.cwd, project_root: ctx.project_root, home: ctx.home, interactive: ctx.interactive,
      ...requestFor(toks[0].text, toks[1].text) };
    if (ctx.mode) req.mode = ctx.mode;
    if (ctx.agent) req.agent = ctx.agent;
    d = policy.decide(req, { symlinks: ctx.symlinks, files: vfs.files });
  } catch (e) {
    result.detail = `could not run: ${(e as Error).message}`;
    return result;
  }
  result.got = d.decision + (d.rule ? ` rule ${d.rule.id}` : "");
  const fails: string[] = [];
  if (d.decision !== expected) fails.push(`expected ${expected}, got ${d.decision}`);
  if (rule && d.rule?.id !== rule) fails.push(`expected rule ${rule}, got ${d.rule?.id ?? "none"}`);
  if (message && !d.message.includes(message)) fails.push(`message does not contain "${message}"`);
  result.pass = fails.length === 0;
  if (fails.length) result.detail = fails.join("; ");
  return result;
}
