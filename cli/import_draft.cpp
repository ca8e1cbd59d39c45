// Renders and checks an imported policy (cli/import_draft.hpp).
#include "cli/import_draft.hpp"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "cli/command.hpp"
#include "cli/policy_text.hpp"
#include "grammar/limits.hpp"
#include "grammar/policy/format.hpp"
#include "grammar/policy/parser.hpp"

namespace vigie::cli {

std::string Draft::make_id(Effect e, const std::string& slug_text) {
  std::string base = std::string(to_string(e)) + "." + slug_text;
  std::string id = base;
  for (int n = 2; ids_.count(id); ++n) id = base + "-" + std::to_string(n);
  ids_.insert(id);
  return id;
}

LineIndex::LineIndex(const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') newlines_.push_back(i);
}

std::size_t LineIndex::line(std::size_t offset) const {
  return 1 + static_cast<std::size_t>(std::lower_bound(newlines_.begin(), newlines_.end(), offset) -
                                      newlines_.begin());
}

std::string name_from_path(const std::string& path, const std::string& fallback) {
  if (path == "-") return fallback;
  std::string base =
      path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1);
  auto dot = base.find('.');
  if (dot != std::string::npos && dot > 0) base = base.substr(0, dot);
  std::string out;
  for (char c : base)
    out += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ? c : '-';
  return out.empty() ? fallback : out;
}

namespace {

struct DraftTest {
  std::string kind, subject;
  Effect effect = Effect::ask;
  std::string rule, note;
};

// Where each rule and example landed in the rendered text (1-based lines).
struct Layout {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> rule_lines;  // first, last
  std::vector<std::vector<std::uint32_t>> example_lines, counter_lines;
};

// Rounds of taking out what the compiler reports (see finish_draft).
constexpr int kMaxRounds = 8;

constexpr const char* kBlocks[] = {"commands", "paths", "fetch", "mcp", "tools"};

std::string render(const Draft& d, const std::vector<DraftTest>& tests, Layout& lay) {
  std::ostringstream o;
  std::uint32_t line = 1;
  auto put = [&](const std::string& s) {
    o << s << "\n";
    line += 1 + static_cast<std::uint32_t>(std::count(s.begin(), s.end(), '\n'));
  };
  lay.rule_lines.assign(d.rules.size(), {0, 0});
  lay.example_lines.assign(d.rules.size(), {});
  lay.counter_lines.assign(d.rules.size(), {});
  put("# Imported from " + comment_text(d.from) + " by `vigie import " + d.format + "` (" +
      d.title + ").");
  for (const auto& h : d.header) put("# " + comment_text(h));
  for (const auto& n : d.not_expressed) put("# not expressed: " + comment_text(n));
  for (const auto& n : d.notes) put("# note: " + comment_text(n));
  put("policy " + policy_string(d.name));
  put("mode ask");
  for (const char* block : kBlocks) {
    bool opened = false;
    for (std::size_t i = 0; i < d.rules.size(); ++i) {
      const DraftRule& r = d.rules[i];
      if (r.block != block) continue;
      if (!opened) put(""), put(std::string(block) + " {"), opened = true;
      if (!r.from.empty()) put("  # " + comment_text(r.from));
      if (!r.folded.empty()) {
        put("  # " + std::string(to_string(r.effect)) + " " + comment_text(r.body) + ": " +
            comment_text(r.folded));
        continue;
      }
      lay.rule_lines[i].first = line;
      std::string s = "  " + std::string(to_string(r.effect)) + " " + r.body;
      if (!r.message.empty()) s += "  " + policy_string(r.message);
      put(s);
      put("    id " + r.id);
      for (const auto& e : r.examples)
        lay.example_lines[i].push_back(line), put("    example " + policy_string(e));
      for (const auto& e : r.counterexamples)
        lay.counter_lines[i].push_back(line), put("    counterexample " + policy_string(e));
      lay.rule_lines[i].second = line - 1;
    }
    if (opened) put("}");
  }
  bool any = false;
  for (const auto& t : tests) any = any || !t.kind.empty();
  if (any) {
    put("");
    put("test " + policy_string(d.title) + " {");
    for (const auto& t : tests) {
      if (t.kind.empty()) continue;
      if (!t.note.empty()) put("  # note: " + comment_text(t.note));
      std::string s = "  " + t.kind + " " + policy_string(t.subject) + " => " + to_string(t.effect);
      if (!t.rule.empty()) s += " rule " + t.rule;
      put(s);
    }
    put("}");
  }
  return o.str();
}

const char* verb(Effect e) {
  return e == Effect::allow ? "allows" : e == Effect::deny ? "denies" : "asks";
}

}  // namespace

std::string comment_text(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else if (static_cast<unsigned char>(c) < 0x20)
      out += ' ';
    else
      out += c;
  }
  return out;
}

