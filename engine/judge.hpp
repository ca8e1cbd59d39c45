// The state of judging one request (engine/decide.cpp builds it): the policy, the request, the
// parts judged so far. Its member functions live with the kind of thing they judge:
//   engine/judge_paths.cpp    paths: prefix rules, workspace, protected globs, third parties
//   engine/judge_command.cpp  command lines: each command, the line state (variables)
//   engine/judge_cwd.cpp      the working directory through `cd`, `pushd`, `popd`
//   engine/judge_names.cpp    the request by kind: edits and reads, fetch, MCP, tool names;
//                             the URLs commands fetch
//   engine/decide.cpp         the parts combined into the decision (conclude)
#ifndef VIGIE_ENGINE_JUDGE_HPP
#define VIGIE_ENGINE_JUDGE_HPP

#include <algorithm>
#include <array>
#include <cstdint>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "engine/builtin_rules.hpp"
#include "engine/compiled.hpp"
#include "engine/conditions.hpp"
#include "engine/effects_view.hpp"
#include "engine/glob_meet.hpp"
#include "engine/limits.hpp"
#include "engine/line_triggers.hpp"
#include "engine/match.hpp"
#include "engine/programs.hpp"
#include "engine/safety.hpp"
#include "engine/session.hpp"
#include "engine/shell_semantics.hpp"
#include "grammar/shell/commands.hpp"

namespace vigie::engine {

using nlohmann::json;

// Nested scripts (`bash -c '…'`, `eval`) are re-parsed at most this deep: each level is a full
// parse, and 8 is far beyond what a legitimate command line nests.
constexpr unsigned kMaxScriptDepth = limits::script_depth;
// A request input larger than this is not judged (fail closed): 1 MiB, the shell parser's limit.
constexpr std::size_t kMaxInputBytes = limits::input_bytes;
// Effects listed per command in a trace entry (the judging itself sees them all).
constexpr std::size_t kTraceEffects = 64;

// The rule that decided a part: a rule of the policy by address (the policy outlives the
// decision; its strings are copied once, into the decision, by `take`), or a rule made for the
// part (a built-in, or a policy rule whose effect the part changes: `mut` copies it then).
class PartRule {
 public:
  PartRule() = default;
  PartRule(const RuleRef& policy_rule) : policy_(&policy_rule) {}  // NOLINT: implicit on purpose
  PartRule(RuleRef&& own) : own_(std::move(own)) {}                // NOLINT: implicit on purpose
  // A temporary is never kept by address (`cond ? ref(i) : builtin(…)` is a const prvalue).
  PartRule(const RuleRef&&) = delete;

  explicit operator bool() const { return policy_ || own_; }
  const RuleRef& operator*() const { return policy_ ? *policy_ : *own_; }
  const RuleRef* operator->() const { return &**this; }
  // The rule as the part's own copy, to change it (its effect).
  RuleRef& mut() {
    if (policy_) {
      own_ = *policy_;
      policy_ = nullptr;
    }
    return *own_;
  }
  // Gives the rule to the decision: moved out when the part owns it, else copied from the policy.
  void give(RuleRef& to) {
    if (policy_)
      to = *policy_;
    else
      to = std::move(*own_);
  }

