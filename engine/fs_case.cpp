// Whether the filesystem holding a folder names `.ENV` and `.env` as one file: macOS's and
// Windows' default volumes, WSL's /mnt/c, vfat, ext4 folders with casefold. There, `cat .ENV`
// reads the `.env` a policy denies and `Write TESTS/a.py` edits the protected `tests/`: with
// `case-insensitive auto` (the default) the judge then matches paths with their ASCII letters
// folded (engine/judge_paths.cpp).
#include "engine/fs_case.hpp"

#include <array>
#include <mutex>
#include <utility>

#ifndef __EMSCRIPTEN__
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace vigie::engine {

namespace {

#ifndef __EMSCRIPTEN__
// `name` with the case of its ASCII letters swapped, or "" when it has none.
std::string swapped_case(std::string_view name) {
  std::string out(name);
  bool any = false;
  for (char& c : out) {
    if (c >= 'a' && c <= 'z') {
      c = static_cast<char>(c - 'a' + 'A');
      any = true;
    } else if (c >= 'A' && c <= 'Z') {
      c = static_cast<char>(c - 'A' + 'a');
      any = true;
    }
  }
  return any ? out : std::string();
}

// Whether `path` and `other` are one file (both exist, same device and inode).
bool same_file(const std::string& path, const std::string& other) {
  struct stat a {};
  struct stat b {};
  return lstat(path.c_str(), &a) == 0 && lstat(other.c_str(), &b) == 0 && a.st_dev == b.st_dev &&
         a.st_ino == b.st_ino;
}

bool probe(const std::string& folder) {
#ifdef _PC_CASE_SENSITIVE
  // macOS says it directly: 0 for a case-insensitive volume.
  long says = pathconf(folder.c_str(), _PC_CASE_SENSITIVE);
  if (says == 0) return true;
  if (says == 1) return false;
#endif
  // Elsewhere, an entry of the folder looked up with its letters' case swapped: the same file
  // on a case-insensitive filesystem, nothing (or another file) on a case-sensitive one. A few
  // entries at most are read; a folder with no lettered entry tests its own name in its parent.
  if (DIR* dir = opendir(folder.c_str())) {
    std::string found;
    int read = 0;
    while (dirent* e = readdir(dir)) {
      if (++read > 64) break;
      std::string_view n = e->d_name;
      if (n == "." || n == "..") continue;
      if (std::string s = swapped_case(n); !s.empty()) {
        found = std::string(n);
        break;
      }
    }
    closedir(dir);
    if (!found.empty()) {
      const std::string base = folder == "/" ? "/" : folder + "/";
      return same_file(base + found, base + swapped_case(found));
    }
  }
  const std::size_t slash = folder.rfind('/');
  if (slash == std::string::npos || slash + 1 >= folder.size()) return false;
  const std::string s = swapped_case(std::string_view(folder).substr(slash + 1));
  return !s.empty() && same_file(folder, folder.substr(0, slash + 1) + s);
}
#endif

}  // namespace

bool real_folder_case_insensitive(const std::string& folder) noexcept {
#ifdef __EMSCRIPTEN__
  (void)folder;
  return false;
#else
  if (folder.empty() || folder[0] != '/') return false;
  // A process asks about a few folders (the projects it decides for), again and again: the
  // answers are kept, the last 8, under a lock (`decide` runs on many threads).
  static std::mutex mutex;
  static std::array<std::pair<std::string, bool>, 8> seen;
  static std::size_t next = 0;
  try {
    {
      std::lock_guard<std::mutex> lock(mutex);
      for (const auto& [f, ci] : seen)
        if (f == folder) return ci;
    }
    const bool ci = probe(folder);
    std::lock_guard<std::mutex> lock(mutex);
    seen[next] = {folder, ci};
    next = (next + 1) % seen.size();
    return ci;
  } catch (...) {
    // No memory to ask: matching folded only ever matches more (fail closed).
    return true;
  }
#endif
}

}  // namespace vigie::engine
