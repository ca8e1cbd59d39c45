// `vigie export codex-rules POLICY`: the part of a policy that Codex CLI's execpolicy `.rules`
// can hold, as prefix_rule calls on stdout; what it cannot hold is listed as `# left out:`
// comments and on stderr.
//
// A command rule of the top-level `commands` block becomes one prefix_rule per `|` alternative
// when its pattern is words and `( a | b )` groups, optionally ending in `...` (allow -> "allow",
// ask -> "prompt", deny -> "forbidden"; the message is the justification; examples become
// `match`, counterexamples `not_match` when Codex decides them the same way). Left out: rules
// with `*`, `$`, regexes or conditions (Codex has prefixes of exact words only), every other
// block (paths, fetch, mcp, tools, agent, safety, session), includes, mode and defaults. A deny
// or ask option (`rm -rf`) is exported as the word it is: Codex then matches that spelling in
// that position only, which the report says.
#include <algorithm>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/context.hpp"
#include "cli/import_draft.hpp"
#include "cli/io.hpp"
#include "cli/policy_text.hpp"
#include "grammar/policy/parser.hpp"

namespace vigie::cli {
namespace {

using policy::PatternItem;

std::string star(const std::string& s) {  // a Starlark string literal
  std::string o = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      o += '\\', o += c;
    else if (c == '\n')
      o += "\\n";
    else if (c == '\t')
      o += "\\t";
    else
      o += c;
  }
  return o + "\"";
}

std::string star_list(const std::vector<std::string>& words) {
  std::string o = "[";
  for (std::size_t i = 0; i < words.size(); ++i) o += (i ? ", " : "") + star(words[i]);
  return o + "]";
}

// One Codex pattern position: its alternatives.
using Position = std::vector<std::string>;

// Does Codex's prefix rule match these words?
bool codex_matches(const std::vector<Position>& pattern, const std::vector<std::string>& words) {
  if (words.size() < pattern.size()) return false;
  for (std::size_t i = 0; i < pattern.size(); ++i)
    if (std::find(pattern[i].begin(), pattern[i].end(), words[i]) == pattern[i].end()) return false;
  return true;
}

struct Exporter {
  std::string file;
  const std::string& source;
  std::vector<std::string> left_out, notes;
  std::ostringstream body;

  LineIndex lines{source};

  std::string at(policy::Span s) const { return file + ":" + std::to_string(lines.line(s.begin)); }