 private:
  const RuleRef* policy_ = nullptr;
  std::optional<RuleRef> own_;
};

// One judged part of a request.
struct Part {
  // User-provided, so that value-initialization (`optional<Part>::emplace()`, `Part{}`) sets
  // the members from their initializers alone, without first zeroing the whole part.
  Part() {}  // NOLINT(modernize-use-equals-default)
  Effect effect = Effect::allow;
  PartRule rule;
  std::string message;  // for the model
  bool never_remember = false;
  bool from_default = false;  // no explicit rule decided: the mode's default did
  // A command's default part whose message is not written yet (Judge::default_message): it is
  // written only where it is read, the trace or the part that wins.
  bool message_pending = false;
};

// line_triggers' bits (line_triggers.hpp) and the bytes Judge::judge_at and judge_line look for
// after the parse, read in the same pass over the line (each was a search of the line, judge_at's
// three once per command): `line_bytes`, kept in Judge::line_seen_.
inline constexpr unsigned kSeenBracket = 1u << 8, kSeenBackslash = 1u << 9, kSeenAt = 1u << 10,
                          kSeenNewline = 1u << 11;
static_assert(kTriggerNul < kSeenBracket && kTriggerOpen < kSeenBracket &&
              kTriggerLineCheck < kSeenBracket && kTriggerC < kSeenBracket &&
              kTriggerH < kSeenBracket && kTriggerP < kSeenBracket && kTriggerL < kSeenBracket);
inline constexpr std::array<std::uint16_t, 256> kLineBytes = [] {
  std::array<std::uint16_t, 256> t{};
  for (std::size_t i = 0; i < t.size(); ++i) t[i] = line_triggers_detail::kTable[i];
  t['['] |= kSeenBracket;
  t['\\'] |= kSeenBackslash;
  t['@'] |= kSeenAt;
  t['\n'] |= kSeenNewline;
  return t;
}();
inline unsigned line_bytes(std::string_view line) {
  unsigned seen = 0;
  for (char c : line) seen |= kLineBytes[static_cast<unsigned char>(c)];
  return seen;
}

// lexical_normalize (paths.hpp), with no copy work when the path is already normal (decide.cpp).
std::string normal_path(std::string_view path);

struct Judge {
  Judge(const Policy::Impl& policy, const Request& request, Mode m, const FileSystem* f,
        Decision& out)
      : p(policy),
        req(request),
        mode(m),
        fs(f),
        d(out),
        auto_approve_(policy.tools.auto_approve.count(request.tool) > 0) {}

  const Policy::Impl& p;
  const Request& req;
  Mode mode;
  const FileSystem* fs;
  Decision& d;
  std::string project_lexical;  // the project root, lexically normalized
  std::optional<std::string> project_resolved_;
  engine::ResolvedCall call;  // the tool resolved with the tool maps: kind, cwd, MCP name
  bool in_command_ = false;   // judging the paths of a command line
  // The bytes of the line being judged (judge_command.cpp `line_bytes`): set by judge_line for
  // its commands (judge_at), restored when it returns (a nested script's line sets its own).
  unsigned line_seen_ = 0;
  bool second_name_ = false;  // judging a link's target (FileEffect::second_name)
  // `rm NAME`, `unlink NAME`, `mv NAME x` remove or rename the name itself: a link there goes,
  // not what it points to. Set for the next path resolved (resolve_from), whose last component
  // is then not followed; `kept_link_` says it was a link (engine/judge_link_names.cpp).
  bool keep_link_ = false;
  bool kept_link_ = false;
  // Whether `f` removes or renames the names it is given (a static word or a glob's matches, no
  // trailing slash).
  static bool removes_name(const FileEffect& f);
  // The deny and ask path rules written at or above a link kept (`lex` as written, `kept` its
  // folder resolved): a rule written through a link is placed at its target.
  Part link_rule_part(const std::string& lex, const std::string& kept, Access access,
                      TraceEntry* trace);
  // judge_word_path for the path of `f`, its link kept when it names one that goes; true then.
  bool judge_operand_path(const FileEffect& f, Access access, const std::string& base,
                          TraceEntry& pt, const char* what, Part& part);
  // The program opens the path as bash gives it: a quoted `~` is a folder `~` (opens_as_given).
  bool tilde_as_written_ = false;
  std::optional<Resolved> resolve_keeping_link(std::string_view path, const std::string& cwd);

  // The project root with symlinks resolved: computed only when a path is judged (most
  // commands touch no path, and resolution costs a few filesystem look-ups).
  const std::string& project();
  // Whether paths are matched with their ASCII letters folded (`case-insensitive`, decided once
  // per request: engine/judge_paths.cpp).
  bool fold_case();
  std::optional<bool> fold_case_;
  std::string home;
  std::set<std::string> matched_ids;
  bool tracing = true;  // DecideOptions::trace: build d.trace and d.matched

  const RuleRef& ref(std::uint32_t rule) const { return p.rules[rule].ref; }

  void note_match(const RuleRef& r, TraceEntry* t) {
    if (!tracing) return;
    if (t) t->matched.push_back(r);
    if (matched_ids.insert(r.id).second) d.matched.push_back(r);
  }

  // Keeps a trace entry when the caller asked for the trace.
  void keep(TraceEntry&& t) {
    if (tracing) d.trace.push_back(std::move(t));
  }

