// `vigie import rules-json FILE`: converts Escouade's team-rules plugin file (seed 001)
//
//   {"deny": ["rm -rf", {"command": "git push --force", "message": "…"}],
//    "allow": ["npm test", "git status"]}
//
// into a .vigie policy on stdout: one rule per entry (each with an id), mode ask (what no rule
// decides goes to the user), and a test block asserting each rule. The generated policy is
// compiled and its tests run before it is printed: a rule whose own command is decided otherwise
// (a deny that also covers an allow, a built-in safety check) gets a test of what vigie actually
// decides and a `# note`, and a warning on stderr.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/import_formats.hpp"
#include "cli/policy_text.hpp"
#include "engine/limits.hpp"
#include "vigie/vigie.hpp"

namespace vigie::cli {
namespace {

using nlohmann::json;

struct Entry {
  Effect effect;
  std::string command;  // as written in rules.json
  std::string message;
  std::vector<std::string> words;
  std::string id;
  // Folded into another rule: the compiler reported this one shadowed by a broader rule of the
  // same effect (V341), or an allow that a deny always overrides (V340). Written as a comment.
  std::string folded_into, folded_why;
};

// The policy's name: `--name`, else the plugin's folder (plugins/team-rules/rules.json), else the
// file's stem.
std::string default_name(const std::string& path) {
  if (path == "-") return "rules-json";
  std::string p = path;
  while (p.size() > 1 && p.back() == '/') p.pop_back();
  auto slash = p.rfind('/');
  std::string base = slash == std::string::npos ? p : p.substr(slash + 1);
  if (base == "rules.json" && slash != std::string::npos && slash > 0) {
    std::string dir = p.substr(0, slash);
    auto s2 = dir.rfind('/');
    std::string d = s2 == std::string::npos ? dir : dir.substr(s2 + 1);
    if (!d.empty() && d != "." && d != "..") return d;
  }
  auto dot = base.rfind('.');
  if (dot != std::string::npos && dot > 0) base = base.substr(0, dot);
  return base.empty() ? "rules-json" : base;
}

struct TestLine {
  std::string subject;
  Effect effect;
  std::string rule, message, note;
};

// Renders the policy; `lines` receives the 1-based line of each entry's rule. Returns nothing
// as soon as the text passes limits::policy_file_bytes: the limit is checked while the text
// grows, so an input too large costs at most that much text, and is never compiled. Lines are
// counted as the text grows (each byte once).
// A draft is the text the fold rounds compile (below): the same lines up to the rules' block,
// no test block, and a placeholder message on each deny without one, so that the compiler's
// note about it (V215) takes no place among the diagnostics a compile keeps.
std::optional<std::string> render_policy(const std::string& name, const std::string& from,
                                         const std::vector<Entry>& entries,
                                         const std::vector<TestLine>& tests,
                                         const std::vector<std::string>& skipped,
                                         std::vector<std::uint32_t>* lines = nullptr,
                                         bool draft = false) {
  std::string o;
  std::size_t counted = 0, newlines = 0;
  auto line_now = [&] {
    newlines += static_cast<std::size_t>(
        std::count(o.begin() + static_cast<std::ptrdiff_t>(counted), o.end(), '\n'));
    counted = o.size();
    return static_cast<std::uint32_t>(newlines + 1);
  };
  auto too_large = [&] { return o.size() > limits::policy_file_bytes; };
  if (lines) lines->assign(entries.size(), 0);
  o += "# Imported from " + comment_text(from) +
       " by `vigie import rules-json` (Escouade's team rules).\n"
       "# Every command of a line is judged, even after `&&`; any deny wins, else any allow,\n"
       "# else the user is asked. Deny rules match option sets (`rm -rf` also catches `rm -fr`,\n"
       "# `rm -r -f`); allow rules are whole-token prefixes (`npm test` allows `npm test -- -u`,\n"
       "# not `npm testx`). vigie's built-in safety checks apply too.\n";
  for (const auto& s : skipped) {
    o += "# skipped: " + comment_text(s) + "\n";
    if (too_large()) return std::nullopt;
  }
  o += "policy " + policy_string(name) + "\nmode ask\n\ncommands {\n";
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const Entry& e = entries[i];
    if (!e.folded_into.empty()) {
      o += std::string("  # ") + to_string(e.effect) + " " + comment_text(e.command) + ": " +
           comment_text(e.folded_why) + "\n";
    } else {
      if (lines) (*lines)[i] = line_now();
      o += std::string("  ") + to_string(e.effect);
      for (const auto& w : e.words) o += " " + pattern_word(w);
      if (!e.message.empty())
        o += "  " + policy_string(e.message);
      else if (draft && e.effect == Effect::deny)
        o += "  \"-\"";
      o += "\n    id " + e.id + "\n";
    }
    if (too_large()) return std::nullopt;
  }
  if (draft) return o + "}\n";
  o += "}\n\ntest \"rules.json\" {\n";
  for (const auto& t : tests) {
    if (!t.note.empty()) o += "  # note: " + comment_text(t.note) + "\n";
    o += "  command " + policy_string(t.subject) + " => " + to_string(t.effect);
    if (!t.rule.empty()) o += " rule " + t.rule;
    if (!t.message.empty()) o += " " + policy_string(t.message);
    o += "\n";
    if (too_large()) return std::nullopt;
  }
  o += "}\n";
  if (too_large()) return std::nullopt;
  return o;
}

// What `render_policy` returning nothing means, in the words of the other formats
// (cli/import_draft.cpp).
int too_large(const std::string& from) {
  std::cerr << "vigie import: " << from << ": the policy would be larger than "
            << limits::policy_file_bytes
            << " bytes (the limit for a policy file): split the input\n";
  return kExitError;
}

// The formats of cli/import_formats.hpp: read, then render and check (cli/import_draft.cpp).
int import_other(const ImportFormat& f, const std::string& file, const std::string& name) {
  std::string text, err;
  if (!read_input(file, text, err)) {
    std::cerr << "vigie import: " << err << "\n";
    return kExitError;
  }
  Draft d;
  d.format = f.name;
  d.from = file == "-" ? "stdin" : file;
  d.name = name.empty() ? name_from_path(file, f.name) : name;
  if (!f.read(text, d, err)) {
    std::cerr << "vigie import: " << err << "\n";
    return kExitError;
  }
  return finish_draft(d);
}

int run_import(const std::vector<std::string>& a) {
  std::string format, file, name;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] == "--name") {
      if (i + 1 >= a.size()) return usage_error("import", "`--name` needs a value");
      name = a[++i];
    } else if (!a[i].empty() && a[i][0] == '-' && a[i] != "-") {
      return usage_error("import", "unknown option `" + a[i] + "`");
    } else if (format.empty()) {
      format = a[i];
    } else if (file.empty()) {
      file = a[i];
    } else {
      return usage_error("import", "unexpected argument `" + a[i] + "`");
    }
  }
  const ImportFormat* other = nullptr;
  std::string names = "rules-json";
  for (const auto& f : kImportFormats) {
    names += std::string(", ") + f.name;
    if (format == f.name) other = &f;
  }
  if (format != "rules-json" && !other)
    return usage_error("import", "give the format (" + names + "): `vigie import FORMAT FILE`");
  if (file.empty()) return usage_error("import", "give the file to import (or - for stdin)");
  if (other) return import_other(*other, file, name);
  if (name.empty()) name = default_name(file);

  std::string text, err;
  if (!read_input(file, text, err)) {
    std::cerr << "vigie import: " << err << "\n";
    return kExitError;
  }
  std::string why;
  json j = engine::parse_json(text, &why, limits::request_bytes, "the file");  // bounded
  if (j.is_discarded() || !j.is_object()) {
    std::cerr << "vigie import: " << file << ": not a JSON object"
              << (j.is_discarded() ? " (" + why + ")" : std::string()) << "\n";
    return kExitError;
  }
  bool errors = false;
  std::vector<Entry> entries;
  std::vector<std::string> skipped;
  std::set<std::pair<int, std::vector<std::string>>> seen;
  std::set<std::string> ids;
  std::map<std::string, int> next_number;  // KEY.SLUG -> the next number to try
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (it.key() != "deny" && it.key() != "allow" && it.key() != "ask")
      std::cerr << "vigie import: " << file << ": warning: unknown key `" << it.key()
                << "` ignored (rules.json has `deny` and `allow`)\n";
  }
  for (const char* key : {"deny", "ask", "allow"}) {
    auto list = j.find(key);
    if (list == j.end()) continue;
    if (!list->is_array()) {
      std::cerr << "vigie import: " << file << ": `" << key << "` must be an array\n";
      errors = true;
      continue;
    }
    Effect effect = *effect_from_string(key);
    std::size_t index = 0;
    for (const auto& item : *list) {
      ++index;
      std::string where = std::string(key) + "[" + std::to_string(index - 1) + "]";
      Entry e;
      e.effect = effect;
      if (item.is_string()) {
        e.command = item.get<std::string>();
      } else if (item.is_object() && item.contains("command") && item["command"].is_string()) {
        e.command = item["command"].get<std::string>();
        if (auto m = item.find("message"); m != item.end()) {
          if (!m->is_string()) {
            std::cerr << "vigie import: " << file << ": " << where
                      << ": `message` must be a string\n";
            errors = true;
            continue;
          }
          e.message = m->get<std::string>();
        }
      } else {
        std::cerr << "vigie import: " << file << ": " << where
                  << ": expected a string or {\"command\", \"message\"?}\n";
        errors = true;
        continue;
      }
      std::string why;
      auto words = split_shell_words(e.command, &why);
      if (!words) {
        std::cerr << "vigie import: " << file << ": " << where << ": cannot convert `" << e.command
                  << "`: " << why << "\n";
        skipped.push_back(where + " `" + e.command + "`: " + why);
        errors = true;
        continue;
      }
      e.words = *words;
      if (!seen.insert({static_cast<int>(effect), e.words}).second) {
        std::cerr << "vigie import: " << file << ": warning: " << where << " `" << e.command
                  << "` repeats an earlier rule: dropped\n";
        continue;
      }
      // The first free of KEY.SLUG, KEY.SLUG-2, -3...; each base remembers where its numbering
      // stopped (ids are only added, so the numbers below stay taken): many entries of one slug
      // (it keeps 40 characters) cost one step each, not a scan from 2.
      const std::string base = std::string(key) + "." + slug(e.words);
      std::string id = base;
      for (int& n = next_number.try_emplace(base, 2).first->second; ids.count(id); ++n)
        id = base + "-" + std::to_string(n);
      ids.insert(id);
      e.id = id;
      entries.push_back(std::move(e));
    }
  }
  if (entries.empty() && !errors)
    std::cerr << "vigie import: " << file << ": warning: no rules (every request will be asked)\n";

  // Each rule asserts itself: its own command gets its effect, by its rule.
  std::vector<TestLine> tests;
  for (const auto& e : entries) {
    std::string subject = command_line(e.words);
    tests.push_back({subject, e.effect, e.id, e.message, ""});
  }
  std::string from = file == "-" ? "stdin" : file;
  CompileOptions opt;
  opt.read_files = false;
  std::vector<std::uint32_t> lines;
  if (!render_policy(name, from, entries, tests, skipped)) return too_large(from);
  auto rendered = render_policy(name, from, entries, tests, skipped, &lines, /*draft=*/true);
  if (!rendered) return too_large(from);
  std::string out = std::move(*rendered);
  CompileResult r = compile({{name + ".vigie", out}}, opt);

  // Fold the rules that the compiler reports as dead (V341: shadowed by a broader rule of the
  // same effect, e.g. `git push -f` under `git push --force`; V340: an allow that a deny always
  // overrides): they decide nothing, so they become comments and the policy lints clean. Their
  // test still asserts their command.
  // Every report of a round is folded at once, in the compiler's order, except one that names a
  // rule folded earlier in the same round: the compiler names the first rule that covers it,
  // and that one is now a comment, so it waits for the next round's report. This folds what
  // folding one report per round did, with a compile of the draft per round instead of a
  // compile of the policy per rule. A compile keeps limits::policy_diagnostics diagnostics, so
  // a round sees about that many reports: the rounds stop when they would have compiled
  // kFoldBytes of text in all (16 compiles of the largest policy), and the reports left stay
  // rules, which `vigie lint` shows.
  constexpr std::size_t kFoldBytes = 16 * limits::policy_file_bytes;
  std::size_t compiled = out.size();
  while (r.ok()) {
    std::map<std::uint32_t, std::size_t> at_line;  // a rule's line -> its entry
    for (std::size_t i = 0; i < entries.size(); ++i)
      if (lines[i] != 0) at_line.emplace(lines[i], i);
    struct Fold {
      std::size_t rule, by;
      bool shadowed;  // V341, else V340
    };
    std::vector<Fold> folds;
    std::set<std::size_t> folded_now;
    for (const auto& d : r.diagnostics) {
      if ((d.code != "V341" && d.code != "V340") || d.severity == Severity::note) continue;
      auto at = at_line.find(d.line);
      auto close = d.message.rfind(")");
      auto colon = d.message.rfind(':', close);
      if (at == at_line.end() || close == std::string::npos || colon == std::string::npos) continue;
      std::uint32_t by_line = static_cast<std::uint32_t>(
          std::strtoul(d.message.substr(colon + 1, close - colon - 1).c_str(), nullptr, 10));
      auto by = at_line.find(by_line);
      if (by == at_line.end() || folded_now.count(by->second) ||
          !folded_now.insert(at->second).second)
        continue;
      folds.push_back({at->second, by->second, d.code == "V341"});
    }
    if (folds.empty()) break;
    if (compiled + out.size() > kFoldBytes) {
      std::cerr << "vigie import: note: shadowed rules are left as rules from `"
                << entries[folds.front().rule].command << "` on (folding stopped after compiling "
                << compiled << " bytes of policy; `vigie lint` reports them)\n";
      break;
    }
    for (const Fold& f : folds) {
      Entry& e = entries[f.rule];
      const Entry& b = entries[f.by];
      e.folded_into = b.id;
      e.folded_why = f.shadowed ? "covered by the broader " + b.id
                                : "never applies, " + b.id + " always overrides it";
      if (!e.message.empty() && e.message != b.message)
        e.folded_why += " (its message was " + policy_string(e.message) + ")";
      std::cerr << "vigie import: note: `" << to_string(e.effect) << " " << e.command << "` is "
                << e.folded_why << "\n";
      tests[f.rule].rule = b.id;  // tests parallel the entries
      tests[f.rule].message = b.effect == e.effect ? b.message : std::string();
    }
    rendered = render_policy(name, from, entries, tests, skipped, &lines, /*draft=*/true);
    if (!rendered) return too_large(from);
    out = std::move(*rendered);
    r = compile({{name + ".vigie", out}}, opt);
    compiled += out.size();
  }
  // The policy itself, with its tests.
  rendered = render_policy(name, from, entries, tests, skipped);
  if (!rendered) return too_large(from);
  out = std::move(*rendered);
  r = compile({{name + ".vigie", out}}, opt);

  // Round trip: run the tests of what we wrote; a test that fails says what vigie actually
  // decides (and why), so that the printed policy's tests pass.
  if (!r.ok()) {
    for (const auto& d : r.diagnostics) std::cerr << render(d, r.sources);
    std::cerr << "vigie import: internal error: the generated policy does not compile\n";
    std::cout << out;
    return kExitError;
  }
  auto outcomes = run_tests(*r.policy);
  std::multimap<std::string, std::size_t> by_subject;  // a test's command -> its tests
  for (std::size_t i = 0; i < tests.size(); ++i) by_subject.emplace(tests[i].subject, i);
  bool changed = false;
  for (const auto& o : outcomes) {
    if (o.passed) continue;
    auto [first, last] = by_subject.equal_range(o.subject);
    for (auto it = first; it != last; ++it) {
      TestLine& t = tests[it->second];
      std::ostringstream note;
      note << "rules.json says " << to_string(t.effect) << " `" << t.subject << "`, but vigie "
           << (o.actual.decision == Effect::allow  ? "allows"
               : o.actual.decision == Effect::deny ? "denies"
                                                   : "asks")
           << " it";
      if (!o.actual.rule.id.empty()) note << " by " << o.actual.rule.id;
      if (!o.actual.message.empty()) note << " (" << o.actual.message << ")";
      t.note = note.str();
      std::cerr << "vigie import: warning: " << t.note << "\n";
      t.effect = o.actual.decision;
      t.rule = o.actual.rule.id;
      t.message.clear();
      changed = true;
    }
  }
  if (changed) {
    rendered = render_policy(name, from, entries, tests, skipped);
    if (!rendered) return too_large(from);
    out = std::move(*rendered);
  }
  std::cout << out;
  return errors ? kExitError : kExitOk;
}

