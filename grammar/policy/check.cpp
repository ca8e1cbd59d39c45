// The checker: the key table of docs/language.md ("Keys by block"), applied to the generic AST.
#include "grammar/policy/check.hpp"

#include <re2/re2.h>
#include <algorithm>
#include <cctype>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <unordered_map>

#include "grammar/limits.hpp"
#include "grammar/policy/codes.hpp"
#include "grammar/policy/diagnostic.hpp"
#include "grammar/policy/format.hpp"
#include "grammar/policy/language.hpp"

namespace vigie::policy {

// --- helpers shared with the parser and the engine -------------------------------------------

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions).
std::size_t osa_distance(std::string_view a, std::string_view b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    for (std::size_t j = 1; j <= m; ++j) {
      std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[n][m];
}

}  // namespace

std::optional<std::string> did_you_mean(std::string_view word,
                                        const std::vector<std::string_view>& candidates) {
  // Long input is no typo of a keyword (and the distance is quadratic): skip it.
  if (word.empty() || word.size() > 64) return std::nullopt;
  const std::string w = lower(word);
  const std::size_t limit = w.size() <= 4 ? 1 : w.size() <= 8 ? 2 : 3;
  std::optional<std::string> best;
  std::size_t best_d = limit + 1;
  for (auto c : candidates) {
    if (c == word) continue;  // the word itself is not a suggestion
    std::size_t d = osa_distance(w, lower(c));
    if (d < best_d) {
      best_d = d;
      best = std::string(c);
    }
  }
  return best;
}

const std::vector<std::string_view>& builtin_interpreters() {
  static const std::vector<std::string_view> v = {
      "python",     "python2", "python3", "pypy", "pypy3",   "node",    "nodejs",    "deno",
      "bun",        "ruby",    "perl",    "php",  "bash",    "sh",      "zsh",       "dash",
      "ksh",        "fish",    "csh",     "tcsh", "lua",     "Rscript", "osascript", "pwsh",
      "powershell", "tclsh",   "awk",     "gawk", "ts-node", "tsx"};
  return v;
}

const std::vector<std::string_view>& builtin_wrappers() {
  static const std::vector<std::string_view> v = {
      "sudo",        "doas",     "su",       "env",     "exec",     "command",  "builtin",
      "eval",        "nice",     "ionice",   "timeout", "nohup",    "time",     "xargs",
      "stdbuf",      "setsid",   "chroot",   "taskset", "flock",    "chrt",     "unbuffer",
      "caffeinate",  "unshare",  "nsenter",  "numactl", "cpulimit", "faketime", "fakeroot",
      "proxychains", "torsocks", "firejail", "strace",  "ltrace",   "valgrind"};
  return v;
}

namespace {
bool has_blank(const std::string& t) {
  return t.find_first_of(" \t\n") != std::string::npos;
}
}  // namespace

const Word* protect_message(const Setting& s) {
  if (s.args.size() < 2) return nullptr;
  const Word& last = s.args.back();
  return last.kind == Word::Kind::double_quoted && has_blank(last.text) ? &last : nullptr;
}

// --- the key table ---------------------------------------------------------------------------

