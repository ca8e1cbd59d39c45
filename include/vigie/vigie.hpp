// vigie: decide, before it runs, whether an AI coding agent's tool call is allowed, denied
// (with a message the model can act on) or must be asked of a human.
//
// This is the only public header. It exposes no PEGTL, RE2 or JSON types, and nothing declared
// here throws: errors are values (`CompileResult::ok()`, `Decision::error`).
//
// A worked example:
//
//   #include <vigie/vigie.hpp>
//
//   vigie::CompileResult r = vigie::compile({{"team.vigie", R"(
//     policy "team"
//     mode ask
//     commands {
//       deny  git push (--force | -f)  "No force push: push a new commit instead."
//       allow git status | git diff
//     }
//   )"}});
//   if (!r.ok()) {
//     for (const auto& d : r.diagnostics) std::cerr << vigie::render(d, r.sources);
//     return 1;
//   }
//   vigie::Request req;
//   req.tool = "Bash";
//   req.input_json = R"({"command": "git status && git push -f origin main"})";
//   req.cwd = req.project_root = "/srv/app";
//   req.home = "/home/u";
//   vigie::Decision d = r.policy->decide(req);
//   // d.decision == vigie::Effect::deny, d.message == "No force push: ...",
//   // d.rule.id == the rule's id, d.rule.line == 5
//
// Pipeline, each stage with a dump (see `vigie --help`):
//   policy source --parse--> AST --check--> checked AST --compile--> Policy (immutable)
//   request --decide(Policy)--> Decision
//
// Thread safety: a `Policy` is immutable once compiled; share it (by `shared_ptr`) across
// threads freely. A `Session` is mutable state owned by the embedder; do not share one
// session across threads without a lock.
#ifndef VIGIE_VIGIE_HPP
#define VIGIE_VIGIE_HPP

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vigie {

// ---------------------------------------------------------------------------------------------
// Decisions
// ---------------------------------------------------------------------------------------------

// The three outcomes, ordered by restrictiveness: allow < ask < deny. The decision of a
// command line is the most restrictive decision of its parts.
enum class Effect : std::uint8_t { allow = 0, ask = 1, deny = 2 };

// "allow", "ask", "deny".
const char* to_string(Effect e) noexcept;
// Parses "allow" / "ask" / "deny"; nullopt otherwise.
std::optional<Effect> effect_from_string(std::string_view s) noexcept;
// The more restrictive of two effects.
inline Effect most_restrictive(Effect a, Effect b) noexcept {
  return a > b ? a : b;
}

// The session mode. Seed spellings are accepted where a seed uses them: `supervised` is ask,
// `full` is auto, `deny` is readonly. Near misses (`read_only`) are rejected with a hint.
enum class Mode : std::uint8_t { readonly, ask, auto_ };
const char* to_string(Mode m) noexcept;
// Parses a mode, seed spellings included (`supervised`, `full`, `deny`); nullopt otherwise.
std::optional<Mode> mode_from_string(std::string_view s) noexcept;

// Where a rule was written: a stable id (written with `id` or derived from the rule's
// text), the file and the 1-based line.
struct RuleRef {
  std::string id;
  std::string file;
  std::uint32_t line = 0;
  Effect effect = Effect::ask;
  // A built-in rule (a mode, a limit, a safety check, the session): `file` is then
  // "<builtin>", for display only; code tests this flag.
  bool builtin = false;
};

// One step of the explanation: which part of the request was judged (a command of the line,
// a path, a URL...), what the engine saw, which rules matched and what that part got.
// What one command touches or runs, and the programs-table entry that said so.
struct TraceEffect {
  std::string access;  // "read", "write", "delete", "exec"
  std::string path;    // the path as written; for "exec": the script or argv it runs
  std::string from;    // "operand", "option", "redirect"
  std::string entry;   // the table entry: "cp operand", "tar --to-command", ">"
};

struct TraceEntry {
  std::string subject;               // e.g. "command", "path", "fetch", "builtin"
  std::string text;                  // the part as seen: `rm -rf ~`, `/home/u/.ssh/id_rsa`
  std::vector<std::string> argv;     // for commands: the words after wrappers were seen through
  std::vector<std::string> context;  // for commands: "top", "pipeline", "$()", "subshell"...
  std::vector<RuleRef> matched;      // every rule that matched this part
  Effect effect = Effect::ask;       // what this part got
  std::string reason;                // why, in one line
  std::vector<TraceEffect> effects;  // for commands: the paths it touches, the programs it runs
};

struct Decision {
  Effect decision = Effect::ask;
  // For the model: why, and what to do instead. Always set on deny.
  std::string message;
  // The rule that decided. `rule.id` is empty only when the default decided.
  RuleRef rule;
  // Every rule that matched any part of the request.
  std::vector<RuleRef> matched;
  std::vector<TraceEntry> trace;
  // Set when the decision comes from an error (limit exceeded, unparsable command, internal
  // error): the decision is then ask, or deny when not interactive, never allow.
  std::optional<std::string> error;
};

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

// A tool call. `kind` is derived from `tool` when empty: Bash -> command; Edit, Write,
// MultiEdit, NotebookEdit -> edit; Read, Grep, Glob, LS -> read; WebFetch, WebSearch -> fetch;
// mcp__server__tool -> mcp; anything else -> tool.
struct Request {
  std::string kind;
  std::string tool;
  std::string input_json = "{}";  // the tool's input, a JSON object (command, file_path, url...)
  std::string cwd;
  std::string project_root;
  std::string home;
  std::optional<Mode> mode;  // overrides the policy's mode
  bool interactive = true;   // when false, an ask becomes an announced deny
  std::string agent;         // layered policies: the agent / sub-agent name, if any
  // The harness whose tool names `tool` uses (`claude`, `gemini`, `codex`, `cursor`, `copilot`,
  // `opencode`, `cline`, `lesson`, `zeroclaw`: engine/tool_names.cpp). Without a `kind`, the
  // engine resolves the tool with the policy's `map`s, this harness, then the policy's `harness`
  // selection (every known harness when it has none).
  std::string harness;
};

// The decision for a request that could not be read (invalid JSON, no tool...): ask, or deny
// when not interactive; never allow. The CLI and the WASM package both answer with it.
Decision invalid_request_decision(const std::string& error, bool interactive);

// Derives the kind from a tool name with the built-in tool maps (see `Request`); `tool` when no
// map knows it.
std::string kind_of_tool(std::string_view tool);

// Parses a request from JSON: either the flat shape
//   {"kind"?, "tool", "input", "cwd", "project_root", "home", "mode"?, "interactive"?}
// or Escouade's `permissions/decide` shape
//   {"request": {"id", "kind", "tool", "input"}, "project", "ticket", "agent"}.
// Never throws; on error returns nullopt and sets `*error`.
std::optional<Request> parse_request(std::string_view json, std::string* error = nullptr);

// ---------------------------------------------------------------------------------------------
// The filesystem seen by path rules
// ---------------------------------------------------------------------------------------------

// Path rules resolve `~`, `.`, `..` and symlinks before any check. Natively this is the real
// filesystem; tests, WASM and the playground declare a virtual one.
class FileSystem {
 public:
  virtual ~FileSystem() = default;
  // The target of the symlink at `path` (absolute, no trailing slash), or nullopt when `path`
  // is not a symlink or does not exist.
  virtual std::optional<std::string> read_link(const std::string& path) const = 0;
  // Whether something (file, directory, symlink) exists at `path`, without following a final
  // symlink.
  virtual bool exists(const std::string& path) const = 0;
  // One entry of a folder's listing: its name, whether it is a symlink, whether a folder.
  struct Entry {
    std::string name;
    bool link = false;
    bool folder = false;
  };
  // The entries of the folder `path` (absolute, resolved), at most `max` of them, appended to
  // `out`; false when this filesystem cannot list folders (the default). A glob is expanded by
  // the shell on the filesystem: a listing lets a glob that meets a symlink be judged by its
  // target, and a recursive read that follows links by the links below its folder. Without
  // one, globs are judged by their text only.
  virtual bool list(const std::string& path, std::size_t max, std::vector<Entry>& out) const {
    (void)path, (void)max, (void)out;
    return false;
  }
};

// The real filesystem (native builds). In WASM it sees nothing and resolves no symlink.
std::shared_ptr<const FileSystem> real_file_system();

// A declared filesystem: symlinks (path -> target) and existing paths. Parent folders of a
// declared path exist too.
std::shared_ptr<const FileSystem> virtual_file_system(std::map<std::string, std::string> symlinks,
                                                      std::vector<std::string> files = {});

// ---------------------------------------------------------------------------------------------
// Sessions (optional, embedder-owned state)
// ---------------------------------------------------------------------------------------------

// "Always" answers, loop detection, budgets and refusal statistics. Pass the same Session to
// successive `decide` calls of one agent session; `decide` records the request in it.
class Session {
 public:
  Session();
  ~Session();
  Session(const Session&);
  Session& operator=(const Session&);
  // The human answered "always" for this tool: later asks for the same tool become allow,
  // except where the policy says a rule is never remembered (protected paths, always_ask).
  void remember_always(const std::string& tool);
  // Counters, for statistics and budgets.
  std::uint64_t actions() const noexcept;
  std::uint64_t denials() const noexcept;
  // Elapsed minutes are measured from this clock (seconds since an epoch of the embedder's
  // choice); tests set it explicitly.
  void set_clock(double seconds) noexcept;

  struct State;
  State& state() noexcept { return *state_; }
  const State& state() const noexcept { return *state_; }

 private:
  std::unique_ptr<State> state_;
};

// ---------------------------------------------------------------------------------------------
// Policies
// ---------------------------------------------------------------------------------------------

enum class Severity : std::uint8_t { error, warning, note };
const char* to_string(Severity s) noexcept;

// One diagnostic: a stable code (`V101`), a position (1-based line and column, in bytes), the
// span's end, a message (lowercase, no trailing period, user input in backticks) and a `help`
// line with the fix.
struct Diagnostic {
  std::string code;
  Severity severity = Severity::error;
  std::string file;
  std::uint32_t line = 0, column = 0;
  std::uint32_t end_line = 0, end_column = 0;
  std::string message;
  std::string help;
  bool incomplete = false;  // the input merely stops early (open string or block)
  // The byte offset of `line:column` in its file when known (render finds the line from it
  // without scanning the file: a file of many errors renders in linear time); else UINT32_MAX.
  std::uint32_t offset = UINT32_MAX;
};

struct SourceFile {
  std::string name;  // as shown in diagnostics
  std::string text;
};

// Renders a diagnostic like a compiler:
//   team.vigie:12:9: error[V101]: unterminated string
//      12 | allow "git push
//         |       ^~~~~~~~~
//      help: close the string with `"`
std::string render(const Diagnostic& d, const std::vector<SourceFile>& sources);

class Policy;

struct CompileOptions {
  // Files that `include` may name, by name (WASM and tests). When a name is missing here and
  // `read_files` is true, it is read from disk relative to the including file.
  std::vector<SourceFile> files;
  bool read_files = true;
  // Run the examples and counterexamples written in rules (a failing one is an error).
  bool check_examples = true;
};

struct CompileResult {
  std::shared_ptr<const Policy> policy;  // null when there are errors
  std::vector<Diagnostic> diagnostics;   // errors and warnings, every one, in source order
  std::vector<SourceFile> sources;       // every file read, for `render`
  bool ok() const noexcept { return policy != nullptr; }
};

// Compiles a policy: the first source is the main file.
CompileResult compile(const std::vector<SourceFile>& sources, const CompileOptions& options = {});

// Reads and compiles a policy file from disk.
CompileResult compile_file(const std::string& path, const CompileOptions& options = {});

// The compiled-policy cache, for a process that compiles a policy to decide one request (a
// hook): `compile_file`, but a policy compiled before is read back from `cache_dir` instead,
// when every file it was compiled from (the policy and its includes) still has the same
// content. A miss compiles and writes the cache (atomically); a cache that is corrupt,
// truncated or from another format is never trusted: the policy is compiled again. Only a
// policy that compiled without errors is cached, and a hit returns no diagnostics (warnings
// included) and no `test` blocks: use `compile_file` for lint and `vigie test`. An empty
// `cache_dir` (or `options.files` given) is plain `compile_file`.
CompileResult compile_file_cached(const std::string& path, const std::string& cache_dir,
                                  const CompileOptions& options = {});

// $XDG_CACHE_HOME/vigie, else $HOME/.cache/vigie; empty (no cache) when neither is set or when
// $VIGIE_NO_CACHE is set to anything but an empty string.
std::string default_cache_dir();

struct DecideOptions {
  std::shared_ptr<const FileSystem> fs;  // null: the real filesystem natively, none in WASM
  Session* session = nullptr;            // null: no session state
  // Build the explanation (`Decision::trace`) and the list of matched rules
  // (`Decision::matched`). When false both stay empty and the decision, message, rule and
  // error are the same: callers that only act on the decision (hooks, hot loops) skip their
  // cost. `vigie check` and `explain` print them, so they ask for them.
  bool trace = true;
};

class Policy {
 public:
  // Never throws, never allows on an error (see Decision::error).
  Decision decide(const Request& request, const DecideOptions& options = {}) const noexcept;

  // The policy's name (`policy "..."`).
  const std::string& name() const noexcept;
  // A readable dump of the compiled form (`vigie check --dump=compiled`).
  std::string dump() const;

  struct Impl;
  explicit Policy(std::shared_ptr<const Impl> impl);
  const Impl& impl() const noexcept { return *impl_; }

 private:
  std::shared_ptr<const Impl> impl_;
};

// ---------------------------------------------------------------------------------------------
// Tests written in policy files (`test "name" { command "…" => deny }`)
// ---------------------------------------------------------------------------------------------

struct TestOutcome {
  std::string name;  // the test block's name
  std::string file;
  std::uint32_t line = 0;
  std::string kind;     // command, edit, read, fetch, mcp, tool, request
  std::string subject;  // the command line, path, URL...
  Effect expected = Effect::ask;
  std::string expected_rule;     // empty: any rule
  std::string expected_message;  // empty: any message; else a substring of the message
  Decision actual;
  bool passed = false;
  std::string why;  // for a failure: what differs
};

// Runs every test of the policy (and of its includes), each against a virtual filesystem
// holding only the test's declared symlinks, so results never depend on the machine.
std::vector<TestOutcome> run_tests(const Policy& policy);

// ---------------------------------------------------------------------------------------------
// JSON surface (the CLI and the WASM/npm package speak these shapes)
// ---------------------------------------------------------------------------------------------

// {"decision", "message", "rule": {"id","file","line"} | null, "matched": [...], "trace": [...],
//  "error"?}
std::string decision_to_json(const Decision& d);
// {"code","severity","file","line","column","end_line","end_column","message","help"}[]
std::string diagnostics_to_json(const std::vector<Diagnostic>& ds);
// [{"name","file","line","kind","subject","expected","expected_rule","passed","why",
//   "decision": {…}}]
std::string test_outcomes_to_json(const std::vector<TestOutcome>& outcomes);

}  // namespace vigie

#endif  // VIGIE_VIGIE_HPP
