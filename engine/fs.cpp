// The two filesystems seen by path rules: the real one (native builds) and a declared one
// (tests, WASM, the playground). See `vigie::FileSystem` in include/vigie/vigie.hpp.
#include <atomic>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <typeinfo>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <vigie/vigie.hpp>

#include "engine/fs.hpp"
#include "engine/fs_decision.hpp"
#include "engine/paths.hpp"

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

bool VirtualFileSystem::list(const std::string& path, std::size_t max,
                             std::vector<Entry>& out) const {
  const std::string folder = is_normal(path) ? path : lexical_normalize(path);
  if (existing_.count(folder) == 0 && folder != "/") return false;
  for_each_child(folder, [&](std::string_view name) {
    if (out.size() >= max) return;
    const std::string full = (folder == "/" ? "" : folder) + "/" + std::string(name);
    out.push_back({std::string(name), link_at(full) != nullptr, links_at_or_below(full)});
  });
  return true;
}

// The class is final, so comparing the dynamic type is enough (a failed dynamic_cast walks the
// class hierarchy: about 100 instructions, per resolved path on the real filesystem).
const VirtualFileSystem* as_virtual(const FileSystem* fs) noexcept {
  if (fs == nullptr || typeid(*fs) != typeid(VirtualFileSystem)) return nullptr;
  return static_cast<const VirtualFileSystem*>(fs);
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
// lstat(2) and readlink(2) on the path as given (engine/fs_decision.cpp `real_entry`).
class RealFileSystem final : public FileSystem {
 public:
  std::optional<std::string> read_link(const std::string& path) const override {
    engine::RealEntry e = engine::real_entry(path);
    if (e.kind != engine::RealEntry::Kind::link) return std::nullopt;
    return std::move(e.target);
  }
  bool exists(const std::string& path) const override {
    return engine::real_entry(path).kind != engine::RealEntry::Kind::missing;
  }
  bool list(const std::string& path, std::size_t max, std::vector<Entry>& out) const override {
    return engine::list_real_folder(path, max, out);
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

namespace vigie::engine {

namespace {
#ifdef __EMSCRIPTEN__
// The WASM build's stand-in for the real filesystem sees nothing, ever: it is as immutable as a
// declared one, and has one id for the process.
bool is_wasm_real(const FileSystem* fs) noexcept {
  return fs != nullptr && typeid(*fs) == typeid(RealFileSystem);
}
#else
bool is_wasm_real(const FileSystem*) noexcept {
  return false;
}
#endif
}  // namespace

std::uint64_t fs_snapshot_id(const FileSystem* fs) noexcept {
  if (const VirtualFileSystem* v = as_virtual(fs)) return v->id();
  static const std::uint64_t wasm_real_id = next_fs_id.fetch_add(1, std::memory_order_relaxed);
  return is_wasm_real(fs) ? wasm_real_id : 0;
}

bool is_native_real(const FileSystem* fs) noexcept {
#ifdef __EMSCRIPTEN__
  (void)fs;
  return false;
#else
  return fs != nullptr && typeid(*fs) == typeid(RealFileSystem);
#endif
}

bool fs_without_links(const FileSystem* fs) noexcept {
  if (const VirtualFileSystem* v = as_virtual(fs)) return !v->has_links();
  return is_wasm_real(fs);
}

}  // namespace vigie::engine
