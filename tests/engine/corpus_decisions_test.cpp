// Corpus agreement: the expectations of two other engines, run row by row through vigie's public
// API (compile_file, Policy::decide) against the policies of rules/.
//
//   - ../shared/corpus/dcg-corpus.jsonl (destructive_command_guard: `command`, `expected`
//     allow|deny) under rules/destructive.vigie: a row agrees when vigie's decision is the
//     expected one (an `ask` agrees with neither);
//   - ../shared/corpus/codex-cases.jsonl (openai/codex), the rows that carry a decision:
//       known_safe  (is_known_safe_command) under rules/codex-safe.vigie:
//                   expected_safe <-> allow, not safe <-> ask or deny;
//       dangerous   (dangerous_command_match) under rules/codex-safe.vigie:
//                   ForcedRm <-> not allow and the rule `dangerous.forced-rm` matched,
//                   no match  <-> `dangerous.forced-rm` not among the matched rules;
//       execpolicy  (prefix_rule policies) under the row's own policy, translated below:
//                   allow <-> allow, prompt <-> ask, forbidden <-> deny, and "no rule matched"
//                   <-> no rule matched; rows that expect no decision are not compared.
//     An argv `bash -lc SCRIPT` (or sh/zsh, -c) is judged as SCRIPT; any other argv is joined
//     with shell quoting.
//
// The rows stay in ../shared/corpus: they are read, never copied here. Without that folder the
// test warns and passes. The rows where vigie disagrees are listed, one id per line, in
// tests/engine/corpus-disagreements.txt (`dcg ORIGIN`, `codex KIND COMMAND` with newlines
// written `\n`), and argued in docs/corpus.md: the test fails when a new disagreement appears,
// when a listed one starts agreeing (remove it from the list), or when an agreement count drops
// below its threshold here.
#include <cctype>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "vigie/vigie.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// The checked-in thresholds: rows that must agree (see docs/corpus.md for the figures).
constexpr std::size_t kDcgMinAgree = 338;        // of 354
constexpr std::size_t kKnownSafeMinAgree = 52;   // of 54
constexpr std::size_t kDangerousMinAgree = 17;   // of 18
constexpr std::size_t kExecpolicyMinAgree = 12;  // of 15 with a decision

// Shell quoting of one word, like Python's shlex.quote.
std::string quote(const std::string& w) {
  if (w.empty()) return "''";
  bool plain = true;
  for (char c : w) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              std::string_view("_@%+=:,./-").find(c) != std::string_view::npos;
    if (!ok) plain = false;
  }
  if (plain) return w;
  std::string out = "'";
  for (char c : w) {
    if (c == '\'')
      out += "'\"'\"'";
    else
      out += c;
  }
  return out + "'";
}

// The command line vigie judges for a Codex argv.
std::string line_of_argv(const std::vector<std::string>& argv) {
  if (argv.size() == 3 && (argv[0] == "bash" || argv[0] == "sh" || argv[0] == "zsh") &&
      (argv[1] == "-lc" || argv[1] == "-c"))
    return argv[2];
  std::string out;
  for (const auto& w : argv) out += (out.empty() ? "" : " ") + quote(w);
  return out;
}

// A row id on one line: newlines as `\n`.
std::string one_line(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else
      out += c;
  }
  return out;
}

vigie::Decision decide(const vigie::Policy& policy, const json& command) {
  vigie::Request req;
  req.tool = "Bash";
  req.input_json = json{{"command", command}}.dump();
  req.cwd = req.project_root = "/srv/p";
  req.home = "/home/user";
  vigie::DecideOptions opts;
  opts.fs = vigie::virtual_file_system({});
  return policy.decide(req, opts);
}

std::shared_ptr<const vigie::Policy> compile_rules(const std::string& name) {
  fs::path file = fs::path(VIGIE_SOURCE_DIR) / "rules" / name;
  vigie::CompileResult r = vigie::compile_file(file.string());
  std::string errors;
  for (const auto& d : r.diagnostics) errors += vigie::render(d, r.sources);
  INFO(errors);
  REQUIRE(r.ok());
  return r.policy;
}

bool matched(const vigie::Decision& d, const std::string& id) {
  for (const auto& m : d.matched)
    if (m.id == id) return true;
  return false;
}

std::optional<std::vector<std::string>> strings(const json& v) {
  if (!v.is_array()) return std::nullopt;
  std::vector<std::string> out;
  for (const auto& s : v) {
    if (!s.is_string()) return std::nullopt;
    out.push_back(s.get<std::string>());
  }
  return out;
}

// Codex execpolicy test policies (the row's `policy` field), written as vigie policies: a
// prefix_rule is an allow (its default decision), prompt is ask, forbidden is deny; the
// fallback for a command no rule matches is prompt (ask) unless the row says otherwise.
struct Translation {
  const char* codex;
  const char* vigie_default;
  const char* vigie_rules;
};

