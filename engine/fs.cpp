// The two filesystems seen by path rules: the real one (native builds) and a declared one
// (tests, WASM, the playground). See `vigie::FileSystem` in include/vigie/vigie.hpp.
#include <atomic>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <vigie/vigie.hpp>

#include "engine/fs.hpp"
#include "engine/paths.hpp"

#ifndef __EMSCRIPTEN__
#include <filesystem>
#include <system_error>
#endif

namespace vigie::engine {

namespace {

// The resolver only asks about normalized paths: skip the copy then.
bool is_normal(const std::string& p) {
  if (p.empty() || p[0] != '/') return false;
  if (p.size() > 1 && p.back() == '/') return false;
  return p.find("//") == std::string::npos && p.find("/./") == std::string::npos &&
         p.find("/../") == std::string::npos && !p.ends_with("/.") && !p.ends_with("/..");
}

// Ids of declared filesystems: 0 is "not cacheable", so the first is 1.
std::atomic<std::uint64_t> next_fs_id{1};

}  // namespace

VirtualFileSystem::VirtualFileSystem(std::map<std::string, std::string> symlinks,
                                     std::vector<std::string> files)
    : id_(next_fs_id.fetch_add(1, std::memory_order_relaxed)) {
  existing_.insert("/");
  for (auto& [from, to] : symlinks) {
    std::string key = lexical_normalize(from);
    add_with_ancestors(key);
    for (std::string p = key; link_folders_.insert(p).second && p != "/";) {
      std::size_t slash = p.rfind('/');
      p.resize(slash == 0 ? 1 : slash);
    }
    links_[key] = std::move(to);
  }
  for (const auto& f : files) add_with_ancestors(lexical_normalize(f));
}

std::optional<std::string> VirtualFileSystem::read_link(const std::string& path) const {
  if (links_.empty()) return std::nullopt;
  auto it = is_normal(path) ? links_.find(path) : links_.find(lexical_normalize(path));
  if (it == links_.end()) return std::nullopt;
  return it->second;
}

bool VirtualFileSystem::exists(const std::string& path) const {
  if (is_normal(path)) return existing_.count(path) != 0;
  return existing_.count(lexical_normalize(path)) != 0;
}

void VirtualFileSystem::add_with_ancestors(std::string p) {
  while (existing_.insert(p).second && p != "/") {
    std::size_t slash = p.rfind('/');
    p.resize(slash == 0 ? 1 : slash);
  }
}

}  // namespace vigie::engine

namespace vigie {

namespace {

#ifndef __EMSCRIPTEN__
// lstat/readlink through <filesystem>, with error codes: nothing throws. An unreadable entry
// (permission denied on a parent folder) reads as "not a symlink" / "absent": the agent, running
// as the same user, cannot go through it either.
class RealFileSystem final : public FileSystem {
 public:
  std::optional<std::string> read_link(const std::string& path) const override {
    try {
      std::error_code ec;
      auto st = std::filesystem::symlink_status(path, ec);
      if (ec || !std::filesystem::is_symlink(st)) return std::nullopt;
      auto target = std::filesystem::read_symlink(path, ec);
      if (ec) return std::nullopt;
      return target.string();
    } catch (...) {  // std::bad_alloc only
      return std::nullopt;
    }
  }
  bool exists(const std::string& path) const override {
    try {
      std::error_code ec;
      auto st = std::filesystem::symlink_status(path, ec);
      if (ec) return false;
      return st.type() != std::filesystem::file_type::not_found &&
             st.type() != std::filesystem::file_type::none;
    } catch (...) {
      return false;
    }
  }
};
#else
// The WASM build has no filesystem of its own: it sees nothing and resolves no symlink. Give
// `decide` a virtual_file_system to resolve declared links.
class RealFileSystem final : public FileSystem {
 public:
  std::optional<std::string> read_link(const std::string&) const override { return std::nullopt; }
  bool exists(const std::string&) const override { return false; }
};
#endif

}  // namespace

std::shared_ptr<const FileSystem> real_file_system() {
  // Stateless: one instance for the process.
  static const std::shared_ptr<const FileSystem> fs = std::make_shared<RealFileSystem>();
  return fs;
}

std::shared_ptr<const FileSystem> virtual_file_system(std::map<std::string, std::string> symlinks,
                                                      std::vector<std::string> files) {
  return std::make_shared<engine::VirtualFileSystem>(std::move(symlinks), std::move(files));
}

}  // namespace vigie
