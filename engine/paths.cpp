// Paths (engine/paths.hpp): resolution (`~`, `.`, `..`, symlinks), the prefix-rule table, the
// project root. Globs are in engine/globs.cpp, the files run by third parties in
// engine/third_party.cpp.
#include "engine/paths.hpp"

#include <algorithm>
#include <deque>
#include <tuple>
#include <typeinfo>

#include "engine/fs.hpp"
#include "engine/fs_decision.hpp"

namespace vigie::engine {

std::vector<std::string_view> split_components(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == '/') ++i;
    std::size_t j = i;
    while (j < s.size() && s[j] != '/') ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

namespace {

// Drops the last component of a normalized path held as "" (root) or "/a/b".
void pop_component(std::string& resolved) {
  std::size_t slash = resolved.rfind('/');
  resolved.resize(slash == std::string::npos ? 0 : slash);
}

// Whether a path needs `lexical_normalize` before a component walk: not absolute, `//`, a `.`
// or `..` component, or a trailing slash.
bool needs_normalize(std::string_view p) {
  if (p.empty() || p[0] != '/') return true;
  if (p.size() > 1 && p.back() == '/') return true;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] != '/') continue;
    std::string_view rest = p.substr(i + 1);
    if (rest.empty()) break;
    if (rest[0] == '/') return true;
    if (rest[0] == '.') {
      if (rest.size() == 1 || rest[1] == '/') return true;
      if (rest[1] == '.' && (rest.size() == 2 || rest[2] == '/')) return true;
    }
  }
  return false;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------------------------------

std::string lexical_normalize(std::string_view absolute_path) {
  if (!needs_normalize(absolute_path)) return std::string(absolute_path);
  std::vector<std::string_view> stack;
  for (std::string_view c : split_components(absolute_path)) {
    if (c == ".") continue;
    if (c == "..") {
      if (!stack.empty()) stack.pop_back();
      continue;
    }
    stack.push_back(c);
  }
  if (stack.empty()) return "/";
  std::string out;
  out.reserve(absolute_path.size() + 1);
  for (std::string_view c : stack) {
    out += '/';
    out += c;
  }
  return out;
}

bool is_component_prefix(std::string_view prefix, std::string_view path) {
  while (!prefix.empty() && prefix.back() == '/') prefix.remove_suffix(1);
  if (prefix.empty()) return !path.empty() && path[0] == '/';  // the root covers everything
  if (path.size() < prefix.size() || path.substr(0, prefix.size()) != prefix) return false;
  return path.size() == prefix.size() || path[prefix.size()] == '/';
}

std::size_t path_depth(std::string_view normalized_path) {
  return split_components(normalized_path).size();
}