  void rule(const policy::Rule& r) {
    std::string id = r.id ? r.id->text : "";
    std::string where = at(r.span) + (id.empty() ? "" : " (" + id + ")");
    if (!r.conditions.empty()) {
      left_out.push_back(where + ": a rule with `" + r.conditions.front().keyword.text +
                         "` (Codex has no conditions)");
      return;
    }
    for (const auto& alt : r.alternatives) {
      std::vector<Position> pattern;
      std::string why;
      bool options = false;
      for (std::size_t i = 0; i < alt.items.size() && why.empty(); ++i) {
        const PatternItem& it = alt.items[i];
        if (it.kind == PatternItem::Kind::word) {
          pattern.push_back({it.word.text});
          if (r.effect != Effect::allow && it.word.kind == policy::Word::Kind::bare &&
              it.word.text.size() > 1 && it.word.text[0] == '-')
            options = true;
        } else if (it.kind == PatternItem::Kind::alt) {
          Position p;
          for (const auto& a : it.alts) {
            if (a.kind != PatternItem::Kind::word) why = "a regex in a group";
            p.push_back(a.word.text);
          }
          pattern.push_back(p);
        } else if (it.kind == PatternItem::Kind::rest && i + 1 == alt.items.size()) {
          // a prefix already
        } else {
          why = it.kind == PatternItem::Kind::any     ? "`*` (any one word)"
                : it.kind == PatternItem::Kind::end   ? "`$` (an exact command)"
                : it.kind == PatternItem::Kind::regex ? "a regex"
                                                      : "`...` before the end";
        }
      }
      if (why.empty() && pattern.empty()) why = "an empty pattern";
      if (!why.empty()) {
        left_out.push_back(where + ": " + why + " (Codex prefix rules hold exact words only)");
        continue;
      }
      if (options)
        notes.push_back(where +
                        ": options are exported as written; Codex matches them in that "
                        "position and spelling only (vigie: any order and spelling)");
      std::vector<std::string> match, not_match;
      for (auto [list, out, want] : {std::tuple{&r.examples, &match, true},
                                     std::tuple{&r.counterexamples, &not_match, false}}) {
        for (const auto& ex : *list) {
          auto words = split_shell_words(ex.text);
          if (words && codex_matches(pattern, *words) == want) {
            out->push_back(star_list(*words));
          } else {
            notes.push_back(where + ": " + (want ? "example `" : "counterexample `") + ex.text +
                            "` left out (Codex decides it otherwise)");
          }
        }
      }
      body << "\n# " << (id.empty() ? "rule" : id) << " (" << at(r.span) << ")\n"
           << "prefix_rule(\n    pattern = [";
      for (std::size_t i = 0; i < pattern.size(); ++i)
        body << (i ? ", " : "")
             << (pattern[i].size() == 1 ? star(pattern[i][0]) : star_list(pattern[i]));
      body << "],\n    decision = "
           << star(r.effect == Effect::allow ? "allow"
                   : r.effect == Effect::ask ? "prompt"
                                             : "forbidden")
           << ",\n";
      if (r.message) body << "    justification = " << star(r.message->text) << ",\n";
      auto list = [&](const char* key, const std::vector<std::string>& v) {
        if (v.empty()) return;
        body << "    " << key << " = [";
        for (std::size_t i = 0; i < v.size(); ++i) body << (i ? ", " : "") << v[i];
        body << "],\n";
      };
      list("match", match);
      list("not_match", not_match);
      body << ")\n";
    }
  }
};

int run_export(const std::vector<std::string>& a) {
  std::string format, file;
  for (const auto& s : a) {
    if (!s.empty() && s[0] == '-' && s != "-")
      return usage_error("export", "unknown option `" + s + "`");
    if (format.empty())
      format = s;
    else if (file.empty())
      file = s;
    else
      return usage_error("export", "unexpected argument `" + s + "`");
  }
  if (format != "codex-rules")
    return usage_error("export", "give the format: `vigie export codex-rules POLICY`");
  if (file.empty()) return usage_error("export", "give the policy file");
  std::string text, err;
  if (!read_bounded(file, text, err, limits::policy_file_bytes)) {
    std::cerr << "vigie export: " << err << "\n";
    return kExitError;
  }
  // Only a policy that compiles is exported (its examples hold, its rules are checked).
  if (!load_policy(file, /*cached=*/false)) {
    std::cerr << "vigie export: " << file << " does not compile; nothing exported\n";
    return kExitError;
  }
  policy::ParseResult p = policy::parse(file, text);
  Exporter x{file, text, {}, {}, {}, LineIndex(text)};
  for (const auto& item : p.file.items) {
    if (const auto* b = std::get_if<policy::Block>(&item)) {
      std::string kind = b->kind.text;
      if (kind == "test") continue;
      if (kind != "commands") {
        x.left_out.push_back(x.at(b->span) + ": the `" + kind + "` block" +
                             (b->label ? " " + policy_string(b->label->text) : "") +
                             " (Codex .rules hold command prefixes only)");
        continue;
      }
      for (const auto& in : b->items) {
        if (const auto* r = std::get_if<policy::Rule>(&in)) x.rule(*r);
        if (const auto* s = std::get_if<policy::Setting>(&in))
          x.left_out.push_back(x.at(s->span) + ": `" + s->key.text + "` in `commands`");
      }
    } else if (const auto* s = std::get_if<policy::Setting>(&item)) {
      const std::string& k = s->key.text;
      if (k == "policy") continue;
      x.left_out.push_back(x.at(s->span) + ": `" + k + "`" +
                           (k == "mode" || k == "default"
                                ? " (Codex prompts for a command no rule matches, by its own "
                                  "approval policy)"
                                : std::string()));
    }
  }
  std::cout << "# Exported from " << file << " by `vigie export codex-rules`: the command rules\n"
            << "# Codex execpolicy can hold (strictest wins: forbidden > prompt > allow).\n"
            << "# vigie's built-in safety checks, path rules and shell parsing are not in here.\n";
  for (const auto& l : x.left_out) std::cout << "# left out: " << l << "\n";
  for (const auto& n : x.notes) std::cout << "# note: " << n << "\n";
  std::cout << x.body.str();
  for (const auto& l : x.left_out) std::cerr << "vigie export: left out: " << l << "\n";
  for (const auto& n : x.notes) std::cerr << "vigie export: note: " << n << "\n";
  return kExitOk;
}

const Registrar export_reg{
    "export",
    {"write the part of a policy another tool can hold (Codex .rules)",
     "usage: vigie export codex-rules POLICY\n\n"
     "Prints Codex CLI execpolicy prefix_rule calls for the command rules of POLICY's top-level\n"
     "`commands` block that Codex can hold: words and ( a | b ) groups, allow -> allow, ask ->\n"
     "prompt, deny -> forbidden, the message as justification, examples as match and\n"
     "counterexamples as not_match. Everything else is listed as `# left out:` (and on stderr).\n"
     "Exit: 0 exported, 1 the policy cannot be read or does not compile, 2 bad usage.\n",
     run_export}};

}  // namespace
}  // namespace vigie::cli