const Translation kExecpolicy[] = {
    {R"(prefix_rule(pattern=["git","status"]))", "ask", "allow git status"},
    {R"(prefix_rule(pattern=["rm"], decision="forbidden", justification="destructive command"))",
     "ask", "deny rm  \"destructive command\""},
    {R"(prefix_rule(pattern=["rm"], decision="forbidden"))", "ask", "deny rm"},
    {R"(prefix_rule(pattern=["ls"], decision="allow", justification="safe and commonly used"))",
     "ask", "allow ls"},
    {R"(add_prefix_rule(["ls","-l"], Prompt))", "ask", "ask ls -l"},
    {R"(prefix_rule(pattern=["git"], decision="prompt"); prefix_rule(pattern=["git","commit"], decision="forbidden"))",
     "ask", "ask git\n  deny git commit"},
    {R"(prefix_rule(pattern=["git"], decision="prompt"); prefix_rule(pattern=["git","commit"], decision="forbidden")  [check_multiple])",
     "ask", "ask git\n  deny git commit"},
    {R"(prefix_rule(pattern=[["bash","sh"],["-c","-l"]]))", "ask", "allow (bash | sh) (-c | -l)"},
    {R"(prefix_rule(pattern=["npm",["i","install"],["--legacy-peer-deps","--no-save"]]))", "ask",
     "allow npm (i | install) (--legacy-peer-deps | --no-save)"},
    // The test's heuristics fallback allows what no rule matches.
    {R"(prefix_rule(pattern=["git","status"], match=[...], not_match=["git --config color.status=always status"]))",
     "allow", "allow git status\n    counterexample \"git --config color.status=always status\""},
    {R"((empty policy), fallback=prompt)", "ask", ""},
    {R"(prefix_rule(pattern=["python3"], decision="allow"))", "ask", "allow python3"},
};

std::shared_ptr<const vigie::Policy> execpolicy(const std::string& codex) {
  for (const auto& t : kExecpolicy) {
    if (codex != t.codex) continue;
    std::string text = std::string("policy \"codex-execpolicy\"\nmode ask\ndefault ") +
                       t.vigie_default + "\n\ncommands {\n  " + t.vigie_rules + "\n}\n";
    vigie::CompileResult r = vigie::compile({{"codex-execpolicy.vigie", text}});
    std::string errors;
    for (const auto& d : r.diagnostics) errors += vigie::render(d, r.sources);
    INFO(text << errors);
    REQUIRE(r.ok());
    return r.policy;
  }
  return nullptr;
}

// allow / prompt / forbidden (and the descriptive spellings of a few rows) -> an effect.
std::optional<vigie::Effect> codex_decision(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  auto starts = [&](const char* p) { return s.rfind(p, 0) == 0; };
  if (starts("allow") || starts("skip (auto-approved")) return vigie::Effect::allow;
  if (starts("prompt")) return vigie::Effect::ask;
  if (starts("forbidden")) return vigie::Effect::deny;
  return std::nullopt;
}

std::set<std::string> known_disagreements() {
  std::set<std::string> out;
  std::ifstream in(fs::path(VIGIE_SOURCE_DIR) / "tests" / "engine" / "corpus-disagreements.txt");
  std::string line;
  while (std::getline(in, line)) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    out.insert(line);
  }
  return out;
}

struct Tally {
  std::size_t rows = 0, agree = 0;
};

struct Run {
  std::set<std::string> known = known_disagreements();
  std::map<std::string, Tally> tallies;
  std::ostringstream fresh;    // disagreements not in the list
  std::ostringstream healed;   // listed disagreements that now agree
  std::set<std::string> seen;  // every row id met

  void record(const std::string& corpus, const std::string& id, bool ok,
              const std::string& detail) {
    Tally& t = tallies[corpus];
    ++t.rows;
    seen.insert(id);
    bool listed = known.count(id) > 0;
    if (ok) {
      ++t.agree;
      if (listed) healed << "  " << id << "\n";
    } else if (!listed) {
      fresh << "  " << id << "\n      " << one_line(detail) << "\n";
    }
  }
};

std::string describe(const vigie::Decision& d) {
  std::string s = vigie::to_string(d.decision);
  if (!d.rule.id.empty()) s += " (rule " + d.rule.id + ")";
  if (d.error) s += " [" + *d.error + "]";
  return s;
}

}  // namespace

