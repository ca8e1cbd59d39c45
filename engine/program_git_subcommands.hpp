// The git subcommands git's handler (engine/program_git.cpp) treats apart, declared once: each
// with the sets it belongs to (a bit set) and, for those with a branch of their own, an id. The
// handler looks its subcommand up once; every other subcommand (`git status`) has no trait.
#ifndef VIGIE_ENGINE_PROGRAM_GIT_SUBCOMMANDS_HPP
#define VIGIE_ENGINE_PROGRAM_GIT_SUBCOMMANDS_HPP

#include <algorithm>
#include <array>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace vigie::shell {
struct WordView;
}  // namespace vigie::shell

namespace vigie::engine::git_subcommands {

enum Trait : std::uint16_t {
  // `clone`, `init`, `version`, `help`: git starts from no repository.
  no_repository = 1u << 0,
  // A synonym in engine/program_command_aliases.cpp (`git stage` is `git add`).
  synonym = 1u << 1,
  // Prints or compares the content of objects given by name (`REV:PATH`).
  object_reader = 1u << 2,
  // An object reader that reads a tree with everything below it (`git archive HEAD:dir`).
  tree_reader = 1u << 3,
  // Reads the content of the files its pathspecs select (history, diffs, blame, add, commit).
  pathspec_reader = 1u << 4,
  // A pathspec reader whose every operand is a pathspec (no revision among them).
  pathspec_only = 1u << 5,
  // A transfer: its first operand, written as a local path, is a repository read.
  transfer = 1u << 6,
  // Without `--`, an operand that names a file is taken for a path after the revisions.
  revision_paths = 1u << 7,
};

// The subcommands with a branch of their own in the handler.
enum class Id : std::uint8_t {
  other,
  add,
  am,
  apply,
  archive,
  bisect,
  bundle,
  clang_format,
  clean,
  clone,
  config,
  daemon,
  difftool,
  fast_export,
  filter_branch,
  filter_repo,
  for_each_repo,
  grep,
  help,
  hook,
  init,
  instaweb,
  maintenance,
  merge_index,
  mergetool,
  push,
  reflog,
  remote,
  remote_ext,
  send_pack,
  shell,
  sparse_checkout,
  stage,
  stash,
  submodule,
  verify_commit,
  verify_tag,
  web_browse,
  worktree,
};

struct Entry {
  std::string_view name;
  std::uint16_t traits = 0;
  Id id = Id::other;
};

// Ordered by length, then by bytes (`before`): the look-up compares lengths first.
constexpr bool before(std::string_view a, std::string_view b) {
  return a.size() != b.size() ? a.size() < b.size() : a < b;
}

inline constexpr Entry kTable[] = {
    {"am", 0, Id::am},
    {"add", synonym | pathspec_reader | pathspec_only, Id::add},
    {"log", pathspec_reader | revision_paths},
    {"diff", object_reader | pathspec_reader | revision_paths},
    {"grep", object_reader | tree_reader | pathspec_reader, Id::grep},
    {"help", no_repository, Id::help},
    {"hook", 0, Id::hook},
    {"init", no_repository | synonym, Id::init},
    {"pull", transfer},
    {"push", transfer, Id::push},
    {"show", object_reader | pathspec_reader | revision_paths},
    {"apply", 0, Id::apply},
    {"blame", pathspec_reader},
    {"clean", 0, Id::clean},
    {"clone", no_repository | transfer, Id::clone},
    {"fetch", transfer},
    {"shell", 0, Id::shell},
    {"stage", synonym | pathspec_reader | pathspec_only, Id::stage},
    {"stash", 0, Id::stash},
    {"bisect", 0, Id::bisect},
    {"bundle", 0, Id::bundle},
    {"commit", pathspec_reader | pathspec_only},
    {"config", 0, Id::config},
    {"daemon", 0, Id::daemon},
    {"reflog", 0, Id::reflog},
    {"remote", synonym, Id::remote},
    {"archive", object_reader | tree_reader, Id::archive},
    {"init-db", no_repository | synonym, Id::init},
    {"ls-tree", object_reader},
    {"version", no_repository},
    {"annotate", pathspec_reader},
    {"cat-file", object_reader},
    {"difftool", object_reader | pathspec_reader | revision_paths, Id::difftool},
    {"instaweb", 0, Id::instaweb},
    {"shortlog", pathspec_reader | revision_paths},
    {"worktree", 0, Id::worktree},
    {"diff-tree", pathspec_reader | revision_paths},
    {"ls-remote", transfer},
    {"mergetool", 0, Id::mergetool},
    {"send-pack", transfer, Id::send_pack},
    {"submodule", 0, Id::submodule},
    {"diff-files", pathspec_reader | revision_paths},
    {"diff-index", pathspec_reader | revision_paths},
    {"remote-ext", 0, Id::remote_ext},
    {"verify-tag", 0, Id::verify_tag},
    {"fast-export", 0, Id::fast_export},
    {"filter-repo", 0, Id::filter_repo},
    {"maintenance", 0, Id::maintenance},
    {"merge-index", 0, Id::merge_index},
    {"unpack-file", object_reader},
    {"web--browse", 0, Id::web_browse},
    {"whatchanged", pathspec_reader | revision_paths},
    {"clang-format", 0, Id::clang_format},
    {"format-patch", pathspec_reader},
    {"filter-branch", 0, Id::filter_branch},
    {"for-each-repo", 0, Id::for_each_repo},
    {"verify-commit", 0, Id::verify_commit},
    // git's internal helpers, reachable by name: the subcommand they serve.
    {"bisect--helper", 0, Id::bisect},
    {"clang-format-14", 0, Id::clang_format},
    {"sparse-checkout", 0, Id::sparse_checkout},
    {"difftool--helper", 0, Id::difftool},
    {"submodule--helper", 0, Id::submodule},
};

constexpr bool table_ordered() {
  for (std::size_t k = 1; k < std::size(kTable); ++k)
    if (!before(kTable[k - 1].name, kTable[k].name)) return false;
  return true;
}
static_assert(table_ordered(), "kTable is ordered by length, then bytes, without duplicates");

// The longest name in kTable.
inline constexpr std::size_t kLongest = 17;

// Where the names of each length begin in kTable: those of length n are
// kTable[kStarts[n]…kStarts[n + 1]).
inline constexpr auto kStarts = [] {
  std::array<std::uint8_t, kLongest + 2> starts{};
  std::size_t k = 0;
  for (std::size_t n = 0; n <= kLongest + 1; ++n) {
    while (k < std::size(kTable) && kTable[k].name.size() < n) ++k;
    starts[n] = static_cast<std::uint8_t>(k);
  }
  return starts;
}();
static_assert(kTable[std::size(kTable) - 1].name.size() == kLongest, "kLongest is the longest");

// The entry of `subcommand`; an empty one (no trait, Id::other) for every other word. Only the
// names of its length are compared, first by their first byte (a few names each).
constexpr Entry find(std::string_view subcommand) {
  const std::size_t n = subcommand.size();
  if (n == 0 || n > kLongest) return Entry{};
  for (std::size_t k = kStarts[n]; k < kStarts[n + 1]; ++k)
    if (kTable[k].name[0] == subcommand[0] && kTable[k].name == subcommand) return kTable[k];
  return Entry{};
}
static_assert(find("am").id == Id::am && find("submodule--helper").id == Id::submodule &&
              find("stash").id == Id::stash && find("status").traits == 0 &&
              find("").id == Id::other && find("diff-files").traits != 0);

}  // namespace vigie::engine::git_subcommands

