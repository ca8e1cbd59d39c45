// Example policies: the built-in starter, then every rules/*.vigie file of the repository
// (bundled at build time; rules/ holds one policy per seed system).
const files = import.meta.glob("../../rules/*.vigie", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

export interface Example {
  name: string; // shown in the menu and used in shared links
  file: string; // file name given to the compiler (diagnostics, rule references)
  source: string;
}

export const STARTER = `policy "starter"
mode ask                      # readonly | ask | auto

paths {
  workspace .
  deny ~/.ssh ~/.aws  "Secrets are off limits."
  protect "tests/**" "*.lock"  "Change the code, not the tests."
}

commands {
  deny  rm -rf  "Do not delete recursively; remove the files you created by name."
  deny  git push (--force | -f)  "No force push in this team: push a new commit instead."
  allow git status | git diff | git log
  allow npm test | npm run lint
  allow python -m pytest
    example "python -m pytest -q tests/"
    counterexample "python -m pytestmalin"
  ask   git push
}

fetch {
  allow GET docs.python.org *.github.com
}

test "starter" {
  command "git status && git diff" => allow
  command "git status && rm -rf ~" => deny
  command "git push -f origin main" => deny "No force push"
  command "git push origin main" => ask
  read "~/.ssh/id_rsa" => deny
}
`;

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

export const EXAMPLES: Example[] = [
  { name: "starter", file: "starter.vigie", source: STARTER },
  ...Object.entries(files)
    .map(([path, source]) => ({ name: baseName(path).replace(/\.vigie$/, ""), file: baseName(path), source }))
    .sort((a, b) => a.name.localeCompare(b.name)),
];

/** Every example by file name, for `include "x.vigie"` between them. */
export function exampleFiles(except: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of EXAMPLES) if (e.file !== except) out[e.file] = e.source;
  return out;
}

/** The first `command "…"` of an example's tests: a sensible line to try. */
export function firstTestCommand(source: string): string | null {
  const m = /^\s*command\s+(?:"((?:\\.|[^"\\])*)"|'([^']*)')/m.exec(source);
  if (!m) return null;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : m[2];
}
