// The checker's rules and test cases: where rules may be, duplicates, ids, messages, regexes
// (RE2), the operands of each block's rules, operand conditions, and the lint warnings on risky
// rules (an allow on an interpreter or a wrapper prefix, an allow that matches everything).
#include <re2/re2.h>
#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>

#include "grammar/limits.hpp"
#include "grammar/policy/checker.hpp"
#include "grammar/policy/format.hpp"

namespace vigie::policy::checker {

namespace {

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

}  // namespace

void Checker::rule(const Rule& r, Ctx ctx, std::unordered_map<std::string, Span>& seen) {
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
  trailing_id(r);
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

// A condition path as the engine will read it, lexically: `~/x`, `/x`, or relative to the
// project root (`.`, `build`), as "ROOT/c1/c2" with ROOT `~`, `` (absolute) or `.`. For
// comparisons between the rule's own paths only; nullopt when `..` climbs above its root.
std::optional<std::string> Checker::lexical_path(const std::string& p) {
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
bool Checker::covers(const std::optional<std::string>& prefix,
                     const std::optional<std::string>& path) {
  if (!prefix || !path) return false;
  if (prefix->empty()) return path->empty() || (*path)[0] == '/';  // `/` covers absolute paths
  return *path == *prefix ||
         (path->size() > prefix->size() && path->compare(0, prefix->size(), *prefix) == 0 &&
          (*path)[prefix->size()] == '/');
}

// `allow ls | tr id basics`: without a message, `id NAME` on the rule's line is part of the
// last pattern (docs/language.md, "Rules"): the rule is not named, and it matches `tr id basics`
// where `tr` was meant. `allow id` and `allow id -u` stay quiet (`id` is the command there).
void Checker::trailing_id(const Rule& r) {
  if (r.id || r.message || !r.conditions.empty() || r.alternatives.empty()) return;
  const auto& items = r.alternatives.back().items;
  if (items.size() < 3) return;
  const auto bare = [](const PatternItem& it) {
    return it.kind == PatternItem::Kind::word && it.word.kind == Word::Kind::bare;
  };
  const PatternItem& key = items[items.size() - 2];
  const PatternItem& name = items.back();
  if (!bare(key) || key.word.text != "id" || !bare(name)) return;
  diag(key.span, Code::id_in_pattern, Severity::warning,
       "`id " + name.word.text + "` is part of the pattern, not the rule's id",
       "a rule without a message takes its id on the next line: `id " + name.word.text + "`");
}

void Checker::conditions(const Rule& r, Ctx ctx) {
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

void Checker::condition_operand(const Condition& c, const Word& w) {
  static const std::set<std::string> attrs = {"id", "example", "counterexample"};
  if (w.kind == Word::Kind::bare && attrs.count(w.text) > 0) {
    error(
        w.span, Code::bad_condition_operand,
        quote(w.text) + " is read as an operand of `" + c.keyword.text + "`",
        "on the rule's line, `" + w.text + "` comes after the message; or put it on the next line");
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

void Checker::rule_id(const Word& id) {
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
    error(
        id.span, Code::duplicate_rule_id, "rule id " + quote(id.text) + " is used twice",
        "the first is at line " + std::to_string(line_of(it->second)) + "; ids name one rule each");
  }
}

void Checker::regex(const Word& w) {
  RE2::Options o;
  o.set_log_errors(false);
  o.set_max_mem(static_cast<int64_t>(limits::regex_memory_bytes));  // grammar/limits.hpp
  if (regex_instructions_ > limits::regex_instructions) return;     // checked before the work
  RE2 re(w.text, o);
  if (re.ok()) regex_instructions_ += static_cast<std::size_t>(re.ProgramSize());
  if (!re.ok()) {
    error(w.span, Code::invalid_regex, "invalid regex " + quote(w.text) + ": " + re.error(),
          "the syntax is RE2's (no backreferences or lookarounds)");
  }
}

void Checker::command_pattern(const Rule& r, const Pattern& p) {
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
    diag(first.span, Code::allow_everything, Severity::warning, "this allow matches every command",
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
    // The engine's programs when given (CheckOptions::programs), else the fallback; and the
    // policy's own `wrapper` and `interpreter` names.
    const ProgramKinds* pk = opt_.programs;
    auto in = [&](bool (*known)(std::string_view), const std::vector<std::string_view>& fallback,
                  const std::set<std::string>& own) {
      if (own.count(prog) > 0) return true;
      if (pk != nullptr && known != nullptr) return known(prog);
      return std::find(fallback.begin(), fallback.end(), prog) != fallback.end();
    };
    if (in(pk ? pk->is_wrapper : nullptr, fallback_wrappers(), wrappers_)) {
      diag(w->span, Code::broad_interpreter_allow, Severity::warning,
           quote(prog) + " is a wrapper: allowing it allows the commands it runs",
           "vigie sees through `" + prog + "`: allow the wrapped command instead");
      continue;
    }
    if (!in(pk ? pk->is_interpreter : nullptr, fallback_interpreters(), interpreters_)) continue;
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

void Checker::only_words(const Pattern& p, std::string_view what, bool any_ok) {
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

void Checker::path_operands(const Pattern& p) {
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

void Checker::fetch_operands(const Pattern& p) {
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

void Checker::name_operands(const Pattern& p, bool mcp) {
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

void Checker::test_case(const TestCase& t, Ctx ctx) {
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

}  // namespace vigie::policy::checker