  // A judged part, folded into the winner at once (no list of parts is kept): the decision is
  // the same as folding them all at the end, in the order they were added.
  void add(Part&& part) {
    // auto-approve: a tool whose undecided parts (mode defaults) become allow.
    if (auto_approve_ && part.from_default && part.effect == Effect::ask) {
      part.effect = Effect::allow;
      part.rule = ref(p.tools.auto_approve_rule);
      part.message.clear();
    }
    if (!any_part_) {
      win_ = std::move(part);
      any_part_ = true;
    } else {
      fold(win_, std::move(part));
    }
  }
  bool auto_approve_;      // the tool is listed in `auto_approve`
  bool any_part_ = false;  // a part was added
  Part win_;               // the most restrictive part so far (conclude() decides with it)

  // ---- paths ---------------------------------------------------------------------------------

  // The prefix rules, resolved for this request (`~`, `.` and symlinks depend on it): from the
  // policy's cache with a declared filesystem, else built once per request
  // (engine/paths_cache.hpp). A rule that cannot be placed must not silently vanish: if it
  // restricts, every path judged gets at least ask (`ResolvedPaths::unplaced`).
  std::shared_ptr<const ResolvedPaths> paths_;
  std::size_t paths_judged_ = 0;                      // bounded by limits::judged_paths
  std::size_t glob_cells_ = limits::glob_meet_cells;  // left for the globs (glob_meet.hpp)
  bool glob_limit_hit_ = false;
  std::size_t loop_bytes_ = 0;  // bytes judged again per loop item, bounded by limits::loop_bytes
  bool paths_limit_hit_ = false;
  const ResolvedPaths& resolved_paths();
  const PathTable& path_table(Part& out);

  // Resolves `path` from the working folder `cwd`: the folder's physical form is resolved once
  // for consecutive paths in it (`cwd_key_`, `cwd_physical_`), then only the path's own
  // components are looked up (engine/paths.hpp, resolve_path_in).
  // Every path of the request is resolved here, within `path_steps_` (limits::path_steps):
  // once it is spent, the request is asked (`limits.judged-paths`, engine/judge_resolve.cpp).
  Resolved resolve_in(std::string_view path, const std::string& cwd);
  Resolved resolve_from(std::string_view path, const std::string& cwd);
  // The part of a path that did not resolve: `paths.unresolvable`, or the budget's ask.
  Part unresolved_part(const std::string& raw, const Resolved& r);
  ResolveBudget path_steps_;
  bool path_steps_hit_ = false;
  std::string cwd_key_;
  std::optional<Resolved> cwd_physical_;

  Part judge_path(const std::string& raw, Access access, const std::string& cwd, TraceEntry* trace);
  // The patterns of a Glob or search tool (engine/judge_patterns.cpp); nullopt when it has none
  // (its path is judged).
  std::optional<Part> judge_patterns(const json& input, const std::string& path, Access access,
                                     const std::string& cwd, TraceEntry& t);
  void edit_content_class(const json& input, Part& out, TraceEntry* trace);
  // An MCP filesystem tool's paths (engine/judge_mcp_files.cpp): the path rules they meet.
  void mcp_file_parts(const json& input, std::string_view mcp_name, const std::string& cwd,
                      Part& acc);
  // The URLs an MCP tool is given under `kUrlKeys` (engine/judge_mcp_files.cpp): a deny or an
  // ask of their hosts by the fetch rules makes the request as strict.
  void mcp_url_parts(const json& input, const std::string& cwd, Part& acc);
  // The command line any MCP tool is given (`command`, `cmd`…: a shell server's): judged as a
  // command is, its rules' and safety checks' deny or ask added (never an allow, nor a default).
  void mcp_command_parts(const json& input, const std::string& cwd);

  // ---- commands ------------------------------------------------------------------------------

  // The context of the safety checks at `cwd`: built once per request, its cwd moved along.
  const SafetyContext& safety_context(const std::string& cwd);
  std::optional<SafetyContext> safety_;
  Effect command_default() const;
  // Out of line: a command's messages call them at several places of judge_command, which
  // would otherwise carry a copy of their loops at each (docs/wasm.md, "Size").
  [[gnu::noinline]] static std::vector<std::string> argv_of(
      const std::vector<shell::WordView>& words);
  [[gnu::noinline]] static std::string join(const std::vector<std::string>& v);
  // join(argv_of(words)) without the vector.
  [[gnu::noinline]] static std::string joined(const std::vector<shell::WordView>& words);
  bool paths_matter(Access access) const;
  bool restricting_rule(Access access) const;

