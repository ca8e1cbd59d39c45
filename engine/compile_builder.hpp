// The compile stage's internals, shared by its files (used by engine/compile*.cpp only):
//   Loader   reads, parses and checks each policy file once (compile_load.cpp)
//   Builder  turns the checked AST of a file into Policy::Impl, one member per block kind:
//            top level, settings, modes and agents  compile.cpp
//            includes, extends, plugins             compile_load.cpp
//            commands (tries, overlaps, examples)   compile_commands.cpp
//            paths, fetch, mcp, tools               compile_names.cpp
//            test blocks                            compile_tests.cpp
#ifndef VIGIE_ENGINE_COMPILE_BUILDER_HPP
#define VIGIE_ENGINE_COMPILE_BUILDER_HPP

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/codes.hpp"
#include "engine/compiled.hpp"
#include "grammar/policy/ast.hpp"
#include "grammar/policy/check.hpp"
#include "grammar/policy/diagnostic.hpp"
#include "grammar/shell/commands.hpp"

namespace vigie::engine::compiler {

using policy::Block;
using policy::BlockKind;
using policy::File;
using policy::Item;
using policy::Key;
using policy::Pattern;
using policy::PatternItem;
using policy::Rule;
using policy::Setting;
using policy::Span;
using policy::TestCase;
using policy::Word;

// `a/./b/../c.vigie` -> `a/c.vigie`; leading `..` kept; lexical only (symlinks are not read).
std::string normalize_name(const std::string& path);
// Lowercase slug of a rule's text, for derived ids: `git push (--force | -f)` -> git-push-force-f.
std::string slug(std::string_view text);
// The rule as written, patterns and conditions (`git push (--force | -f)`).
std::string rule_text(const Rule& r);
// A glob over a name, as RE2: `*` any run of characters (except `/` when `slash_stops`).
// Globs of at most this many bytes compile on first use: about 10 RE2 instructions a byte at
// most (`?` is any UTF-8 character), far below what regex-memory-bytes (1 MiB) allows.
inline constexpr std::size_t kLazyGlobBytes = 1024;
LazyGlob name_glob(std::string_view glob, bool slash_stops, Effect effect);
// The number of literal characters of a glob: the more, the more specific.
std::size_t specificity(std::string_view glob);

// The engine's wrappers and interpreters (engine/programs_table.cpp, engine/normalize.cpp), for
// the checker's lint (V214): what the Loader passes in CheckOptions::programs.
const policy::ProgramKinds& lint_programs();

// Reads files (from CompileOptions::files, else disk), parses and checks each once.
class Loader {
 public:
  Loader(const CompileOptions& o, std::vector<SourceFile>& sources, std::vector<Diagnostic>& diags)
      : opts_(o), sources_(sources), diags_(diags) {}

  // The parsed file, or null when it could not be read or parsed (diagnostics were added).
  // `at` is the including statement (null for the main file).
  const File* load(const std::string& name, const SourceFile* given, const Diagnostic* at,
                   bool named = true);

  std::vector<Diagnostic>& diags() { return diags_; }
  const CompileOptions& options() const { return opts_; }
  // One more include, extends or plugins statement followed; false past limits::include_count.
  bool follow();

  // The work of one compile, shared by its Builders (the base, agents, layers, mode variants):
  // the pairs of patterns compared for V340/V341 (limits::overlap_checks) and the instructions
  // of the regexes compiled (limits::regex_instructions), each reported once when reached.
  struct Spent {
    std::size_t overlap_checks = 0;
    std::size_t regex_instructions = 0;
    bool overlaps_cut = false;
    bool regexes_over = false;
  };
  Spent& spent() { return spent_; }

 private:
  const CompileOptions& opts_;
  std::vector<SourceFile>& sources_;
  std::vector<Diagnostic>& diags_;
  std::map<std::string, std::unique_ptr<File>> parsed_;
  std::size_t followed_ = 0;
  std::size_t read_bytes_ = 0;  // of the files loaded, in all: at most limits::policy_bytes
  Spent spent_;
};

class Builder {
 public:
  Builder(Loader& loader, Policy::Impl& impl, std::vector<std::string> stack)
      : loader_(loader), impl_(impl), stack_(std::move(stack)) {}

  // A variant for one mode: the same files again, with that mode's `mode NAME { … }` blocks.
  // The base build has already reported every diagnostic, counted every include and compiled
  // the layers, agents and tests: a variant shares them.
  void set_variant(Mode m) { variant_ = m; }
  const std::set<Mode>& modes_with_blocks() const { return modes_seen_; }
  void set_last_file(const File& f) { last_file_ = &f; }

