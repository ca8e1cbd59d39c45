// The decision journal (engine/journal.hpp), replay and diff (engine/replay.hpp) and
// suggestions (engine/suggest.hpp), on journals generated here: a few thousand requests decided
// under a policy, written as journal lines and read back.
#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "engine/journal.hpp"
#include "engine/replay.hpp"
#include "engine/suggest.hpp"
#include "tests/engine/requests.hpp"
#include "vigie/vigie.hpp"

using namespace vigie;

namespace {

// Every rule has an id, so that a policy with one rule removed names the same rules.
struct RuleLine {
  std::string id, text;
};
const std::vector<RuleLine> kRules = {
    {"npm-test", "allow npm test | npm run lint"},
    {"git-read", "allow git status | git diff | git log"},
    {"ls", "allow ls"},
    {"cargo-build", "allow cargo build"},
    {"no-force", "deny git push (--force | -f)  \"No force push: push a new commit instead.\""},
    {"push", "ask git push"},
    {"no-curl", "deny curl  \"No network from the shell: use WebFetch.\""},
    {"make-clean", "deny make clean  \"Do not clean the build tree.\""},
};

std::string policy_text(const std::string& without = "") {
  std::string s = "policy \"journal-test\"\nmode ask\ncommands {\n";
  for (const auto& r : kRules)
    if (r.id != without) s += "  " + r.text + "\n    id " + r.id + "\n";
  return s + "}\n";
}

std::shared_ptr<const Policy> compile_text(const std::string& text) {
  CompileResult r = compile({{"journal-test.vigie", text}});
  for (const auto& d : r.diagnostics)
    if (d.severity == Severity::error) UNSCOPED_INFO(render(d, r.sources));
  REQUIRE(r.ok());
  return r.policy;
}

DecideOptions no_fs() {
  DecideOptions o;
  o.fs = virtual_file_system({}, {});
  return o;
}

Request command(const std::string& line) {
  return vigie::testing::command_request(line);
}

// A few thousand command lines from the rules' vocabulary and near it, with compound lines.
std::vector<std::string> generate_lines(std::size_t n, unsigned seed) {
  const std::vector<std::string> parts = {"npm test",
                                          "npm run lint",
                                          "npm run build",
                                          "git status",
                                          "git diff HEAD~1",
                                          "git log -n 3",
                                          "git push origin x",
                                          "git push -f origin x",
                                          "git push --force",
                                          "ls -la src",
                                          "ls",
                                          "cargo build --release",
                                          "cargo test",
                                          "curl https://x",
                                          "make clean",
                                          "make",
                                          "echo hi",
                                          "cat README.md",
                                          "git commit -m wip",
                                          "npm install left-pad"};
  std::mt19937 rng(seed);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < n; ++i) {
    std::string line = parts[rng() % parts.size()];
    if (rng() % 4 == 0) line += (rng() % 2 ? " && " : "; ") + parts[rng() % parts.size()];
    if (rng() % 7 == 0) line += " x" + std::to_string(rng() % 50);  // an extra operand
    out.push_back(line);
  }
  return out;
}

// Decides each request, writes its journal line and reads the whole journal back.
std::vector<journal::Entry> record(const Policy& p, const std::vector<Request>& requests,
                                   journal::Answer answer = journal::Answer::none) {
  journal::Redactor red;
  std::string text;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    Decision d = p.decide(requests[i], no_fs());
    journal::Entry e = journal::make_entry(requests[i], d, "test", p.name(), "fnv1a64:0");
    e.id = std::to_string(i);
    if (d.decision == Effect::ask) e.answer = answer;
    text += journal::to_line(e, red) + "\n";
  }
  journal::Loaded l;
  journal::load(text, "generated.jsonl", l);
  for (const auto& err : l.errors) UNSCOPED_INFO(err);
  REQUIRE(l.errors.empty());
  REQUIRE(l.entries.size() == requests.size());
  return std::move(l.entries);
}

std::vector<Request> commands(const std::vector<std::string>& lines) {
  std::vector<Request> v;
  for (const auto& l : lines) v.push_back(command(l));
  return v;
}

}  // namespace

