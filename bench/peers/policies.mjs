// Equivalent policies of N command rules for the three engines of the benchmark:
//   - vigie: a `commands { ... }` block (mode ask: what no rule decides is asked);
//   - the hand-written matcher: the same rules as token arrays, matched as argv prefixes;
//   - cedar: one `permit` (allow) or `forbid` (deny, ask) per rule over `context.cmd`, the
//     simple command's words joined by spaces (`==` the rule's words, or `like "words *"`).
// The first rules are the ones an agent's lines meet (git, npm, rm -rf...); generated rules
// (`toolK sub`, like bench/decide_bench.cpp) fill up to N.

const base = [
  ["deny", "rm -rf", "Do not delete recursively; remove the files you created by name."],
  ["deny", "git push --force", "No force push: push a new commit instead."],
  ["deny", "git push -f", "No force push: push a new commit instead."],
  ["deny", "git reset --hard", "No hard reset: stash or commit instead."],
  ["allow", "git status"],
  ["allow", "git diff"],
  ["allow", "git log"],
  ["allow", "npm test"],
  ["allow", "npm run lint"],
  ["ask", "git push"],
  ["allow", "ls"],
  ["allow", "cat"],
  ["allow", "grep"],
  ["allow", "head"],
  ["allow", "tail"],
  ["allow", "wc"],
  ["allow", "git show"],
  ["allow", "python -m pytest"],
  ["allow", "cargo test"],
  ["allow", "cargo check"],
  ["allow", "make test"],
  ["allow", "echo"],
  ["allow", "git add"],
  ["allow", "git commit"],
  ["ask", "npm install"],
  ["ask", "pip install"],
  ["deny", "sudo", "No sudo: ask a human to run it."],
  ["ask", "curl"],
  ["allow", "mkdir -p"],
  ["allow", "go test"],
  ["allow", "kubectl get"],
  ["ask", "docker"],
];

const subs = ["status", "diff", "log", "build", "test", "run", "deploy", "apply", "plan", "get",
  "describe", "list", "push", "pull", "install", "update", "init", "check", "lint", "fmt"];

// [{effect, words: [..], message?}] of exactly n rules.
export function rules(n) {
  const out = [];
  for (const [effect, text, message] of base) {
    if (out.length >= n) break;
    out.push({ effect, words: text.split(" "), message });
  }
  for (let i = 0; out.length < n; ++i) {
    const name = `tool${Math.floor(i / 4)}`;
    const sub = `${subs[i % subs.length]}-x${i}`;
    const k = i % 10;
    if (k === 0) out.push({ effect: "deny", words: [name, sub, "--force"], message: `No forced ${sub}.` });
    else if (k === 1) out.push({ effect: "ask", words: [name, sub] });
    else out.push({ effect: "allow", words: [name, sub] });
  }
  return out;
}

function vigieWord(w) {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(w) ? w : JSON.stringify(w);
}

export function vigiePolicy(n) {
  const lines = [`policy "peers-${n}"`, "mode ask", "", "commands {"];
  for (const r of rules(n)) {
    let s = `  ${r.effect} ${r.words.map(vigieWord).join(" ")}`;
    if (r.message) s += `  ${JSON.stringify(r.message)}`;
    lines.push(s);
  }
  lines.push("}", "");
  return lines.join("\n");
}

function cedarString(s) {
  return JSON.stringify(s);
}

// Cedar names the policies policy0, policy1... in the order written: policyK is rules(n)[K].
export function cedarPolicies(n) {
  return rules(n)
    .map((r) => {
      const text = r.words.join(" ");
      const cond = `context.cmd == ${cedarString(text)} || context.cmd like ${cedarString(`${text} *`)}`;
      const kind = r.effect === "allow" ? "permit" : "forbid";
      return `${kind}(principal, action, resource) when { ${cond} };`;
    })
    .join("\n");
}