namespace {

Resolved resolve_impl(std::string_view path, std::string_view cwd, std::string_view home,
                      const FileSystem* fs, bool cwd_resolved, ResolveBudget* steps) {
  Resolved r;
  auto fail = [&r](std::string guess, std::string why) {
    r.ok = false;
    r.path = std::move(guess);
    r.error = std::move(why);
    return r;
  };
  if (path.size() + cwd.size() + home.size() > kMaxPathBytes) {
    return fail(std::string(path.substr(0, 256)), "path too long (over 64 KiB)");
  }
  if (path.empty()) return fail("", "empty path");
  // The kernel stops at a NUL byte, so `/srv/proj/ok\0/../../etc` would not be what we judge.
  for (std::string_view s : {path, cwd, home}) {
    if (s.find('\0') != std::string_view::npos) {
      return fail(lexical_normalize(path.substr(0, path.find('\0'))), "path contains a NUL byte");
    }
  }

  // 1. Make it absolute: `~`, `~/x`, relative to cwd. An absolute path is only viewed.
  std::string built;
  std::string_view absolute;
  if (path[0] == '~') {
    std::size_t slash = path.find('/');
    std::string_view user = path.substr(1, slash == std::string_view::npos ? slash : slash - 1);
    if (user == "+" && !cwd.empty() && cwd[0] == '/') {
      // `~+` is bash's $PWD: the folder the command runs in.
      built.reserve(cwd.size() + path.size());
      built = cwd;
      if (slash != std::string_view::npos) built += path.substr(slash);
      absolute = built;
    } else if (!user.empty()) {
      return fail(std::string(path),
                  "`~" + std::string(user) + "`: other users' home folders are unknown");
    } else {
      if (home.empty() || home[0] != '/') {
        return fail(std::string(path), "`~` with no absolute home folder");
      }
      built.reserve(home.size() + path.size());
      built = home;
      if (slash != std::string_view::npos) built += path.substr(slash);
      absolute = built;
    }
  } else if (path[0] == '/') {
    absolute = path;
  } else {
    if (cwd.empty() || cwd[0] != '/') {
      return fail(std::string(path),
                  "relative path `" + std::string(path) + "` with no absolute working folder");
    }
    built.reserve(cwd.size() + 1 + path.size());
    built = cwd;
    built += '/';
    built += path;
    absolute = built;
  }

  // No filesystem, or a declared one without links: the lexical steps are the whole work.
  if (fs == nullptr || fs_without_links(fs)) {
    if (needs_normalize(absolute))
      r.path = lexical_normalize(absolute);
    else if (!built.empty())
      r.path = std::move(built);  // `absolute` views it
    else
      r.path = absolute;
    return r;
  }

  // 2. Walk the components like the kernel: `rest` is the text still to walk (a view into
  // `absolute` or a link's target), `pending` what remains of the texts it interrupted; the
  // resolved prefix so far is in `resolved` ("" is the root). A symlink's target is walked
  // before what remains; an absolute target restarts from the root. Targets are kept in a
  // deque: views into them stay valid. No allocation until a link is met.
  const VirtualFileSystem* vfs = as_virtual(fs);
  const DecisionFileSystem* dfs = vfs || typeid(*fs) != typeid(DecisionFileSystem)
                                      ? nullptr
                                      : static_cast<const DecisionFileSystem*>(fs);
  std::string_view rest = absolute;
  std::vector<std::string_view> pending;
  std::deque<std::string> targets;
  std::string resolved;
  resolved.reserve(absolute.size());
  // A relative path under a folder already resolved: that folder is the resolved prefix, only
  // the path's own components are walked (`..` climbs the folder's physical parents, as the
  // kernel's would from that working folder).
  if (cwd_resolved && path[0] != '~' && path[0] != '/') {
    resolved = cwd == "/" ? std::string_view() : cwd;
    rest = path;
  }
  std::size_t budget = absolute.size();  // bytes of path text seen, targets included
  int links = 0;
  // With a declared filesystem: the length of a resolved prefix under which no link is
  // declared (npos: none known). Deeper components need no look-up until `..` climbs above it.
  std::size_t clean = std::string::npos;
  // The length of a resolved prefix that is missing or not a folder (npos: none): nothing below
  // it can be a link (the kernel's walk stops there), so deeper components are not looked up
  // (a path of 30,000 components is walked in linear time) until `..` climbs above it.
  std::size_t dead = std::string::npos;
  // The request's budget, checked before each step: spent, the path is not resolved.
  auto spent = [&] {
    r.over_budget = true;
    return fail(lexical_normalize(absolute), "the request's paths need more than " +
                                                 std::to_string(limits::path_steps) +
                                                 " steps to resolve");
  };
  if (steps && steps->left == 0) return spent();
  for (;;) {
    std::size_t b = rest.find_first_not_of('/');
    if (b == std::string_view::npos) {
      if (pending.empty()) break;
      rest = pending.back();
      pending.pop_back();
      continue;
    }
    std::size_t e = std::min(rest.find('/', b), rest.size());
    std::string_view comp = rest.substr(b, e - b);
    rest.remove_prefix(e);
    if (steps) {
      if (steps->left == 0) return spent();
      --steps->left;
    }
    if (comp == ".") continue;
    if (comp == "..") {
      pop_component(resolved);
      if (clean != std::string::npos && resolved.size() < clean) clean = std::string::npos;
      if (dead != std::string::npos && resolved.size() < dead) dead = std::string::npos;
      continue;
    }
    const std::size_t parent_size = resolved.size();
    resolved += '/';
    resolved += comp;
    std::optional<std::string> read;
    const std::string* target = nullptr;
    if (vfs) {
      if (clean != std::string::npos) continue;
      if (!vfs->links_at_or_below(resolved)) {
        clean = resolved.size();
        continue;
      }
      target = vfs->link_at(resolved);
    } else if (dead != std::string::npos) {
      continue;
    } else if (dfs) {
      const RealEntry& e = dfs->entry(resolved);
      if (e.kind == RealEntry::Kind::link)
        target = &e.target;
      else if (e.kind != RealEntry::Kind::folder)
        dead = resolved.size();
    } else {
      read = fs->read_link(resolved);
      if (read) target = &*read;
    }
    if (!target) continue;
    std::string candidate = resolved;  // the link itself, for messages
    resolved.resize(parent_size);      // its target is read from its folder
    clean = std::string::npos;
    if (++links > kMaxSymlinks) {
      r.symlink_limit = true;
      return fail(lexical_normalize(absolute), "too many levels of symbolic links resolving `" +
                                                   std::string(path) + "` (more than " +
                                                   std::to_string(kMaxSymlinks) + ")");
    }
    if (target->empty()) {
      return fail(lexical_normalize(absolute),
                  "symbolic link `" + candidate + "` has an empty target");
    }
    budget += target->size();
    if (budget > kMaxPathBytes) {
      return fail(lexical_normalize(absolute),
                  "symbolic links resolving `" + std::string(path) + "` expand past 64 KiB");
    }
    r.symlinks_followed.push_back(candidate + " -> " + *target);
    if ((*target)[0] == '/') resolved.clear();
    if (rest.find_first_not_of('/') != std::string_view::npos) pending.push_back(rest);
    rest = targets.emplace_back(*target);
  }
  r.path = resolved.empty() ? "/" : std::move(resolved);
  return r;
}

}  // namespace