  Part judge_word_path(const shell::WordView& w, Access access, const std::string& cwd,
                       TraceEntry& t, const char* what);
  Part protect_part(std::uint32_t rule);
  // The ask of limits::glob_meet_cells folded into `out` (the error set once per request).
  [[gnu::cold, gnu::noinline]] Part glob_limit_part(Part out);
  Part judge_glob(const std::string& v, Access access, const std::string& cwd, TraceEntry& t,
                  bool explicit_only = false, bool below = false);
  // Whether `f`'s glob is one bash expands with its leading-dot rule (ShellGlobDots,
  // engine/judge_dot_globs.cpp): a word of `n` as parsed, opened as bash gives it, on a request
  // that cannot turn `dotglob` on.
  bool bash_glob_skips_dots(const NormalizedCommand& n, const FileEffect& f);
  // Whether the request's text may turn `dotglob` on (computed once: -1 not yet).
  bool dotglob_maybe();
  signed char dotglob_maybe_ = -1;
  // The glob judged next is bash's, `dotglob` off (bash_glob_skips_dots): judge_glob opens a
  // ShellGlobDots for it.
  bool bash_glob_ = false;
  ConditionContext condition_context(const std::string& cwd);
  Part edit_default(const std::string& shown) const;

  void judge_below(const std::string& folder, const FileEffect& f, TraceEntry& t, Part& part);
  // Symlinks already on disk (engine/judge_glob_links.cpp): the matches of a glob word that go
  // through one, each judged as the path spelled out; for a recursive read that follows links
  // (`grep -R`, `cp -rL`), the links below each folder it reads, by their targets.
  // A recursive change through a linked folder is also judged below the folder as written.
  void judge_links(const NormalizedCommand& n, const FileEffect& f, Access access,
                   const std::string& base, const std::string& resolved, TraceEntry& t, Part& part);
  void judge_links_below(const std::string& folder, const FileEffect& f, TraceEntry& t, Part& part);
  // `raw` from `cwd` lexically normalized (links not followed), and the protected globs that
  // path meets, added to `hits` (a protected folder that is itself a link).
  std::string lexical_path(const std::string& raw, const std::string& cwd, bool in_process);
  void protect_as_written(const std::string& lex, std::vector<std::uint32_t>& hits, bool* failed);
  // A path named from a git repository's top (FileEffect::top_relative), also judged from each
  // folder above `base` up to the project's root, or from that root (engine/judge_git_paths.cpp).
  void judge_from_top(const FileEffect& f, Access access, const std::string& base, TraceEntry& t,
                      Part& part);
  void judge_named(const FileEffect& f, const std::string& cwd, TraceEntry& t, Part& acc);
  // The repository a git command loads (FileEffect::repository), from `base` (and the other
  // folders the line may be in): asked when it is outside the workspace and the project.
  Part judge_repository(const shell::WordView& w, const std::string& base, bool base_unknown);
  void judge_files(const NormalizedCommand& n, bool explicit_allow, const std::string& cwd,
                   TraceEntry& t, Part& acc);
  void fold(Part& acc, const Part& p2);
  void fold(Part& acc, Part&& p2);  // the same, moving the winner in

  void judge_command(const shell::CommandView& cmd, const NormalizedCommand& n,
                     std::string_view line, const std::string& cwd, unsigned depth);
  // Out of line, what judge_command does only when asked or on the less common paths: the
  // trace entry, the default's part, the commands a command runs (argvs).
  [[gnu::noinline]] void trace_command(const shell::CommandView& cmd, const NormalizedCommand& n,
                                       std::string_view line, TraceEntry& t);
  [[gnu::noinline]] Part default_part() const;
  [[gnu::noinline]] std::string default_message(const NormalizedCommand& n,
                                                const TraceEntry& t) const;
  [[gnu::noinline]] void judge_argvs(const shell::CommandView& cmd, const NormalizedCommand& n,
                                     std::string_view line, const std::string& cwd, unsigned depth);
  bool allow_names_what_runs(const CommandPattern& cp, const NormalizedCommand& n) const;
  // Out of line too: the part of the command rules that match (nullopt: none decides), and the
  // parts of what the command may run besides (its escalations, the safety checks). In one
  // function of 25 KB, V8's baseline compiler took 8-13 ms of a cold start on judge_command
  // alone (docs/bench.md, "Issue 12, fourteenth pass").
  // The deny and ask command rules met by the argvs a command runs under a program's name only
  // (engine/judge_argvs.cpp), folded into `acc`.
  void deny_argvs_part(const NormalizedCommand& n, const std::string& cwd, TraceEntry& t,
                       Part& acc);
  [[gnu::noinline]] std::optional<Part> rules_part(const NormalizedCommand& n,
                                                   const std::string& cwd, TraceEntry& t);
  [[gnu::noinline]] void escalation_parts(const NormalizedCommand& n,
                                          const std::vector<std::string>& more,
                                          const std::string& cwd, TraceEntry& t, Part& acc);
  // The command as its messages show it (its first KiB: what the message says after it stays
  // inside limits::message_bytes).
  std::string shown(const NormalizedCommand& n, const TraceEntry& t) const {
    return excerpt(tracing ? join(t.argv) : joined(n.words));
  }
  static bool has_metachar(std::string_view line);
  static Part safety_part(const SafetyHit& hit);
  // A built-in rule with its fixed message (engine/builtin_rules.hpp).
  static Part builtin_part(BuiltinMessage m, Effect e);
  // An ask by built-in rule `b` with its message (`paths.dynamic`, `fetch.dynamic`…).
  static Part builtin_ask(Builtin b, std::string message);

