// The binary form of a compiled policy (see policy_codec.hpp): reading it back. Every count is
// checked against the bytes left before anything is allocated; any inconsistency gives null.
// The bytes' format is in engine/policy_codec_bytes.hpp, writing in engine/policy_codec.cpp.
#include "engine/policy_codec.hpp"

#include <map>
#include <memory>

#include "engine/policy_codec_bytes.hpp"
#include "grammar/limits.hpp"

namespace vigie::engine {

using namespace codec;

namespace {

void get(Reader& r, OptionSpec& o) {
  o.shorts = r.str();
  o.longs = r.strs();
  o.exact = r.strs();
  o.arg_shorts = r.str();
  o.arg_longs = r.strs();
}
std::vector<OptionSpec> get_specs(Reader& r) {
  std::vector<OptionSpec> v(r.count(20));
  for (auto& o : v) get(r, o);
  return v;
}

void get(Reader& r, Tok& t, const std::vector<std::unique_ptr<LazyRegex>>& re, int depth) {
  if (depth > kMaxDepth) r.ok = false;
  if (!r.ok) return;
  std::uint8_t kind = r.u8();
  if (kind > static_cast<std::uint8_t>(Tok::Kind::alt)) r.ok = false;
  t.kind = static_cast<Tok::Kind>(kind);
  t.text = r.str();
  std::uint32_t ri = r.u32();
  if (ri != kNone) {
    if (ri >= re.size()) r.ok = false;
    if (r.ok) t.regex = re[ri].get();
  }
  t.alts.resize(r.count(9));
  for (auto& a : t.alts) get(r, a, re, depth + 1);
}

void get(Reader& r, TokenTrie& t) {
  t.nodes.assign(r.count(8), {});
  for (auto& n : t.nodes) {
    std::uint32_t m = r.count(8);
    for (std::uint32_t i = 0; i < m && r.ok; ++i) {
      std::string k = r.str();
      std::uint32_t v = r.u32();
      if (v >= t.nodes.size()) r.ok = false;
      n.next.emplace(std::move(k), v);  // a duplicate key (forged): the first wins
    }
    n.patterns = r.u32s();
  }
  if (t.nodes.empty()) r.ok = false;  // the root is always there
}

std::unique_ptr<RE2> get_regex(Reader& r) {
  if (!r.flag()) return nullptr;
  std::string pattern = r.str();
  if (!r.ok) return nullptr;
  auto re = std::make_unique<RE2>(pattern, regex_options());
  if (!re->ok()) r.ok = false;
  return re;
}

void get(Reader& r, GlobSet& g) {
  bool compiled = r.flag();
  std::uint32_t n = r.count(8);
  for (std::uint32_t i = 0; i < n && r.ok; ++i) {
    std::string glob = r.str();
    std::uint32_t rule = r.u32();
    if (r.ok && !g.add(glob, rule)) r.ok = false;
  }
  if (r.ok && compiled && !g.compile()) r.ok = false;
}

std::vector<NameRule> get_names(Reader& r) {
  std::vector<NameRule> v(r.count(18));
  for (auto& n : v) {
    n.glob = get_regex(r);
    n.methods = r.strs();
    n.rule = r.u32();
    n.effect = r.effect();
    n.specificity = r.u64();
  }
  return v;
}

template <class Set>
Set get_set(Reader& r) {
  Set s;
  std::uint32_t n = r.count(4);
  for (std::uint32_t i = 0; i < n && r.ok; ++i) s.insert(s.end(), r.str());
  return s;
}

void get(Reader& r, AliasTable& a) {
  auto& classes = PolicyCodec::classes(a);
  for (std::uint32_t n = r.count(8), i = 0; i < n && r.ok; ++i) {
    std::string k = r.str();
    classes.emplace_hint(classes.end(), std::move(k), get_specs(r));
  }
  auto& context = PolicyCodec::context(a);
  for (std::uint32_t n = r.count(24), i = 0; i < n && r.ok; ++i) {
    std::string k = r.str();
    get(r, context[k]);
  }
  auto& single = PolicyCodec::single_dash(a);
  for (std::uint32_t n = r.count(5), i = 0; i < n && r.ok; ++i) {
    std::string k = r.str();
    single.emplace_hint(single.end(), std::move(k), r.flag());
  }
}

void get(Reader& r, CommandRules& c) {
  c.regexes.resize(r.count(4));
  for (auto& re : c.regexes) re = std::make_unique<LazyRegex>(r.str());  // compiled on first use
  c.patterns.resize(r.count(30));
  for (auto& p : c.patterns) {
    p.items.resize(r.count(9));
    for (auto& t : p.items) get(r, t, c.regexes, 0);
    p.options = get_specs(r);
    p.rule = r.u32();
    p.effect = r.effect();
    for (auto* paths : {&p.conditions.inside, &p.conditions.outside})
      if (r.flag()) *paths = r.strs();
    p.conditions.without = get_specs(r);
  }
  get(r, c.allow_trie);
  get(r, c.deny_trie);
  get(r, c.aliases);
  c.normalize.extra_wrappers = r.strs();
  c.normalize.extra_interpreters = r.strs();
  c.metachars = r.opt_effect();
  c.default_effect = r.opt_effect();
}

std::shared_ptr<Policy::Impl> get_impl(Reader& r, int depth) {
  if (depth > kMaxDepth) r.ok = false;
  if (!r.ok) return nullptr;
  auto p = std::make_shared<Policy::Impl>();
  p->name = r.str();
  p->file = r.str();
  std::uint8_t mode = r.u8();
  if (mode > static_cast<std::uint8_t>(Mode::auto_)) r.ok = false;
  p->mode = static_cast<Mode>(r.ok ? mode : 0);
  p->default_effect = r.opt_effect();
  p->non_interactive = r.opt_effect();
  p->rules.resize(r.count(29));
  for (auto& ri : p->rules) {
    ri.ref.id = r.str();
    ri.ref.file = r.str();
    ri.ref.line = r.u32();
    ri.ref.effect = r.effect();
    ri.message = r.str();
    ri.block = r.str();
    ri.text = r.str();
  }
  get(r, p->commands);
  PathRules& pr = p->paths;
  pr.workspace = r.str();
  pr.workspace_only = r.flag();
  pr.workspace_only_commands = r.flag();
  pr.binary = r.flag();
  if (std::uint8_t c = r.u8(); c <= static_cast<std::uint8_t>(CaseRule::off))
    pr.case_rule = static_cast<CaseRule>(c);
  else
    r.ok = false;
  pr.large_edit_bytes = r.u64();
  pr.rules.resize(r.count(10));
  for (auto& s : pr.rules) {
    s.path = r.str();
    s.effect = r.effect();
    std::uint8_t access = r.u8();
    if (access < 1 || access > 3) r.ok = false;
    s.access = static_cast<Access>(r.ok ? access : 3);
    s.rule = r.u32();
  }
  get(r, pr.protect);
  get(r, pr.protect_home);
  get(r, pr.protect_root);
  pr.protect_rules = r.u32s();
  pr.third_party = r.flag();
  get(r, pr.third_party_globs);
  pr.third_party_rule = r.u32();
  p->fetch = get_names(r);
  p->fetch_default = r.opt_effect();
  p->mcp = get_names(r);
  p->mcp_default = r.opt_effect();
  using StrSet = std::set<std::string, std::less<>>;
  p->tools.auto_approve = get_set<StrSet>(r);
  p->tools.always_ask = get_set<StrSet>(r);
  p->tools.exclude = get_set<StrSet>(r);
  p->tools.auto_approve_rule = r.u32();
  p->tools.always_ask_rule = r.u32();
  p->tools.exclude_rule = r.u32();
  p->tools.rules = get_names(r);
  p->tools.harnesses = get_set<std::vector<std::string>>(r);
  for (std::uint32_t n = r.count(12), i = 0; i < n && r.ok; ++i) {
    ToolMapping m;
    m.tool = r.str();
    m.kind = r.str();
    m.fields = r.str();
    p->tools.mappings.push_back(std::move(m));
  }
  p->safety_disabled = get_set<std::set<std::string>>(r);
  p->root_context = r.flag();
  p->session.loop_threshold = r.u32();
  p->session.budget_actions = r.u64();
  std::uint64_t minutes = r.u64();
  std::memcpy(&p->session.budget_minutes, &minutes, sizeof minutes);
  p->session.remember_always = r.flag();
  for (std::uint32_t n = r.count(40), i = 0; i < n && r.ok; ++i)
    p->parents.push_back(get_impl(r, depth + 1));
  for (std::uint32_t n = r.count(44), i = 0; i < n && r.ok; ++i) {
    std::string name = r.str();
    p->agents[name] = get_impl(r, depth + 1);
  }
  for (std::uint32_t n = r.count(40), i = 0; i < n && r.ok; ++i)
    p->plugins.push_back(get_impl(r, depth + 1));
  for (std::uint32_t n = r.count(41), i = 0; i < n && r.ok; ++i) {
    std::uint8_t m = r.u8();
    if (m > static_cast<std::uint8_t>(Mode::auto_)) r.ok = false;
    auto v = get_impl(r, depth + 1);
    if (r.ok) p->mode_variants[static_cast<Mode>(m)] = std::move(v);
  }
  // Every index `decide` follows stays inside its table.
  auto rule_ok = [&](std::uint32_t i) { return i < p->rules.size(); };
  for (const auto& cp : p->commands.patterns)
    if (!rule_ok(cp.rule)) r.ok = false;
  for (const auto* trie : {&p->commands.allow_trie, &p->commands.deny_trie})
    for (const auto& n : trie->nodes)
      for (auto i : n.patterns)
        if (i >= p->commands.patterns.size()) r.ok = false;
  for (const auto& s : pr.rules)
    if (!rule_ok(s.rule)) r.ok = false;
  for (const auto* names : {&p->fetch, &p->mcp, &p->tools.rules})
    for (const auto& n : *names)
      if (!rule_ok(n.rule)) r.ok = false;
  return r.ok ? p : nullptr;
}

}  // namespace

std::shared_ptr<const Policy::Impl> PolicyCodec::decode(std::string_view bytes) noexcept {
  try {
    Reader r{bytes};
    auto p = get_impl(r, 0);
    if (!r.ok || r.at != bytes.size()) return nullptr;
    return p;
  } catch (...) {
    return nullptr;
  }
}

}  // namespace vigie::engine