Resolved resolve_path(std::string_view path, std::string_view cwd, std::string_view home,
                      const FileSystem* fs, ResolveBudget* steps) {
  return resolve_impl(path, cwd, home, fs, false, steps);
}

Resolved resolve_path_in(std::string_view path, std::string_view resolved_cwd,
                         std::string_view home, const FileSystem* fs, ResolveBudget* steps) {
  return resolve_impl(path, resolved_cwd, home, fs, true, steps);
}

// ---------------------------------------------------------------------------------------------
// Prefix rules
// ---------------------------------------------------------------------------------------------

struct PathTable::Node {
  struct Entry {
    Effect effect;
    Access access;
    std::uint32_t rule;
  };
  // Children by component name. std::less<> allows lookup by string_view.
  std::map<std::string, std::uint32_t, std::less<>> children;
  std::vector<Entry> rules;
};

namespace {

// deny/ask apply on any shared access bit; allow only when it covers the whole request.
bool applies(Effect effect, Access rule_access, Access requested) {
  auto r = static_cast<std::uint8_t>(rule_access);
  auto q = static_cast<std::uint8_t>(requested);
  if (effect == Effect::allow) return (r & q) == q;
  return (r & q) != 0;
}

// a beats b: more restrictive, then lower rule index (depth is compared by the caller).
bool beats(const PathMatch& a, const PathMatch& b) {
  if (a.effect != b.effect) return a.effect > b.effect;
  return a.rule < b.rule;
}

}  // namespace

PathTable::PathTable() : nodes_(1) {}
PathTable::~PathTable() = default;
PathTable::PathTable(PathTable&&) noexcept = default;
PathTable& PathTable::operator=(PathTable&&) noexcept = default;
PathTable::PathTable(const PathTable&) = default;
PathTable& PathTable::operator=(const PathTable&) = default;

bool PathTable::add(PathRule rule) {
  if (rule.prefix.empty() || rule.prefix[0] != '/') return false;
  if (nodes_.empty()) nodes_.resize(1);  // a moved-from table
  std::string normalized;
  std::string_view path = rule.prefix;
  if (needs_normalize(path)) path = normalized = lexical_normalize(path);
  std::uint32_t node = 0;
  for (std::size_t b = 1; b < path.size();) {
    std::size_t e = std::min(path.find('/', b), path.size());
    std::string_view c = path.substr(b, e - b);
    b = e + 1;
    auto it = nodes_[node].children.find(c);
    if (it == nodes_[node].children.end()) {
      auto next = static_cast<std::uint32_t>(nodes_.size());
      nodes_[node].children.emplace(std::string(c), next);
      nodes_.emplace_back();
      node = next;
    } else {
      node = it->second;
    }
  }
  nodes_[node].rules.push_back({rule.effect, rule.access, rule.rule});
  ++size_;
  return true;
}