namespace {

enum class Ctx { top, paths, commands, fetch, mcp, tools, safety, session, agent, test, mode };

const char* ctx_name(Ctx c) {
  switch (c) {
    case Ctx::top:
      return "the top level";
    case Ctx::paths:
      return "`paths`";
    case Ctx::commands:
      return "`commands`";
    case Ctx::fetch:
      return "`fetch`";
    case Ctx::mcp:
      return "`mcp`";
    case Ctx::tools:
      return "`tools`";
    case Ctx::safety:
      return "`safety`";
    case Ctx::session:
      return "`session`";
    case Ctx::agent:
      return "`agent`";
    case Ctx::test:
      return "`test`";
    case Ctx::mode:
      return "`mode`";
  }
  return "";
}

// How a setting's arguments are read.
enum class Type {
  text,         // any word but a regex: a name, a path, a glob
  choice,       // one of `choices`
  mode,         // readonly|ask|auto and the seed spellings
  effect,       // allow|deny|ask
  number,       // a positive integer
  number_off,   // a positive integer, or `off`
  budget,       // actions|minutes N
  option,       // CMD -OPT…
  protect,      // GLOB+ ["message"]
  third_party,  // default | none | GLOB+
  safety_name,  // built-in check ids
  flag,         // no argument, or on|off
};

constexpr std::size_t kMany = std::numeric_limits<std::size_t>::max();

struct KeySpec {
  Ctx ctx;
  Key id;  // its spelling: key_name(id), grammar/policy/keys.hpp
  std::size_t min_args, max_args;
  Type type;
  bool once;                                // a second one is an error
  std::vector<std::string_view> choices{};  // for Type::choice
  std::string_view usage{};                 // shown in help
  std::string_view name() const { return key_name(id); }
};

const std::vector<KeySpec>& key_table() {
  static const std::vector<KeySpec> t = {
      {Ctx::top, Key::policy, 1, 1, Type::text, true, {}, "policy \"NAME\""},
      {Ctx::top, Key::mode, 1, 1, Type::mode, true, {}, "mode readonly|ask|auto"},
      {Ctx::top, Key::default_effect, 1, 1, Type::effect, true, {}, "default allow|deny|ask"},
      {Ctx::top, Key::include, 1, 1, Type::text, false, {}, "include \"FILE\""},
      {Ctx::top, Key::extends, 1, 1, Type::text, true, {}, "extends \"FILE\""},
      {Ctx::top, Key::plugins, 1, kMany, Type::text, false, {}, "plugins \"FILE\"…"},
      {Ctx::top,
       Key::non_interactive,
       1,
       1,
       Type::choice,
       true,
       {"deny", "ask"},
       "non-interactive deny|ask"},

      {Ctx::paths, Key::workspace, 1, 1, Type::text, true, {}, "workspace PATH"},
      {Ctx::paths, Key::large_edit, 1, 1, Type::number, true, {}, "large-edit BYTES"},
      {Ctx::paths, Key::binary, 1, 1, Type::choice, true, {"on", "off"}, "binary on|off"},
      {Ctx::paths,
       Key::workspace_only,
       1,
       1,
       Type::choice,
       true,
       {"on", "off", "tools"},
       "workspace-only on|off|tools"},
      {Ctx::paths, Key::protect, 1, kMany, Type::protect, false, {}, "protect GLOB… [\"message\"]"},
      {Ctx::paths,
       Key::third_party,
       1,
       kMany,
       Type::third_party,
       true,
       {},
       "third-party default|none|GLOB…"},

      {Ctx::commands, Key::default_effect, 1, 1, Type::effect, true, {}, "default allow|deny|ask"},
      {Ctx::commands, Key::option, 2, kMany, Type::option, false, {}, "option CMD -o --option…"},
      {Ctx::commands, Key::wrapper, 1, kMany, Type::text, false, {}, "wrapper NAME…"},
      {Ctx::commands, Key::interpreter, 1, kMany, Type::text, false, {}, "interpreter NAME…"},
      {Ctx::commands,
       Key::metachars,
       1,
       1,
       Type::choice,
       true,
       {"deny", "ask", "allow"},
       "metachars deny|ask|allow"},

      {Ctx::fetch, Key::default_effect, 1, 1, Type::effect, true, {}, "default allow|deny|ask"},
      {Ctx::mcp, Key::default_effect, 1, 1, Type::effect, true, {}, "default allow|deny|ask"},

      {Ctx::tools, Key::auto_approve, 1, kMany, Type::text, false, {}, "auto-approve NAME…"},
      {Ctx::tools, Key::always_ask, 1, kMany, Type::text, false, {}, "always-ask NAME…|\"*\""},
      {Ctx::tools, Key::exclude, 1, kMany, Type::text, false, {}, "exclude NAME…"},
      {Ctx::tools, Key::harness, 1, kMany, Type::text, false, {}, "harness NAME…"},
      {Ctx::tools, Key::map, 2, kMany, Type::text, false, {}, "map TOOL KIND [ROLE=FIELD…]"},

      {Ctx::safety, Key::enable, 1, kMany, Type::safety_name, false, {}, "enable CHECK…"},
      {Ctx::safety, Key::disable, 1, kMany, Type::safety_name, false, {}, "disable CHECK…"},
      {Ctx::safety, Key::context, 1, 1, Type::choice, true, {"user", "root"}, "context user|root"},

      {Ctx::session, Key::loop_threshold, 1, 1, Type::number_off, true, {}, "loop-threshold N|off"},
      {Ctx::session, Key::budget, 2, 2, Type::budget, false, {}, "budget actions|minutes N"},
      {Ctx::session,
       Key::remember,
       1,
       1,
       Type::choice,
       true,
       {"always", "never"},
       "remember always|never"},

      {Ctx::test, Key::cwd, 1, 1, Type::text, true, {}, "cwd PATH"},
      {Ctx::test, Key::project, 1, 1, Type::text, true, {}, "project PATH"},
      {Ctx::test, Key::home, 1, 1, Type::text, true, {}, "home PATH"},
      {Ctx::test, Key::mode, 1, 1, Type::mode, true, {}, "mode readonly|ask|auto"},
      {Ctx::test, Key::agent, 1, 1, Type::text, true, {}, "agent \"NAME\""},
      {Ctx::test, Key::non_interactive, 0, 1, Type::flag, true, {}, "non-interactive [on|off]"},
      {Ctx::test, Key::symlink, 2, 2, Type::text, false, {}, "symlink FROM TO"},
  };
  return t;
}

const char* condition_name(Condition::Kind k) {
  return k == Condition::Kind::inside    ? "inside"
         : k == Condition::Kind::outside ? "outside"
                                         : "without";
}

const std::vector<std::string_view> kBudgetUnits = {"actions", "minutes"};
// `third-party default` and `third-party none` stand alone; other arguments are globs.
const std::vector<std::string_view> kThirdPartyWords = {"default", "none"};

// What may follow a rule (on its line or the next).
const std::vector<std::string_view> kAttributes = {"id", "example", "counterexample"};

// The keys of `with` in a test case: the test block's settings, one value each, plus flags.
constexpr Key kWithKeyIds[] = {Key::cwd,   Key::project,         Key::home,       Key::mode,
                               Key::agent, Key::non_interactive, Key::interactive};
const std::vector<std::string_view> kWithKeys = [] {
  std::vector<std::string_view> v;
  for (Key k : kWithKeyIds) v.push_back(key_name(k));
  return v;
}();

const std::vector<std::string_view> kTestKinds = {"command", "edit", "write", "read",
                                                  "fetch",   "mcp",  "tool",  "request"};

const std::vector<std::string_view> kModes = {"readonly",   "ask",  "auto",
                                              "supervised", "full", "deny"};
const std::vector<std::string_view> kEffects = {"allow", "deny", "ask"};
const std::vector<std::string_view> kMethods = {"GET",   "HEAD",   "POST",   "PUT",
                                                "PATCH", "DELETE", "OPTIONS"};

// "at the top level", "in `commands`".
std::string where(Ctx c) {
  return c == Ctx::top ? "at the top level" : std::string("in ") + ctx_name(c);
}

bool has_rules(Ctx c) {
  return c == Ctx::paths || c == Ctx::commands || c == Ctx::fetch || c == Ctx::mcp ||
         c == Ctx::tools;
}

std::optional<Ctx> block_ctx(std::string_view kind) {
  if (kind == "paths") return Ctx::paths;
  if (kind == "commands") return Ctx::commands;
  if (kind == "fetch") return Ctx::fetch;
  if (kind == "mcp") return Ctx::mcp;
  if (kind == "tools") return Ctx::tools;
  if (kind == "safety") return Ctx::safety;
  if (kind == "session") return Ctx::session;
  if (kind == "agent") return Ctx::agent;
  if (kind == "test") return Ctx::test;
  if (kind == "mode") return Ctx::mode;
  return std::nullopt;
}

std::vector<std::string_view> blocks_allowed(Ctx c) {
  if (c == Ctx::top) {
    return {"paths",  "commands", "fetch", "mcp",  "tools",
            "safety", "session",  "agent", "test", "mode"};
  }
  if (c == Ctx::agent) return {"paths", "commands", "fetch", "mcp", "tools"};
  // `mode NAME { … }`: blocks that apply only when the request's mode is NAME.
  if (c == Ctx::mode) return {"paths", "commands", "fetch", "mcp", "tools", "safety"};
  return {};
}

// "(a, b or c)" for a help line.
std::string one_of(const std::vector<std::string_view>& v) {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i > 0) out += i + 1 == v.size() ? " or " : ", ";
    out += '`' + std::string(v[i]) + '`';
  }
  return out;
}