int finish_draft(Draft& d) {
  for (auto& r : d.rules)
    if (r.effect == Effect::deny && r.message.empty() && !r.entry.empty())
      r.message = "Denied by the " + d.title + " rule `" + r.entry + "`.";
  std::vector<DraftTest> tests;
  for (const auto& r : d.rules) tests.push_back({r.test_kind, r.test_subject, r.effect, r.id, ""});
  CompileOptions opt;
  opt.read_files = false;
  const std::string file = d.name + ".vigie";
  Layout lay;
  std::string out;
  CompileResult res;
  // Each round takes out what the compiler reports: examples vigie decides otherwise (V320,
  // V321) and rules it warns about (dead, shadowed, over-broad). Every report of a round is
  // handled at once (no recompilation per rule), except a rule that another folded rule's
  // report names (`… (FILE:LINE)`): it waits for the next round, so that of two rules covering
  // each other one stays.
  for (int round = 0; round < kMaxRounds; ++round) {
    out = render(d, tests, lay);
    if (out.size() > limits::policy_file_bytes) {  // checked before compiling it
      std::cerr << "vigie import: " << d.from << ": the policy would be larger than "
                << limits::policy_file_bytes
                << " bytes (the limit for a policy file): split the input\n";
      return kExitError;
    }
    res = compile({{file, out}}, opt);
    struct Target {
      std::size_t rule;
      int what;  // 0 the rule (its lines), 1 an example, 2 a counterexample
      std::size_t k;
    };
    std::map<std::uint32_t, Target> at_line;
    for (std::size_t i = 0; i < d.rules.size(); ++i) {
      auto [first, last] = lay.rule_lines[i];
      for (std::uint32_t l = first; first != 0 && l <= last; ++l) at_line[l] = {i, 0, 0};
      for (std::size_t k = 0; k < lay.example_lines[i].size(); ++k)
        at_line[lay.example_lines[i][k]] = {i, 1, k};
      for (std::size_t k = 0; k < lay.counter_lines[i].size(); ++k)
        at_line[lay.counter_lines[i][k]] = {i, 2, k};
    }
    std::set<std::tuple<std::size_t, int, std::size_t>> drops;  // (rule, what, k)
    std::map<std::size_t, std::string> folds;                   // rule -> why
    std::set<std::uint32_t> named;                              // lines named by a fold
    for (const auto& diag : res.diagnostics) {
      auto t = at_line.find(diag.line);
      if (t == at_line.end() || diag.severity == Severity::note) continue;
      const Target& x = t->second;
      if ((diag.code == "V320" && x.what == 1) || (diag.code == "V321" && x.what == 2)) {
        drops.insert({x.rule, x.what, x.k});
      } else if (diag.severity == Severity::warning && x.what == 0 && !folds.count(x.rule)) {
        // The message names lines of this intermediate text: keep them aside, leave them out.
        std::string m = diag.message;
        const std::string tag = " (" + file + ":";
        for (auto p = m.find(tag); p != std::string::npos; p = m.find(tag)) {
          auto close = m.find(')', p);
          named.insert(
              static_cast<std::uint32_t>(std::strtoul(m.c_str() + p + tag.size(), nullptr, 10)));
          m.erase(p, close == std::string::npos ? std::string::npos : close - p + 1);
        }
        folds[x.rule] = m + " [" + diag.code + "]";
      }
    }
    for (auto it = drops.rbegin(); it != drops.rend(); ++it) {  // from the end: indices hold
      auto [i, what, k] = *it;
      auto& list = what == 1 ? d.rules[i].examples : d.rules[i].counterexamples;
      d.notes.push_back(d.rules[i].id + ": " + (what == 1 ? "example `" : "counterexample `") +
                        list[k] + "` left out (vigie decides it otherwise)");
      list.erase(list.begin() + static_cast<long>(k));
    }
    std::size_t folded = 0;
    for (const auto& [i, why] : folds) {
      auto [first, last] = lay.rule_lines[i];
      bool is_named = named.lower_bound(first) != named.end() && *named.lower_bound(first) <= last;
      if (is_named && folds.size() > 1) continue;
      d.rules[i].folded = why;
      d.notes.push_back(d.rules[i].id + " left as a comment: " + why);
      tests[i].rule.clear();  // the test still asserts the command; see below
      ++folded;
    }
    if (drops.empty() && folded == 0) break;
  }
  if (!res.ok()) {
    for (const auto& diag : res.diagnostics) std::cerr << render(diag, res.sources);
    std::cerr << "vigie import: internal error: the generated policy does not compile\n";
    std::cout << out;
    return kExitError;
  }
  // Run the tests; a test that fails says what vigie decides instead, and why.
  bool changed = false;
  std::multimap<std::pair<std::string, std::string>, std::size_t> by_subject;
  for (std::size_t i = 0; i < tests.size(); ++i)
    by_subject.insert({{tests[i].kind, tests[i].subject}, i});
  for (const auto& o : run_tests(*res.policy)) {
    if (o.passed) continue;
    auto [from, to] = by_subject.equal_range({o.kind, o.subject});
    for (auto it = from; it != to; ++it) {
      DraftTest& t = tests[it->second];
      if (!t.note.empty()) continue;
      std::string n = d.title + " says " + to_string(t.effect) + " for `" + t.subject +
                      "`, vigie " + verb(o.actual.decision) + " it" +
                      (o.actual.decision == t.effect ? " too" : "");
      n += o.actual.rule.id.empty() ? std::string(" by the mode's default")
                                    : " by " + o.actual.rule.id;
      t.note = n;
      t.effect = o.actual.decision;
      t.rule = o.actual.rule.id;
      d.notes.push_back(n);
      changed = true;
      break;
    }
  }
  if (changed) out = render(d, tests, lay);
  // Printed in `vigie fmt`'s canonical form (the same statements, aligned).
  if (policy::ParseResult p = policy::parse(file, out); p.ok()) out = policy::format(p.file);
  std::cout << out;
  for (const auto& n : d.not_expressed) std::cerr << "vigie import: not expressed: " << n << "\n";
  for (const auto& n : d.notes) std::cerr << "vigie import: note: " << n << "\n";
  return d.not_expressed.empty() ? 0 : kExitError;
}

}  // namespace vigie::cli