std::optional<PathMatch> PathTable::lookup(std::string_view resolved_path, Access access) const {
  if (nodes_.empty()) return std::nullopt;
  std::string normalized;
  if (needs_normalize(resolved_path)) {
    normalized = lexical_normalize(resolved_path);
    resolved_path = normalized;
  }
  std::optional<PathMatch> best;
  auto visit = [&](const Node& n, std::size_t depth) {
    std::optional<PathMatch> here;
    for (const auto& e : n.rules) {
      if (!applies(e.effect, e.access, access)) continue;
      PathMatch m{e.effect, e.rule, depth};
      if (!here || beats(m, *here)) here = m;
    }
    if (here) best = here;  // deeper always wins
  };
  std::uint32_t node = 0;
  std::size_t depth = 0;
  visit(nodes_[0], 0);
  std::size_t i = 0;
  const std::string_view p = resolved_path;
  while (i < p.size()) {
    while (i < p.size() && p[i] == '/') ++i;
    std::size_t j = i;
    while (j < p.size() && p[j] != '/') ++j;
    if (j == i) break;
    const auto& children = nodes_[node].children;
    auto it = children.find(p.substr(i, j - i));
    if (it == children.end()) break;
    node = it->second;
    ++depth;
    visit(nodes_[node], depth);
    i = j;
  }
  return best;
}

std::vector<PathMatch> PathTable::all_matches(std::string_view resolved_path, Access access) const {
  std::vector<PathMatch> out;
  if (nodes_.empty()) return out;
  std::string normalized = lexical_normalize(resolved_path);
  std::uint32_t node = 0;
  std::size_t depth = 0;
  auto collect = [&](const Node& n) {
    for (const auto& e : n.rules) {
      if (applies(e.effect, e.access, access)) out.push_back({e.effect, e.rule, depth});
    }
  };
  collect(nodes_[0]);
  for (std::string_view c : split_components(normalized)) {
    auto it = nodes_[node].children.find(c);
    if (it == nodes_[node].children.end()) break;
    node = it->second;
    ++depth;
    collect(nodes_[node]);
  }
  std::sort(out.begin(), out.end(), [](const PathMatch& a, const PathMatch& b) {
    if (a.depth != b.depth) return a.depth > b.depth;
    return beats(a, b);
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Project root
// ---------------------------------------------------------------------------------------------

std::optional<std::string> find_git_root(std::string_view cwd, const FileSystem* fs) {
  if (fs == nullptr || cwd.empty()) return std::nullopt;
  Resolved r = resolve_path(cwd, "/", "", fs);
  std::string dir = r.ok ? r.path : lexical_normalize(cwd);
  for (;;) {
    std::string probe = dir == "/" ? "/.git" : dir + "/.git";
    if (fs->exists(probe)) return dir;
    if (dir == "/") return std::nullopt;
    pop_component(dir);
    if (dir.empty()) dir = "/";
  }
}

std::optional<std::string> relative_to(std::string_view root, std::string_view path) {
  if (!is_component_prefix(root, path)) return std::nullopt;
  while (!root.empty() && root.back() == '/') root.remove_suffix(1);
  if (path.size() == root.size()) return std::string();
  return std::string(path.substr(root.size() + 1));
}

std::string fold_ascii_case(std::string_view s) {
  std::string out(s);
  fold_ascii_case_in_place(out);
  return out;
}

std::string_view basename_of(std::string_view normalized_path) {
  while (normalized_path.size() > 1 && normalized_path.back() == '/') {
    normalized_path.remove_suffix(1);
  }
  std::size_t slash = normalized_path.rfind('/');
  if (slash == std::string_view::npos) return normalized_path;
  return normalized_path.substr(slash + 1);
}

}  // namespace vigie::engine
