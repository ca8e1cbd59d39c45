// The options the deciding subcommands share (cli/context.hpp): the context flags, their
// validation and defaults, and loading a policy.
#include "cli/context.hpp"

#include <cstdlib>
#include <iostream>

#include <unistd.h>

#include "cli/command.hpp"
#include "grammar/policy/check.hpp"

namespace vigie::cli {
namespace {

// The shared flags that take a value, and where it goes.
struct ValueFlag {
  const char* name;
  ContextFlag bit;
  std::string Context::*field;
};
constexpr ValueFlag kValueFlags[] = {
    {"--policy", kFlagPolicy, &Context::policy},    {"--cwd", kFlagCwd, &Context::cwd},
    {"--project", kFlagProject, &Context::project}, {"--home", kFlagHome, &Context::home},
    {"--mode", kFlagMode, &Context::mode_text},     {"--agent", kFlagAgent, &Context::agent},
};

}  // namespace

std::string mode_error(const std::string& value) {
  std::string msg =
      "`--mode` takes readonly, ask or auto (or the seed spellings deny, supervised, full)";
  if (auto m =
          policy::did_you_mean(value, {"readonly", "ask", "auto", "deny", "supervised", "full"}))
    msg += ": did you mean `" + *m + "`?";
  return msg;
}

void Context::fill(Request& r) const {
  if (r.cwd.empty()) r.cwd = cwd;
  if (r.project_root.empty()) r.project_root = project;
  if (r.home.empty()) r.home = home;
  if (non_interactive) r.interactive = false;
  if (mode) r.mode = mode;
  if (r.agent.empty()) r.agent = agent;
}

Take take_context_flag(const std::vector<std::string>& a, std::size_t& i, Context& c,
                       JournalOptions* journal, unsigned accepted, std::string& error) {
  if (journal) {
    if (int j = parse_journal_option(a, i, *journal, &error); j != 0)
      return j > 0 ? Take::yes : Take::bad;
  }
  const std::string& k = a[i];
  if (k == "--non-interactive" && (accepted & kFlagNonInteractive)) {
    c.non_interactive = true;
    return Take::yes;
  }
  for (const auto& f : kValueFlags) {
    if (k != f.name || !(accepted & f.bit)) continue;
    if (i + 1 >= a.size()) {
      error = "`" + k + "` needs a value";
      return Take::bad;
    }
    c.*f.field = a[++i];
    return Take::yes;
  }
  return Take::no;
}

std::optional<std::string> finish_context(Context& c, unsigned accepted) {
  if (!c.mode_text.empty()) {
    c.mode = mode_from_string(c.mode_text);
    if (!c.mode) return mode_error(c.mode_text);
  }
  if ((accepted & kFlagCwd) && c.cwd.empty()) {
    char buf[4096];
    if (::getcwd(buf, sizeof buf)) c.cwd = buf;
  }
  if (c.home.empty()) {
    const char* h = std::getenv("HOME");
    c.home = h ? h : "/";
  }
  return std::nullopt;
}

CompileResult compile_policy(const std::string& path, bool cached) {
  return cached ? compile_file_cached(path, default_cache_dir()) : compile_file(path);
}

std::optional<CompileResult> load_policy(const std::string& path, bool cached) {
  CompileResult r = compile_policy(path, cached);
  for (const auto& d : r.diagnostics)
    if (d.severity == Severity::error) std::cerr << render(d, r.sources);
  if (!r.ok()) return std::nullopt;
  return r;
}

}  // namespace vigie::cli