namespace vigie::engine {

struct ProgramEffects;
struct ParsedArgs;
using GitWords = std::vector<shell::WordView>;

// engine/program_git_operands.cpp: how git's parse-options and its scripts read a subcommand's
// options and operands.
// A flag that narrows what the subcommand touches (role C or R: `git rm --cached`, `-n`,
// `git clean -n`, `git merge-file -p`) undone by a later `--no-NAME` (or an unambiguous start of
// it, `--no-dry`): dropped from `args`, as parse-options lets the last spelling win.
void git_undo_negated(const GitWords& w, ParsedArgs& args);
// Whether one of `flags` (exact spellings) stands among w[from…] (before `--`) and no later
// `--no-NAME` undoes it (`git apply --check --no-check` applies).
bool git_flag_stays(const GitWords& w, std::size_t from,
                    const std::vector<std::string_view>& flags);
// `git worktree add|move|remove …`, `git submodule [--quiet] add [OPTIONS] URL [PATH]` from
// w[from], the word after the subcommand: the folders written and removed.
void git_folder_targets(bool worktree, std::string_view subcommand, const GitWords& w,
                        std::size_t from, ProgramEffects& out);
// The folder `git clone URL` (and `git submodule add URL`) creates when none is named: the
// URL's last component without `.git`; a bundle's without `.bundle` too (both are given);
// `NAME.git` with `bare`.
std::vector<std::string> git_url_folders(std::string_view url, bool bare);
// `git --work-tree DIR SUB PATH…`: the operands' paths, out.files[from…], are also judged below
// DIR (git takes them from the work tree's top when it runs outside it).
void git_work_tree_paths(const shell::WordView& dir, std::size_t from, ProgramEffects& out);

// engine/program_git_runners.cpp: subcommands that run a program the line names, or files
// git reads for them.
// `git for-each-repo`, `git merge-index`, `git hook run`, `git bisect run|replay`,
// `git remote-ext`: w[at] is the subcommand.
void git_runners(git_subcommands::Id id, const GitWords& w, std::size_t at, ProgramEffects& out);
// A word git knows as one of its commands (git 2.39's `--list-cmds=main`).
bool git_known_subcommand(std::string_view s);
// `-c help.autocorrect=VALUE`: git runs the command it guesses for an unknown one.
bool git_autocorrects(std::string_view key_value);

// engine/program_git_logs.cpp: `git stash show|list` and `git reflog [show]` (w[at] is the
// subcommand) read with `git log`'s options; true when the line is one of them (judged whole).
bool git_log_like(const GitWords& w, std::size_t at, ProgramEffects& out);
// `git verify-commit`, `git verify-tag`: they run gpg (asked, as `--show-signature`).
void git_runs_gpg(const GitWords& w, std::size_t at, ProgramEffects& out);

// engine/program_git_transports.cpp: `git remote-ext REMOTE CMD` runs CMD as the ext::
// transport does.
void git_remote_ext(const GitWords& w, std::size_t at, ProgramEffects& out);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_PROGRAM_GIT_SUBCOMMANDS_HPP
