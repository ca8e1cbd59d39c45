// A deterministic generator of realistic agent command lines (what a coding agent sends to its
// Bash tool): plain commands, env prefixes, wrappers (timeout, nice, env, sudo, xargs, bash -c),
// compound lines (&&, ||, ;), pipes, command substitutions ($(...) and backticks), here-documents,
// subshells and redirections. Written for this benchmark; no data is copied from elsewhere.
//
//   import { generateLines } from "./gen.mjs";
//   const lines = generateLines(10000, 42);   // same seed, same lines
//
// `node gen.mjs N [SEED]` prints N lines as JSON (one string per line).

// mulberry32: a small seeded PRNG, so that every run and every engine sees the same lines.
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const files = ["src/main.ts", "src/app.py", "README.md", "package.json", "src/lib/util.rs",
  "tests/test_api.py", "Makefile", "docs/guide.md", "src/index.js", "Cargo.toml", "go.mod",
  "src/server/handler.go", "config/settings.yaml", ".github/workflows/ci.yml", "CHANGELOG.md"];
const dirs = ["src", "tests", "docs", "build", "dist", "src/lib", "scripts", "web", "api", "."];
const branches = ["main", "feat/login", "fix/cache-bust", "release/1.4", "dev"];
const words = ["TODO", "FIXME", "deprecated", "panic", "useEffect", "import", "async def",
  "console.log", "unwrap()", "SELECT"];
const pkgs = ["lodash", "requests", "serde", "express", "pytest", "zod", "numpy", "tokio"];
const hosts = ["https://api.github.com/repos/o/r", "https://registry.npmjs.org/zod",
  "https://docs.python.org/3/", "http://localhost:8080/health", "https://example.com/x.tar.gz"];

// Quotes a word for the shell when it needs it (single quotes, the way agents write them).
function q(w) {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}