TEST_CASE("corpus agreement: dcg under rules/destructive.vigie, codex under rules/codex-safe.vigie",
          "[corpus][decisions]") {
  fs::path dcg_file = fs::path(VIGIE_CORPUS_DIR) / "dcg-corpus.jsonl";
  fs::path codex_file = fs::path(VIGIE_CORPUS_DIR) / "codex-cases.jsonl";
  if (!fs::exists(dcg_file) || !fs::exists(codex_file)) {
    WARN("corpus not found, skipped: " << fs::path(VIGIE_CORPUS_DIR).string());
    return;
  }
  auto destructive = compile_rules("destructive.vigie");
  auto codex_safe = compile_rules("codex-safe.vigie");
  Run run;
  Tally with_command;  // dcg rows that carry a command line

  {
    std::ifstream in(dcg_file);
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty()) continue;
      json row = json::parse(line, nullptr, false);
      REQUIRE_FALSE(row.is_discarded());
      const json& command = row.at("command");  // null for the rows fed as raw hook JSON
      std::string expected = row.at("expected").get<std::string>();
      vigie::Decision d = decide(*destructive, command);
      bool ok = vigie::to_string(d.decision) == expected;
      if (command.is_string()) {
        ++with_command.rows;
        if (ok) ++with_command.agree;
      }
      run.record("dcg", "dcg " + row.at("origin").get<std::string>(), ok,
                 (command.is_string() ? "`" + command.get<std::string>() + "`" : "(no command)") +
                     ": expected " + expected + ", got " + describe(d));
    }
  }

  std::size_t no_decision = 0;
  {
    std::ifstream in(codex_file);
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty()) continue;
      json row = json::parse(line, nullptr, false);
      REQUIRE_FALSE(row.is_discarded());
      std::string kind = row.at("kind").get<std::string>();
      if (kind != "known_safe" && kind != "dangerous" && kind != "execpolicy") continue;
      const json& argv = row.at("argv");
      std::string command;
      if (auto one = strings(argv)) {
        command = line_of_argv(*one);
      } else {
        // Several argvs checked together: one line, each judged.
        for (const auto& a : argv) {
          auto w = strings(a);
          REQUIRE(w);
          command += (command.empty() ? "" : "; ") + line_of_argv(*w);
        }
      }
      std::string id = "codex " + kind + " " + one_line(command);
      if (kind == "known_safe") {
        bool safe = row.at("expected_safe").get<bool>();
        vigie::Decision d = decide(*codex_safe, command);
        bool ok = safe == (d.decision == vigie::Effect::allow);
        run.record(kind, id, ok,
                   std::string("expected ") + (safe ? "safe (allow)" : "unsafe (ask or deny)") +
                       ", got " + describe(d));
      } else if (kind == "dangerous") {
        bool dangerous = !row.at("expected_match").is_null();
        vigie::Decision d = decide(*codex_safe, command);
        bool forced = matched(d, "dangerous.forced-rm");
        bool ok = dangerous ? forced && d.decision != vigie::Effect::allow : !forced;
        run.record(kind, id, ok,
                   std::string("expected ") +
                       (dangerous ? "a forced rm (not allowed, dangerous.forced-rm matched)"
                                  : "no forced-rm match") +
                       ", got " + describe(d) + (forced ? ", dangerous.forced-rm matched" : ""));
      } else {
        auto want = codex_decision(row.at("expected_decision").get<std::string>());
        std::string codex_policy = row.at("policy").get<std::string>();
        if (!want || codex_policy == "(any)") {
          ++no_decision;  // the row checks a parser fallback, not a decision
          continue;
        }
        auto policy = execpolicy(codex_policy);
        INFO("no vigie translation for the codex policy " << codex_policy);
        REQUIRE(policy);
        vigie::Decision d = decide(*policy, command);
        bool none_expected = row.at("expected_matched_prefixes").empty();
        bool ok = d.decision == *want && none_expected == d.matched.empty();
        run.record(kind, id, ok,
                   std::string("expected ") + vigie::to_string(*want) +
                       (none_expected ? " (no rule matched)" : "") + ", got " + describe(d) +
                       (d.matched.empty() ? " (no rule matched)" : ""));
      }
    }
  }

  std::ostringstream figures;
  for (const auto& [corpus, t] : run.tallies)
    figures << "  " << corpus << ": " << t.agree << "/" << t.rows << " ("
            << (t.rows ? (1000 * t.agree + t.rows / 2) / t.rows / 10.0 : 0.0) << "%)\n";
  WARN("corpus agreement\n"
       << figures.str() << "  (dcg rows with a command line: " << with_command.agree << "/"
       << with_command.rows << "; codex execpolicy rows without a decision: " << no_decision
       << ")");

  std::ostringstream stale;  // listed ids that match no row at all
  for (const auto& id : run.known)
    if (!run.seen.count(id)) stale << "  " << id << "\n";
  INFO(
      "new disagreements (fix them, or list and argue them in "
      "tests/engine/corpus-disagreements.txt and docs/corpus.md):\n"
      << run.fresh.str());
  CHECK(run.fresh.str().empty());
  INFO(
      "listed disagreements that now agree (remove them from "
      "tests/engine/corpus-disagreements.txt):\n"
      << run.healed.str());
  CHECK(run.healed.str().empty());
  INFO("listed disagreements that match no row:\n" << stale.str());
  CHECK(stale.str().empty());

  CHECK(run.tallies["dcg"].rows == 354);
  CHECK(run.tallies["dcg"].agree >= kDcgMinAgree);
  CHECK(run.tallies["known_safe"].agree >= kKnownSafeMinAgree);
  CHECK(run.tallies["dangerous"].agree >= kDangerousMinAgree);
  CHECK(run.tallies["execpolicy"].agree >= kExecpolicyMinAgree);
}
