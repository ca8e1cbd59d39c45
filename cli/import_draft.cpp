// Renders and checks an imported policy (cli/import_draft.hpp).
#include "cli/import_draft.hpp"

#include <algorithm>
#include <iostream>
#include <sstream>

#include "cli/command.hpp"
#include "cli/policy_text.hpp"

namespace vigie::cli {

std::string Draft::make_id(Effect e, const std::string& slug_text) {
  std::string base = std::string(to_string(e)) + "." + slug_text;
  std::string id = base;
  for (int n = 2; std::find(ids_.begin(), ids_.end(), id) != ids_.end(); ++n)
    id = base + "-" + std::to_string(n);
  ids_.push_back(id);
  return id;
}

std::size_t line_of(const std::string& text, std::size_t offset) {
  offset = std::min(offset, text.size());
  return 1 + static_cast<std::size_t>(
                 std::count(text.begin(), text.begin() + static_cast<long>(offset), '\n'));
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
  put("# Imported from " + d.from + " by `vigie import " + d.format + "` (" + d.title + ").");
  for (const auto& h : d.header) put("# " + h);
  for (const auto& n : d.not_expressed) put("# not expressed: " + n);
  for (const auto& n : d.notes) put("# note: " + n);
  put("policy " + policy_string(d.name));
  put("mode ask");
  for (const char* block : kBlocks) {
    bool opened = false;
    for (std::size_t i = 0; i < d.rules.size(); ++i) {
      const DraftRule& r = d.rules[i];
      if (r.block != block) continue;
      if (!opened) put(""), put(std::string(block) + " {"), opened = true;
      if (!r.from.empty()) put("  # " + r.from);
      if (!r.folded.empty()) {
        put("  # " + std::string(to_string(r.effect)) + " " + r.body + ": " + r.folded);
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
      if (!t.note.empty()) put("  # note: " + t.note);
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
  // Each round removes one thing the compiler reports (an example vigie decides otherwise, a
  // rule it reports dead or over-broad); at most one per example and rule.
  std::size_t budget = 1;
  for (const auto& r : d.rules) budget += 1 + r.examples.size() + r.counterexamples.size();
  for (; budget > 0; --budget) {
    out = render(d, tests, lay);
    res = compile({{file, out}}, opt);
    bool changed = false;
    for (const auto& diag : res.diagnostics) {
      if (diag.severity == Severity::note) continue;
      for (std::size_t i = 0; i < d.rules.size() && !changed; ++i) {
        DraftRule& r = d.rules[i];
        auto drop = [&](std::vector<std::string>& list, std::vector<std::uint32_t>& lines,
                        const char* what) {
          auto at = std::find(lines.begin(), lines.end(), diag.line);
          if (at == lines.end()) return;
          auto k = static_cast<std::size_t>(at - lines.begin());
          d.notes.push_back(r.id + ": " + what + " `" + list[k] + "` left out (" + diag.message +
                            ")");
          list.erase(list.begin() + static_cast<long>(k));
          changed = true;
        };
        if (diag.code == "V320") drop(r.examples, lay.example_lines[i], "example");
        if (diag.code == "V321") drop(r.counterexamples, lay.counter_lines[i], "counterexample");
        if (changed || diag.severity != Severity::warning) continue;
        auto [first, last] = lay.rule_lines[i];
        if (first == 0 || diag.line < first || diag.line > last) continue;
        // The message names lines of this intermediate text: leave them out.
        std::string m = diag.message;
        for (auto at = m.find(" (" + file + ":"); at != std::string::npos;
             at = m.find(" (" + file + ":"))
          m.erase(at, m.find(')', at) == std::string::npos ? std::string::npos
                                                           : m.find(')', at) - at + 1);
        r.folded = m + " [" + diag.code + "]";
        d.notes.push_back(r.id + " left as a comment: " + r.folded);
        tests[i].rule.clear();  // the test still asserts the command; see below
        changed = true;
      }
      if (changed) break;
    }
    if (!changed) break;
  }
  if (!res.ok()) {
    for (const auto& diag : res.diagnostics) std::cerr << render(diag, res.sources);
    std::cerr << "vigie import: internal error: the generated policy does not compile\n";
    std::cout << out;
    return kExitError;
  }
  // Run the tests; a test that fails says what vigie decides instead, and why.
  bool changed = false;
  for (const auto& o : run_tests(*res.policy)) {
    if (o.passed) continue;
    for (auto& t : tests) {
      if (t.subject != o.subject || t.kind != o.kind || !t.note.empty()) continue;
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
  std::cout << out;
  for (const auto& n : d.not_expressed) std::cerr << "vigie import: not expressed: " << n << "\n";
  for (const auto& n : d.notes) std::cerr << "vigie import: note: " << n << "\n";
  return d.not_expressed.empty() ? 0 : kExitError;
}

}  // namespace vigie::cli