  // ---- line state: the working directory, variables, git configuration ------------------------

  // Other folders the line may be in (a `cd` inside a subshell, a group, a condition, a loop):
  // relative paths are judged from each of them too. `cwd_unknown_`: a `cd` to a folder that
  // is not static (or `cd -`, `popd`): relative paths then need a human.
  struct OtherCwd {
    std::string path;
    // The context prefix it is confined to (up to its innermost subshell-like context: a
    // subshell's `cd` ends with it); empty: the rest of the line.
    std::vector<std::string> scope;
    std::optional<Resolved> physical;  // looked up once, when a path is first judged from it
  };
  std::vector<OtherCwd> extra_cwds_;
  std::vector<std::vector<std::string>> unknown_cwd_scopes_;
  const std::vector<std::string>* cur_ctx_ = nullptr;  // the context of the command judged

  std::vector<std::string> subshell_scope(const std::vector<std::string>& ctx) const;
  bool in_scope(const std::vector<std::string>& scope) const;
  bool cwd_unknown() const;
  bool git_force_configured_ = false;  // `git config remote.X.push +…` earlier in the line
  // The static values the request's bare assignments gave, `+=` appending in place (linear),
  // and whether each has been held as code: `x='a[$'; x+='(cmd)]'` holds `a[$(cmd)]`.
  struct LineValue {
    std::string value;
    bool held = false;
  };
  std::vector<std::pair<std::string, LineValue>> line_values_;
  // `declare -i x` or `declare -n r` earlier: assigning or referencing a variable evaluates its
  // value again (BuiltinCode::evaluates_again), as `$((x))` does. So does assigning one of
  // bash's own integer variables (`RANDOM=x`, engine/judge_line_state.cpp).
  bool attributes_evaluate_ = false;
  // The request's lines assign CDPATH (or set `cdable_vars`): a `cd` to a relative folder (not
  // `./…`, `../…`) may go anywhere CDPATH lists (or a variable of that name holds).
  bool cdpath_set_ = false;
  // A line sets `lastpipe`: the last command of a pipeline runs in this shell, its `cd` too.
  bool lastpipe_ = false;
  // A line that makes a link (`ln`, `cp -s`): a path through `..` after a name it
  // links (`ln -s /usr u; cat u/../etc/passwd`) is left by its target's parent, which the
  // lexical `..` does not follow. Such paths are asked; when a line also holds `..`, so is the
  // folder after a `cd` (`ln -s /usr u; cd u; cat ../etc/passwd`).
  bool links_maybe_ = false;
  bool links_up_ = false;
  void note_links(const NormalizedCommand& n, std::string_view line);
  void before_command(const NormalizedCommand& n, std::string_view line);
  // The names the line's `alias` commands define (at most 64; past it, or a name not static:
  // any name).
  std::vector<std::string> aliases_;
  bool aliases_unknown_ = false;
  // engine/judge_shadowed_builtins.cpp: the builtins whose effect on the line's state vigie
  // models that the line defines as functions (one bit per name of its table), the text
  // already scanned for such definitions (per line judged), and `extdebug` with a DEBUG trap.
  std::uint64_t shadowed_builtins_ = 0;
  struct ShadowScan {
    const char* line;
    std::size_t size, from;
    std::uint64_t defines;  // the whole line's definitions (most lines: none)
  };
  // Left uninitialized (only the first shadow_scans_used_ are read): nothing to clear per
  // decision.
  std::array<ShadowScan, 16> shadow_scans_;
  std::size_t shadow_scans_used_ = 0;
  bool extdebug_maybe_ = false;
  bool debug_trap_ = false;
  bool debug_skip_asked_ = false;
  void note_shadowed_builtins(const NormalizedCommand& n, std::string_view line);
  void note_function_contexts(const shell::CommandView& cmd, const NormalizedCommand& n);
  // The command runs a function the line defines in place of a builtin (or through one).
  bool runs_shadowed_builtin(const NormalizedCommand& n) const;
  // A `cd` that may not run: a function may stand for it, or a DEBUG trap skip it.
  bool cd_may_not_run(const NormalizedCommand& n) const;
  void scripts_moved(const shell::CommandView& cmd, const NormalizedCommand& n, std::size_t cds);
  Part link_up_part(const shell::WordView& w, const char* what) const;
  // `cd`, `pushd` and `popd` judged so far, nested scripts' included: a script that `eval`,
  // `trap` or `source` runs in this shell moves its folder when it holds one.
  std::size_t cds_tracked_ = 0;
  // A line names `HOME` (or `PWD`) other than to read it (`HOME=/x`, `export HOME`, `read PWD`):
  // `$HOME/…` (`$PWD/…`) is then not taken for the request's home (the working folder).
  bool home_moved_ = false;
  bool pwd_moved_ = false;
  // `cat $HOME/.ssh/id_rsa`: a path that is static but for a leading `$HOME` or `$PWD`, judged
  // as the path it names when the line leaves the variable alone. Only ever adds to the ask
  // that a path which is not static gets (a deny, never an allow).
  Part variable_rooted_part(const shell::WordView& w, Access access, const std::string& cwd,
                            TraceEntry& t);

