// The git subcommands git's handler (engine/program_git.cpp) treats apart, declared once: each
// with the sets it belongs to (a bit set) and, for those with a branch of their own, an id. The
// handler looks its subcommand up once; every other subcommand (`git status`) has no trait.
#ifndef VIGIE_ENGINE_PROGRAM_GIT_SUBCOMMANDS_HPP
#define VIGIE_ENGINE_PROGRAM_GIT_SUBCOMMANDS_HPP

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string_view>

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
  clean,
  clone,
  config,
  fast_export,
  filter_branch,
  filter_repo,
  grep,
  maintenance,
  push,
  send_pack,
  sparse_checkout,
  stage,
  stash,
  submodule,
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
    {"help", no_repository},
    {"init", no_repository | synonym},
    {"pull", transfer},
    {"push", transfer, Id::push},
    {"show", object_reader | pathspec_reader | revision_paths},
    {"apply", 0, Id::apply},
    {"blame", pathspec_reader},
    {"clean", 0, Id::clean},
    {"clone", no_repository | transfer, Id::clone},
    {"fetch", transfer},
    {"stage", synonym | pathspec_reader | pathspec_only, Id::stage},
    {"stash", 0, Id::stash},
    {"bisect", 0, Id::bisect},
    {"bundle", 0, Id::bundle},
    {"commit", pathspec_reader | pathspec_only},
    {"config", 0, Id::config},
    {"remote", synonym},
    {"archive", object_reader | tree_reader, Id::archive},
    {"init-db", no_repository | synonym},
    {"ls-tree", object_reader},
    {"version", no_repository},
    {"annotate", pathspec_reader},
    {"cat-file", object_reader},
    {"difftool", object_reader},
    {"shortlog", pathspec_reader | revision_paths},
    {"worktree", 0, Id::worktree},
    {"diff-tree", pathspec_reader | revision_paths},
    {"ls-remote", transfer},
    {"send-pack", transfer, Id::send_pack},
    {"submodule", 0, Id::submodule},
    {"diff-files", pathspec_reader | revision_paths},
    {"diff-index", pathspec_reader | revision_paths},
    {"fast-export", 0, Id::fast_export},
    {"filter-repo", 0, Id::filter_repo},
    {"maintenance", 0, Id::maintenance},
    {"unpack-file", object_reader},
    {"whatchanged", pathspec_reader | revision_paths},
    {"format-patch", pathspec_reader},
    {"filter-branch", 0, Id::filter_branch},
    {"sparse-checkout", 0, Id::sparse_checkout},
};

constexpr bool table_ordered() {
  for (std::size_t k = 1; k < std::size(kTable); ++k)
    if (!before(kTable[k - 1].name, kTable[k].name)) return false;
  return true;
}
static_assert(table_ordered(), "kTable is ordered by length, then bytes, without duplicates");

// The entry of `subcommand`; an empty one (no trait, Id::other) for every other word.
constexpr Entry find(std::string_view subcommand) {
  const auto* it =
      std::lower_bound(std::begin(kTable), std::end(kTable), subcommand,
                       [](const Entry& e, std::string_view s) { return before(e.name, s); });
  if (it != std::end(kTable) && it->name == subcommand) return *it;
  return Entry{};
}

}  // namespace vigie::engine::git_subcommands

#endif  // VIGIE_ENGINE_PROGRAM_GIT_SUBCOMMANDS_HPP
