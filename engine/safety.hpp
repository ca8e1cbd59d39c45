// The built-in safety checks: catastrophic or irreversible commands refused before any policy
// rule is consulted, each with a stable id (for `safety { disable ID }` and audit logs) and a
// message written for the model: why it is refused, and what to do instead.
//
// The ids follow the macOS shell guard of seed 003 where it names one (rm.dangerous-target,
// rm.catastrophic, rm.no-preserve-root, rm.project-folder, find.delete-broad-root,
// perms.recursive-on-root, mv.to-devnull, fork-bomb); vigie adds disk.*, pipe-to-shell,
// git.force-push and rm.unset-variable.
//
// A root context (`safety { context root }`, seed 003's root daemon) keeps only the
// catastrophic hits: rm of `/`, bare wildcards, home, `--no-preserve-root`, the project folder.
// Targets are resolved lexically against cwd and home; with a FileSystem, symlinks too.
#ifndef VIGIE_ENGINE_SAFETY_HPP
#define VIGIE_ENGINE_SAFETY_HPP

#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/normalize.hpp"
#include "engine/paths.hpp"
#include "grammar/shell/commands.hpp"
#include "vigie/vigie.hpp"

namespace vigie::engine {

struct SafetyContext {
  // Absolute, or empty when unknown. Views: the caller keeps the strings alive while the
  // checks run (the judge's request state; built once per request, no copies per command).
  std::string_view cwd, home, project_root;
  bool root_context = false;       // keep only the catastrophic checks
  std::set<std::string> disabled;  // ids turned off by the policy
  const FileSystem* fs = nullptr;  // null: lexical resolution only
  // The request's budget of resolver steps (engine/paths.hpp), shared with the judged paths;
  // null: unbounded. Once spent a target is judged as written, and the judge asks the request.
  ResolveBudget* steps = nullptr;
};

struct SafetyHit {
  std::string id;       // stable: "rm.dangerous-target"
  std::string message;  // for the model: why, and what to do instead
  Effect effect = Effect::deny;
  bool catastrophic = false;  // kept in a root context
};

// Checks on the WHOLE line, before it is split into commands: fork bombs (`:(){ :|:& };:`,
// renamed variants such as `bomb(){ bomb|bomb& };bomb`, `function f { f|f& }; f`).
std::optional<SafetyHit> check_line(std::string_view line, const SafetyContext& ctx);
// The byte every line `check_line` can refuse holds (a definition's `{`): a line without it
// needs no check, nor the context built for one.
inline constexpr char kLineCheckByte = '{';

// Checks on one normalized simple command (rm, find -delete, chmod/chown -R, mv to /dev/null,
// dd, mkfs, diskutil erase, writes to block devices, git push --force).
std::vector<SafetyHit> check_command(const NormalizedCommand& cmd, const SafetyContext& ctx);

// Checks spanning the stages of one pipeline, in order: a download piped into a shell or an
// interpreter (`curl … | sh`, `wget -O- … | sudo bash`).
std::vector<SafetyHit> check_pipeline(const std::vector<NormalizedCommand>& stages,
                                      const SafetyContext& ctx);
// The same, on the stages `cmds[stages[0]]`, `cmds[stages[1]]`… (no copy of the commands).
std::vector<SafetyHit> check_pipeline(const std::vector<NormalizedCommand>& cmds,
                                      std::span<const std::size_t> stages,
                                      const SafetyContext& ctx);

// A fetch tool's URL (WebFetch): a hit of `fetch.metadata` when its host serves instance
// metadata (engine/url_hosts.hpp). Commands' URLs (`curl`, `wget`) are checked by check_command.
std::optional<SafetyHit> check_fetch_url(std::string_view url, const SafetyContext& ctx);

// A program that downloads: its output piped into a shell is the pipe-to-shell check's.
bool is_downloader(std::string_view name);

// Groups a commands view into pipelines: each inner vector holds the indexes of the stages of
// one pipeline, in order (a command alone is a pipeline of one). Commands nested inside a
// stage (`$(…)`, `<(…)`) form their own pipelines.
std::vector<std::vector<std::size_t>> pipelines_of(const std::vector<shell::CommandView>& cmds);

// Every check id, for `safety { disable NAME }` validation.
std::vector<std::string> safety_check_names();

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_SAFETY_HPP
