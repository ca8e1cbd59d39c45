// The checker's tables: the key table of docs/language.md ("Keys by block"), the contexts a
// block opens, the word lists of the language, and the two readers of these tables that the
// later stages use: resolve_keys (Setting::id) and vocabulary() (the WASM package, the
// playground's highlighter).
#include <algorithm>
#include <iterator>

#include "grammar/policy/checker.hpp"
#include "grammar/policy/language.hpp"

namespace vigie::policy::checker {

std::string ctx_name(Ctx c) {
  if (c == Ctx::top) return "the top level";
  return "`" + std::string(block_name(block_of(c))) + "`";
}

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
       Key::case_insensitive,
       1,
       1,
       Type::choice,
       true,
       {"on", "off", "auto"},
       "case-insensitive on|off|auto"},
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
  if (auto b = block_from_name(kind)) return ctx_of(*b);
  return std::nullopt;
}

std::vector<std::string_view> blocks_allowed(Ctx c) {
  std::vector<std::string_view> out;
  auto add = [&](std::initializer_list<BlockKind> bs) {
    for (BlockKind b : bs) out.push_back(block_name(b));
  };
  using B = BlockKind;
  if (c == Ctx::top) {
    // Every block, in the order of VIGIE_POLICY_BLOCKS.
    for (std::size_t i = 1; i < std::size(kBlockNames); ++i) out.push_back(kBlockNames[i]);
  } else if (c == Ctx::agent) {
    add({B::paths, B::commands, B::fetch, B::mcp, B::tools});
  } else if (c == Ctx::mode) {
    // `mode NAME { … }`: blocks that apply only when the request's mode is NAME.
    add({B::paths, B::commands, B::fetch, B::mcp, B::tools, B::safety});
  }
  return out;
}

// Resolves every setting to its key (Setting::id), for the stages after the checker: by the
// key table of its block, and a test case's `with` keys by kWithKeyIds; and every block to its
// kind (Block::id). A key or block the checker reports as unknown stays unknown.
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
      if (auto kind = block_from_name(b->kind.text)) {
        b->id = *kind;
        resolve_keys(b->items, ctx_of(*kind));
      }
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

}  // namespace vigie::policy::checker

namespace vigie::policy {

using namespace checker;

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

}  // namespace vigie::policy
