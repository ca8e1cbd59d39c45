// The real filesystem as one decision sees it: each path is looked up at most once, and nothing
// is looked up below a path whose look-up failed or that is not a folder.
//
// A decision on the real filesystem resolves the policy's path table (every rule's path, each
// of its ancestors walked by the resolver, engine/paths.cpp) and the paths the request touches:
// the same folders again and again (`/home/dev` for `~/.ssh` and `~/.aws`, the project's folder
// for each of its rules). One `lstat` per distinct path instead: a decision's answers are also
// consistent with each other when the filesystem changes while it is made.
//
// Not thread-safe, not kept: one per decision, on the stack of `decide` (engine/decide.cpp).
#ifndef VIGIE_ENGINE_FS_DECISION_HPP
#define VIGIE_ENGINE_FS_DECISION_HPP

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <vigie/vigie.hpp>

#include "engine/word_hash.hpp"

namespace vigie::engine {

// What `lstat` (and `readlink` for a link) says of one path.
struct RealEntry {
  enum class Kind : std::uint8_t {
    missing,  // the look-up failed (absent, not a folder on the way, no permission…)
    folder,
    link,
    other,  // a file, a device…: nothing is below it
  };
  Kind kind = Kind::missing;
  std::string target;  // kind `link`: as read
};

// One look-up on the real filesystem (native builds; `missing` in the WASM build, which has
// none). Nothing throws: a failed allocation reads as `missing` (the agent's process would not
// get further either, and the resolver fails closed on what it cannot walk).
RealEntry real_entry(const std::string& path) noexcept;

// readdir(3) of the folder `path` (its own entries, without `.` and `..`), at most `max`
// entries appended to `out`; false when it cannot be opened (or in WASM, which has no
// filesystem). An entry whose type readdir does not give is looked up (real_entry).
bool list_real_folder(const std::string& path, std::size_t max,
                      std::vector<FileSystem::Entry>& out);

class DecisionFileSystem final : public FileSystem {
 public:
  std::optional<std::string> read_link(const std::string& path) const override;
  bool exists(const std::string& path) const override;
  bool list(const std::string& path, std::size_t max, std::vector<Entry>& out) const override {
    return list_real_folder(path, max, out);
  }
  // Look-ups made on the filesystem so far (the tests count them).
  std::size_t lookups() const noexcept { return lookups_; }
  // What one path is (the resolver's walk: a link, a folder to go on below, or the end).
  const RealEntry& entry(const std::string& path) const;

 private:
  mutable std::unordered_map<std::string, RealEntry, WordHash, std::equal_to<>> seen_;
  mutable std::size_t lookups_ = 0;
};

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_FS_DECISION_HPP
