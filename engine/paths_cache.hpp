// The path rules of a policy resolved for one (filesystem, project root, home): the prefix
// table `decide` looks paths up in, and a small cache of them on the compiled policy.
//
// Resolving every path rule (`~/.ssh`, `.`, `./deploy`) goes through the filesystem (symlinks),
// so it depends on the request's project root and home and on the filesystem. A declared
// filesystem never changes once built (engine/fs.hpp), so what was resolved through it stays
// true and is cached here, keyed by its id (a counter, never an address); the real filesystem
// can change between two calls, so with it the table is resolved for each decision
// (docs/engine.md, "The resolved path table"). Implemented in engine/paths_cache.cpp.
#ifndef VIGIE_ENGINE_PATHS_CACHE_HPP
#define VIGIE_ENGINE_PATHS_CACHE_HPP

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/paths.hpp"

namespace vigie::engine {

struct PathRuleSpec;
struct PathRules;

// What the path rules of a policy become for one request context. Immutable once built.
struct ResolvedPaths {
  std::string project;    // the project root, symlinks resolved
  std::string home;       // the home folder, symlinks resolved (protected home globs)
  std::string workspace;  // the workspace root, symlinks resolved
  PathTable table;        // the prefix rules (and workspace-only's allow of the workspace)
  std::vector<std::string> rule_paths;  // the resolved prefixes of deny/ask path rules
  // For each of rule_paths: whether the rule was written as a folder (`deny secrets/`).
  std::vector<std::uint8_t> rule_folders;
  // The first restricting rule that could not be placed (its prefix does not resolve): every
  // path judged then gets at least ask, with this rule and message.
  struct Unplaced {
    std::uint32_t rule = 0;
    std::string message;
  };
  std::optional<Unplaced> unplaced;
};

// Resolves `rules` for a request: `project` and `home` lexically normalized, `fs` as given to
// `decide`. A pure function of its arguments (and of the filesystem's state). With `fold_case`,
// every path of the result has its ASCII letters folded (a case-insensitive filesystem).
std::shared_ptr<const ResolvedPaths> resolve_path_rules(const PathRules& rules,
                                                        std::string_view project,
                                                        std::string_view home, const FileSystem* fs,
                                                        bool fold_case = false);

// The last few resolved tables of one policy, by (filesystem id, project, home). Thread-safe:
// `decide` may run on one policy from several threads. Bounded: at most kEntries, the least
// recently used replaced.
class PathsCache {
 public:
  static constexpr std::size_t kEntries = 4;

  // The table for this key, or null. `fs_id` must be nonzero (fs_snapshot_id).
  std::shared_ptr<const ResolvedPaths> find(std::uint64_t fs_id, std::string_view project,
                                            std::string_view home) const;
  void put(std::uint64_t fs_id, std::string_view project, std::string_view home,
           std::shared_ptr<const ResolvedPaths> paths) const;

 private:
  struct Entry {
    std::uint64_t fs_id = 0;  // 0: empty
    std::string project, home;
    std::shared_ptr<const ResolvedPaths> paths;
    std::uint64_t used = 0;  // `clock_` at the last hit
  };
  mutable std::mutex mutex_;
  mutable std::array<Entry, kEntries> entries_;
  mutable std::uint64_t clock_ = 0;
};

// Where the compiled policy keeps its cache: one pointer wide (the compiled-policy codec checks
// the size of Policy::Impl; the cache is not encoded, a decoded policy starts with an empty one).
class PathsCacheSlot {
 public:
  PathsCacheSlot() : cache_(std::make_unique<PathsCache>()) {}
  PathsCacheSlot(const PathsCacheSlot&) : PathsCacheSlot() {}
  PathsCacheSlot& operator=(const PathsCacheSlot&) { return *this; }
  const PathsCache& operator*() const { return *cache_; }
  const PathsCache* operator->() const { return cache_.get(); }

 private:
  std::unique_ptr<PathsCache> cache_;
};

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_PATHS_CACHE_HPP
