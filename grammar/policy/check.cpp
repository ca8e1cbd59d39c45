// The checker: the key table of docs/language.md ("Keys by block"), applied to the generic AST.
// This file: the walk over blocks and settings (arity, values, duplicates, unknown keys with
// "did you mean") and the entry point check(). Rules and tests: check_rules.cpp; the tables:
// key_table.cpp (see checker.hpp).
#include <algorithm>
#include <cctype>

#include "grammar/policy/check.hpp"
#include "grammar/policy/checker.hpp"
#include "grammar/policy/format.hpp"

namespace vigie::policy {

const std::vector<std::string_view>& fallback_interpreters() {
  static const std::vector<std::string_view> v = {"sh",      "bash", "zsh",  "python",
                                                  "python3", "node", "perl", "ruby"};
  return v;
}

const std::vector<std::string_view>& fallback_wrappers() {
  static const std::vector<std::string_view> v = {"sudo", "doas", "env", "xargs", "eval"};
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

}  // namespace vigie::policy

namespace vigie::policy::checker {

std::string one_of(const std::vector<std::string_view>& v) {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i > 0) out += i + 1 == v.size() ? " or " : ", ";
    out += '`' + std::string(v[i]) + '`';
  }
  return out;
}

namespace {

bool is_number(const std::string& s) {
  if (s.empty() || s.size() > 9) return false;  // up to 999,999,999
  return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

void Checker::run() {
  collect_program_lists(f_.items);
  items(f_.items, Ctx::top);
  if (opt_.require_policy_name && !seen_policy_) {
    diag({0, 0}, Code::missing_policy_name, Severity::error, "the policy has no name",
         "start the file with `policy \"NAME\"`");
  }
}

// The file's own `wrapper` and `interpreter` names, anywhere (they apply to the policy).
void Checker::collect_program_lists(const std::vector<Item>& items) {
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

void Checker::items(const std::vector<Item>& items, Ctx ctx) {
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

void Checker::block(const Block& b, Ctx ctx) {
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
          "`" + kind + "` takes no name, found " + quote(b.label->text), "write `" + kind + " {`");
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

const KeySpec* Checker::find_key(Ctx ctx, std::string_view key) const {
  for (const auto& k : key_table()) {
    if (k.ctx == ctx && k.name() == key) return &k;
  }
  return nullptr;
}

void Checker::unknown_key(const Setting& s, Ctx ctx) {
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

void Checker::setting(const Setting& s, Ctx ctx, std::map<std::string, Span>& once) {
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

void Checker::bad_value(const Word& w, std::string_view what,
                        const std::vector<std::string_view>& cands, std::string_view usage) {
  std::string help;
  if (auto m = did_you_mean(w.text, cands)) {
    help = "did you mean `" + *m + "`?";
  } else {
    help = "expected " + one_of(cands) + ": `" + std::string(usage) + "`";
  }
  error(w.span, Code::unknown_value, "unknown " + std::string(what) + " " + quote(w.text), help);
}

void Checker::values(const Setting& s, const KeySpec& k) {
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
      // `protect tests/** "tests"`: a double-quoted word without a space is a glob, so this
      // protects every file named `tests` at any depth, not the message it looks like.
      if (m == nullptr && s.args.size() >= 2) {
        const Word& last = s.args.back();
        if (last.kind == Word::Kind::double_quoted && !last.text.empty() &&
            last.text.find_first_of("*?[/.~") == std::string::npos) {
          diag(last.span, Code::protect_word_glob, Severity::warning,
               "`\"" + last.text + "\"` is a glob, not a message: it protects every path named `" +
                   last.text + "` at any depth",
               "a message has a space in it (`\"" + last.text +
                   " are reviewed\"`); a glob needs no quotes");
        }
      }
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
        std::vector<std::string_view> names(opt_.safety_checks->begin(), opt_.safety_checks->end());
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

void Checker::number(const Word& w) {
  if (!is_number(w.text) || w.text == "0" || w.text[0] == '0') {
    error(w.span, Code::expected_number, "expected a positive whole number, found " + quote(w.text),
          "write digits only, e.g. `4`");
  }
}

void Checker::message(const Word& m) {
  bool blank = std::all_of(m.text.begin(), m.text.end(),
                           [](char c) { return c == ' ' || c == '\t' || c == '\n'; });
  if (blank) {
    diag(m.span, Code::empty_message, Severity::warning, "empty message",
         "say why, and what to do instead; or remove the message to get the built-in one");
  }
}

}  // namespace vigie::policy::checker

namespace vigie::policy {

using checker::Checker;
using checker::Ctx;

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
