// The checker's internals, shared by its files (used by grammar/policy/check*.cpp and
// key_table.cpp only): the contexts (the top level and each block), the key table and the word
// lists of the language, and the Checker class.
//   key_table.cpp    the key table, the word lists, block contexts, resolve_keys, vocabulary()
//   check.cpp        the Checker's walk: blocks, settings and their values; check()
//   check_rules.cpp  rules, patterns, operand conditions, lint warnings, test cases
//   did_you_mean.cpp the "did you mean" distance
#ifndef VIGIE_GRAMMAR_POLICY_CHECKER_HPP
#define VIGIE_GRAMMAR_POLICY_CHECKER_HPP

#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "grammar/policy/check.hpp"
#include "grammar/policy/codes.hpp"
#include "grammar/policy/diagnostic.hpp"

namespace vigie::policy::checker {

// Where a setting, a rule or a block is: the top level, or inside a block of that kind (one
// context per BlockKind, grammar/policy/keys.hpp, in the same order).
enum class Ctx : std::uint8_t {
  top,
#define VIGIE_X(name, spelling) name,
  VIGIE_POLICY_BLOCKS(VIGIE_X)
#undef VIGIE_X
};
static_assert(static_cast<int>(Ctx::mode) == static_cast<int>(BlockKind::mode));

// The context inside a block of kind `b` (not BlockKind::unknown), and back.
constexpr Ctx ctx_of(BlockKind b) {
  return static_cast<Ctx>(static_cast<std::uint8_t>(b));
}
constexpr BlockKind block_of(Ctx c) {
  return static_cast<BlockKind>(static_cast<std::uint8_t>(c));
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

// The key table of docs/language.md ("Keys by block").
const std::vector<KeySpec>& key_table();

// "`commands`", "the top level".
std::string ctx_name(Ctx c);
// "at the top level", "in `commands`".
std::string where(Ctx c);
bool has_rules(Ctx c);
// The context a block of that kind opens; nullopt for an unknown block.
std::optional<Ctx> block_ctx(std::string_view kind);
// The blocks that may open in `c`.
std::vector<std::string_view> blocks_allowed(Ctx c);
const char* condition_name(Condition::Kind k);
// Resolves every setting to its key (Setting::id) by the key table of its block.
void resolve_keys(std::vector<Item>& items, Ctx ctx);

// The word lists of the language (key_table.cpp).
extern const std::vector<std::string_view> kBudgetUnits;
extern const std::vector<std::string_view> kThirdPartyWords;
extern const std::vector<std::string_view> kAttributes;
extern const std::vector<std::string_view> kWithKeys;
extern const std::vector<std::string_view> kTestKinds;
extern const std::vector<std::string_view> kModes;
extern const std::vector<std::string_view> kEffects;
extern const std::vector<std::string_view> kMethods;
// The keys of `with` in a test case: the test block's settings, one value each, plus flags.
inline constexpr Key kWithKeyIds[] = {Key::cwd,   Key::project,         Key::home,       Key::mode,
                                      Key::agent, Key::non_interactive, Key::interactive};

// "(a, b or c)" for a help line.
std::string one_of(const std::vector<std::string_view>& v);

class Checker {
 public:
  Checker(const File& f, std::vector<Diagnostic>& out, const CheckOptions& o)
      : f_(f), out_(out), opt_(o), lines_(f.source) {}

  void run();

 private:
  void diag(Span s, Code c, Severity sev, std::string msg, std::string help = {}) {
    out_.push_back(make_diagnostic(f_.name, lines_, s, c, sev, std::move(msg), std::move(help)));
  }
  void error(Span s, Code c, std::string msg, std::string help = {}) {
    diag(s, c, Severity::error, std::move(msg), std::move(help));
  }
  std::uint32_t line_of(Span s) const { return lines_.at(s.begin).line; }

  // ---- the walk, blocks and settings (check.cpp) ----
  void collect_program_lists(const std::vector<Item>& items);
  void items(const std::vector<Item>& items, Ctx ctx);
  void block(const Block& b, Ctx ctx);
  const KeySpec* find_key(Ctx ctx, std::string_view key) const;
  void unknown_key(const Setting& s, Ctx ctx);
  void setting(const Setting& s, Ctx ctx, std::map<std::string, Span>& once);
  void bad_value(const Word& w, std::string_view what, const std::vector<std::string_view>& cands,
                 std::string_view usage);
  void values(const Setting& s, const KeySpec& k);
  void number(const Word& w);
  void message(const Word& m);

  // ---- rules, conditions, patterns, tests (check_rules.cpp) ----
  void rule(const Rule& r, Ctx ctx, std::unordered_map<std::string, Span>& seen);
  static std::optional<std::string> lexical_path(const std::string& p);
  static bool covers(const std::optional<std::string>& prefix,
                     const std::optional<std::string>& path);
  void conditions(const Rule& r, Ctx ctx);
  void trailing_id(const Rule& r);
  void condition_operand(const Condition& c, const Word& w);
  void rule_id(const Word& id);
  void regex(const Word& w);
  void command_pattern(const Rule& r, const Pattern& p);
  void only_words(const Pattern& p, std::string_view what, bool any_ok);
  void path_operands(const Pattern& p);
  void fetch_operands(const Pattern& p);
  void name_operands(const Pattern& p, bool mcp);
  void test_case(const TestCase& t, Ctx ctx);

  const File& f_;
  std::vector<Diagnostic>& out_;
  const CheckOptions& opt_;
  LineIndex lines_;
  bool seen_policy_ = false;
  // RE2 instructions of the regexes checked so far: past limits::regex_instructions the rest
  // are not compiled again here (the engine's compile fails with V315 at that regex).
  std::size_t regex_instructions_ = 0;
  std::map<std::string, Span> ids_, test_names_;
  std::set<std::string> wrappers_, interpreters_;
};

}  // namespace vigie::policy::checker

#endif  // VIGIE_GRAMMAR_POLICY_CHECKER_HPP
