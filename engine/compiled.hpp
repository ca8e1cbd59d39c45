// The compiled form of a policy: what `decide` runs on. Built once by compile.cpp from the checked
// AST; immutable afterwards, so one Policy can be shared across threads.
//
//   commands: two token tries (allow rules over the words as written, deny/ask rules over the
//             positional words after every wrapper was seen through), option requirements,
//             regexes compiled at compile time (a bad pattern fails there, not at decide time)
//   paths:    prefix rules (component-wise, resolved per request since `~` and `.` depend on it;
//             cached per declared filesystem, engine/paths_cache.hpp), protected globs and the
//             third-party class as RE2-backed glob sets
//   fetch, mcp, tools: small ordered tables
#ifndef VIGIE_ENGINE_COMPILED_HPP
#define VIGIE_ENGINE_COMPILED_HPP

#include <re2/re2.h>

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/normalize.hpp"
#include "engine/options.hpp"
#include "engine/paths.hpp"
#include "engine/paths_cache.hpp"
#include "engine/tool_names.hpp"
#include "engine/word_hash.hpp"
#include "engine/word_table.hpp"
#include "grammar/limits.hpp"
#include "vigie/vigie.hpp"

namespace vigie::engine {

// The RE2 options of every regex of a command pattern and every name glob.
inline RE2::Options rule_regex_options() {
  RE2::Options o;
  o.set_log_errors(false);
  o.set_max_mem(static_cast<int64_t>(limits::regex_memory_bytes));
  return o;
}

// A command pattern's regex. The compiler builds it compiled (a bad pattern is an error there);
// a policy read back from the cache (engine/policy_codec.cpp) compiles it on first use, so that a
// hook process pays only for the regexes its request reaches. Thread-safe. `get()` is null when
// RE2 refuses the pattern (only a forged cache can hold one): the match is then `maybe`.
class LazyRegex {
 public:
  explicit LazyRegex(std::unique_ptr<RE2> compiled)
      : pattern_(compiled->pattern()), re_(std::move(compiled)), eager_(true) {
    set_range();
  }
  explicit LazyRegex(std::string pattern) : pattern_(std::move(pattern)) {}
  const std::string& pattern() const { return pattern_; }
  const RE2* get() const {
    if (eager_) return re_.get();
    std::call_once(once_, [this] {
      auto re = std::make_unique<RE2>(pattern_, rule_regex_options());
      if (re->ok()) re_ = std::move(re);
      set_range();
    });
    return re_.get();
  }
  // False when `s` cannot fully match: it lies outside the range RE2 gives for every match
  // (`PossibleMatchRange`, computed once). Two string compares before the match itself, which a
  // command name (`git` against `/^mkfs(\..+)?$/`) seldom needs. Call after `get()`.
  bool may_match(std::string_view s) const {
    if (!ranged_) return true;
    // The first bytes decide most names at once, without the compares' memcmp calls: a first
    // byte below min_'s (past max_'s) puts `s` below (past) the range.
    const auto byte = [](std::string_view v) { return static_cast<unsigned char>(v[0]); };
    if (!s.empty() && !min_.empty() && byte(s) < byte(min_)) return false;
    if (!s.empty() && !max_.empty() && byte(s) > byte(max_)) return false;
    return s >= std::string_view(min_) && s <= std::string_view(max_);
  }

 private:
  void set_range() const {
    if (re_) ranged_ = re_->PossibleMatchRange(&min_, &max_, 16);
  }
  std::string pattern_;
  mutable std::once_flag once_;
  mutable std::unique_ptr<RE2> re_;
  mutable std::string min_, max_;  // every full match is within [min_, max_] when ranged_
  mutable bool ranged_ = false;
  bool eager_ = false;
};

// A fetch or MCP rule's name glob as RE2 (`*.github.com`, `github/get_*`). The compiler hands
// it the pattern (compile_names.cpp, `name_glob`), compiled on the first request that reaches
// the rule: a cold start (compile + a first command) then never compiles RE2 for its fetch rules.
// The compiler builds long globs at once, so that a lazy compile cannot hit the memory limit; if
// one failed anyway, the glob matches every name for a deny or ask rule and none for an allow
// (fail closed). A glob read back from the cache is compiled there (`= unique_ptr<RE2>`).
// `*glob` and `get()` compile; `get()` is null only for an empty glob.
class LazyGlob {
 public:
  LazyGlob() = default;
  LazyGlob(std::unique_ptr<RE2> compiled) {  // NOLINT: assigned from the codec's regexes
    if (compiled) re_ = std::make_unique<Lazy>(std::move(compiled));
  }
  LazyGlob(std::string pattern, bool fail_matches)
      : re_(std::make_unique<Lazy>(std::move(pattern), fail_matches)) {}
  explicit operator bool() const { return re_ != nullptr; }
  const RE2* get() const {
    if (!re_) return nullptr;
    std::call_once(re_->once, [&] {
      if (re_->re) return;
      auto re = std::make_unique<RE2>(re_->pattern, rule_regex_options());
      if (re->ok()) re_->re = std::move(re);
    });
    if (const RE2* r = re_->re.get()) return r;
    static const RE2 all("(?s).*"), none("[^\\x00-\\x{10ffff}]");
    return re_->fail_matches ? &all : &none;
  }
  const RE2& operator*() const { return *get(); }

