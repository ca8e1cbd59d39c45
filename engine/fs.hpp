// The declared (virtual) filesystem as the engine sees it: besides `vigie::FileSystem`'s two
// questions, it answers the resolver without copies (a link's target by pointer, whether any
// link lies at or below a folder) and carries an identity that caches may key on (it never
// changes once built). The real filesystem is in engine/fs.cpp only. Implemented in engine/fs.cpp.
#ifndef VIGIE_ENGINE_FS_HPP
#define VIGIE_ENGINE_FS_HPP

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <vigie/vigie.hpp>

namespace vigie::engine {

// Declared symlinks and files. Every ancestor of a declared path exists, and so does the root.
// Keys are lexically normalized, so `/a//b/` and `/a/b` are one entry; link targets are kept
// as written (relative targets are relative to the link's folder). Immutable once built: safe
// from many threads, and what was resolved through it stays true (see `id`).
class VirtualFileSystem final : public FileSystem {
 public:
  VirtualFileSystem(std::map<std::string, std::string> symlinks, std::vector<std::string> files);

  std::optional<std::string> read_link(const std::string& path) const override;
  bool exists(const std::string& path) const override;
  // The declared names right below `path`; `folder` is set on those with a link at or below
  // them (the only folders a walk for links needs to enter).
  bool list(const std::string& path, std::size_t max, std::vector<Entry>& out) const override;

  // The target of the link at `normalized` (a normalized path), or null. No copy.
  const std::string* link_at(const std::string& normalized) const {
    if (links_.empty()) return nullptr;
    auto it = links_.find(normalized);
    return it == links_.end() ? nullptr : &it->second;
  }
  // Whether a declared link is at `normalized` or below it: when not, no component under it
  // can be a link and the resolver stops asking.
  bool links_at_or_below(const std::string& normalized) const {
    return !links_.empty() && link_folders_.count(normalized) != 0;
  }
  bool has_links() const noexcept { return !links_.empty(); }
  // The names declared right below the folder `normalized` (links, files and their folders),
  // in no order: the folder's listing (engine/judge_glob_links.cpp). Visits every declared path.
  template <class F>
  void for_each_child(const std::string& normalized, F&& f) const {
    const std::size_t n = normalized == "/" ? 0 : normalized.size();
    for (const auto& e : existing_)
      if (e.size() > n + 1 && e[n] == '/' && e.compare(0, n, normalized, 0, n) == 0 &&
          e.find('/', n + 1) == std::string::npos)
        f(std::string_view(e).substr(n + 1));
  }
  // Unique per object for the life of the process (a counter, never an address): the key of
  // what is cached from this filesystem (engine/paths_cache.hpp).
  std::uint64_t id() const noexcept { return id_; }

 private:
  void add_with_ancestors(std::string p);

  // Hashed: the resolver asks once per path component.
  std::unordered_map<std::string, std::string> links_;
  std::unordered_set<std::string> existing_;
  std::unordered_set<std::string> link_folders_;  // every link and each of its ancestors
  std::uint64_t id_;
};

// `fs` as the declared filesystem, or null when it is another one (the real filesystem, an
// embedder's own implementation).
const VirtualFileSystem* as_virtual(const FileSystem* fs) noexcept;

// The identity under which what was resolved through `fs` may be cached: nonzero only for a
// filesystem that cannot change (the declared one, and the WASM build's stand-in for the real
// one, which sees nothing); 0 for the real filesystem and any other implementation, which can
// change between two calls.
std::uint64_t fs_snapshot_id(const FileSystem* fs) noexcept;

// Whether `fs` holds no symlink at all (a declared filesystem without links, the WASM build's
// stand-in for the real one): resolving a path through it is only normalizing it.
bool fs_without_links(const FileSystem* fs) noexcept;
// Whether `fs` is the native build's real filesystem (`vigie::real_file_system()`), which a
// decision reads through its own DecisionFileSystem (engine/fs_decision.hpp).
bool is_native_real(const FileSystem* fs) noexcept;

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_FS_HPP
