// The compiled-policy cache (`compile_file_cached`, include/vigie/vigie.hpp).
//
// One file per policy path and compile options, `CACHE_DIR/<hash of both>.vpc`:
//   "vigie-policy-cache\n", u32 format, the build stamp (string)
//   u32 N, N x (path, u64 size, u64 fnv1a, u64 murmur): every file the policy was compiled from
//   u64 length, the compiled policy (engine/policy_codec.cpp)
//   u64 murmur hash (std::hash) of everything before
// A hit needs the checksum, the format, and every listed file read again with the same size and
// both hashes; anything else compiles the policy and writes the file again (to a temporary file
// renamed over it, so that a reader never sees half of one).
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <string_view>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/limits.hpp"
#include "engine/policy_codec.hpp"

namespace vigie::engine {
namespace {

constexpr std::string_view kMagic = "vigie-policy-cache\n";
constexpr std::uint32_t kFormat = 3;  // 2: tool maps, mode variants, file classes; 3: case rule
// A cache file larger than this is not read (a policy file is at most 1 MiB; its compiled form
// is a few times that).
constexpr std::size_t kMaxCacheBytes = 64u << 20;

std::uint64_t fnv1a(std::string_view s) {
  std::uint64_t h = 14695981039346656037ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}
std::uint64_t murmur(std::string_view s) {
  return static_cast<std::uint64_t>(std::hash<std::string_view>{}(s));
}

void put_u32(std::string& o, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) o.push_back(static_cast<char>(v >> (8 * i)));
}
void put_u64(std::string& o, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) o.push_back(static_cast<char>(v >> (8 * i)));
}
void put_str(std::string& o, std::string_view s) {
  put_u32(o, static_cast<std::uint32_t>(s.size()));
  o.append(s);
}

struct In {
  std::string_view s;
  std::size_t at = 0;
  bool ok = true;
  std::uint64_t num(int bytes) {
    if (!ok || s.size() - at < static_cast<std::size_t>(bytes)) {
      ok = false;
      return 0;
    }
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i)
      v |= static_cast<std::uint64_t>(static_cast<unsigned char>(s[at++])) << (8 * i);
    return v;
  }
  std::string_view bytes(std::uint64_t n) {
    if (!ok || s.size() - at < n) {
      ok = false;
      return {};
    }
    std::string_view v = s.substr(at, n);
    at += n;
    return v;
  }
};

// Which vigie wrote an entry: the running executable's device, inode, size and modification
// time. A vigie built or installed again (whose compiler may build another policy from the same
// text) never reads an older one's entries. Empty when it cannot be known (no /proc): no cache.
const std::string& build_stamp() {
  static const std::string stamp = [] {
    struct stat st {};
    if (::stat("/proc/self/exe", &st) != 0) return std::string();
    return std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino) + ":" +
           std::to_string(st.st_size) + ":" + std::to_string(st.st_mtim.tv_sec) + "." +
           std::to_string(st.st_mtim.tv_nsec);
  }();
  return stamp;
}

// Only what this user alone can write is trusted: a cache entry another user could have
// written would be a policy of their choosing.
bool private_to_us(const struct stat& st) {
  return st.st_uid == ::geteuid() && (st.st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

bool private_dir(const std::string& dir) {
  struct stat st {};
  return ::stat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && private_to_us(st);
}

bool read_all(const std::string& path, std::string& out) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | O_NOFOLLOW);
  if (fd < 0) return false;
  struct stat st {};
  bool ok = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && private_to_us(st) &&
            static_cast<std::uint64_t>(st.st_size) <= kMaxCacheBytes;
  if (ok) {
    out.resize(static_cast<std::size_t>(st.st_size));
    std::size_t got = 0;
    while (ok && got < out.size()) {
      ssize_t n = ::read(fd, out.data() + got, out.size() - got);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) ok = false;
      if (n > 0) got += static_cast<std::size_t>(n);
    }
  }
  ::close(fd);
  return ok;
}

// What the compile depends on besides file contents: the path as given and, for a relative one,
// the directory it is relative to (the names of included files are derived from it).
std::string key_of(const std::string& path) {
  if (!path.empty() && path[0] == '/') return path;
  char buf[4096];
  if (!::getcwd(buf, sizeof buf)) return {};
  return std::string(buf) + '\0' + path;
}

std::string entry_path(const std::string& dir, std::string key, const CompileOptions& o) {
  key += '\0';
  key += o.check_examples ? '1' : '0';
  key += o.read_files ? '1' : '0';
  char hex[40];
  std::snprintf(hex, sizeof hex, "%016llx%016llx", static_cast<unsigned long long>(fnv1a(key)),
                static_cast<unsigned long long>(murmur(key)));
  return dir + "/" + hex + ".vpc";
}