// One simple command: [argv, weight]. The mix leans on what agents run most (git, reading
// files, tests, package managers), with a tail of destructive and network commands.
function simple(r) {
  const pick = (a) => a[Math.floor(r() * a.length)];
  const n = (lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
  const f = () => pick(files);
  const d = () => pick(dirs);
  const table = [
    [8, () => ["git", "status"]],
    [3, () => ["git", "status", "--short"]],
    [5, () => ["git", "diff", ...pick([[], ["--stat"], ["HEAD~1"], ["--", f()], ["--cached"]])]],
    [4, () => ["git", "log", "--oneline", "-n", String(n(1, 50))]],
    [3, () => ["git", "add", f()]],
    [3, () => ["git", "commit", "-m", pick(["fix: handle empty input", "wip", "add tests",
      "refactor parser", "bump deps"])]],
    [2, () => ["git", "push", "origin", pick(branches)]],
    [1, () => ["git", "push", pick(["-f", "--force"]), "origin", pick(branches)]],
    [2, () => ["git", "checkout", "-b", pick(branches)]],
    [1, () => ["git", "reset", "--hard", pick(["HEAD~1", "origin/main"])]],
    [2, () => ["git", "show", "HEAD"]],
    [5, () => ["npm", "test"]],
    [3, () => ["npm", "run", pick(["lint", "build", "dev", "typecheck"])]],
    [2, () => ["npm", "install", pick(pkgs)]],
    [6, () => ["ls", ...pick([[], ["-la"], ["-l"], ["-R"]]), d()]],
    [7, () => ["cat", f()]],
    [3, () => ["head", "-n", String(n(5, 100)), f()]],
    [2, () => ["tail", "-n", String(n(5, 100)), f()]],
    [2, () => ["wc", "-l", f()]],
    [5, () => ["grep", "-rn", pick(words), d()]],
    [3, () => ["find", d(), "-name", pick(["*.py", "*.ts", "*.rs", "*.tmp", "*.log"]),
      "-type", "f"]],
    [2, () => ["sed", "-n", `${n(1, 40)},${n(41, 120)}p`, f()]],
    [1, () => ["sed", "-i", `s/${pick(words)}/DONE/g`, f()]],
    [4, () => ["python", "-m", "pytest", "-q", pick(["tests/test_api.py", "tests", "-x"])]],
    [2, () => ["python", pick(["scripts/gen.py", "manage.py", "setup.py"]),
      ...pick([[], ["--check"], ["migrate"]])]],
    [2, () => ["pip", "install", pick(pkgs)]],
    [3, () => ["cargo", pick(["test", "build", "check", "clippy"])]],
    [3, () => ["make", ...pick([[], ["test"], ["-j4"], ["clean"]])]],
    [2, () => ["rm", "-rf", pick(["build", "dist", "node_modules", "/tmp/cache", "target"])]],
    [2, () => ["rm", f()]],
    [3, () => ["mkdir", "-p", d() + "/" + pick(["out", "tmp", "gen"])]],
    [2, () => ["cp", f(), "/tmp/" + pick(["a", "b", "backup"])]],
    [1, () => ["mv", f(), f() + ".bak"]],
    [2, () => ["touch", f()]],
    [2, () => ["docker", pick([["ps"], ["build", "-t", "app", "."], ["compose", "up", "-d"]])].flat()],
    [2, () => ["kubectl", "get", "pods", "-n", pick(["default", "prod", "staging"])]],
    [1, () => ["terraform", pick(["plan", "apply", "init"])]],
    [2, () => ["curl", "-s", pick(hosts)]],
    [3, () => ["echo", pick(["done", "hello world", "$HOME", "building..."])]],
    [2, () => ["node", pick(["scripts/build.js", "index.js", "-e", "--version"])]],
    [1, () => ["chmod", "+x", "scripts/run.sh"]],
    [1, () => ["go", pick(["test", "build", "vet"]), "./..."]],
    [1, () => ["npx", pick(["tsc", "eslint", "prettier"]), pick(["--noEmit", ".", "--check"])]],
  ];
  let total = 0;
  for (const [w] of table) total += w;
  let x = r() * total;
  for (const [w, make] of table) {
    x -= w;
    if (x < 0) return make();
  }
  return table[0][1]();
}

function words_(argv) {
  return argv.map(q).join(" ");
}

// One command with, sometimes, an env prefix, a wrapper or a redirection.
function command(r) {
  const pick = (a) => a[Math.floor(r() * a.length)];
  let s = words_(simple(r));
  const u = r();
  if (u < 0.08) s = `${pick(["CI=1", "NODE_ENV=test", "RUST_LOG=debug", "PYTHONPATH=src"])} ${s}`;
  else if (u < 0.12) s = `CI=1 ${pick(["DEBUG=1", "LANG=C"])} ${s}`;
  else if (u < 0.17) s = `timeout ${pick(["30", "60", "300"])} ${s}`;
  else if (u < 0.19) s = `nice -n 10 ${s}`;
  else if (u < 0.21) s = `env ${pick(["FOO=1", "HOME=/tmp"])} ${s}`;
  else if (u < 0.23) s = `sudo ${s}`;
  const v = r();
  if (v < 0.06) s += ` > ${pick(["out.log", "/tmp/out.txt", "result.json"])} 2>&1`;
  else if (v < 0.09) s += " 2>/dev/null";
  return s;
}

// One line: a shape, then its commands.
export function line(r) {
  const pick = (a) => a[Math.floor(r() * a.length)];
  const u = r();
  if (u < 0.42) return command(r);
  if (u < 0.58) return `${command(r)} ${pick(["&&", "&&", "||", ";"])} ${command(r)}`;
  if (u < 0.63)
    return `${command(r)} && ${command(r)} && ${command(r)}`;
  if (u < 0.75)
    return `${command(r)} | ${pick(["grep -v test", "head -n 20", "sort | uniq -c", "wc -l",
      "tee out.txt", "less", "xargs rm", "jq .name"])}`;
  if (u < 0.81)
    return pick([
      `echo $(git rev-parse HEAD)`,
      `git checkout $(git branch --show-current)`,
      `cd $(git rev-parse --show-toplevel) && ${command(r)}`,
      `kill $(lsof -t -i:3000)`,
      "echo `date +%s` >> timings.log",
      `export VERSION=$(node -p "require('./package.json').version") && echo $VERSION`,
    ]);
  if (u < 0.86)
    return pick([
      `cat <<'EOF' > notes.md\n# Notes\n- ${command(r)}\nEOF`,
      `python - <<EOF\nimport json\nprint(json.dumps({"ok": True}))\nEOF`,
      `git commit -F - <<'EOF'\nfix: ${pick(["cache", "parser", "login"])}\n\nDetails.\nEOF`,
      `cat > ${pick(files)} <<'EOF'\nline one\nline two\nEOF`,
    ]);
  if (u < 0.91) return `(cd ${pick(dirs)} && ${command(r)})`;
  if (u < 0.95) return `bash -c ${q(`${command(r)} && ${command(r)}`)}`;
  if (u < 0.98)
    return `for f in ${pick(["*.py", "src/*.ts", "$(ls tests)"])}; do ${pick(["echo $f",
      "wc -l $f", "python -m pytest -q $f"])}; done`;
  return `if [ -f ${pick(files)} ]; then ${command(r)}; else ${command(r)}; fi`;
}

export function generateLines(n, seed = 42) {
  const r = rng(seed);
  const out = [];
  for (let i = 0; i < n; ++i) out.push(line(r));
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const n = Number(process.argv[2] ?? 20);
  const seed = Number(process.argv[3] ?? 42);
  process.stdout.write(JSON.stringify(generateLines(n, seed), null, 1) + "\n");
}
