// The binary form of a compiled policy (see policy_codec.hpp). Little-endian fixed-width
// integers, strings as a u32 length and their bytes, containers as a u32 count and their
// elements. The reader checks every length against the bytes left before it allocates.
#include "engine/policy_codec.hpp"

#include <bit>
#include <cstdint>
#include <cstring>
#include <map>
#include <unordered_map>

#include "grammar/limits.hpp"

namespace vigie::engine {

// A field added to one of these structures must be written and read here, or the cache would
// hand `decide` a policy without it. The sizes (x86-64, libstdc++) catch a field added and
// forgotten: update encode/decode below, then the size.
#if defined(__x86_64__) && defined(__GLIBCXX__) && !defined(_GLIBCXX_DEBUG)
static_assert(sizeof(Policy::Impl) == 1120, "update engine/policy_codec.cpp for Policy::Impl");
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

namespace {

static_assert(std::endian::native == std::endian::little, "the cache format is little-endian");

constexpr std::uint32_t kNone = 0xffffffffu;
constexpr int kMaxDepth = 32;  // nested Tok alternatives, policy layers

// The options the compiler gives every regex of a command pattern and every name glob
// (engine/compile.cpp); a regex with others is not cached.
RE2::Options regex_options() {
  return rule_regex_options();
}
bool same_options(const RE2::Options& a, const RE2::Options& b) {
  return a.max_mem() == b.max_mem() && a.encoding() == b.encoding() &&
         a.posix_syntax() == b.posix_syntax() && a.longest_match() == b.longest_match() &&
         a.literal() == b.literal() && a.never_nl() == b.never_nl() && a.dot_nl() == b.dot_nl() &&
         a.never_capture() == b.never_capture() && a.case_sensitive() == b.case_sensitive() &&
         a.perl_classes() == b.perl_classes() && a.word_boundary() == b.word_boundary() &&
         a.one_line() == b.one_line();
}

struct Writer {
  std::string out;
  bool ok = true;
  void u8(std::uint8_t v) { out.push_back(static_cast<char>(v)); }
  void u32(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) u8(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  void u64(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) u8(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  void str(std::string_view s) {
    u32(static_cast<std::uint32_t>(s.size()));
    out.append(s);
  }
  void effect(Effect e) { u8(static_cast<std::uint8_t>(e)); }
  void opt_effect(const std::optional<Effect>& e) { u8(e ? static_cast<std::uint8_t>(*e) + 1 : 0); }
  void strs(const std::vector<std::string>& v) {
    u32(static_cast<std::uint32_t>(v.size()));
    for (const auto& s : v) str(s);
  }
  void u32s(const std::vector<std::uint32_t>& v) {
    u32(static_cast<std::uint32_t>(v.size()));
    for (auto x : v) u32(x);
  }
  template <class Set>
  void str_set(const Set& s) {
    u32(static_cast<std::uint32_t>(s.size()));
    for (const auto& x : s) str(x);
  }
};

struct Reader {
  std::string_view in;
  std::size_t at = 0;
  bool ok = true;
  bool need(std::size_t n) {
    if (!ok || in.size() - at < n) ok = false;
    return ok;
  }
  std::uint8_t u8() { return need(1) ? static_cast<std::uint8_t>(in[at++]) : 0; }
  // Fixed-width little-endian numbers (the writer's byte order; every target of vigie is
  // little-endian, which the static_assert below checks).
  template <class T>
  T num() {
    T v{};
    if (!need(sizeof v)) return v;
    std::memcpy(&v, in.data() + at, sizeof v);
    at += sizeof v;
    return v;
  }
  std::uint32_t u32() { return num<std::uint32_t>(); }
  std::uint64_t u64() { return num<std::uint64_t>(); }
  // A count of elements of at least `min_bytes` each: never more than the bytes left allow.
  std::uint32_t count(std::size_t min_bytes = 1) {
    std::uint32_t n = u32();
    if (ok && n > (in.size() - at) / (min_bytes ? min_bytes : 1)) ok = false;
    return ok ? n : 0;
  }
  std::string str() {
    std::uint32_t n = u32();
    if (!need(n)) return {};
    std::string s(in.substr(at, n));
    at += n;
    return s;
  }
  Effect effect() {
    std::uint8_t v = u8();
    if (v > 2) ok = false;
    return static_cast<Effect>(ok ? v : 1);
  }
  std::optional<Effect> opt_effect() {
    std::uint8_t v = u8();
    if (v == 0) return std::nullopt;
    if (v > 3) ok = false;
    return static_cast<Effect>(ok ? v - 1 : 1);
  }
  bool flag() {
    std::uint8_t v = u8();
    if (v > 1) ok = false;
    return v == 1;
  }
  std::vector<std::string> strs() {
    std::vector<std::string> v(count(4));
    for (auto& s : v) s = str();
    return v;
  }
  std::vector<std::uint32_t> u32s() {
    std::vector<std::uint32_t> v(count(4));
    for (auto& x : v) x = u32();
    return v;
  }
};

}  // namespace

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
    for (const auto& [k, v] : n.next) {
      w.str(k);
      w.u32(v);
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

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

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
      n.next.emplace_hint(n.next.end(), std::move(k), v);  // written in order
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

std::optional<std::string> PolicyCodec::encode(const Policy::Impl& p) {
  Writer w;
  put_impl(w, p, 0);
  if (!w.ok) return std::nullopt;
  return std::move(w.out);
}

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
