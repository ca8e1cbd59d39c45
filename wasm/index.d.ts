// Types of the `vigie` npm package: the vigie policy evaluator in WebAssembly.
//
//   import { load } from "vigie";
//   const vigie = await load();                      // instantiate once per process / page
//   const policy = vigie.compile(source, { file: "team.vigie" });
//   if (!policy.ok) console.error(policy.diagnostics);
//   const d = policy.decide({ tool: "Bash", input: { command: "git push -f" },
//                             cwd: "/srv/app", project_root: "/srv/app", home: "/home/u" });
//   d.decision;                                      // "allow" | "ask" | "deny"
//   policy.free();                                   // or let the GC do it
//
// Nothing here throws on bad input: a policy that does not compile has `ok: false` and
// diagnostics; a request that cannot be judged gets `ask` (never `allow`) with `error` set.

export type Effect = "allow" | "ask" | "deny";
export type Mode = "readonly" | "ask" | "auto" | "supervised" | "full" | "deny";

/** Where a rule was written: its stable id, file and 1-based line. */
export interface RuleRef {
  id: string;
  file: string;
  line: number;
  effect?: Effect;
}

/** One step of the explanation: a part of the request, what the engine saw, what it got. */
/** What a command reads, writes, deletes or runs, and the programs-table entry that said so. */
export interface TraceEffect {
  /** "more": the trace lists at most 64 effects per command and says how many it left out. */
  access: "read" | "write" | "delete" | "exec" | "more";
  path: string;
  from: "operand" | "option" | "redirect";
  entry: string;
}

export interface TraceEntry {
  subject: string;
  text: string;
  argv?: string[];
  context?: string[];
  matched?: RuleRef[];
  effect: Effect;
  reason?: string;
  effects?: TraceEffect[];
}

export interface Decision {
  decision: Effect;
  /** For the model: why, and what to do instead. Always set on deny. */
  message: string;
  /** The rule that decided; null when the policy's default decided. */
  rule: RuleRef | null;
  matched: RuleRef[];
  trace: TraceEntry[];
  /** Set when the decision comes from an error (then ask, or deny when not interactive). */
  error?: string;
}

/** One diagnostic, the shape of `vigie lint --format json`. Lines and columns are 1-based. */
export interface Diagnostic {
  code: string;
  severity: "error" | "warning" | "note";
  file: string;
  line: number;
  column: number;
  end_line: number;
  end_column: number;
  message: string;
  help: string;
  incomplete?: boolean;
}

/** A tool call: the flat shape (Escouade's `{request: {...}, project, agent}` is accepted too). */
export interface Request {
  /** Derived from `tool` when absent: Bash -> command, Edit/Write -> edit, Read -> read... */
  kind?: "command" | "edit" | "read" | "fetch" | "mcp" | "tool" | (string & {});
  /** The harness's tool name: Bash, Edit, Read, WebFetch, mcp__server__tool... */
  tool?: string;
  input?: Record<string, unknown>;
  cwd?: string;
  project_root?: string;
  home?: string;
  mode?: Mode;
  interactive?: boolean;
  agent?: string;
  [key: string]: unknown;
}

/** The filesystem path rules see: declared symlinks (path -> target) and existing paths. */
export interface VirtualFileSystem {
  symlinks?: Record<string, string>;
  files?: string[];
}

export interface DecideOptions {
  /** Build the trace and the list of matched rules (default true). */
  trace?: boolean;
}

export interface CompileOptions {
  /** The main file's name, as shown in diagnostics and rule refs (default "policy.vigie"). */
  file?: string;
  /** Files that `include` may name: name -> text. There is no disk in WASM. */
  files?: Record<string, string>;
  /** Run the examples and counterexamples written in rules (default true). */
  check_examples?: boolean;
}