 private:
  struct Lazy {
    explicit Lazy(std::unique_ptr<RE2> compiled) : re(std::move(compiled)) {}
    Lazy(std::string p, bool fail) : pattern(std::move(p)), fail_matches(fail) {}
    std::string pattern;  // until compiled
    std::once_flag once;
    std::unique_ptr<RE2> re;
    bool fail_matches = true;
  };
  std::unique_ptr<Lazy> re_;
};

// One rule as written (a rule with `a | b` alternatives is one RuleInfo, several patterns).
struct RuleInfo {
  RuleRef ref;
  std::string message;  // for the model; a deny without one gets its block's default message
  std::string block;    // "commands", "paths", "fetch", "mcp", "tools"
  std::string text;     // the pattern as written, for traces
};

// One position of a compiled command pattern.
struct Tok {
  enum class Kind : std::uint8_t { word, any, rest, end, regex, alt };
  Kind kind = Kind::word;
  std::string text;                  // word
  const LazyRegex* regex = nullptr;  // regex (owned by CommandRules::regexes)
  std::vector<Tok> alts;             // alt: words and regexes
};

// The operand conditions of a rule (docs/language.md, "Operand conditions"), checked by
// `check_conditions` (engine/conditions.hpp) once the pattern matched. Every one must hold.
struct Conditions {
  // `inside P…` / `outside P…`: the paths as written (`~`, `~/x`, `/x`; `.` and relative paths
  // are relative to the project root), resolved per request like path rules.
  std::optional<std::vector<std::string>> inside, outside;
  // `without OPT…`: none of these options may be given (each with every spelling).
  std::vector<OptionSpec> without;
  bool empty() const { return !inside && !outside && without.empty(); }
};

struct CommandPattern {
  std::vector<Tok> items;           // allow: every item in order; deny/ask: positional items
  std::vector<OptionSpec> options;  // deny/ask: required options, any spelling, any order
  std::uint32_t rule = 0;           // index into Impl::rules
  Effect effect = Effect::ask;
  Conditions conditions;  // empty for most rules
};

// A trie over literal leading tokens. A pattern is stored at the node reached by its leading
// literal words; its remaining items (if any) are checked when a walk reaches that node.
struct TokenTrie {
  struct Node {
    // Hashed (engine/word_table.hpp): the root of a policy of 1,000 rules has hundreds of
    // names, and a decision looks up each leading word in both tries (the cache writes the keys
    // sorted).
    WordTable next;
    std::vector<std::uint32_t> patterns;  // patterns stored here, with the depth they start at
  };
  std::vector<Node> nodes{1};
  void insert(const std::vector<Tok>& items, std::uint32_t pattern);
  // Leading literal words of a pattern (how deep it is stored).
  static std::size_t literal_prefix(const std::vector<Tok>& items);
};

struct CommandRules {
  std::vector<CommandPattern> patterns;
  TokenTrie allow_trie;  // exact, over NormalizedCommand::allow_words
  TokenTrie deny_trie;   // deny and ask, over positional words of NormalizedCommand::words
  std::vector<std::unique_ptr<LazyRegex>> regexes;
  AliasTable aliases;
  NormalizeOptions normalize;
  std::optional<Effect> metachars;  // seed 000: a line with shell metacharacters gets this
  std::optional<Effect> default_effect;
};

struct PathRuleSpec {
  std::string path;  // as written: `~/.ssh`, `.`, `/etc`, `build`
  Effect effect = Effect::deny;
  Access access = Access::both;
  std::uint32_t rule = 0;
};

// `auto`: natively, as the project's folder shows (a macOS or Windows volume, WSL's /mnt/c);
// with a declared filesystem (tests, WASM), off.
enum class CaseRule : std::uint8_t { auto_, on, off };

struct PathRules {
  std::string workspace = ".";
  bool workspace_only = false;
  bool workspace_only_commands = true;  // false with `workspace-only tools`
  std::vector<PathRuleSpec> rules;
  GlobSet protect;  // writes: deny in auto, ask otherwise, never remembered
  // Protected globs written from the home folder (`~/.zshrc`, matched against the path
  // relative to the request's home) and from the root (`/var/www/**`, matched against the
  // absolute path): they apply wherever the path is, not only in the workspace.
  GlobSet protect_home;
  GlobSet protect_root;
  std::vector<std::uint32_t> protect_rules;
  bool third_party = true;  // the default class of files run by third parties
  bool binary = false;      // `binary on`: binary files (by name or content) join the class
  // `case-insensitive on|off|auto`: whether the filesystem names `.ENV` and `.env` as one file,
  // so that paths are matched with their ASCII letters folded (engine/fs_case.cpp).
  CaseRule case_rule = CaseRule::auto_;
  std::uint64_t large_edit_bytes = 0;  // `large-edit N`: larger edits join the class (0: none)
  GlobSet third_party_globs;
  std::uint32_t third_party_rule = 0;
};

struct NameRule {
  LazyGlob glob;                     // a glob over the name (`*.github.com`, `github/get_*`)
  std::vector<std::string> methods;  // fetch: empty = any method
  std::uint32_t rule = 0;
  Effect effect = Effect::ask;
  // Characters of the glob that are not wildcards: the most specific matching rule wins
  // (`allow docs.python.org` beats `deny *`), ties go to the most restrictive.
  std::size_t specificity = 0;
};

struct ToolRules {
  std::set<std::string, std::less<>> auto_approve, always_ask, exclude;
  std::uint32_t auto_approve_rule = 0, always_ask_rule = 0, exclude_rule = 0;
  std::vector<NameRule> rules;         // exact names or `*`
  std::vector<std::string> harnesses;  // `harness NAME…`: the built-in tool maps used
  std::vector<ToolMapping> mappings;   // `map TOOL KIND ROLE=FIELD…`
};

struct SessionSettings {
  unsigned loop_threshold = 4;       // the Nth identical consecutive call is denied; 0 = off
  std::uint64_t budget_actions = 0;  // 0 = unbounded
  double budget_minutes = 0;
  bool remember_always = true;
};

// A test written in a policy file.
struct TestSpec {
  std::string block;  // the test block's name
  std::string kind;   // command, edit, write, read, fetch, mcp, tool, request
  std::string subject;
  Request request;
  std::map<std::string, std::string> symlinks;
  Effect expect = Effect::ask;
  std::string expect_rule;
  std::string expect_message;
  std::string file;
  std::uint32_t line = 0;
};

}  // namespace vigie::engine