TEST_CASE("journal: secrets in inputs are redacted by the default patterns", "[journal]") {
  struct Case {
    std::string text, secret;
  };
  const std::vector<Case> cases = {
      {"aws s3 ls --access-key AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE"},
      {"export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY1",
       "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY1"},
      {"git clone https://x:ghp_abcdefghijklmnopqrstuvwxyz0123456789@github.com/o/r",
       "ghp_abcdefghijklmnopqrstuvwxyz0123456789"},
      {"curl -H 'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig' https://api",
       "eyJhbGciOiJIUzI1NiJ9.e30.sig"},
      {"mysql --password=hunter2 -u root", "hunter2"},
      {"curl https://bob:s3cretpw@example.com/x", "s3cretpw"},
      {"SLACK=xoxb-123456789012-abcdefghij ./notify", "xoxb-123456789012-abcdefghij"},
      {"echo '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----' > k", "MIIE"},
  };
  journal::Redactor red;
  for (const auto& c : cases) {
    INFO(c.text);
    bool changed = false;
    std::string out = red.redact(c.text, &changed);
    CHECK(changed);
    CHECK(out.find(c.secret) == std::string::npos);
    CHECK(out.find("[REDACTED]") != std::string::npos);
  }
  // Nothing to redact: unchanged.
  bool changed = true;
  CHECK(red.redact("git push origin main", &changed) == "git push origin main");
  CHECK_FALSE(changed);
  // A configured pattern, and a refused one.
  journal::Redactor mine(false);
  std::string err;
  CHECK_FALSE(mine.add("(unclosed", &err));
  CHECK(err.find("invalid redaction pattern") != std::string::npos);
  REQUIRE(mine.add("TICKET-([0-9]+)"));
  CHECK(mine.redact("fix TICKET-42 now") == "fix TICKET-[REDACTED] now");
  // The journal line holds the redacted input and says so.
  Request r = command("mysql --password=hunter2 -u root");
  journal::Entry e = journal::make_entry(r, Decision{}, "test", "p", "h");
  std::string line = journal::to_line(e, red);
  CHECK(line.find("hunter2") == std::string::npos);
  auto back = journal::parse_line(line);
  REQUIRE(back);
  CHECK(back->redacted);
}

TEST_CASE("journal: a line round-trips every field", "[journal]") {
  Request r = command("npm test");
  r.agent = "reviewer";
  r.mode = Mode::auto_;
  r.interactive = false;
  Decision d;
  d.decision = Effect::deny;
  d.rule.id = "no-npm";
  d.message = "no";
  journal::Entry e = journal::make_entry(r, d, "serve", "team", "fnv1a64:00");
  e.id = "r1";
  e.answer = journal::Answer::allow_once;
  std::string line = journal::to_line(e, journal::Redactor{});
  auto j = nlohmann::json::parse(line);
  CHECK(j["v"] == 1);
  CHECK(j["request"]["project"] == "/srv/app");
  auto b = journal::parse_line(line);
  REQUIRE(b);
  CHECK(b->request.tool == "Bash");
  CHECK(b->request.kind == "command");
  CHECK(nlohmann::json::parse(b->request.input_json) == nlohmann::json{{"command", "npm test"}});
  CHECK(b->request.cwd == "/srv/app");
  CHECK(b->request.agent == "reviewer");
  CHECK(b->request.mode == Mode::auto_);
  CHECK_FALSE(b->request.interactive);
  CHECK(b->decision == Effect::deny);
  CHECK(b->rule == "no-npm");
  CHECK(b->message == "no");
  CHECK(b->policy_name == "team");
  CHECK(b->answer == journal::Answer::allow_once);
  CHECK(b->id == "r1");
  // Bad lines are reported with their line number; answer events attach to their request.
  journal::Loaded l;
  journal::load(line + "\nnot json\n{\"v\":2}\n" +
                    R"({"v":1,"event":"answer","id":"r1","answer":"allow_always"})" + "\n" +
                    R"({"v":1,"event":"error","error":"x"})" + "\n",
                "j", l);
  REQUIRE(l.entries.size() == 1);
  CHECK(l.entries[0].answer == journal::Answer::allow_always);
  REQUIRE(l.errors.size() == 2);
  CHECK(l.errors[0].rfind("j:2: ", 0) == 0);
  CHECK(l.skipped == 1);
}

TEST_CASE("replay: the same policy changes nothing on a generated journal", "[journal]") {
  auto p = compile_text(policy_text());
  auto entries = record(*p, commands(generate_lines(3000, 1)));
  replay::Report r = replay::replay(*p, entries, no_fs());
  CHECK(r.total == 3000);
  CHECK(r.changed == 0);
  CHECK(r.changes.empty());
  CHECK_FALSE(replay::crosses(r, "any"));
  // Every decision kind is present, so that the removal tests below mean something.
  std::set<Effect> seen;
  for (const auto& e : entries) seen.insert(e.decision);
  CHECK(seen.size() == 3);
}

