// `vigie hook HARNESS`: a pre-tool-call hook for an agent harness (claude, gemini, codex, cursor,
// copilot, opencode, cline). The harness runs it with its hook input on stdin; it prints the
// answer in exactly the harness's form (engine/hook_wire.cpp holds every harness's wire, shared
// with the npm package's `createHook`). Anything that stops vigie from judging the call (input
// that cannot be read or is too large, a policy that is missing or does not compile, an internal
// error) gets the harness's blocking form: exit 2 with the reason on stderr, or its explicit
// deny. Bad usage exits 2 as well, which every exit-2 harness treats as a block.
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/context.hpp"
#include "cli/io.hpp"
#include "cli/journal.hpp"
#include "engine/hook_wire.hpp"
#include "engine/limits.hpp"
#include "vigie/vigie.hpp"

namespace vigie::cli {
namespace {

// The harness gives the cwd (in its hook input): no --cwd.
constexpr unsigned kHookFlags = kAllContextFlags & ~kFlagCwd;

struct HookArgs {
  std::string harness;
  Context ctx;
  hooks::HookOptions opt;
  JournalOptions journal;
};

std::string harness_list() {
  std::string s;
  for (auto h : hooks::hook_harnesses()) s += (s.empty() ? "" : ", ") + std::string(h);
  return s;
}

int usage_error(const std::string& msg) {
  return cli::usage_error("hook", msg);
}

int emit(const hooks::HookResult& r) {
  std::cout << r.out << std::flush;
  std::cerr << r.err << std::flush;
  return r.exit_code;
}

int judge(const HookArgs& h) {
  std::string text, err;
  if (!read_bounded("-", text, err, limits::request_bytes))
    return emit(hooks::hook_failure(h.harness, {},
                                    "vigie could not judge this tool call: could not read the "
                                    "hook input (" +
                                        err + ")"));
  // One process per tool call: through the compiled-policy cache (never trusted when corrupt).
  CompileResult compiled = compile_policy(h.ctx.policy, /*cached=*/true);
  if (!compiled.ok()) {
    // Where, not what: a diagnostic quotes the file's text, and the reason goes to the agent
    // (a policy path the agent turned into a link to a secret must not show its first words).
    std::string first;
    for (const auto& d : compiled.diagnostics)
      if (d.severity == Severity::error && first.empty())
        first =
            "error " + d.code +
            (d.line ? " at line " + std::to_string(d.line) + ", column " + std::to_string(d.column)
                    : std::string());
    return emit(hooks::hook_failure(
        h.harness, text,
        "vigie could not judge this tool call: the policy `" + h.ctx.policy + "` does not compile" +
            (first.empty() ? "" : " (" + first + ")") + "; fix it (`vigie lint " + h.ctx.policy +
            "`) before the agent goes on"));
  }
  JournalWriter jw;
  if (!jw.open(h.journal, "hook", compiled, &err))
    return emit(hooks::hook_failure(h.harness, text,
                                    "vigie could not judge this tool call: the journal cannot "
                                    "be written (" +
                                        err + ")"));
  hooks::HookResult r = hooks::run_hook(h.harness, *compiled.policy, text, h.opt);
  if (r.request && r.decision) jw.write_journal_line(*r.request, *r.decision);
  return emit(r);
}

int run_hook(const std::vector<std::string>& a) {
  HookArgs h;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string& k = a[i];
    std::string err;
    if (Take t = take_context_flag(a, i, h.ctx, &h.journal, kHookFlags, err); t != Take::no) {
      if (t == Take::bad) return usage_error(err);
    } else if (k == "--deny-exit-code") {
      h.opt.deny_exit_code = true;
    } else if (!k.empty() && k[0] != '-' && h.harness.empty()) {
      h.harness = k;
    } else {
      return usage_error("unknown option `" + k + "`");
    }
  }
  if (h.harness.empty()) return usage_error("name the harness (" + harness_list() + ")");
  if (!hooks::is_hook_harness(h.harness))
    return usage_error("unknown harness `" + h.harness + "` (" + harness_list() + ")");
  if (h.ctx.policy.empty()) return usage_error("`--policy FILE` is required");
  if (auto err = finish_context(h.ctx, kHookFlags)) return usage_error(*err);
  h.opt.project = h.ctx.project;
  if (h.opt.project.empty())
    if (std::string_view env = hooks::hook_project_env(h.harness); !env.empty())
      if (const char* dir = std::getenv(std::string(env).c_str()); dir && *dir) h.opt.project = dir;
  h.opt.home = h.ctx.home;
  h.opt.mode = h.ctx.mode;
  h.opt.agent = h.ctx.agent;
  h.opt.non_interactive = h.ctx.non_interactive;
  try {
    return judge(h);
  } catch (const std::exception& e) {
    return emit(hooks::hook_failure(
        h.harness, {},
        std::string("vigie could not judge this tool call: internal error: ") + e.what()));
  } catch (...) {
    return emit(
        hooks::hook_failure(h.harness, {}, "vigie could not judge this tool call: internal error"));
  }
}

const Registrar hook_reg{
    "hook",
    {"answer an agent harness's pre-tool-call hook (claude, gemini, codex, cursor, copilot, "
     "opencode, cline)",
     "usage: vigie hook HARNESS --policy FILE [--project DIR] [--home DIR]\n"
     "                  [--mode readonly|ask|auto] [--agent NAME] [--non-interactive]\n"
     "                  [--deny-exit-code] [--journal FILE [--redact REGEX]...]\n\n"
     "HARNESS and its hook events:\n"
     "  claude    PreToolUse (allow|deny|ask), PermissionRequest (allow|deny; ask: no decision)\n"
     "  gemini    BeforeTool (allow|deny|ask)\n"
     "  codex     PreToolUse (deny; allow and ask: no output, Codex's own approval decides)\n"
     "  cursor    beforeShellExecution, beforeMCPExecution (allow|deny|ask), preToolUse,\n"
     "            beforeReadFile (allow|deny; ask: a deny saying how to get approval)\n"
     "  copilot   preToolUse (camelCase) and PreToolUse (Claude-compatible) (allow|deny|ask)\n"
     "  opencode  tool.execute.before, as {\"input\", \"output\"} (the plugin's wire)\n"
     "  cline     PreToolUse ({\"cancel\"}; ask: cancel false + contextModification)\n\n"
     "Reads the hook input on stdin and prints exactly one JSON object in the harness's form\n"
     "(or nothing where nothing is the harness's \"no opinion\"). The project root is --project,\n"
     "else the harness's project variable (CLAUDE_PROJECT_DIR, GEMINI_PROJECT_DIR,\n"
     "CURSOR_PROJECT_DIR), else its workspace root, else the git root above its cwd; home is\n"
     "--home, else $HOME.\n"
     "--non-interactive: asks become announced denies. --deny-exit-code: a deny is answered\n"
     "with exit 2 and the reason on stderr where the harness honours exit 2.\n"
     "--journal FILE: append each decision to a journal (docs/journal.md).\n"
     "Input that cannot be read or is larger than the request limit, a policy that is missing\n"
     "or does not compile, an internal error: the harness's blocking form (exit 2 + stderr for\n"
     "claude, gemini, codex, copilot; an explicit deny for cursor, opencode, cline and claude's\n"
     "PermissionRequest). Never an allow. Bad usage exits 2.\n"
     "See docs/integrations.md for each harness's configuration.\n",
     run_hook}};

}  // namespace
}  // namespace vigie::cli