namespace vigie {

struct Policy::Impl {
  std::string name;
  std::string file;
  Mode mode = Mode::ask;
  std::optional<Effect> default_effect;   // top-level `default`
  std::optional<Effect> non_interactive;  // what an ask becomes without a human (deny)
  std::vector<engine::RuleInfo> rules;
  engine::CommandRules commands;
  engine::PathRules paths;
  std::vector<engine::NameRule> fetch;
  std::optional<Effect> fetch_default;
  std::vector<engine::NameRule> mcp;
  std::optional<Effect> mcp_default;
  engine::ToolRules tools;
  std::set<std::string> safety_disabled;
  bool root_context = false;
  engine::SessionSettings session;
  std::vector<engine::TestSpec> tests;
  // Layers: a parent this policy restricts (`extends`), sub-agent layers, plugin voters.
  std::vector<std::shared_ptr<const Impl>> parents;
  std::map<std::string, std::shared_ptr<const Impl>> agents;
  // The policy as compiled for a mode that has `mode NAME { … }` blocks (the base otherwise).
  std::map<Mode, std::shared_ptr<const Impl>> mode_variants;
  const Impl& for_mode(Mode m) const {
    auto it = mode_variants.find(m);
    return it == mode_variants.end() ? *this : *it->second;
  }
  std::vector<std::shared_ptr<const Impl>> plugins;
  // Not part of the policy's value (never encoded, empty when copied or decoded): the path
  // rules resolved for the last few (declared filesystem, project, home), engine/paths_cache.hpp.
  engine::PathsCacheSlot paths_cache;

  const engine::RuleInfo& rule(std::uint32_t i) const { return rules[i]; }
};

}  // namespace vigie

#endif  // VIGIE_ENGINE_COMPILED_HPP