/** One case of a policy's `test` blocks, as `vigie test --format json` prints it. */
export interface TestOutcome {
  /** The test block's name. */
  name: string;
  file: string;
  line: number;
  /** command, edit, read, fetch, mcp, tool or request. */
  kind: string;
  /** The command line, path, URL... as written in the test. */
  subject: string;
  expected: Effect;
  /** Empty: any rule. */
  expected_rule: string;
  /** Empty: any message; else a substring of the message. */
  expected_message: string;
  passed: boolean;
  /** For a failure: what differs. */
  why: string;
  /** The decision the engine gave. */
  decision: Decision;
}

export interface Policy {
  /** Whether the policy compiled; when false, `decide` answers ask with an error. */
  readonly ok: boolean;
  /** The policy's name (`policy "..."`), or "" when it did not compile. */
  readonly name: string;
  /** Errors and warnings, in source order. */
  readonly diagnostics: Diagnostic[];
  /** Whether `free()` was called. */
  readonly freed: boolean;
  /** `session` carries "always" answers, loop detection and budgets across calls. */
  /** `options.trace: false`: no trace and no matched rules are built (both empty arrays) and
   *  the decision crosses from WASM without JSON: the fast path for hooks and hot loops. A
   *  request whose `input` is only `{command}` sends only its command line; its other members
   *  are sent again only when they change from one call to the next. */
  decide(request: Request | string, fs?: VirtualFileSystem | string | null, session?: Session | null,
         options?: DecideOptions): Decision;
  /** JSON text in, JSON text out: no object conversion, for hot loops. */
  decideJson(requestJson: string, fsJson?: string, session?: Session): string;
  /** Runs the `test` blocks written in the policy (and its includes); [] when freed. */
  runTests(): TestOutcome[];
  /** A readable dump of the compiled form (`vigie check --dump=compiled`). */
  dump(): string;
  /** Releases the compiled policy now (otherwise it is released when garbage-collected). */
  free(): void;
}

/** Embedder-owned state of one agent session (optional): "always" answers, loop detection,
 *  budgets, counters. Not shared across threads or agents. */
export interface Session {
  /** The human answered "always" for this tool: later asks for it become allow, except where
   *  the policy says never (protected paths, always-ask, files run by third parties). */
  rememberAlways(tool: string): void;
  readonly actions: number;
  readonly denials: number;
  /** Seconds since an epoch of your choice, for the minutes budget. */
  setClock(seconds: number): void;
  /** Releases it now (otherwise when garbage-collected). */
  free(): void;
}

export interface WordView {
  text: string;
  literal: string | null;
  [key: string]: unknown;
}

export interface CommandView {
  argv: WordView[];
  assigns: { name: string; value: WordView; [key: string]: unknown }[];
  redirects: { op: string; fd: number; target: WordView; [key: string]: unknown }[];
  context: string[];
  [key: string]: unknown;
}

export interface ShellParseError {
  line: number;
  column: number;
  message: string;
  incomplete: boolean;
}

/** The shape of `vigie parse --commands --json`. */
export interface CommandsResult {
  ok: boolean;
  commands: CommandView[];
  errors: ShellParseError[];
}

export interface FormatResult {
  ok: boolean;
  /** The formatted source; the input unchanged when it does not parse. */
  text: string;
  diagnostics: Diagnostic[];
}

/** `vigie replay --json` (docs/journal.md). */
export interface ReplayReport {
  total: number;
  changed: number;
  transitions: { from: Effect; to: Effect; count: number; examples: { index: number; command: string; subject: string; from_rule: string | null; to_rule: string | null; message: string }[] }[];
  by_rule: { rule: string; changed: number; transitions: Record<string, number> }[];
  by_command: { command: string; changed: number; transitions: Record<string, number> }[];
  changes: { index: number; from: Effect; to: Effect }[];
  error?: string;
}

/** `vigie suggest --json`, plus the policy with every suggestion added. */
export interface SuggestResult {
  suggestions: { effect: Effect; id: string; tokens: string[]; exact: boolean; message: string; examples: string[]; answers: number; rule: string; changes: { index: number; from: Effect; to: Effect; subject: string }[] }[];
  errors: string[];
  policy_text: string;
  error?: string;
}

