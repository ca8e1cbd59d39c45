// git subcommands that show history or diffs under a name of their own, and those that run gpg
// (engine/program_git.cpp): `git stash show|list` and `git reflog [show]` take the options of
// `git log` and `git diff` (`--output=FILE` writes, `--ext-diff`, `--textconv` run programs);
// `git verify-commit`, `git verify-tag` run gpg (`gpg.program`), as `--show-signature` does.
#include <string>
#include <string_view>

#include "engine/program_git_subcommands.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

using program_words::in;
using program_words::lit;

// The name of the log-like subcommand at w[at] (`git stash show`, `git reflog`) and, in `from`,
// the index of its first option; empty for every other subcommand. `git stash show` hands its
// words to git's revision parser (diff options, `git stash --help`), `git stash list` to
// `git log`'s; `git reflog` is `git reflog show` (`git log -g`) unless a command of its own
// follows (`expire`, `delete`, `exists`). Those parsers take each option by its exact name.
std::string_view log_like(const Words& w, std::size_t at, std::size_t& from) {
  const std::string* sub = lit(w, at);
  const std::string* next = lit(w, at + 1);
  if (*sub == "stash" && next && *next == "show") return from = at + 2, "git stash show";
  if (*sub == "stash" && next && *next == "list") return from = at + 2, "git stash list";
  if (*sub != "reflog" || (next && in(*next, {"expire", "delete", "exists"}))) return {};
  if (next && *next == "show") return from = at + 2, "git reflog show";
  return from = at + 1, "git reflog";
}

}  // namespace

bool git_log_like(const Words& w, std::size_t at, ProgramEffects& out) {
  std::size_t from = 0;
  const std::string_view name = log_like(w, at, from);
  const ProgramDecl* log = name.empty() ? nullptr : find_program("git log");
  if (!log) return false;
  ParsedArgs args = parse_args(*log, w, from);
  git_undo_negated(w, args);
  OperandState st;
  apply_options(name, args, out, st);
  return true;
}

void git_runs_gpg(const Words& w, std::size_t at, ProgramEffects& out) {
  if (const std::string* sub = lit(w, at); sub && in(*sub, {"verify-commit", "verify-tag"}))
    out.escalations.push_back("git " + *sub + " (runs gpg, gpg.program)");
}

}  // namespace vigie::engine
