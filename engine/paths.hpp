// The path half of the engine: resolving a path the way the kernel would (`~`, `.`, `..`,
// symlinks), component-prefix rules in a trie (most specific wins, tie -> most restrictive),
// globs compiled to RE2, the class of files run by third parties, and the git root.
//
// Everything here works on POSIX path strings and a `vigie::FileSystem`, never on
// std::filesystem: the same code runs natively (real filesystem) and in WASM (a declared,
// virtual one). Nothing here throws on bad input; errors are values. Implemented in
// engine/paths.cpp (resolution, prefix rules, git root), engine/globs.cpp and
// engine/third_party.cpp.
//
// Vocabulary:
//   - a *normalized* path is absolute, has no `.` or `..` component, no empty component (`//`)
//     and no trailing slash, except the root itself, `/`;
//   - a *resolved* path is normalized and none of its components is a symlink (as far as the
//     filesystem knows);
//   - the *depth* of a normalized path is its number of components: `/` is 0, `/etc` is 1.
#ifndef VIGIE_ENGINE_PATHS_HPP
#define VIGIE_ENGINE_PATHS_HPP

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <vigie/vigie.hpp>

#include "grammar/limits.hpp"

namespace vigie::engine {

// ---------------------------------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------------------------------

// At most this many symlinks are followed while resolving one path, like Linux's MAXSYMLINKS
// (40). More than that is reported as an error (a loop, or an attempt to exhaust the resolver):
// the caller must then fail closed.
inline constexpr int kMaxSymlinks = static_cast<int>(limits::symlinks);
// Longer inputs (path, cwd, home, symlink targets summed) are refused: PATH_MAX is 4096 on
// Linux; 64 KiB leaves room for nested targets and bounds the work per request.
inline constexpr std::size_t kMaxPathBytes = limits::path_bytes;

// The resolver's work for one request, summed over its paths (limits::path_steps): each
// component walked is one step, `.`, `..` and those of the symlink targets followed included.
// Each path is bounded by kMaxPathBytes, but a request of 4,000 words that go up and down the
// same links 1,000 folders deep (`L/B/B/…/x`) walks 130 million components within that bound.
struct ResolveBudget {
  std::size_t left = limits::path_steps;
};

struct Resolved {
  // The resolved path. When `ok` is false, the best lexical guess (for messages only: never
  // judge it as if it were resolved).
  std::string path;
  bool ok = true;
  // Why resolution failed, lowercase, user input in backticks: "too many levels of symbolic
  // links resolving `/a/b` (more than 40)", "`~bob`: other users' home folders are unknown".
  std::string error;
  // The request's ResolveBudget ran out before this path was resolved (then `ok` is false).
  bool over_budget = false;
  // More than 40 symlinks were followed (the `symlinks` limit, docs/limits.md).
  bool symlink_limit = false;
  // Each symlink followed, in order, as "source -> target" (target as written in the link).
  std::vector<std::string> symlinks_followed;
};

// Resolves `path` as the kernel would before opening it:
//   - `~` and `~/x` expand to `home` (`~user` is an error: we do not know other homes);
//   - a NUL byte in `path`, `cwd` or `home` is an error (the kernel would stop there);
//   - a relative path is taken relative to `cwd` (which must be absolute);
//   - `.`, `..` and duplicate slashes are removed; `..` at the root stays at the root;
//   - symlinks are followed component by component, including the last one, chained, with
//     relative targets taken from the link's folder and absolute ones from the root; `..`
//     after a symlink applies to the link's target (physical resolution, like realpath);
//   - a path that does not exist yet (a file to create) keeps its non-existent tail: the
//     deepest existing ancestor is resolved and the rest appended, so a file created under a
//     symlinked folder is judged where it will really land.
// `fs` may be null: then only the lexical steps are done. The result is idempotent:
// resolve_path(resolve_path(p).path) == resolve_path(p). With `steps`, each component walked
// through `fs` is taken from it, checked before the step; once it is empty the path fails with
// `over_budget` (the lexical steps alone are linear in the input and are not counted).
Resolved resolve_path(std::string_view path, std::string_view cwd, std::string_view home,
                      const FileSystem* fs, ResolveBudget* steps = nullptr);

// The same, for a `cwd` that is already resolved (a `resolve_path` result with `ok`): a
// relative `path` is walked from it without looking its components up again, so resolving many
// paths in one folder costs the components of each path, not those of the folder each time
// (a folder 2,000 levels deep would otherwise cost 2,000 look-ups per operand). Absolute and
// `~` paths are resolved exactly as by `resolve_path`.
Resolved resolve_path_in(std::string_view path, std::string_view resolved_cwd,
                         std::string_view home, const FileSystem* fs,
                         ResolveBudget* steps = nullptr);

// The lexical part only (no filesystem): removes `.`, `..` (not above the root), empty
// components and a trailing slash. A relative input is taken relative to `/`.
std::string lexical_normalize(std::string_view absolute_path);

// Whether `prefix` covers `path` by whole components: "/etc" covers "/etc" and "/etc/x", not
// "/etcetera"; "/" covers every absolute path. Both are expected normalized (a trailing slash
// on `prefix` is tolerated).
bool is_component_prefix(std::string_view prefix, std::string_view path);

// The number of components of a normalized path: "/" -> 0, "/a/b" -> 2.
std::size_t path_depth(std::string_view normalized_path);

// The components of a path, split on `/`, empty ones skipped ("/a//b/" -> a, b). Views into `s`.
std::vector<std::string_view> split_components(std::string_view s);

// ---------------------------------------------------------------------------------------------
// Prefix rules
// ---------------------------------------------------------------------------------------------

// What a request does to a path, and what a rule covers. A bit set.
enum class Access : std::uint8_t { read = 1, write = 2, both = 3 };

struct PathRule {
  std::string prefix;  // absolute; lexically normalized by `add`. Symlinks in it are the
                       // caller's business (resolve it first when a filesystem is known)
  Effect effect = Effect::deny;
  Access access = Access::both;
  std::uint32_t rule = 0;  // index into the engine's rule table
};

struct PathMatch {
  Effect effect = Effect::deny;
  std::uint32_t rule = 0;
  std::size_t depth = 0;  // components of the matching prefix
};

// A component trie of path-prefix rules.
//
// Which rules apply to a request for access A: a deny or ask rule when it shares any bit with
// A; an allow rule only when it covers all of A (so `allow read /x` never allows a request
// that both reads and writes /x). For a plain read or write request this is "the rule covers
// that access".
//
// Among the applicable rules whose prefix covers the path, the deepest prefix wins; at equal
// depth the most restrictive effect (deny > ask > allow); at equal effect the lowest `rule`
// index (the first written), so that the outcome never depends on insertion order.
//
// Immutable once built: `lookup` and `all_matches` are const and safe from many threads.
class PathTable {
 public:
  PathTable();
  ~PathTable();
  PathTable(PathTable&&) noexcept;
  PathTable& operator=(PathTable&&) noexcept;
  PathTable(const PathTable&);
  PathTable& operator=(const PathTable&);

