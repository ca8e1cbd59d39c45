// The shapes the playground uses from the `vigie` npm package (issue 5's contract). Kept here
// so the page type-checks on its own; the package's own index.d.ts is the reference.
export type Effect = "allow" | "deny" | "ask";

export interface RuleRef {
  id: string;
  file: string;
  line: number;
  effect?: Effect;
}

export interface TraceEntry {
  subject: string;
  text: string;
  argv?: string[];
  context?: string[];
  matched?: RuleRef[];
  effect: Effect;
  reason?: string;
}

export interface Decision {
  decision: Effect;
  message: string;
  rule: RuleRef | null;
  matched: RuleRef[];
  trace: TraceEntry[];
  error?: string;
}

export interface Diagnostic {
  code: string;
  severity: "error" | "warning" | "note";
  file: string;
  line: number;
  column: number;
  end_line: number;
  end_column: number;
  message: string;
  help?: string;
  incomplete?: boolean;
}

export interface ShellWord {
  text: string;
  literal: string | boolean | null; // the value after quote removal; null when not static
}

export interface ShellCommand {
  argv: ShellWord[];
  assigns?: unknown[];
  redirects?: unknown[];
  context?: string[] | string;
}

export interface ShellParse {
  ok: boolean;
  commands: ShellCommand[];
  errors: { line: number; column: number; message: string; incomplete?: boolean }[];
  [k: string]: unknown;
}

export interface Vfs {
  symlinks: Record<string, string>;
  files: string[];
}

export interface Request {
  kind?: string;
  tool?: string;
  input?: Record<string, unknown>;
  cwd?: string;
  project_root?: string;
  home?: string;
  mode?: string;
  interactive?: boolean;
  agent?: string;
  [k: string]: unknown;
}

/** One result of a test written in the policy file. */
export interface TestResult {
  test: string; // the test block's name
  file?: string;
  line: number;
  case: string; // the case as written
  expected: string;
  got: string;
  pass: boolean;
  detail?: string;
}

export interface Policy {
  diagnostics: Diagnostic[];
  decide(request: Request | string, vfs?: Partial<Vfs>): Decision;
  free(): void;
  // Optional: the package may run the policy's own tests.
  runTests?: (...args: unknown[]) => unknown;
  tests?: unknown;
  test?: (...args: unknown[]) => unknown;
  [k: string]: unknown;
}

export interface Vigie {
  compile(source: string, options?: { file?: string; files?: Record<string, string> }): Policy;
  parseShell(line: string): ShellParse;
  format(source: string): unknown;
  lint(source: string): unknown;
  version?: string;
  [k: string]: unknown;
}