/** A decision journal, parsed once (`vigie.journal(text)`). */
export interface Journal {
  readonly count: number;
  readonly errors: string[];
  replay(source: string, options?: CompileOptions, examples?: number): ReplayReport;
  suggest(source: string, options?: CompileOptions): SuggestResult;
  request(index: number): Request;
  free(): void;
}

/** The policy language's vocabulary, from the checker's tables (docs/wasm.md). */
export interface Vocabulary {
  /** Every block name. */
  readonly blocks: readonly string[];
  /** Every setting, per block (`block` is "" at the top level), with its usage line. */
  readonly keys: readonly { block: string; key: string; usage: string }[];
  /** The `with` keys of a test case. */
  readonly with_keys: readonly string[];
  /** What may follow a rule: `id`, `example`, `counterexample`. */
  readonly attributes: readonly string[];
  readonly effects: readonly string[];
  /** Mode names, with the seed spellings. */
  readonly modes: readonly string[];
  /** The request kinds of a test case. */
  readonly test_kinds: readonly string[];
  /** Operand conditions of a command rule: `inside`, `outside`, `without`. */
  readonly conditions: readonly string[];
  /** The fixed values of settings (not effects or modes): `on`, `off`, `GET`… */
  readonly values: readonly string[];
}

export interface Vigie {
  readonly version: string;
  /** The policy language's vocabulary (the same object on every call). */
  vocabulary(): Vocabulary;
  /** A decision journal (JSON lines, docs/journal.md), for replay and suggestions. */
  journal(text: string): Journal;
  /** One journal line (docs/journal.md) for a decision, secrets redacted; append it to a file. */
  journalLine(request: Request | string, decision: Decision | string, options?: { source?: string; id?: string | number; answer?: "allow_once" | "allow_always" | "deny"; policy?: { name: string; hash: string }; redact?: string[]; default_redactions?: boolean }): string | { error: string };
  /** The content hash journal lines record for a policy. */
  policyHash(source: string, options?: CompileOptions): string;
  /** Adds rules (source texts) to a policy's first `commands` block, in canonical form. */
  addRules(source: string, rules: string[], options?: CompileOptions): { text?: string; error?: string };
  compile(source: string, options?: CompileOptions): Policy;
  /** A new session, for `policy.decide(request, fs, session)`. */
  session(): Session;
  /** Every simple command the line may run: `vigie parse --commands --json`. */
  parseShell(line: string): CommandsResult;
  /** The same as JSON text, exactly `vigie parse --commands --json`'s output. */
  parseShellJson(line: string): string;
  /**
   * Only the words of every command, without JSON: `parseShell(line).commands` mapped to
   * `argv.map(w => w.literal ?? w.text)`, or null when the line does not parse.
   */
  parseShellArgv(line: string): string[][] | null;
  /** The whole shell AST: `vigie parse --json`. */
  parseShellAst(line: string): { ok: boolean; ast: Record<string, unknown> | null; errors: ShellParseError[] };
  format(source: string, options?: CompileOptions): FormatResult;
  lint(source: string, options?: CompileOptions): Diagnostic[];
  /** Bytes of the wasm heap and of live allocations (for leak checks). */
  memory(): { heap_size: number; in_use: number };
}

export interface LoadOptions {
  /**
   * The .wasm bytes, when the caller has them already (skips reading or fetching). Pass
   * `deferredBinary` with it: the module is built in two parts (docs/wasm.md, "Two parts").
   */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /**
   * The bytes of the module's deferred part (dist/vigie.deferred.wasm), from the same build as
   * `wasmBinary`: the code that common lines do not run, instantiated when first needed.
   */
  deferredBinary?: ArrayBuffer | Uint8Array;
  /** Browsers: where to fetch the .wasm from (default: dist/vigie.wasm next to the module). */
  wasmUrl?: string | URL;
  /** Browsers: where to fetch the deferred part from (default: `wasmUrl` with `.deferred.wasm`). */
  deferredUrl?: string | URL;
  /** Called with anything the module prints on stderr. */
  onWarning?: (message: string) => void;
  /**
   * Node: how V8 compiles the module's primary part. "eager" (default): all of it on V8's
   * background threads while `load()` awaits, so the first policy and the first decision run
   * compiled code (V8's `--wasm-lazy-compilation` is turned off for that compile and back on
   * after; a process started with that flag either way keeps its choice). "lazy": each function
   * on its first call, V8's default. Browsers compile as they do.
   */
  compile?: "eager" | "lazy";
}