  // Returns false (and adds nothing) when `rule.prefix` is not absolute: the compiler must
  // resolve `~` and relative prefixes first, and report the error.
  bool add(PathRule rule);

  // The winning rule for `resolved_path` (expected resolved; it is lexically normalized here
  // if needed), or nullopt when no rule applies.
  std::optional<PathMatch> lookup(std::string_view resolved_path, Access access) const;

  // Every applicable rule that covers the path, the winner first: by depth (deepest first),
  // then effect (most restrictive first), then rule index. For traces and `lint`.
  std::vector<PathMatch> all_matches(std::string_view resolved_path, Access access) const;

  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }

 private:
  struct Node;
  std::vector<Node> nodes_;  // nodes_[0] is the root, `/`
  std::size_t size_ = 0;
};

// ---------------------------------------------------------------------------------------------
// Globs
// ---------------------------------------------------------------------------------------------

// A family of globs, compiled to two RE2::Set (linear time, one pass per path):
//   - `*` is any run of characters other than `/` (a leading dot included), `?` one such
//     character, `[abc]`, `[a-z]`, `[!abc]` / `[^abc]` a class (never matching `/`), `\x` a
//     literal x;
//   - `**` as a whole component is any number of components (zero included): `**/x` matches
//     `x` and `a/b/x`; `a/**/b` matches `a/b` and `a/x/y/b`; `a/**` matches `a` itself and
//     everything below (so `rm -r a` is caught too). A `**` inside a component is a `*`;
//   - a glob without `/` matches the basename anywhere (`*.lock`, `Makefile`);
//   - a glob with a `/` is anchored at the root (the workspace or the project): `tests/*`
//     matches `tests/a.py`, not `tests/unit/a.py`; a leading `/` only anchors; a trailing `/`
//     means the folder and everything below (`build/` == `build/**`); a `.` component is
//     ignored and a `..` component is an error.
// Matching is case-sensitive, like the filesystems of Linux; `case_folded()` is the same set for
// case-insensitive ones.
class GlobSet {
 public:
  GlobSet();
  ~GlobSet();
  GlobSet(GlobSet&&) noexcept;
  GlobSet& operator=(GlobSet&&) noexcept;
  // Copies share the compiled sets (immutable once compiled).
  GlobSet(const GlobSet&);
  GlobSet& operator=(const GlobSet&);

  // Adds a glob before `compile`. Returns false and sets `*error` when the glob is malformed
  // (empty, unterminated `[`, trailing `\`, a `..` component) or the set is already compiled.
  bool add(std::string_view glob, std::uint32_t rule, std::string* error = nullptr);
  // Compiles the family. Returns false and sets `*error` when RE2 refuses it.
  bool compile(std::string* error = nullptr);
  bool compiled() const noexcept;