bool is_number(const std::string& s) {
  if (s.empty() || s.size() > 9) return false;  // up to 999,999,999
  return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// What makes two rules the same rule: the effect and the patterns (spans, message, id and
// examples aside), as one string.
void item_key(const PatternItem& it, std::string& out) {
  out += static_cast<char>('0' + static_cast<int>(it.kind));
  out += static_cast<char>('0' + static_cast<int>(it.word.kind));
  out += std::to_string(it.word.text.size()) + ':' + it.word.text;
  for (const auto& a : it.alts) item_key(a, out);
  out += ';';
}

std::string rule_key(const Rule& r) {
  std::string out = vigie::to_string(r.effect);
  for (const auto& p : r.alternatives) {
    out += '|';
    for (const auto& it : p.items) item_key(it, out);
  }
  for (const auto& c : r.conditions) {
    out += '&';
    out += static_cast<char>('0' + static_cast<int>(c.kind));
    for (const auto& w : c.operands) out += std::to_string(w.text.size()) + ':' + w.text;
  }
  return out;
}

std::string basename(const std::string& s) {
  auto p = s.rfind('/');
  return p == std::string::npos ? s : s.substr(p + 1);
}

class Checker {
 public:
  Checker(const File& f, std::vector<Diagnostic>& out, const CheckOptions& o)
      : f_(f), out_(out), opt_(o), lines_(f.source) {}

  void run() {
    collect_program_lists(f_.items);
    items(f_.items, Ctx::top);
    if (opt_.require_policy_name && !seen_policy_) {
      diag({0, 0}, Code::missing_policy_name, Severity::error, "the policy has no name",
           "start the file with `policy \"NAME\"`");
    }
  }

 private:
  void diag(Span s, Code c, Severity sev, std::string msg, std::string help = {}) {
    out_.push_back(make_diagnostic(f_.name, lines_, s, c, sev, std::move(msg), std::move(help)));
  }
  void error(Span s, Code c, std::string msg, std::string help = {}) {
    diag(s, c, Severity::error, std::move(msg), std::move(help));
  }
  std::uint32_t line_of(Span s) const { return lines_.at(s.begin).line; }

  // The file's own `wrapper` and `interpreter` names, anywhere (they apply to the policy).
  void collect_program_lists(const std::vector<Item>& items) {
    for (const auto& it : items) {
      if (const auto* b = std::get_if<Block>(&it)) {
        collect_program_lists(b->items);
      } else if (const auto* s = std::get_if<Setting>(&it)) {
        if (auto k = key_from_name(s->key.text); k == Key::wrapper || k == Key::interpreter) {
          for (const auto& a : s->args) {
            (k == Key::wrapper ? wrappers_ : interpreters_).insert(a.text);
          }
        }
      }
    }
  }

  void items(const std::vector<Item>& items, Ctx ctx) {
    std::map<std::string, Span> once;             // settings given once in this block
    std::unordered_map<std::string, Span> rules;  // rule_key -> the first such rule
    for (const auto& it : items) {
      static_assert(std::variant_size_v<Item> == 4);
      if (const auto* s = std::get_if<Setting>(&it)) {
        setting(*s, ctx, once);
      } else if (const auto* r = std::get_if<Rule>(&it)) {
        rule(*r, ctx, rules);
      } else if (const auto* t = std::get_if<TestCase>(&it)) {
        test_case(*t, ctx);
      } else if (const auto* b = std::get_if<Block>(&it)) {
        block(*b, ctx);
      }
    }
  }

  // --- blocks --------------------------------------------------------------------------------
  void block(const Block& b, Ctx ctx) {
    const std::string& kind = b.kind.text;
    auto allowed = blocks_allowed(ctx);
    auto inner = block_ctx(kind);
    bool ok = std::find(allowed.begin(), allowed.end(), kind) != allowed.end();
    if (!inner) {
      std::string help;
      if (auto m = did_you_mean(kind, allowed.empty() ? blocks_allowed(Ctx::top) : allowed)) {
        help = "did you mean `" + *m + "`?";
      } else if (!allowed.empty()) {
        help = "blocks here are " + one_of(allowed);
      }
      error(b.kind.span, Code::unknown_block, "unknown block " + quote(kind), help);
      return;  // its contents would only add noise
    }
    if (!ok) {
      std::string help =
          allowed.empty() ? "blocks do not nest here" : "blocks here are " + one_of(allowed);
      if (ctx == Ctx::agent || *inner == Ctx::agent) {
        help = "an `agent` block holds `paths`, `commands`, `fetch`, `mcp` and `tools` blocks";
      }
      error(b.kind.span, Code::block_not_allowed, quote(kind) + " is not allowed " + where(ctx),
            help);
    }
    bool labelled = *inner == Ctx::agent || *inner == Ctx::test || *inner == Ctx::mode;
    if (*inner == Ctx::mode && b.label && !mode_from_string(b.label->text)) {
      bad_value(*b.label, "mode", kModes, "mode readonly|ask|auto {");
    }
    if (labelled && !b.label) {
      error(b.kind.span, Code::bad_block_label, "`" + kind + "` needs a name",
            "write `" + kind + " \"NAME\" {`");
    } else if (!labelled && b.label) {
      error(b.label->span, Code::bad_block_label,
            "`" + kind + "` takes no name, found " + quote(b.label->text),
            "write `" + kind + " {`");
    }
    if (*inner == Ctx::test && b.label) {
      auto [it, fresh] = test_names_.emplace(b.label->text, b.label->span);
      if (!fresh) {
        diag(b.label->span, Code::duplicate_test_name, Severity::warning,
             "two tests named " + quote(b.label->text),
             "the first is at line " + std::to_string(line_of(it->second)) +
                 "; give each test its own name");
      }
    }
    items(b.items, *inner);
  }

  // --- settings ------------------------------------------------------------------------------
  const KeySpec* find_key(Ctx ctx, std::string_view key) const {
    for (const auto& k : key_table()) {
      if (k.ctx == ctx && k.name() == key) return &k;
    }
    return nullptr;
  }

  void unknown_key(const Setting& s, Ctx ctx) {
    const std::string& key = s.key.text;
    if (std::find(kAttributes.begin(), kAttributes.end(), key) != kAttributes.end()) {
      error(s.key.span, Code::attribute_without_rule, quote(key) + " must follow a rule",
            "put it on the line after the rule it belongs to, or after the rule's message");
      return;
    }
    std::vector<std::string_view> cands;
    for (const auto& k : key_table()) {
      if (k.ctx == ctx) cands.push_back(k.name());
    }
    if (has_rules(ctx)) cands.insert(cands.end(), kEffects.begin(), kEffects.end());
    for (auto b : blocks_allowed(ctx)) cands.push_back(b);
    std::string help;
    if (auto m = did_you_mean(key, cands)) {
      help = "did you mean `" + *m + "`?";
    } else {
      // A key of another block: say where it goes.
      for (const auto& k : key_table()) {
        if (k.name() == key) {
          help = quote(key) + " is set " + where(k.ctx);
          break;
        }
      }
      if (help.empty() && block_ctx(key)) help = "a block opens with `" + key + " {`";
      if (help.empty() && !cands.empty()) help = "expected " + one_of(cands);
    }
    error(s.key.span, Code::unknown_key, "unknown setting " + quote(key) + " " + where(ctx), help);
  }

  void setting(const Setting& s, Ctx ctx, std::map<std::string, Span>& once) {
    const KeySpec* k = find_key(ctx, s.key.text);
    if (k == nullptr) {
      unknown_key(s, ctx);
      return;
    }
    if (k->id == Key::policy) seen_policy_ = true;
    // Arity.
    std::size_t n = s.args.size();
    if (n < k->min_args || n > k->max_args) {
      std::string want = k->min_args == k->max_args ? std::to_string(k->min_args)
                         : k->max_args == kMany
                             ? "at least " + std::to_string(k->min_args)
                             : std::to_string(k->min_args) + " to " + std::to_string(k->max_args);
      Span sp = n > k->max_args ? Span{s.args[k->max_args].span.begin, s.span.end} : s.span;
      error(sp, Code::wrong_arity,
            quote(k->name()) + " takes " + want + " argument" + (want == "1" ? "" : "s") +
                ", found " + std::to_string(n),
            "write `" + std::string(k->usage) + "`");
      return;
    }
    // Given twice.
    if (k->once || k->type == Type::budget) {
      std::string id = k->id == Key::budget ? "budget " + s.args[0].text : std::string(k->name());
      auto [it, fresh] = once.emplace(id, s.span);
      if (!fresh) {
        error(s.key.span, Code::duplicate_setting, quote(id) + " is set twice",
              "the first is at line " + std::to_string(line_of(it->second)) + "; keep only one");
      }
    }
    // No regex in settings.
    for (const auto& a : s.args) {
      if (a.kind == Word::Kind::regex) {
        error(a.span, Code::bad_pattern_item, "a /regex/ is not accepted in " + quote(k->name()),
              "quote it if `" + to_source(a) + "` is a path or a name: '" + to_source(a) + "'");
        return;
      }
    }
    values(s, *k);
  }

  void bad_value(const Word& w, std::string_view what, const std::vector<std::string_view>& cands,
                 std::string_view usage) {
    std::string help;
    if (auto m = did_you_mean(w.text, cands)) {
      help = "did you mean `" + *m + "`?";
    } else {
      help = "expected " + one_of(cands) + ": `" + std::string(usage) + "`";
    }
    error(w.span, Code::unknown_value, "unknown " + std::string(what) + " " + quote(w.text), help);
  }

  void values(const Setting& s, const KeySpec& k) {
    switch (k.type) {
      case Type::text:
        break;
      case Type::choice:
        for (const auto& a : s.args) {
          if (std::find(k.choices.begin(), k.choices.end(), a.text) == k.choices.end()) {
            bad_value(a, "value", k.choices, k.usage);
          }
        }
        break;
      case Type::flag:
        if (!s.args.empty() && s.args[0].text != "on" && s.args[0].text != "off") {
          bad_value(s.args[0], "value", {"on", "off"}, k.usage);
        }
        break;
      case Type::mode:
        if (!mode_from_string(s.args[0].text)) {
          bad_value(s.args[0], "mode", kModes, k.usage);
        }
        break;
      case Type::effect:
        if (!vigie::effect_from_string(s.args[0].text)) {
          bad_value(s.args[0], "effect", kEffects, k.usage);
        }
        break;
      case Type::number:
        number(s.args[0]);
        break;
      case Type::number_off:
        if (s.args[0].text != "off") number(s.args[0]);
        break;
      case Type::budget:
        if (std::find(kBudgetUnits.begin(), kBudgetUnits.end(), s.args[0].text) ==
            kBudgetUnits.end()) {
          bad_value(s.args[0], "budget", kBudgetUnits, k.usage);
        }
        number(s.args[1]);
        break;
      case Type::option:
        for (std::size_t i = 1; i < s.args.size(); ++i) {
          const auto& a = s.args[i];
          if (a.text.size() < 2 || a.text[0] != '-') {
            error(a.span, Code::bad_option,
                  "option spelling " + quote(a.text) + " does not start with `-`",
                  "write `option CMD -r -R --recursive`: the command, then the spellings");
          }
        }
        break;
      case Type::protect: {
        // The message is the last argument, double-quoted with a space in it (a glob has none).
        const Word* m = protect_message(s);
        for (const auto& a : s.args) {
          if (&a != m && a.kind == Word::Kind::double_quoted && has_blank(a.text)) {
            error(a.span, Code::bad_protect_message, "the message of `protect` comes last",
                  "write `protect GLOB… \"message\"`; a glob with spaces goes in single quotes");
          }
        }
        if (m != nullptr) message(*m);
        break;
      }
      case Type::third_party:
        if (std::find(kThirdPartyWords.begin(), kThirdPartyWords.end(), s.args[0].text) !=
                kThirdPartyWords.end() &&
            s.args.size() > 1) {
          error(s.args[1].span, Code::wrong_arity,
                quote(s.args[0].text) + " stands alone in `third-party`",
                "write `third-party default`, `third-party none` or a list of globs");
        }
        break;
      case Type::safety_name:
        if (opt_.safety_checks != nullptr) {
          std::vector<std::string_view> names(opt_.safety_checks->begin(),
                                              opt_.safety_checks->end());
          for (const auto& a : s.args) {
            if (std::find(names.begin(), names.end(), a.text) == names.end()) {
              std::string help;
              if (auto m = did_you_mean(a.text, names))
                help = "did you mean `" + *m + "`?";
              else
                help = "`vigie explain --safety` lists the built-in checks";
              diag(a.span, Code::unknown_safety_check, Severity::error,
                   "unknown safety check " + quote(a.text), help);
            }
          }
        }
        break;
    }
  }

  void number(const Word& w) {
    if (!is_number(w.text) || w.text == "0" || w.text[0] == '0') {
      error(w.span, Code::expected_number,
            "expected a positive whole number, found " + quote(w.text),
            "write digits only, e.g. `4`");
    }
  }

  void message(const Word& m) {
    bool blank = std::all_of(m.text.begin(), m.text.end(),
                             [](char c) { return c == ' ' || c == '\t' || c == '\n'; });
    if (blank) {
      diag(m.span, Code::empty_message, Severity::warning, "empty message",
           "say why, and what to do instead; or remove the message to get the built-in one");
    }
  }

  // --- rules ---------------------------------------------------------------------------------
  void rule(const Rule& r, Ctx ctx, std::unordered_map<std::string, Span>& seen) {
    if (!has_rules(ctx)) {
      std::string help = ctx == Ctx::top || ctx == Ctx::agent || ctx == Ctx::mode
                             ? "put rules in a `commands`, `paths`, `fetch`, `mcp` or `tools` block"
                         : ctx == Ctx::test ? "a test case is `KIND SUBJECT => EFFECT`, e.g. "
                                              "`command \"git status\" => allow`"
                                            : std::string(ctx_name(ctx)) + " holds settings only";
      if (ctx == Ctx::top) {
        help = "put rules in a block, e.g. `commands { " + std::string(vigie::to_string(r.effect)) +
               " … }`";
      }
      error(r.effect_span, Code::rule_not_allowed, "a rule is not allowed " + where(ctx), help);
      return;
    }
    // Duplicates (same effect and patterns) in the same block: a hash, not pairs, so that a
    // block of 10,000 rules stays linear.
    auto [first, fresh] = seen.emplace(rule_key(r), r.span);
    if (!fresh) {
      diag(r.span, Code::duplicate_rule, Severity::warning, "duplicate rule",
           "the same rule is at line " + std::to_string(line_of(first->second)) + "; remove one");
    }

    if (r.id) rule_id(*r.id);
    if (r.message) message(*r.message);
    if (r.effect == Effect::deny && !r.message) {
      diag(r.effect_span, Code::deny_without_message, Severity::note,
           "this deny has no message for the model",
           "add one saying why and what to do instead, e.g. `deny rm -rf \"Remove the files you "
           "created by name.\"`");
    }
    if (ctx != Ctx::commands) {
      for (const auto* list : {&r.examples, &r.counterexamples}) {
        for (const auto& e : *list) {
          error(e.span, Code::example_not_supported, "examples are checked on command rules only",
                "move the example to a `test` block: `" +
                    std::string(ctx == Ctx::paths   ? "read"
                                : ctx == Ctx::fetch ? "fetch"
                                : ctx == Ctx::mcp   ? "mcp"
                                                    : "tool") +
                    " \"…\" => " + vigie::to_string(r.effect) + "`");
        }
      }
    }
    if (ctx != Ctx::commands && r.alternatives.size() > 1) {
      error(r.alternatives[1].span, Code::bad_pattern_item,
            "`|` between patterns is for command rules",
            "list the operands with spaces: `" + std::string(vigie::to_string(r.effect)) + " a b`");
    }
    conditions(r, ctx);
    for (const auto& p : r.alternatives) {
      switch (ctx) {
        case Ctx::commands:
          command_pattern(r, p);
          break;
        case Ctx::paths:
          path_operands(p);
          break;
        case Ctx::fetch:
          fetch_operands(p);
          break;
        case Ctx::mcp:
          name_operands(p, true);
          break;
        case Ctx::tools:
          name_operands(p, false);
          break;
        default:
          break;
      }
    }
  }

  // --- operand conditions (docs/language.md, "Operand conditions") ---------------------------
  // A condition path as the engine will read it, lexically: `~/x`, `/x`, or relative to the
  // project root (`.`, `build`), as "ROOT/c1/c2" with ROOT `~`, `` (absolute) or `.`. For
  // comparisons between the rule's own paths only; nullopt when `..` climbs above its root.
  static std::optional<std::string> lexical_path(const std::string& p) {
    std::string root = p.rfind('~', 0) == 0 ? "~" : p.rfind('/', 0) == 0 ? "" : ".";
    std::string rest = root == "~" ? p.substr(1) : p;
    std::vector<std::string> parts;
    std::size_t i = 0;
    while (i <= rest.size()) {
      std::size_t j = rest.find('/', i);
      if (j == std::string::npos) j = rest.size();
      std::string c = rest.substr(i, j - i);
      if (c == "..") {
        if (parts.empty()) return std::nullopt;
        parts.pop_back();
      } else if (!c.empty() && c != ".") {
        parts.push_back(std::move(c));
      }
      i = j + 1;
    }
    std::string out = root;
    for (const auto& c : parts) out += '/' + c;
    return out;
  }

  // Whether `prefix` covers `path` by whole components (both from lexical_path).
  static bool covers(const std::optional<std::string>& prefix,
                     const std::optional<std::string>& path) {
    if (!prefix || !path) return false;
    if (prefix->empty()) return path->empty() || (*path)[0] == '/';  // `/` covers absolute paths
    return *path == *prefix ||
           (path->size() > prefix->size() && path->compare(0, prefix->size(), *prefix) == 0 &&
            (*path)[prefix->size()] == '/');
  }

  void conditions(const Rule& r, Ctx ctx) {
    if (r.conditions.empty()) return;
    if (ctx != Ctx::commands) {
      for (const auto& c : r.conditions) {
        error(c.keyword.span, Code::condition_not_supported,
              "`" + c.keyword.text + "` conditions are for command rules",
              ctx == Ctx::paths
                  ? "a path rule already names its paths: list them after the effect"
                  : "remove the condition, or quote the word to use it as an operand: '" +
                        c.keyword.text + "'");
      }
      return;
    }
    std::map<Condition::Kind, const Condition*> seen;
    for (const auto& c : r.conditions) {
      auto [first, fresh] = seen.emplace(c.kind, &c);
      if (!fresh) {
        error(c.keyword.span, Code::duplicate_condition,
              std::string("a rule has one `") + condition_name(c.kind) + "` condition",
              "list every " + std::string(c.kind == Condition::Kind::without ? "option" : "path") +
                  " in one condition: `" + condition_name(c.kind) + " A B`");
      }
      for (const auto& w : c.operands) condition_operand(c, w);
    }
    // `inside A outside B` never holds when every A is under some B: no path can be inside
    // A and outside every B.
    auto in = seen.find(Condition::Kind::inside), out = seen.find(Condition::Kind::outside);
    if (in != seen.end() && out != seen.end()) {
      bool never = true;
      for (const auto& a : in->second->operands) {
        auto pa = lexical_path(a.text);
        bool covered = false;
        for (const auto& b : out->second->operands)
          covered = covered || covers(lexical_path(b.text), pa);
        never = never && covered;
      }
      if (never) {
        diag(out->second->keyword.span, Code::contradictory_condition, Severity::warning,
             "this rule never applies: every `inside` path is also under an `outside` path",
             "remove one of the two conditions");
      }
    }
    // The safe directions are `allow … inside` and `deny … outside`; the other two let more
    // through than a reader expects.
    for (const auto& c : r.conditions) {
      if (c.kind == Condition::Kind::outside && r.effect == Effect::allow) {
        diag(c.keyword.span, Code::weakening_condition, Severity::warning,
             "`allow … outside` applies as soon as ONE path is outside: a command that also "
             "touches a path inside them is allowed too",
             "to limit an allow to some folders, use `inside`: `allow cp inside . /tmp`");
      } else if (c.kind == Condition::Kind::inside && r.effect != Effect::allow) {
        diag(c.keyword.span, Code::weakening_condition, Severity::note,
             std::string("this ") + vigie::to_string(r.effect) +
                 " applies only when EVERY path is inside them: a command that also touches "
                 "another path escapes it",
             "to catch any path under a folder, write a path rule: `paths { " +
                 std::string(vigie::to_string(r.effect)) + " DIR }`");
      }
    }
  }

  void condition_operand(const Condition& c, const Word& w) {
    static const std::set<std::string> attrs = {"id", "example", "counterexample"};
    if (w.kind == Word::Kind::bare && attrs.count(w.text) > 0) {
      error(w.span, Code::bad_condition_operand,
            quote(w.text) + " is read as an operand of `" + c.keyword.text + "`",
            "on the rule's line, `" + w.text +
                "` comes after the message; or put it on the next line");
      return;
    }
    if (c.kind == Condition::Kind::without) {
      if (w.kind != Word::Kind::bare || w.text.size() < 2 || w.text[0] != '-') {
        error(w.span, Code::bad_condition_operand,
              "`without` takes options, found " + quote(to_source(w)),
              "write options unquoted, as in a command: `without --staged -f`");
      }
      return;
    }
    if (w.kind == Word::Kind::regex) {
      error(w.span, Code::bad_condition_operand, "a /regex/ is not a path",
            "to write the path `/" + w.text + "`, drop the trailing `/`");
      return;
    }
    if (w.text.empty()) {
      error(w.span, Code::unresolvable_condition_path, "an empty path",
            "write a folder: `.` is the project root, `~` the home folder");
      return;
    }
    if (w.text[0] == '~' && w.text.size() > 1 && w.text[1] != '/') {
      error(w.span, Code::unresolvable_condition_path,
            quote(w.text) + " can never be resolved: other users' home folders are unknown",
            "write the absolute path, e.g. `/home/" + w.text.substr(1, w.text.find('/') - 1) +
                "`; `~` is the home folder of the request");
      return;
    }
    if (auto g = w.text.find_first_of("*?["); g != std::string::npos) {
      auto slash = w.text.rfind('/', g);
      std::string folder =
          slash == std::string::npos ? "." : w.text.substr(0, slash == 0 ? 1 : slash);
      diag(w.span, Code::unresolvable_condition_path, Severity::warning,
           quote(w.text) + " is a folder, not a glob: `*`, `?` and `[` are taken literally",
           "write the folder: `" + c.keyword.text + " " + folder + "`");
    }
  }

  void rule_id(const Word& id) {
    bool ok = !id.text.empty() && std::all_of(id.text.begin(), id.text.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
    });
    if (!ok) {
      error(id.span, Code::invalid_id, "invalid rule id " + quote(id.text),
            "use letters, digits, `-`, `_` and `.`, e.g. `no-force-push`");
      return;
    }
    auto [it, fresh] = ids_.emplace(id.text, id.span);
    if (!fresh) {
      error(id.span, Code::duplicate_rule_id, "rule id " + quote(id.text) + " is used twice",
            "the first is at line " + std::to_string(line_of(it->second)) +
                "; ids name one rule each");
    }
  }

  void regex(const Word& w) {
    RE2::Options o;
    o.set_log_errors(false);
    o.set_max_mem(static_cast<int64_t>(limits::regex_memory_bytes));  // grammar/limits.hpp
    RE2 re(w.text, o);
    if (!re.ok()) {
      error(w.span, Code::invalid_regex, "invalid regex " + quote(w.text) + ": " + re.error(),
            "the syntax is RE2's (no backreferences or lookarounds)");
    }
  }

  void command_pattern(const Rule& r, const Pattern& p) {
    for (std::size_t i = 0; i < p.items.size(); ++i) {
      const auto& it = p.items[i];
      if ((it.kind == PatternItem::Kind::end || it.kind == PatternItem::Kind::rest) &&
          i + 1 < p.items.size()) {
        error(it.span, Code::misplaced_pattern_end,
              quote(it.kind == PatternItem::Kind::end ? "$" : "...") + " must end the pattern",
              "remove what follows it, or quote it to match it literally: '" +
                  std::string(it.kind == PatternItem::Kind::end ? "$" : "...") + "'");
      }
      if (it.kind == PatternItem::Kind::regex) regex(it.word);
      for (const auto& a : it.alts) {
        if (a.kind == PatternItem::Kind::regex) regex(a.word);
      }
    }
    if (r.effect != Effect::allow || p.items.empty()) return;

    const auto& first = p.items[0];
    if (first.kind == PatternItem::Kind::any || first.kind == PatternItem::Kind::rest) {
      diag(first.span, Code::allow_everything, Severity::warning,
           "this allow matches every command",
           "name the command: `allow git status`; use `default allow` if that is the intent");
      return;
    }
    // The program names of the first position.
    std::vector<const Word*> names;
    if (first.kind == PatternItem::Kind::word) names.push_back(&first.word);
    for (const auto& a : first.alts) {
      if (a.kind == PatternItem::Kind::word) names.push_back(&a.word);
    }
    for (const Word* w : names) {
      std::string prog = basename(w->text);
      auto in = [&](const std::vector<std::string_view>& builtin,
                    const std::set<std::string>& own) {
        return std::find(builtin.begin(), builtin.end(), prog) != builtin.end() ||
               own.count(prog) > 0;
      };
      if (in(builtin_wrappers(), wrappers_)) {
        diag(w->span, Code::broad_interpreter_allow, Severity::warning,
             quote(prog) + " is a wrapper: allowing it allows the commands it runs",
             "vigie sees through `" + prog + "`: allow the wrapped command instead");
        continue;
      }
      if (!in(builtin_interpreters(), interpreters_)) continue;
      // An interpreter is fine with a script or a module after it (`python -m pytest`), not
      // alone, with only wildcards, or with an inline-code flag (`bash -c`, `node -e`).
      static const std::set<std::string> eval_flags = {"-c",      "-e", "-E", "--eval", "-p",
                                                       "--print", "-r", "-i", "-"};
      bool open = true;
      std::string shown = prog;
      for (std::size_t i = 1; i < p.items.size(); ++i) {
        const auto& it = p.items[i];
        if (it.kind == PatternItem::Kind::any || it.kind == PatternItem::Kind::rest) continue;
        if (it.kind == PatternItem::Kind::word && eval_flags.count(it.word.text) > 0) {
          shown += ' ' + it.word.text;
          continue;
        }
        open = false;
        break;
      }
      if (open) {
        diag(w->span, Code::broad_interpreter_allow, Severity::warning,
             "`allow " + shown + "` lets the agent run any code",
             quote(prog) +
                 " is an interpreter: allow a script or a module, e.g. `allow python "
                 "-m pytest`");
      }
    }
  }

  void only_words(const Pattern& p, std::string_view what, bool any_ok) {
    for (const auto& it : p.items) {
      bool ok =
          it.kind == PatternItem::Kind::word ||
          (any_ok && (it.kind == PatternItem::Kind::any || it.kind == PatternItem::Kind::regex));
      if (ok) {
        if (it.kind == PatternItem::Kind::regex) regex(it.word);
        continue;
      }
      std::string shown = it.kind == PatternItem::Kind::alt ? "a `( | )` group"
                          : it.kind == PatternItem::Kind::regex
                              ? "a /regex/"
                              : quote(it.kind == PatternItem::Kind::any    ? "*"
                                      : it.kind == PatternItem::Kind::rest ? "..."
                                                                           : "$");
      std::string help = "write " + std::string(what) + " separated by spaces";
      if (it.kind == PatternItem::Kind::regex) {
        help = "to write the path `/" + it.word.text + "`, drop the trailing `/`";
      }
      error(it.span, Code::bad_pattern_item, shown + " is not accepted here", help);
    }
  }

  void path_operands(const Pattern& p) {
    only_words(p, "paths", false);
    std::size_t start = 0;
    if (!p.items.empty() && p.items[0].kind == PatternItem::Kind::word &&
        p.items[0].word.kind == Word::Kind::bare &&
        (p.items[0].word.text == "read" || p.items[0].word.text == "write")) {
      start = 1;
    }
    if (start >= p.items.size()) {
      error(p.span, Code::wrong_arity, "expected a path after " + quote(p.items[0].word.text),
            "write e.g. `allow read /usr/share/doc`");
    }
  }

  void fetch_operands(const Pattern& p) {
    only_words(p, "methods and domains", true);
    bool domains = false;
    for (const auto& it : p.items) {
      if (it.kind != PatternItem::Kind::word) {
        domains = true;
        continue;
      }
      const std::string& t = it.word.text;
      bool letters = !t.empty() && std::all_of(t.begin(), t.end(), [](char c) {
        return std::isalpha(static_cast<unsigned char>(c));
      });
      bool upper = letters && std::all_of(t.begin(), t.end(), [](char c) {
                     return std::isupper(static_cast<unsigned char>(c));
                   });
      if (!domains && upper) {
        if (std::find(kMethods.begin(), kMethods.end(), t) == kMethods.end()) {
          bad_value(it.word, "HTTP method", kMethods, "allow GET api.github.com");
        }
        continue;
      }
      if (!domains && letters) {
        std::string u = t;
        for (char& c : u) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        if (std::find(kMethods.begin(), kMethods.end(), u) != kMethods.end()) {
          error(it.word.span, Code::bad_domain, "HTTP methods are written in capitals",
                "did you mean `" + u + "`?");
          continue;
        }
      }
      domains = true;
      if (t.find("://") != std::string::npos || t.find('/') != std::string::npos) {
        error(it.word.span, Code::bad_domain, quote(t) + " is not a domain",
              "write the host only, e.g. `docs.python.org` or `*.github.com`");
      }
    }
    if (!domains) {
      error(p.span, Code::wrong_arity, "expected a domain after the methods",
            "write e.g. `allow GET *.github.com`");
    }
  }

  void name_operands(const Pattern& p, bool mcp) {
    only_words(p, mcp ? "`server/tool` names" : "tool names", true);
    if (!mcp) return;
    for (const auto& it : p.items) {
      if (it.kind == PatternItem::Kind::word && it.word.text.find('/') == std::string::npos) {
        error(it.word.span, Code::bad_mcp_name, quote(it.word.text) + " is not `server/tool`",
              "write the server and the tool: `github/get_*`, or `" + it.word.text +
                  "/*` for every tool of a server");
      }
    }
  }

  // --- tests ---------------------------------------------------------------------------------
  void test_case(const TestCase& t, Ctx ctx) {
    if (ctx != Ctx::test) {
      error(t.kind.span, Code::test_outside_test_block, "a test case outside a `test` block",
            "put it in `test \"NAME\" { … }`");
      return;
    }
    const std::string& kind = t.kind.text;
    if (std::find(kTestKinds.begin(), kTestKinds.end(), kind) == kTestKinds.end()) {
      bad_value(t.kind, "request kind", kTestKinds, "command \"git status\" => allow");
    } else if (kind == "request" && !nlohmann::json::accept(t.subject.text)) {
      error(t.subject.span, Code::invalid_request_json, "the request is not valid JSON",
            "write the request as JSON in single quotes: `request '{\"tool\": \"Bash\", "
            "\"input\": {\"command\": \"ls\"}}' => allow`");
    }
    for (const auto& w : t.with) {
      if (std::find(kWithKeys.begin(), kWithKeys.end(), w.key.text) == kWithKeys.end()) {
        bad_value(w.key, "`with` key", kWithKeys, "with mode auto");
        continue;
      }
      if (w.key.text == "mode" && !w.args.empty() && !mode_from_string(w.args[0].text)) {
        bad_value(w.args[0], "mode", kModes, "with mode auto");
      }
    }
    if (t.message) message(*t.message);
  }

  const File& f_;
  std::vector<Diagnostic>& out_;
  const CheckOptions& opt_;
  LineIndex lines_;
  bool seen_policy_ = false;
  std::map<std::string, Span> ids_, test_names_;
  std::set<std::string> wrappers_, interpreters_;
};