/** Instantiates the module. Call once and keep the result. */
export function load(options?: LoadOptions): Promise<Vigie>;

// ---------------------------------------------------------------------------------------------
// Harness hooks (the same wire as `vigie hook HARNESS`; docs/integrations.md)
// ---------------------------------------------------------------------------------------------

/** The harnesses a hook speaks. */
export type HookHarness = "claude" | "gemini" | "codex" | "cursor" | "copilot" | "opencode" | "cline";

export interface HookOptions extends CompileOptions {
  /** The project root; default: the harness's workspace root, else the git root above its cwd
   *  (declared in `fs` in wasm), else the cwd. */
  project?: string;
  /** The home folder (default "/"). */
  home?: string;
  mode?: "readonly" | "ask" | "auto" | "supervised" | "full" | "deny";
  /** Layered policies: the agent / sub-agent name. */
  agent?: string;
  /** Asks become announced denies (`vigie hook --non-interactive`). */
  nonInteractive?: boolean;
  /** Answer a deny with exit code 2 and the reason on stderr where the harness honours it. */
  denyExitCode?: boolean;
  /** A declared filesystem for path rules (no disk in wasm). */
  fs?: { symlinks?: Record<string, string>; files?: string[] };
}

/** What the hook process would answer. */
export interface HookResult {
  /** The JSON object to print; null where the harness's answer is nothing ("no opinion"). */
  output: Record<string, unknown> | null;
  /** The exact stdout text (the object and a newline, or ""). */
  stdout: string;
  /** 0, or 2 for the blocking form of the harnesses that block on exit 2. */
  exitCode: number;
  stderr: string;
}

export interface Hook {
  /** The harness's hook input (an object or its JSON text) to its answer. Never rejects: what
   *  cannot be judged gets the harness's blocking form. */
  (input: unknown): Promise<HookResult>;
  readonly harness: string;
  /** False when the policy (or the options) cannot be used: every call is then blocked. */
  readonly ok: boolean;
  readonly diagnostics: Diagnostic[];
  /** Releases the compiled policy now (otherwise when garbage-collected); later calls block. */
  free(): void;
}

export interface Vigie {
  createHook(harness: HookHarness | string, policySource: string, options?: HookOptions): Hook;
  hookHarnesses(): HookHarness[];
}

/** A hook with the module loaded once per process (Node). */
export function createHook(
  harness: HookHarness | string,
  policySource: string,
  options?: HookOptions,
): Promise<Hook>;

/** OpenCode's plugin shape (@opencode-ai/plugin), as far as vigie uses it. */
export type OpencodePlugin = (ctx: {
  directory?: string;
  worktree?: string;
  [key: string]: unknown;
}) => Promise<{
  "tool.execute.before": (
    input: { tool: string; sessionID?: string; callID?: string },
    output: { args: Record<string, unknown> },
  ) => Promise<void>;
}>;

export interface OpencodePluginSettings extends HookOptions {
  /** The policy text; default: read `policyFile`. */
  policy?: string;
  /** Relative to the project directory; default $VIGIE_POLICY, else `.vigie/policy.vigie`. */
  policyFile?: string;
}

/** An OpenCode plugin that throws (denies) on deny; asks go to OpenCode's `permission` config. */
export function createOpencodePlugin(settings?: OpencodePluginSettings): OpencodePlugin;