  // The `rule` of every glob matching the path, sorted ascending, without duplicates.
  // `path_relative_to_root` has no leading `/` (`tests/unit/a.py`); pass an empty one when the
  // path is outside the root (then only basename globs can match). `basename` is its last
  // component. When RE2 runs out of memory, `*failed` is set (if given) and every rule of the
  // set is returned: the caller fails closed.
  std::vector<std::uint32_t> match(std::string_view path_relative_to_root,
                                   std::string_view basename, bool* failed = nullptr) const;

  // The same globs with their ASCII letters folded to lower case, compiled on first use and kept
  // (thread-safe): for a path folded the same way on a filesystem that names `.ENV` and `.env`
  // as one file (`case-insensitive`, engine/fs_case.cpp). `[A-Z]` folds to `[a-z]`, a name class
  // stays as written.
  const GlobSet& case_folded() const;

  std::size_t size() const noexcept;
  // The globs as added, with their rules, in order (to rebuild the set: the policy cache).
  std::vector<std::pair<std::string, std::uint32_t>> globs() const;

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

// The RE2 syntax of one glob (anchoring excluded), and whether it matches basenames. Exposed
// for dumps and tests. nullopt and `*error` set when malformed.
struct GlobRegex {
  std::string regex;
  bool basename_only = false;
};
std::optional<GlobRegex> glob_to_regex(std::string_view glob, std::string* error = nullptr);

// ---------------------------------------------------------------------------------------------
// Files run by third parties (seed 004)
// ---------------------------------------------------------------------------------------------

// The default glob list, (glob, class), with classes:
//   "ci"       CI configuration (.github/workflows/**, .gitlab-ci.yml, .circleci/**, ...)
//   "build"    build scripts (Makefile, *.mk, CMakeLists.txt, build.gradle, setup.py, ...)
//   "vcs"      VCS hooks and config (.git/hooks/**, .git/config, .gitattributes, .husky/**, ...)
//   "manifest" dependency manifests (package.json, Cargo.toml, go.mod, pyproject.toml, ...)
//   "lock"     lock files (package-lock.json, yarn.lock, Cargo.lock, go.sum, *.lock, ...)
//   "agent"    the agent harnesses' configuration (.claude/settings.json, .mcp.json, .codex/**,
//              opencode.json, ...) and vigie's policies (*.vigie, .vigie/**)
const std::vector<std::pair<std::string, std::string>>& default_third_party_globs();

// The class of a path relative to the project root (`.github/workflows/ci.yml` -> "ci"), by
// the default list, or nullopt. The first matching glob of the list decides. With `fold_case`,
// the path's letters are folded and so are the globs' (`makefile` is `Makefile`).
std::optional<std::string> third_party_class(std::string_view path_relative_to_project,
                                             bool fold_case = false);

// Files outside the project that shells, git, package managers or the session run or load when
// they start (`~/.bashrc`, `~/.gitconfig`, `~/.ssh/authorized_keys`, `~/.local/bin/*`,
// `/usr/local/bin/*`…: class `startup`), and the system's own programs, configuration,
// schedulers, disks and kernel settings (`/etc/*`, `/usr/bin/*`, `/var/spool/cron/*`,
// `/dev/sda`, `/proc/sys/*`: class `system`), as globs from `~/` or `/`: a write to one joins
// the files run by third parties (engine/third_party.cpp).
const std::vector<std::pair<std::string, std::string>>& startup_globs();
// The class of `path` (absolute, normalized) by that list (`startup` or `system`), or nullopt,
// `home` being the resolved home folder (both folded with `fold_case`, as the globs then are).
std::optional<std::string> startup_class(std::string_view path, std::string_view home,
                                         bool fold_case = false);

// ---------------------------------------------------------------------------------------------
// Project root
// ---------------------------------------------------------------------------------------------

// The git root: from `cwd` (resolved through `fs` first, since git itself works on the
// physical path) up to `/`, the first folder holding a `.git` entry (folder, or file for
// worktrees and submodules). nullopt when there is none or `fs` is null.
std::optional<std::string> find_git_root(std::string_view cwd, const FileSystem* fs);

// `path` relative to `root` ("" when equal), or nullopt when `root` does not cover it. Both
// normalized.
std::optional<std::string> relative_to(std::string_view root, std::string_view path);

// `s` with its ASCII letters in lower case: the key under which a path is matched on a
// filesystem that does not tell `.ENV` from `.env` (bytes above 0x7F are left as they are).
std::string fold_ascii_case(std::string_view s);
inline void fold_ascii_case_in_place(std::string& s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
}

// The last component of a normalized path ("" for `/`).
std::string_view basename_of(std::string_view normalized_path);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_PATHS_HPP