// Resolves every setting to its key (Setting::id), for the stages after the checker: by the
// key table of its block, and a test case's `with` keys by kWithKeyIds. A key the checker
// reports as unknown stays Key::unknown.
void resolve_keys(std::vector<Item>& items, Ctx ctx) {
  for (auto& it : items) {
    if (auto* s = std::get_if<Setting>(&it)) {
      for (const auto& k : key_table()) {
        if (k.ctx == ctx && k.name() == s->key.text) {
          s->id = k.id;
          break;
        }
      }
    } else if (auto* b = std::get_if<Block>(&it)) {
      if (auto inner = block_ctx(b->kind.text)) resolve_keys(b->items, *inner);
    } else if (auto* t = std::get_if<TestCase>(&it)) {
      for (auto& w : t->with) {
        auto k = key_from_name(w.key.text);
        if (k &&
            std::find(std::begin(kWithKeyIds), std::end(kWithKeyIds), *k) != std::end(kWithKeyIds))
          w.id = *k;
      }
    }
  }
}

}  // namespace

const Vocabulary& vocabulary() {
  static const Vocabulary v = [] {
    Vocabulary v;
    auto add = [](std::vector<std::string_view>& to, std::string_view w) {
      if (std::find(to.begin(), to.end(), w) == to.end()) to.push_back(w);
    };
    v.blocks = blocks_allowed(Ctx::top);
    for (const auto& k : key_table()) {
      std::string_view block;
      for (auto b : v.blocks)
        if (block_ctx(b) == k.ctx) block = b;
      v.keys.push_back({block, k.name(), k.usage});
      for (auto c : k.choices)
        if (std::find(kEffects.begin(), kEffects.end(), c) == kEffects.end()) add(v.values, c);
    }
    v.with_keys = kWithKeys;
    v.attributes = kAttributes;
    v.effects = kEffects;
    v.modes = kModes;
    v.test_kinds = kTestKinds;
    for (auto c : {Condition::Kind::inside, Condition::Kind::outside, Condition::Kind::without})
      v.conditions.push_back(condition_name(c));
    for (auto w : kBudgetUnits) add(v.values, w);
    for (auto w : kThirdPartyWords) add(v.values, w);
    for (auto w : kMethods) add(v.values, w);
    return v;
  }();
  return v;
}

void check(File& f, std::vector<Diagnostic>& out, const CheckOptions& options) {
  std::vector<Diagnostic> mine;
  try {
    resolve_keys(f.items, Ctx::top);
    Checker(f, mine, options).run();
  } catch (const std::exception& e) {
    // Not expected; a checker must never throw out (std::bad_alloc on absurd input).
    mine.push_back(make_diagnostic(f.name, f.source, {0, 0}, Code::syntax_error, Severity::error,
                                   std::string("internal error: ") + e.what()));
  }
  std::stable_sort(mine.begin(), mine.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return a.line != b.line ? a.line < b.line : a.column < b.column;
  });
  for (auto& d : mine) out.push_back(std::move(d));
}

}  // namespace vigie::policy
