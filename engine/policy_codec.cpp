// The binary form of a compiled policy (see policy_codec.hpp): writing it. The bytes' format is
// in engine/policy_codec_bytes.hpp, reading it back in engine/policy_codec_read.cpp.
#include "engine/policy_codec.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <unordered_map>

#include "engine/policy_codec_bytes.hpp"
#include "grammar/limits.hpp"

namespace vigie::engine {

using namespace codec;

// A field added to one of these structures must be written and read here, or the cache would
// hand `decide` a policy without it. The sizes (x86-64, libstdc++) catch a field added and
// forgotten: update encode (below) and decode (engine/policy_codec_read.cpp), then the size.
#if defined(__x86_64__) && defined(__GLIBCXX__) && !defined(_GLIBCXX_DEBUG)
// Policy::Impl: 1,120 bytes of encoded fields and the path cache's slot (one pointer, not encoded).
static_assert(sizeof(Policy::Impl) == 1120 + sizeof(PathsCacheSlot),
              "update engine/policy_codec.cpp for Policy::Impl");
static_assert(sizeof(CommandRules) == 296, "update engine/policy_codec.cpp for CommandRules");
static_assert(sizeof(PathRules) == 176, "update engine/policy_codec.cpp for PathRules");
static_assert(sizeof(CommandPattern) == 144, "update engine/policy_codec.cpp for CommandPattern");
static_assert(sizeof(Tok) == 72, "update engine/policy_codec.cpp for Tok");
static_assert(sizeof(OptionSpec) == 136, "update engine/policy_codec.cpp for OptionSpec");
static_assert(sizeof(RuleInfo) == 168, "update engine/policy_codec.cpp for RuleInfo");
static_assert(sizeof(NameRule) == 48, "update engine/policy_codec.cpp for NameRule");
static_assert(sizeof(ToolRules) == 232, "update engine/policy_codec.cpp for ToolRules");
static_assert(sizeof(SessionSettings) == 32, "update engine/policy_codec.cpp for SessionSettings");
static_assert(sizeof(PathRuleSpec) == 40, "update engine/policy_codec.cpp for PathRuleSpec");
static_assert(sizeof(NormalizeOptions) == 48,
              "update engine/policy_codec.cpp for NormalizeOptions");
#endif

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

namespace {

void put(Writer& w, const OptionSpec& o) {
  w.str(o.shorts);
  w.strs(o.longs);
  w.strs(o.exact);
  w.str(o.arg_shorts);
  w.strs(o.arg_longs);
}
void put(Writer& w, const std::vector<OptionSpec>& v) {
  w.u32(static_cast<std::uint32_t>(v.size()));
  for (const auto& o : v) put(w, o);
}

void put(Writer& w, const Tok& t, const std::unordered_map<const LazyRegex*, std::uint32_t>& re,
         int depth) {
  if (depth > kMaxDepth) w.ok = false;
  w.u8(static_cast<std::uint8_t>(t.kind));
  w.str(t.text);
  if (!t.regex) {
    w.u32(kNone);
  } else if (auto it = re.find(t.regex); it != re.end()) {
    w.u32(it->second);
  } else {
    w.ok = false;  // a regex the policy does not own
    w.u32(kNone);
  }
  w.u32(static_cast<std::uint32_t>(t.alts.size()));
  for (const auto& a : t.alts) put(w, a, re, depth + 1);
}

void put(Writer& w, const TokenTrie& t) {
  w.u32(static_cast<std::uint32_t>(t.nodes.size()));
  for (const auto& n : t.nodes) {
    w.u32(static_cast<std::uint32_t>(n.next.size()));
    // Sorted by key: the bytes do not depend on the hash table's order.
    std::vector<const std::pair<const std::string, std::uint32_t>*> sorted;
    sorted.reserve(n.next.size());
    for (const auto& kv : n.next) sorted.push_back(&kv);
    std::sort(sorted.begin(), sorted.end(),
              [](const auto* a, const auto* b) { return a->first < b->first; });
    for (const auto* kv : sorted) {
      w.str(kv->first);
      w.u32(kv->second);
    }
    w.u32s(n.patterns);
  }
}

void put_regex(Writer& w, const RE2* r) {
  if (!r) {
    w.u8(0);
    return;
  }
  if (!same_options(r->options(), regex_options())) w.ok = false;
  w.u8(1);
  w.str(r->pattern());
}

void put(Writer& w, const GlobSet& g) {
  auto globs = g.globs();
  w.u8(g.compiled() ? 1 : 0);
  w.u32(static_cast<std::uint32_t>(globs.size()));
  for (const auto& [glob, rule] : globs) {
    w.str(glob);
    w.u32(rule);
  }
}

void put(Writer& w, const std::vector<NameRule>& v) {
  w.u32(static_cast<std::uint32_t>(v.size()));
  for (const auto& r : v) {
    put_regex(w, r.glob.get());
    w.strs(r.methods);
    w.u32(r.rule);
    w.effect(r.effect);
    w.u64(r.specificity);
  }
}

}  // namespace

namespace {

void put(Writer& w, const AliasTable& a) {
  const auto& classes = PolicyCodec::classes(a);
  w.u32(static_cast<std::uint32_t>(classes.size()));
  for (const auto& [k, v] : classes) {
    w.str(k);
    put(w, v);
  }
  const auto& context = PolicyCodec::context(a);
  w.u32(static_cast<std::uint32_t>(context.size()));
  for (const auto& [k, v] : context) {
    w.str(k);
    put(w, v);
  }
  const auto& single = PolicyCodec::single_dash(a);
  w.u32(static_cast<std::uint32_t>(single.size()));
  for (const auto& [k, v] : single) {
    w.str(k);
    w.u8(v);
  }
}

void put_commands(Writer& w, const CommandRules& c);

void put_impl(Writer& w, const Policy::Impl& p, int depth) {
  if (depth > kMaxDepth) {
    w.ok = false;
    return;
  }
  w.str(p.name);
  w.str(p.file);
  w.u8(static_cast<std::uint8_t>(p.mode));
  w.opt_effect(p.default_effect);
  w.opt_effect(p.non_interactive);
  w.u32(static_cast<std::uint32_t>(p.rules.size()));
  for (const auto& r : p.rules) {
    w.str(r.ref.id);
    w.str(r.ref.file);
    w.u32(r.ref.line);
    w.effect(r.ref.effect);
    w.str(r.message);
    w.str(r.block);
    w.str(r.text);
  }
  put_commands(w, p.commands);
  const PathRules& pr = p.paths;
  w.str(pr.workspace);
  w.u8(pr.workspace_only);
  w.u8(pr.workspace_only_commands);
  w.u8(pr.binary);
  w.u8(static_cast<std::uint8_t>(pr.case_rule));
  w.u64(pr.large_edit_bytes);
  w.u32(static_cast<std::uint32_t>(pr.rules.size()));
  for (const auto& r : pr.rules) {
    w.str(r.path);
    w.effect(r.effect);
    w.u8(static_cast<std::uint8_t>(r.access));
    w.u32(r.rule);
  }
  put(w, pr.protect);
  put(w, pr.protect_home);
  put(w, pr.protect_root);
  w.u32s(pr.protect_rules);
  w.u8(pr.third_party);
  put(w, pr.third_party_globs);
  w.u32(pr.third_party_rule);
  put(w, p.fetch);
  w.opt_effect(p.fetch_default);
  put(w, p.mcp);
  w.opt_effect(p.mcp_default);
  w.str_set(p.tools.auto_approve);
  w.str_set(p.tools.always_ask);
  w.str_set(p.tools.exclude);
  w.u32(p.tools.auto_approve_rule);
  w.u32(p.tools.always_ask_rule);
  w.u32(p.tools.exclude_rule);
  put(w, p.tools.rules);
  w.str_set(p.tools.harnesses);
  w.u32(static_cast<std::uint32_t>(p.tools.mappings.size()));
  for (const auto& m : p.tools.mappings) {
    w.str(m.tool);
    w.str(m.kind);
    w.str(m.fields);
  }
  w.str_set(p.safety_disabled);
  w.u8(p.root_context);
  w.u32(p.session.loop_threshold);
  w.u64(p.session.budget_actions);
  std::uint64_t minutes;
  std::memcpy(&minutes, &p.session.budget_minutes, sizeof minutes);
  w.u64(minutes);
  w.u8(p.session.remember_always);
  w.u32(static_cast<std::uint32_t>(p.parents.size()));
  for (const auto& q : p.parents) put_impl(w, *q, depth + 1);
  w.u32(static_cast<std::uint32_t>(p.agents.size()));
  for (const auto& [name, q] : p.agents) {
    w.str(name);
    put_impl(w, *q, depth + 1);
  }
  w.u32(static_cast<std::uint32_t>(p.plugins.size()));
  for (const auto& q : p.plugins) put_impl(w, *q, depth + 1);
  w.u32(static_cast<std::uint32_t>(p.mode_variants.size()));
  for (const auto& [m, q] : p.mode_variants) {
    w.u8(static_cast<std::uint8_t>(m));
    put_impl(w, *q, depth + 1);
  }
}

void put_commands(Writer& w, const CommandRules& c) {
  std::unordered_map<const LazyRegex*, std::uint32_t> re;
  w.u32(static_cast<std::uint32_t>(c.regexes.size()));
  for (const auto& r : c.regexes) {
    re.emplace(r.get(), static_cast<std::uint32_t>(re.size()));
    w.str(r->pattern());  // the compiler gave it rule_regex_options()
  }
  w.u32(static_cast<std::uint32_t>(c.patterns.size()));
  for (const auto& p : c.patterns) {
    w.u32(static_cast<std::uint32_t>(p.items.size()));
    for (const auto& t : p.items) put(w, t, re, 0);
    put(w, p.options);
    w.u32(p.rule);
    w.effect(p.effect);
    for (const auto* paths : {&p.conditions.inside, &p.conditions.outside}) {
      w.u8(paths->has_value());
      if (*paths) w.strs(**paths);
    }
    put(w, p.conditions.without);
  }
  put(w, c.allow_trie);
  put(w, c.deny_trie);
  put(w, c.aliases);
  w.strs(c.normalize.extra_wrappers);
  w.strs(c.normalize.extra_interpreters);
  w.opt_effect(c.metachars);
  w.opt_effect(c.default_effect);
}

}  // namespace

std::optional<std::string> PolicyCodec::encode(const Policy::Impl& p) {
  Writer w;
  put_impl(w, p, 0);
  if (!w.ok) return std::nullopt;
  return std::move(w.out);
}

}  // namespace vigie::engine