// The cached policy at `file`, or null (a miss, for any reason).
std::shared_ptr<const Policy::Impl> load(const std::string& file,
                                         std::vector<SourceFile>& sources) {
  std::string data;
  if (!private_dir(file.substr(0, file.rfind('/'))) || !read_all(file, data) ||
      data.size() < kMagic.size() + 8)
    return nullptr;
  std::string_view body(data.data(), data.size() - 8);
  In tail{std::string_view(data).substr(body.size())};
  if (tail.num(8) != murmur(body)) return nullptr;
  In in{body};
  if (in.bytes(kMagic.size()) != kMagic || in.num(4) != kFormat) return nullptr;
  if (in.bytes(in.num(4)) != build_stamp() || !in.ok) return nullptr;
  std::uint64_t n = in.num(4);
  if (!in.ok || n > limits::include_count + 1) return nullptr;
  for (std::uint64_t i = 0; i < n; ++i) {
    std::string name(in.bytes(in.num(4)));
    std::uint64_t size = in.num(8), h1 = in.num(8), h2 = in.num(8);
    if (!in.ok) return nullptr;
    SourceFile src{name, {}};
    std::string error;
    if (!read_policy_file(name, src.text, error) || src.text.size() != size ||
        fnv1a(src.text) != h1 || murmur(src.text) != h2)
      return nullptr;
    sources.push_back(std::move(src));
  }
  std::string_view policy = in.bytes(in.num(8));
  if (!in.ok || in.at != body.size()) return nullptr;
  return PolicyCodec::decode(policy);
}

void mkdirs(const std::string& dir) {
  for (std::size_t i = 1; i <= dir.size(); ++i)
    if (i == dir.size() || dir[i] == '/') ::mkdir(dir.substr(0, i).c_str(), 0700);
}

// Writes the cache entry; any failure leaves no entry (a later call compiles again).
void store(const std::string& dir, const std::string& file, const CompileResult& r) {
  auto encoded = PolicyCodec::encode(r.policy->impl());
  if (!encoded) return;
  std::string out(kMagic);
  put_u32(out, kFormat);
  put_str(out, build_stamp());
  put_u32(out, static_cast<std::uint32_t>(r.sources.size()));
  for (const auto& s : r.sources) {
    put_str(out, s.name);
    put_u64(out, s.text.size());
    put_u64(out, fnv1a(s.text));
    put_u64(out, murmur(s.text));
  }
  put_u64(out, encoded->size());
  out += *encoded;
  put_u64(out, murmur(out));
  mkdirs(dir);
  if (!private_dir(dir)) return;
  std::string tmp = file + ".tmp" + std::to_string(::getpid());
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd < 0) return;
  std::size_t done = 0;
  bool ok = true;
  while (ok && done < out.size()) {
    ssize_t n = ::write(fd, out.data() + done, out.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) ok = false;
    if (n > 0) done += static_cast<std::size_t>(n);
  }
  ok = ::close(fd) == 0 && ok;
  if (!ok || ::rename(tmp.c_str(), file.c_str()) != 0) ::unlink(tmp.c_str());
}

}  // namespace
}  // namespace vigie::engine

namespace vigie {

std::string default_cache_dir() {
  const char* off = std::getenv("VIGIE_NO_CACHE");
  if (off && *off) return {};
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg && xdg[0] == '/') return std::string(xdg) + "/vigie";
  const char* home = std::getenv("HOME");
  if (home && home[0] == '/') return std::string(home) + "/.cache/vigie";
  return {};
}

CompileResult compile_file_cached(const std::string& path, const std::string& cache_dir,
                                  const CompileOptions& options) {
  if (cache_dir.empty() || !options.files.empty() || engine::build_stamp().empty())
    return compile_file(path, options);
  std::string file;
  try {
    std::string key = engine::key_of(path);
    if (key.empty()) return compile_file(path, options);
    file = engine::entry_path(cache_dir, std::move(key), options);
    CompileResult hit;
    if (auto impl = engine::load(file, hit.sources)) {
      hit.policy = std::make_shared<Policy>(std::move(impl));
      return hit;
    }
  } catch (...) {
    file.clear();  // no cache for this call; compile below
  }
  CompileResult r = compile_file(path, options);
  if (r.ok() && !file.empty()) {
    try {
      engine::store(cache_dir, file, r);
    } catch (...) {
      // the cache is an optimization: a failure to write it changes nothing
    }
  }
  return r;
}

}  // namespace vigie
