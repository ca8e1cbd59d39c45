// The real filesystem of one decision (fs_decision.hpp).
#include "engine/fs_decision.hpp"

#include <algorithm>
#include <string_view>
#include <utility>

#include "engine/paths.hpp"

#ifndef __EMSCRIPTEN__
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace vigie::engine {

#ifndef __EMSCRIPTEN__
// lstat(2) and readlink(2) on the path as given (no std::filesystem::path: building one splits
// the path into components, a cost paid per component resolved). An unreadable entry
// (permission denied on a parent folder) reads as absent: the agent, running as the same user,
// cannot go through it either.
RealEntry real_entry(const std::string& path) noexcept {
  RealEntry e;
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return e;
  if (S_ISDIR(st.st_mode)) {
    e.kind = RealEntry::Kind::folder;
    return e;
  }
  e.kind = RealEntry::Kind::other;
  if (!S_ISLNK(st.st_mode)) return e;
  try {
    // A target longer than the resolver's budget is returned cut just past it: the resolver
    // then fails closed on the budget (never "not a link").
    const std::size_t cap = kMaxPathBytes + 1;
    std::string target(std::clamp<std::size_t>(static_cast<std::size_t>(st.st_size) + 1, 64, cap),
                       '\0');
    for (;;) {
      ssize_t n = ::readlink(path.c_str(), target.data(), target.size());
      if (n < 0) return e;  // gone since lstat, or unreadable: not a link
      if (static_cast<std::size_t>(n) < target.size() || target.size() >= cap) {
        target.resize(static_cast<std::size_t>(n));
        e.kind = RealEntry::Kind::link;
        e.target = std::move(target);
        return e;
      }
      target.resize(std::min(target.size() * 2, cap));  // it grew since lstat
    }
  } catch (...) {  // std::bad_alloc only
    return RealEntry{};
  }
}

bool list_real_folder(const std::string& path, std::size_t max,
                      std::vector<FileSystem::Entry>& out) {
  DIR* d = ::opendir(path.c_str());
  if (d == nullptr) return false;
  while (out.size() < max) {
    const dirent* e = ::readdir(d);
    if (e == nullptr) break;
    const std::string_view name = e->d_name;
    if (name == "." || name == "..") continue;
    FileSystem::Entry l{std::string(name), e->d_type == DT_LNK, e->d_type == DT_DIR};
    if (e->d_type == DT_UNKNOWN) {
      const auto kind = real_entry(path == "/" ? "/" + l.name : path + "/" + l.name).kind;
      l.link = kind == RealEntry::Kind::link;
      l.folder = kind == RealEntry::Kind::folder;
    }
    out.push_back(std::move(l));
  }
  ::closedir(d);
  return true;
}
#else
RealEntry real_entry(const std::string&) noexcept {
  return {};
}
bool list_real_folder(const std::string&, std::size_t, std::vector<FileSystem::Entry>&) {
  return false;
}
#endif

const RealEntry& DecisionFileSystem::entry(const std::string& path) const {
  if (auto it = seen_.find(std::string_view(path)); it != seen_.end()) return it->second;
  // Below a path whose look-up failed, or that is a file: every look-up fails the same way
  // (ENOENT, ENOTDIR, EACCES…). Textually below is enough: `/a/b/..` needs `/a/b` too.
  bool below_nothing = false;
  if (const std::size_t slash = path.rfind('/'); slash != std::string::npos && slash > 0) {
    auto up = seen_.find(std::string_view(path).substr(0, slash));
    below_nothing = up != seen_.end() && (up->second.kind == RealEntry::Kind::missing ||
                                          up->second.kind == RealEntry::Kind::other);
  }
  RealEntry e;
  if (!below_nothing) {
    ++lookups_;
    e = real_entry(path);
  }
  return seen_.emplace(path, std::move(e)).first->second;
}

std::optional<std::string> DecisionFileSystem::read_link(const std::string& path) const {
  const RealEntry& e = entry(path);
  if (e.kind != RealEntry::Kind::link) return std::nullopt;
  return e.target;
}

bool DecisionFileSystem::exists(const std::string& path) const {
  return entry(path).kind != RealEntry::Kind::missing;
}

}  // namespace vigie::engine