TEST_CASE("replay: a policy with one rule removed changes exactly what that rule decided",
          "[journal]") {
  auto full = compile_text(policy_text());
  auto entries = record(*full, commands(generate_lines(3000, 2)));
  for (const auto& rule : kRules) {
    INFO("removed: " << rule.id);
    auto less = compile_text(policy_text(rule.id));
    // What the rule decided: it matched a part, and no other rule with its effect did (an
    // allowed line needs every part's allow rule; a denied line is denied by any deny rule).
    const Effect effect = rule.text.rfind("allow", 0) == 0  ? Effect::allow
                          : rule.text.rfind("deny", 0) == 0 ? Effect::deny
                                                            : Effect::ask;
    std::set<std::size_t> decided;
    for (std::size_t i = 0; i < entries.size(); ++i) {
      const auto& m = entries[i].matched;
      if (entries[i].decision != effect || std::find(m.begin(), m.end(), rule.id) == m.end())
        continue;
      Decision d = full->decide(entries[i].request, no_fs());  // the matched rules' effects
      bool alone = effect == Effect::allow ||
                   std::none_of(d.matched.begin(), d.matched.end(), [&](const RuleRef& r) {
                     return r.id != rule.id && r.effect == effect;
                   });
      if (alone) decided.insert(i);
    }
    // `ask git push` removed: mode ask asks anyway, so nothing it decided changes.
    if (rule.id == "push") {
      CHECK(replay::replay(*less, entries, no_fs()).changed == 0);
      continue;
    }
    CHECK_FALSE(decided.empty());
    replay::Report r = replay::replay(*less, entries, no_fs());
    std::set<std::size_t> changed;
    for (const auto& c : r.changes) {
      changed.insert(c.index);
      CHECK(c.from == effect);
      CHECK(c.rule == rule.id);  // counted under the removed rule
    }
    CHECK(changed == decided);
    // diff(full, less) says the same.
    CHECK(replay::diff(*full, *less, entries, no_fs()).changed == decided.size());
    // An allow rule removed makes nothing newly allowed; a deny rule removed does not either
    // (its requests fall back to ask), so only `--fail-on ask` (or looser/any) trips.
    CHECK_FALSE(replay::crosses(r, "allow"));
    CHECK(replay::crosses(r, "any"));
  }
}

TEST_CASE("replay: reports count by transition, rule and command", "[journal]") {
  auto full = compile_text(policy_text());
  auto entries = record(*full, commands({"npm test", "npm test x1", "git status", "make"}));
  auto less = compile_text(policy_text("npm-test"));
  replay::Report r = replay::replay(*less, entries, no_fs());
  CHECK(r.changed == 2);
  CHECK(r.transitions[0][1] == 2);  // allow -> ask
  CHECK(r.by_rule.at("npm-test")[0][1] == 2);
  CHECK(r.by_command.at("npm")[0][1] == 2);
  auto j = nlohmann::json::parse(replay::to_json(r));
  CHECK(j["changed"] == 2);
  CHECK(j["transitions"][0]["from"] == "allow");
  CHECK(j["transitions"][0]["to"] == "ask");
  CHECK(j["by_rule"][0]["rule"] == "npm-test");
  CHECK(replay::to_text(r).find("allow->ask  2") != std::string::npos);
  CHECK(replay::to_markdown(r).find("| allow->ask | 2 |") != std::string::npos);
  // A new allow is what `--fail-on allow` forbids: the reverse diff.
  replay::Report back = replay::diff(*less, *full, entries, no_fs());
  CHECK(replay::crosses(back, "allow"));
  CHECK(replay::crosses(back, "looser"));
  CHECK_FALSE(replay::crosses(back, "deny"));
  bool known = true;
  replay::crosses(back, "sometimes", &known);
  CHECK_FALSE(known);
}

