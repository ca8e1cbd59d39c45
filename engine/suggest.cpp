// Rules proposed from what humans answered (engine/suggest.hpp).
#include "engine/suggest.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "engine/normalize.hpp"
#include "grammar/policy/format.hpp"
#include "grammar/policy/parser.hpp"
#include "grammar/shell/commands.hpp"

namespace vigie::suggest {

using nlohmann::json;

namespace {

constexpr const char* kDefaultBase = "policy \"suggested\"\nmode ask\n";

// Words that a bare pattern word may not be: they mean something else in a rule.
constexpr std::string_view kReserved[] = {"inside",         "outside", "without", "id", "example",
                                          "counterexample", "*",       "...",     "$",  "|"};

bool bare_safe(std::string_view w) {
  if (w.empty() || w[0] == '/' || w[0] == '~') return false;
  for (auto r : kReserved)
    if (w == r) return false;
  for (char c : w) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              std::string_view("_.,:=@%+/-").find(c) != std::string_view::npos;
    if (!ok) return false;
  }
  return true;
}

// A command word as a pattern word; nullopt when the language cannot write it (a `'` inside).
std::optional<std::string> pattern_word(const std::string& w) {
  if (bare_safe(w)) return w;
  if (w.find('\'') != std::string::npos || w.find('\n') != std::string::npos) return std::nullopt;
  return "'" + w + "'";
}

// A word as a shell would need it written (for `example` lines).
std::string shell_word(const std::string& w) {
  if (bare_safe(w)) return w;
  std::string out = "'";
  for (char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string dq(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    if (c == '\t') {
      out += "\\t";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

std::string join(const std::vector<std::string>& v, const char* sep = " ") {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : sep) + x;
  return s;
}

// One command part seen in an answered request.
struct Part {
  std::vector<std::string> words;  // the static words allow rules see, cut at the first other
  std::string example;             // the words, shell-quoted
};

// The parts of a command line that `base` does not already allow and that a rule may name:
// no interpreter, wrapper or shell; no wrapper that allow rules do not look through; a static
// command name.
std::vector<Part> parts_to_rule(const Policy& base, const Request& r, const DecideOptions& dopt) {
  std::vector<Part> out;
  json in = json::parse(r.input_json, nullptr, false);
  if (!in.is_object()) return out;
  auto it = in.find("command");
  if (it == in.end() || !it->is_string()) return out;
  const std::string line = it->get<std::string>();
  auto parsed = shell::parse_commands(line);
  if (!parsed.ok) return out;
  for (const auto& cmd : parsed.commands) {
    if (cmd.argv.empty()) continue;
    engine::NormalizedCommand n = engine::normalize(cmd);
    if (n.allow_wrapper_words > 0 || n.allow_words().empty() || !n.escalations.empty()) continue;
    const auto& first = n.allow_words()[0];
    if (!first.literal) continue;
    auto name = engine::command_name(first);
    if (!name || engine::is_interpreter(*name) || engine::is_wrapper(*name)) continue;
    Part p;
    for (const auto& w : n.allow_words()) {
      if (!w.literal || !pattern_word(*w.literal)) break;
      p.words.push_back(*w.literal);
    }
    if (p.words.empty()) continue;
    std::vector<std::string> shown;
    for (const auto& w : p.words) shown.push_back(shell_word(w));
    p.example = join(shown);
    // Already allowed alone under the policy: nothing to propose for this part.
    Request alone = r;
    alone.input_json = json{{"command", p.example}}.dump();
    if (base.decide(alone, dopt).decision == Effect::allow) continue;
    out.push_back(std::move(p));
  }
  return out;
}

struct Group {
  std::vector<std::string> prefix;  // the longest prefix of every member
  std::vector<std::string> examples;
  std::set<std::string> seen_examples;
  std::size_t answers = 0;
  std::size_t longest = 0;  // the most words a member has
};

void add_to(std::map<std::vector<std::string>, Group>& groups, const Part& p) {
  std::vector<std::string> key(
      p.words.begin(),
      p.words.begin() + static_cast<long>(std::min<std::size_t>(2, p.words.size())));
  auto [it, fresh] = groups.try_emplace(key);
  Group& g = it->second;
  if (fresh) {
    g.prefix = p.words;
  } else {
    std::size_t k = 0;
    while (k < g.prefix.size() && k < p.words.size() && g.prefix[k] == p.words[k]) ++k;
    g.prefix.resize(k);
  }
  g.longest = std::max(g.longest, p.words.size());
  ++g.answers;
  if (g.seen_examples.insert(p.example).second) g.examples.push_back(p.example);
}

std::string make_id(Effect e, const std::vector<std::string>& words, std::set<std::string>& used,
                    const std::string& base_text) {
  std::string slug;
  for (const auto& w : words) {
    std::string s;
    for (char c : w) {
      bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
      s += ok ? c : '-';
    }
    while (!s.empty() && s.front() == '-') s.erase(s.begin());
    while (!s.empty() && s.back() == '-') s.pop_back();
    if (s.empty()) continue;
    slug += (slug.empty() ? "" : "-") + s;
    if (slug.size() > 48) break;
  }
  if (slug.empty()) slug = "rule";
  std::string stem = std::string("suggested.") + to_string(e) + "." + slug;
  std::string id = stem;
  for (int n = 2; used.count(id) || base_text.find("id " + id) != std::string::npos; ++n)
    id = stem + "-" + std::to_string(n);
  used.insert(id);
  return id;
}

std::string rule_text(const Suggestion& s, bool with_examples) {
  std::vector<std::string> words;
  for (const auto& t : s.tokens) words.push_back(*pattern_word(t));
  std::string out = std::string(to_string(s.effect)) + " " + join(words);
  if (s.exact) out += " $";
  if (!s.message.empty()) out += "  " + dq(s.message);
  out += "\n  id " + s.id;
  if (with_examples)
    for (const auto& e : s.examples) out += "\n  example " + dq(e);
  return out;
}

}  // namespace

std::optional<std::string> add_rules(const std::string& file_name, const std::string& text,
                                     const std::vector<std::string>& rules, std::string* error) {
  auto fail = [&](const std::string& why) -> std::optional<std::string> {
    if (error) *error = why;
    return std::nullopt;
  };
  auto parsed = policy::parse(file_name, text);
  if (!parsed.ok()) return fail(parsed.diagnostics.front().message);
  std::string body;
  for (const auto& r : rules) body += r + "\n";
  std::string out;
  const policy::Block* commands = nullptr;
  for (const auto& item : parsed.file.items)
    if (const auto* b = std::get_if<policy::Block>(&item); b && b->kind.text == "commands") {
      commands = b;
      break;
    }
  if (commands && commands->span.end > 0 && commands->span.end <= text.size() &&
      text[commands->span.end - 1] == '}') {
    const std::size_t close = commands->span.end - 1;
    out = text.substr(0, close) + "\n" + body + text.substr(close);
  } else {
    out = text;
    if (!out.empty() && out.back() != '\n') out += "\n";
    out += "\ncommands {\n" + body + "}\n";
  }
  auto again = policy::parse(file_name, out);
  if (!again.ok()) return fail(again.diagnostics.front().message);
  return policy::format(again.file);
}

Result suggest(const std::vector<SourceFile>& base_in, const std::vector<journal::Entry>& entries,
               const Options& options, const CompileOptions& copt, const DecideOptions& dopt) {
  Result res;
  std::vector<SourceFile> base = base_in;
  if (base.empty()) base.push_back({"suggested.vigie", kDefaultBase});
  CompileResult compiled = compile(base, copt);
  if (!compiled.ok()) {
    for (const auto& d : compiled.diagnostics)
      if (d.severity == Severity::error) res.errors.push_back(render(d, compiled.sources));
    return res;
  }
  const Policy& policy = *compiled.policy;

  std::map<std::vector<std::string>, Group> allows, denies;
  for (const auto& e : entries) {
    if (e.decision != Effect::ask || e.request.kind != "command") continue;
    if (e.answer != journal::Answer::allow_always && e.answer != journal::Answer::deny) continue;
    auto& groups = e.answer == journal::Answer::deny ? denies : allows;
    for (const auto& p : parts_to_rule(policy, e.request, dopt)) add_to(groups, p);
  }

  // People answered both ways for one shape: no rule either way.
  for (auto it = allows.begin(); it != allows.end();) {
    if (denies.erase(it->first)) {
      it = allows.erase(it);
    } else {
      ++it;
    }
  }

  std::set<std::string> used;
  auto emit = [&](Effect eff, Group& g) {
    if (res.suggestions.size() >= options.max_suggestions) return;
    Suggestion s;
    s.effect = eff;
    s.tokens = g.prefix;
    // Every command seen was the same: that command exactly (`make $`, `npm run build $`),
    // never every use of the program or of its subcommand.
    s.exact = eff == Effect::allow && g.longest == g.prefix.size();
    s.answers = g.answers;
    for (std::size_t i = 0; i < g.examples.size() && i < options.max_examples; ++i)
      s.examples.push_back(g.examples[i]);
    s.id = make_id(eff, s.tokens, used, base.front().text);
    if (eff == Effect::deny)
      s.message = "A person refused `" + join(s.tokens) + "` " + std::to_string(g.answers) +
                  " times in recorded sessions: do not run it; ask what to do instead.";
    res.suggestions.push_back(std::move(s));
  };
  for (auto& [k, g] : allows) emit(Effect::allow, g);
  for (auto& [k, g] : denies)
    if (g.answers >= options.min_denials) emit(Effect::deny, g);
  if (res.suggestions.empty()) {
    res.policy_text = base.front().text;
    return res;
  }

  // The policy with every suggestion, its examples run by the compiler; a suggestion whose
  // examples fail keeps none (the journal's words are what was seen, not what must match).
  CompileResult with;
  std::string text;
  for (int attempt = 0; attempt < 2; ++attempt) {
    std::vector<std::string> rules;
    for (auto& s : res.suggestions) {
      s.rule_text = rule_text(s, attempt == 0);
      rules.push_back(s.rule_text);
    }
    std::string err;
    auto added = add_rules(base.front().name, base.front().text, rules, &err);
    if (!added) {
      res.errors.push_back("the suggestions do not parse: " + err);
      return res;
    }
    text = *added;
    std::vector<SourceFile> sources = base;
    sources.front().text = text;
    with = compile(sources, copt);
    if (with.ok()) break;
  }
  if (!with.ok()) {
    for (const auto& d : with.diagnostics)
      if (d.severity == Severity::error) res.errors.push_back(render(d, with.sources));
    return res;
  }
  res.policy_text = text;
  replay::Report rep = replay::diff(policy, *with.policy, entries, dopt);
  std::map<std::string, Suggestion*> by_id;
  for (auto& s : res.suggestions) by_id[s.id] = &s;
  for (auto& c : rep.changes)
    if (auto it = by_id.find(c.to_rule); it != by_id.end()) it->second->changes.push_back(c);
  return res;
}

std::string to_text(const Result& r, std::size_t examples) {
  std::string out;
  for (const auto& e : r.errors) out += "error: " + e + "\n";
  out += std::to_string(r.suggestions.size()) + " suggested rule" +
         (r.suggestions.size() == 1 ? "" : "s") + "\n";
  for (const auto& s : r.suggestions) {
    out += "\n" + s.rule_text + "\n";
    out += "  # from " + std::to_string(s.answers) + " answer" + (s.answers == 1 ? "" : "s") +
           "; changes " + std::to_string(s.changes.size()) + " recorded request" +
           (s.changes.size() == 1 ? "" : "s") + "\n";
    for (std::size_t i = 0; i < s.changes.size() && i < examples; ++i) {
      const auto& c = s.changes[i];
      out += "  #   #" + std::to_string(c.index + 1) + " " + to_string(c.from) + "->" +
             to_string(c.to) + ": " + c.subject + "\n";
    }
  }
  return out;
}

std::string to_json(const Result& r) {
  json a = json::array();
  for (const auto& s : r.suggestions) {
    json ch = json::array();
    for (const auto& c : s.changes)
      ch.push_back({{"index", c.index},
                    {"from", to_string(c.from)},
                    {"to", to_string(c.to)},
                    {"subject", c.subject}});
    a.push_back({{"effect", to_string(s.effect)},
                 {"id", s.id},
                 {"tokens", s.tokens},
                 {"exact", s.exact},
                 {"message", s.message},
                 {"examples", s.examples},
                 {"answers", s.answers},
                 {"rule", s.rule_text},
                 {"changes", std::move(ch)}});
  }
  json j{{"suggestions", std::move(a)}, {"errors", r.errors}};
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace vigie::suggest