  static void imply_option(NormalizedCommand& n, const std::string& opt);
  void track_cd(const shell::CommandView& cmd, const NormalizedCommand& n, std::string& cwd);
  // Another folder the rest of the line (or `scope`) may be in; past 16, the folder is unknown.
  void add_other_cwd(std::string path, std::vector<std::string> scope);
  // A top-level `cd` that may not have run, or may have failed, for the commands after it
  // (engine/judge_cwd.cpp): the folder before it stays possible. `cd x && y` is certain for
  // `y`; `cd x; y`, `cd x || y`, `a || cd x && y` and `a && cd x; y` are not.
  struct CdChain {
    std::vector<std::string> before;  // the folders before the `cd`s still certain so far
    bool overflow = false;  // more than 16 of them: the folder is unknown once the chain ends
    bool or_seen = false;   // an `||` in the current and-or list
    bool prev_top = true;   // the command before was at the top level
  };
  void cd_chain_before(const shell::CommandView& cmd, CdChain& chain);
  void cd_chain_after(const shell::CommandView& cmd, const std::string& before,
                      const std::string& cwd, CdChain& chain);

  void note_line_state(const shell::CommandView& cmd, const NormalizedCommand& n,
                       std::vector<std::string>& held_code);
  // `line` is a view: the caller's string outlives the call.
  void judge_line(std::string_view line, std::string cwd, unsigned depth);
  // engine/judge_line_checks.cpp, off the hot path.
  [[gnu::cold, gnu::noinline]] void nul_line(std::string_view line, const std::string& cwd,
                                             unsigned depth);
  [[gnu::cold, gnu::noinline]] void xargs_safety_parts(const NormalizedCommand& n,
                                                       const std::string& cwd, TraceEntry& t,
                                                       Part& acc);
  // One command of a line, then the line state it changes (inlined into both of its callers).
  [[gnu::always_inline]] inline void judge_at(const shell::CommandView& cmd, NormalizedCommand& n,
                                              std::string_view line, std::string& cwd,
                                              unsigned depth, std::vector<std::string>& held_code);
  // A line of several commands (or none): each judged, then the checks across a pipeline.
  // `loop_item`: which item of the loop the line opens with its name holds (kNoLoopItem: the
  // only one, if there is one).
  [[gnu::noinline]] void judge_commands(shell::CommandsResult& pr, std::string_view line,
                                        std::string& cwd, unsigned depth,
                                        std::vector<std::string>& held_code,
                                        std::size_t loop_item = static_cast<std::size_t>(-1));
  // `for f in a .env; do cat "$f"; done`: the line judged once per item of its loop
  // (engine/line_variables.hpp); false when over limits::loop_bytes (judged as other lines).
  [[gnu::cold, gnu::noinline]] bool judge_loop_items(const shell::CommandsResult& pr,
                                                     std::string_view line, const std::string& cwd,
                                                     unsigned depth);
  // What a plain line of one command does not meet, out of line (engine/judge_command.cpp).
  [[gnu::cold, gnu::noinline]] void depth_part();
  [[gnu::cold, gnu::noinline]] void metachar_part();
  [[gnu::cold, gnu::noinline]] void line_hit_part(std::string_view line, const SafetyHit& hit);
  [[gnu::cold, gnu::noinline]] void unparsable_part(const shell::CommandsResult& pr);
  // The complete lines before a line's parse error, which bash runs before it meets it.
  [[gnu::cold, gnu::noinline]] void judge_lines_before_error(std::string_view line,
                                                             const shell::CommandsResult& pr,
                                                             const std::string& cwd,
                                                             unsigned depth);
  bool judging_prefix_ = false;
  // `echo … > s.sh; bash s.sh`: a file the line writes, then runs (`views`: the commands'
  // places, a loop's or a function's body running after the write).
  [[gnu::noinline]] void written_then_run_part(const std::vector<shell::CommandView>& views,
                                               const std::vector<NormalizedCommand>& cmds);
  // `(( PATH = 0 ))`: arithmetic that assigns a variable that changes what runs.
  [[gnu::noinline]] void arithmetic_part(std::string_view line);
  // engine/held_spellings.cpp: values holding code built by here-documents, printf's escapes,
  // `echo -e`, `${y:-WORD}` and `${x/PAT/REP}`, appended to `held_code`.
  [[gnu::cold, gnu::noinline]] void held_spellings(const shell::CommandView& cmd,
                                                   const NormalizedCommand& n,
                                                   std::vector<std::string>& held_code);
  std::string expansion_value(std::string_view text) const;
  // The same file: the values a line with `${x@P}` gives, their prompt escapes decoded
  // (`x='\044(cmd)'` runs cmd), appended to `held_code` when they hold code.
  [[gnu::cold, gnu::noinline]] void held_prompts(const shell::CommandView& cmd,
                                                 const NormalizedCommand& n,
                                                 std::vector<std::string>& held_code);
  [[gnu::cold, gnu::noinline]] void held_code_parts(const std::vector<std::string>& held_code,
                                                    const std::string& cwd, unsigned depth);