TEST_CASE("suggest: answered asks give rules that allow them and nothing wider", "[journal]") {
  const std::string base = "policy \"team\"\nmode ask\ncommands {\n  allow git status\n}\n";
  auto p = compile_text(base);
  // Commands asked and answered "always" (some with varying operands), and interpreters,
  // wrappers and shells answered "always" too: those must never become rules.
  const std::vector<std::string> always = {"cargo test",
                                           "cargo test --release",
                                           "cargo test -p core",
                                           "make build",
                                           "make",
                                           "terraform plan -out plan.bin",
                                           "npm run build",
                                           "git status && npm run build",
                                           "python -c 'print(1)'",
                                           "sudo apt install jq",
                                           "bash -c 'ls'",
                                           "env A=1 make build",
                                           "node -e 1",
                                           "xargs rm"};
  std::vector<std::string> lines;
  std::mt19937 rng(3);
  for (int i = 0; i < 2000; ++i) lines.push_back(always[rng() % always.size()]);
  auto entries = record(*p, commands(lines), journal::Answer::allow_always);
  // Two shapes refused by a person, one of them only once.
  std::vector<std::string> denied = {"git push origin main", "git push origin dev", "rm -r build",
                                     "docker system prune"};
  for (int i = 0; i < 3; ++i) denied.push_back("docker system prune");
  auto refused = record(*p, commands(denied), journal::Answer::deny);
  entries.insert(entries.end(), refused.begin(), refused.end());

  suggest::Result r = suggest::suggest({{"team.vigie", base}}, entries, {}, {}, no_fs());
  for (const auto& e : r.errors) UNSCOPED_INFO(e);
  REQUIRE(r.errors.empty());
  std::set<std::string> rules;
  for (const auto& s : r.suggestions) {
    INFO(s.rule_text);
    rules.insert(std::string(to_string(s.effect)) + " " + [&] {
      std::string t;
      for (const auto& w : s.tokens) t += (t.empty() ? "" : " ") + w;
      return t + (s.exact ? " $" : "");
    }());
    CHECK_FALSE(s.changes.empty());
    CHECK(s.id.rfind("suggested.", 0) == 0);
  }
  CHECK(rules == std::set<std::string>{"allow cargo test", "allow make build $", "allow make $",
                                       "allow terraform plan -out plan.bin $",
                                       "allow npm run build $", "deny git push origin",
                                       "deny docker system prune"});
  auto after = compile_text(r.policy_text);
  // Every answered request that has no interpreter, wrapper or shell is now allowed.
  const std::set<std::string> never = {
      "python -c 'print(1)'", "sudo apt install jq", "bash -c 'ls'",
      "env A=1 make build",   "node -e 1",           "xargs rm"};
  for (const auto& l : always) {
    INFO(l);
    Effect e = after->decide(command(l), no_fs()).decision;
    if (never.count(l))
      CHECK(e != Effect::allow);
    else
      CHECK(e == Effect::allow);
  }
  CHECK(after->decide(command("git push origin main"), no_fs()).decision == Effect::deny);
  CHECK(after->decide(command("rm -r build"), no_fs()).decision == Effect::ask);  // once only
  // Near misses stay asked: nothing wider than what was seen.
  for (const char* near :
       {"cargo build", "cargo testx", "cargo", "make install", "make buildx", "make build; curl x",
        "terraform plan", "terraform apply", "npm run", "npm run deploy", "python -c 'print(2)'",
        "python", "sudo make build", "bash -c 'make build'", "make $X",
        "terraform plan -out other.bin", "make build -j2", "npm run build --prod",
        "terraform plan -out plan.bin -destroy"}) {
    INFO(near);
    CHECK(after->decide(command(near), no_fs()).decision != Effect::allow);
  }
  // The policy text is canonical: formatting it again changes nothing, and it holds examples
  // from the journal.
  auto again = suggest::add_rules("team.vigie", r.policy_text, {});
  REQUIRE(again);
  CHECK(*again == r.policy_text);
  CHECK(r.policy_text.find("example \"cargo test --release\"") != std::string::npos);
  CHECK(r.policy_text.find("  allow make build $\n") != std::string::npos);
  // Suggesting again on the new policy proposes no allow rule.
  suggest::Result twice =
      suggest::suggest({{"team.vigie", r.policy_text}}, entries, {}, {}, no_fs());
  for (const auto& s : twice.suggestions) CHECK(s.effect != Effect::allow);
}

TEST_CASE("suggest: a shape answered both ways gets no rule", "[journal]") {
  const std::string base = "policy \"team\"\nmode ask\n";
  auto p = compile_text(base);
  auto entries =
      record(*p, commands({"cargo bench", "cargo bench --all"}), journal::Answer::allow_always);
  auto refused = record(*p, commands({"cargo bench x", "cargo bench y"}), journal::Answer::deny);
  entries.insert(entries.end(), refused.begin(), refused.end());
  suggest::Result r = suggest::suggest({{"team.vigie", base}}, entries, {}, {}, no_fs());
  CHECK(r.errors.empty());
  CHECK(r.suggestions.empty());
  CHECK(r.policy_text == base);
}
