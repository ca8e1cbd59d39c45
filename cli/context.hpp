// The options the deciding subcommands share (check, explain, serve, hook, acp): the context
// flags (--policy, --cwd, --project, --home, --mode, --agent, --non-interactive) and the journal
// options parsed, validated and defaulted in one place, and loading a policy (through the
// compiled-policy cache or not) with its errors on stderr.
#ifndef VIGIE_CLI_CONTEXT_HPP
#define VIGIE_CLI_CONTEXT_HPP

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "cli/journal.hpp"
#include "vigie/vigie.hpp"

namespace vigie::cli {

// The usage error for a `--mode` value that `mode_from_string` refuses, with a "did you mean"
// (`read_only` -> `readonly`).
std::string mode_error(const std::string& value);

// The shared flags, as bits: each subcommand says which it takes (`vigie hook` has no --cwd:
// the harness gives it).
enum ContextFlag : unsigned {
  kFlagPolicy = 1u << 0,
  kFlagCwd = 1u << 1,
  kFlagProject = 1u << 2,
  kFlagHome = 1u << 3,
  kFlagMode = 1u << 4,
  kFlagAgent = 1u << 5,
  kFlagNonInteractive = 1u << 6,
  kAllContextFlags = (1u << 7) - 1,
};

// What the shared flags say about the requests a subcommand judges.
struct Context {
  std::string policy;
  std::string cwd, project, home, agent;
  std::string mode_text;     // --mode as given
  std::optional<Mode> mode;  // --mode parsed (finish_context)
  bool non_interactive = false;

  // Fills what a request leaves unsaid: cwd, project root, home and agent when empty; the mode
  // and non-interactive when given.
  void fill(Request& r) const;
};

enum class Take {
  no,   // not one of the shared flags (or not one this subcommand takes)
  yes,  // taken (with its value: `i` is on the value)
  bad,  // a usage error ("`--mode` needs a value"): the message is in `error`
};

// Takes a[i] when it is one of the shared flags in `accepted` (a ContextFlag mask), or one of
// the journal options (cli/journal.hpp) when `journal` is given.
Take take_context_flag(const std::vector<std::string>& a, std::size_t& i, Context& c,
                       JournalOptions* journal, unsigned accepted, std::string& error);

// Parses --mode with the library's one parser (every spelling a policy file or a request
// accepts) and fills in the defaults: the cwd (the process's, when `accepted` has kFlagCwd) and
// home ($HOME, else "/"). Without --project the engine takes the git root above the cwd. Returns
// the usage error's message for a bad mode.
std::optional<std::string> finish_context(Context& c, unsigned accepted = kAllContextFlags);

// Compiles a policy file, through the compiled-policy cache when `cached` (commands that run
// once per call: check, explain, hook, acp).
CompileResult compile_policy(const std::string& path, bool cached);

// compile_policy, with each error rendered on stderr; nullopt when the policy does not compile.
std::optional<CompileResult> load_policy(const std::string& path, bool cached);

}  // namespace vigie::cli

#endif  // VIGIE_CLI_CONTEXT_HPP