const Registrar import_reg{
    "import",
    {"convert rules.json, Claude/Codex/Gemini permission rules into a .vigie policy",
     "usage: vigie import FORMAT [--name NAME] FILE\n\n"
     "FORMAT is rules-json (below), claude-settings (Claude Code settings.json `permissions`),\n"
     "codex-rules (Codex execpolicy .rules) or gemini-policy (Gemini CLI policy TOML). Each\n"
     "prints a .vigie policy with one rule per entry and a test per rule, checked before it is\n"
     "printed; what has no vigie equivalent is listed as `# not expressed:` in the policy and on\n"
     "stderr (exit 1), approximations as `# note:` (docs/cli.md).\n\n"
     "Converts Escouade's team-rules file (seed 001)\n"
     "  {\"deny\": [\"rm -rf\", {\"command\": \"git push --force\", \"message\": \"…\"}],\n"
     "   \"allow\": [\"npm test\", …]}\n"
     "into a .vigie policy on stdout: one rule per entry with an id (deny.rm-rf, allow.npm-test),\n"
     "mode ask, and a test block asserting each rule (run it with `vigie test`). The policy is\n"
     "named NAME, else after the plugin's folder (plugins/team-rules/rules.json -> team-rules).\n"
     "FILE may be - for stdin.\n"
     "Exit: 0 converted, 1 when the file cannot be read or an entry cannot be converted (the\n"
     "policy is still printed, without it, and says so), 2 on bad usage.\n",
     run_import}};

}  // namespace
}  // namespace vigie::cli