  void build_file(const File& f);
  // Compiles the glob sets, builds the tries and warns on overlapping command rules.
  void finish();
  // Examples and counterexamples, run once the compiled form is complete.
  void check_examples();
  // A mode's blocks come after everything else, wherever they are written: their settings
  // (`workspace-only off`, `default allow`…) override the base's.
  void apply_mode_blocks();

 private:
  struct Example {
    const File* file;
    Span span;
    std::string text;
    std::uint32_t rule;
    bool must_match;
  };
  struct TestContext {
    std::string cwd, project = "/project", home = "/home/user", agent;
    std::optional<Mode> mode;
    bool interactive = true;
    std::map<std::string, std::string> symlinks;
    bool cwd_set = false;
  };

  // ---- diagnostics and rules (compile.cpp) ----
  const policy::LineIndex& lines(const File& f);
  Diagnostic diag(const File& f, Span s, Code code, std::string msg, std::string help,
                  Severity sev);
  void error(const File& f, Span s, Code code, std::string msg, std::string help);
  void warning(const File& f, Span s, Code code, std::string msg, std::string help);
  static std::optional<Effect> effect_arg(const Setting& s, std::size_t i = 0);
  static std::optional<double> number(const Word& w);
  std::uint32_t add_rule(const File& f, Span span, Effect e, BlockKind block, std::string text,
                         std::string message, const std::optional<Word>& id);

  // ---- the top level, settings, modes, agents (compile.cpp) ----
  void top_item(const File& f, const Item& item);
  void top_setting(const File& f, const Setting& s);
  void block(const File& f, const Block& b);
  void mode_block(const File& f, const Block& b);
  void safety_setting(const Setting& s);
  void session_setting(const Setting& s);
  void agent_block(const File& f, const Block& b);

  // ---- include, extends, plugins (compile_load.cpp) ----
  std::string sibling(const File& f, const std::string& name);
  bool admit(const File& f, const Setting& s, const std::string& name);
  std::shared_ptr<const Policy::Impl> layer(const File& f, const Setting& s,
                                            const std::string& name);
  void include(const File& f, const Setting& s, const std::string& name);

  // ---- commands (compile_commands.cpp) ----
  static bool covers(const std::vector<Tok>& a, const std::vector<Tok>& b);
  static std::pair<std::vector<Tok>, std::vector<shell::WordView>> split_allow(
      const CommandPattern& p);
  void warn_overlaps();
  // A regex of a command pattern, compiled within limits::regex_instructions (checked before
  // it is compiled); null (and V311 once per policy) past it (compile_regex.cpp).
  std::unique_ptr<RE2> compile_regex(const File& f, const PatternItem& it);
  bool compile_tok(const File& f, const PatternItem& it, Tok& out);
  static bool is_option_item(const PatternItem& it);
  void command_conditions(const File& f, const Rule& r, const Pattern& p, CommandPattern& cp,
                          bool warn = true);
  // A deny/ask pattern's `OPT VALUE` pairs read as `OPT=VALUE` where the option table knows the
  // valued option's spellings (`kill -s KILL` is also `-9`); none: nullopt.
  std::optional<Pattern> valued_form(const Pattern& p);
  static bool touches_paths(std::string_view name);
  static std::string pattern_option_text(const Pattern& p);
  void command_rule(const File& f, const Rule& r);
  void commands_block(const File& f, const Block& b);

  // ---- paths, fetch, mcp, tools (compile_names.cpp) ----
  void paths_block(const File& f, const Block& b);
  void names_block(const File& f, const Block& b, BlockKind k);  // fetch or mcp
  bool tool_map_setting(const File& f, const Setting& s);
  void tools_block(const File& f, const Block& b);

  // ---- tests (compile_tests.cpp) ----
  static void apply(TestContext& c, const Setting& s);
  void test_block(const File& f, const Block& b);

  Loader& loader_;
  Policy::Impl& impl_;
  std::vector<std::string> stack_;  // include chain, for cycles
  std::vector<const File*> files_;
  const File* last_file_ = nullptr;
  std::vector<Example> examples_;
  std::map<std::string, int> id_counts_;
  std::vector<std::pair<const File*, Span>> rule_sites_;  // per rule, for compile warnings

  // A line index per file, built once: a policy of 10,000 rules must not rescan its file for
  // every rule.
  std::map<const File*, policy::LineIndex> lines_;
  std::optional<Mode> variant_;
  bool mode_items_ = false;  // building a variant's own mode blocks (apply_mode_blocks)
  std::set<Mode> modes_seen_;
  std::vector<std::pair<const File*, const Block*>> mode_blocks_;
};

}  // namespace vigie::engine::compiler

#endif  // VIGIE_ENGINE_COMPILE_BUILDER_HPP
