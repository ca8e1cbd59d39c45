// The entry points of the built-in safety checks (engine/safety.hpp): one command (dispatching
// to the families in engine/safety_files.cpp and engine/safety_disk.cpp, and git here), the
// stages of a pipeline (a download piped into a shell, `find | xargs rm`), and the check names.
// The fork bomb check on the whole line is in engine/safety_fork_bomb.cpp.
#include "engine/safety.hpp"

#include <algorithm>

#include "engine/line_pipelines.hpp"
#include "engine/options.hpp"
#include "engine/programs.hpp"
#include "engine/safety_internal.hpp"

namespace vigie::engine {

using namespace safety;

namespace {

void check_git(const NormalizedCommand& c, const SafetyContext& ctx, std::vector<SafetyHit>& hits) {
  const Words& w = c.words;
  if (w.size() < 2 || !lit(w, 1) || *lit(w, 1) != "push") return;
  bool force = has_option(w, 2, builtin_spec("git push", "-f"));
  if (!force) {
    for (std::size_t i : operands(w, "o", {"push-option", "repo", "receive-pack", "exec"}))
      if (i >= 2 && lit(w, i) && starts_with(*lit(w, i), "+")) force = true;
  }
  if (!force) return;
  add(hits, ctx,
      hit(SafetyCheck::git_force_push,
          "A force push rewrites the remote branch and can destroy other people's commits."));
}

// A stage that runs its standard input as code: a shell without `-c` or a script file,
// an interpreter reading `-` or nothing.
bool runs_stdin(const NormalizedCommand& s) {
  if (s.words.empty() || !s.name_static) return false;
  std::string n = ascii_lower(s.name);
  bool shell = is_shell(n) || in(n, {"fish", "tcsh", "csh", "busybox"});
  bool interp =
      starts_with(n, "python") || starts_with(n, "perl") || starts_with(n, "ruby") ||
      starts_with(n, "php") ||
      in(n, {"node", "nodejs", "deno", "bun", "osascript", "pwsh", "powershell", "lua", "tclsh"});
  if (!shell && !interp) return false;
  for (std::size_t i = 1; i < s.words.size(); ++i) {
    const std::string* w = lit(s.words, i);
    if (!w) return false;
    if (*w == "-" || *w == "-s" || *w == "--") return true;
    if ((*w)[0] == '-' || (*w)[0] == '+') {
      if (shell && w->find('c') != std::string::npos && (*w)[1] != '-') return false;
      if (!shell && (*w == "-c" || *w == "-e" || *w == "-m" || *w == "--eval")) return false;
      continue;
    }
    return false;  // a script file: stdin is data
  }
  return true;
}

}  // namespace

// ---------------------------------------------------------------------------------------------

bool is_downloader(std::string_view n) {
  return in(n, {"curl", "wget", "fetch", "http", "https", "xh", "aria2c", "lynx", "links", "w3m"});
}

std::vector<SafetyHit> check_command(const NormalizedCommand& cmd, const SafetyContext& ctx) {
  std::vector<SafetyHit> hits;
  if (cmd.words.empty() || !cmd.name_static) {
    // Redirections of a bare command (`> /dev/sda`) still count.
    if (cmd.words.empty()) check_disk(cmd, "", ctx, hits);
    return hits;
  }
  // Case-insensitive: macOS filesystems run `RM` as `rm`. ASCII letters only (ascii_lower's
  // contract), without a call per byte; copied only when a letter is upper case (rarely).
  std::string lowered;
  const bool upper =
      std::any_of(cmd.name.begin(), cmd.name.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
  if (upper) {
    lowered = cmd.name;
    for (char& c : lowered)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  const std::string& name = upper ? lowered : cmd.name;
  const std::string_view nm = name;  // compared with literals as a view
  if (nm == "rm") check_rm(cmd, ctx, hits);
  if (nm == "find") check_find(cmd, ctx, hits);
  if (nm == "chmod" || nm == "chown" || nm == "chgrp" || nm == "chattr" || nm == "setfacl")
    check_perms(cmd, name, ctx, hits);
  if (nm == "mv") check_mv(cmd, ctx, hits);
  if (nm == "git") check_git(cmd, ctx, hits);
  check_disk(cmd, name, ctx, hits);
  if (nm.size() >= 4 && (nm[0] == 'k' || nm[0] == 'p' || nm == "fuser"))
    check_process(cmd, name, ctx, hits);
  // (The first letter first: most commands are none of these.)
  if (nm.size() >= 4 && std::string_view("srhpitl").find(nm[0]) != std::string_view::npos &&
      in(nm,
         {"shutdown", "reboot", "halt", "poweroff", "init", "telinit", "systemctl", "loginctl"}))
    check_power(cmd, nm, ctx, hits);
  if (!cmd.fetches.empty()) check_fetches(cmd, ctx, hits);
  return hits;
}

namespace {

// `stage(i)` is the i-th of `n` stages.
template <typename Stage>
std::vector<SafetyHit> pipeline_hits(std::size_t n, const Stage& stage, const SafetyContext& ctx) {
  std::vector<SafetyHit> hits;
  // `find / | xargs rm -rf`: the same as `find / -delete`. One pass from the end says whether
  // a later stage removes files through xargs (a pipeline of 100,000 stages stays linear).
  std::vector<bool> removes_after(n, false);
  bool removes = false;
  for (std::size_t i = n; i-- > 0;) {
    removes_after[i] = removes;
    const auto& wr = stage(i).wrappers;
    if (std::find(wr.begin(), wr.end(), "xargs") != wr.end() &&
        in(ascii_lower(stage(i).name), {"rm", "unlink", "shred", "rmdir"}))
      removes = true;
  }
  for (std::size_t i = 0; i < n; ++i)
    if (removes_after[i] && ascii_lower(stage(i).name) == "find")
      check_find(stage(i), ctx, hits, true);
  // A download piped into a stage that runs its input: the first download and the first such
  // stage after it (a later download has no stage after it that the first one lacks).
  std::size_t i = 0;
  while (i < n && !(stage(i).name_static && is_downloader(ascii_lower(stage(i).name)))) ++i;
  for (std::size_t j = i + 1; j < n; ++j) {
    if (!runs_stdin(stage(j))) continue;
    add(hits, ctx,
        hit(SafetyCheck::pipe_to_shell,
            "Piping a download straight into `" + stage(j).name + "` runs code nobody has read."));
    return hits;
  }
  return hits;
}

}  // namespace

std::vector<SafetyHit> check_pipeline(const std::vector<NormalizedCommand>& stages,
                                      const SafetyContext& ctx) {
  return pipeline_hits(
      stages.size(), [&](std::size_t i) -> const NormalizedCommand& { return stages[i]; }, ctx);
}

std::vector<SafetyHit> check_pipeline(const std::vector<NormalizedCommand>& cmds,
                                      std::span<const std::size_t> stages,
                                      const SafetyContext& ctx) {
  return pipeline_hits(
      stages.size(), [&](std::size_t i) -> const NormalizedCommand& { return cmds[stages[i]]; },
      ctx);
}

std::vector<std::vector<std::size_t>> pipelines_of(const std::vector<shell::CommandView>& cmds) {
  std::vector<std::vector<std::size_t>> out;
  const LinePipelines groups = line_pipelines(cmds);
  out.reserve(groups.size());
  for (auto group : groups) out.emplace_back(group.begin(), group.end());
  return out;
}

std::vector<std::string> safety_check_names() {
  std::vector<std::string> out;
  for (const auto& c : kSafetyChecks) out.emplace_back(c.id);
  return out;
}

}  // namespace vigie::engine