  // ---- names: fetch, mcp, tools ----------------------------------------------------------------

  std::optional<Part> judge_names(const std::vector<NameRule>& rules, const std::string& name,
                                  const std::string& method, TraceEntry& t);
  static std::string host_of(const std::string& url);
  // The URLs a command fetches (`curl URL`): a fetch rule that denies or asks for a URL's host
  // makes the command as strict (an allow adds nothing: the command's own rules decide).
  void command_fetch_parts(const NormalizedCommand& n, TraceEntry& t, Part& acc);
  std::size_t urls_judged_ = 0;  // limits::judged_urls, for the whole request
  Effect mode_default(RequestKind kind, const std::string& method) const;
  void judge_request(const json& input);
  // A fetch no rule names: the policy's fetch default (engine/judge_names.cpp).
  Part fetch_default(const std::string& method, const std::string& host, std::string ask);
  // nullopt: the input has no string `command`.
  void judge_command_line(std::optional<std::string_view> line, const std::string& cwd);
  void invalid_request(std::string message);
  void restrict(Part& acc, Part part, TraceEntry& t);
  void judge_tool_name();
  void conclude();

  bool never_remember = false;
};

// engine/decide.cpp: one policy file (no layers) judges a request.
Decision decide_one(const Policy::Impl& p, const Request& req, const DecideOptions& opt,
                    bool* never_remember);
// engine/layers.cpp: `extends` parents, sub-agents and plugins combined around decide_one.
Decision decide_layers(const Policy::Impl& p, const Request& req, const DecideOptions& opt,
                       bool* never_remember);
// engine/session.cpp: loops, budgets and "always" answers, applied once, outermost.
void apply_session(const Policy::Impl& p, const Request& req, Session& s, Decision& d, bool nr);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_JUDGE_HPP
