#include "engine/paths.hpp"

#include <algorithm>
#include <tuple>

#include <re2/re2.h>
#include <re2/set.h>

namespace vigie::engine {

namespace {

// Splits on `/`, skipping empty components. Views point into `s`.
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

Resolved resolve_path(std::string_view path, std::string_view cwd, std::string_view home,
                      const FileSystem* fs) {
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

  // 1. Make it absolute: `~`, `~/x`, relative to cwd.
  std::string absolute;
  if (path[0] == '~') {
    std::size_t slash = path.find('/');
    std::string_view user = path.substr(1, slash == std::string_view::npos ? slash : slash - 1);
    if (!user.empty()) {
      return fail(std::string(path),
                  "`~" + std::string(user) + "`: other users' home folders are unknown");
    }
    if (home.empty() || home[0] != '/') {
      return fail(std::string(path), "`~` with no absolute home folder");
    }
    absolute = std::string(home);
    if (slash != std::string_view::npos) absolute += path.substr(slash);
  } else if (path[0] == '/') {
    absolute = std::string(path);
  } else {
    if (cwd.empty() || cwd[0] != '/') {
      return fail(std::string(path),
                  "relative path `" + std::string(path) + "` with no absolute working folder");
    }
    absolute = std::string(cwd);
    absolute += '/';
    absolute += path;
  }

  // 2. Walk the components like the kernel: a stack of components still to visit (last one
  // first), the resolved prefix so far ("" is the root). A symlink pushes its target's
  // components in front of what remains; an absolute target restarts from the root.
  std::vector<std::string> todo;
  {
    auto comps = split_components(absolute);
    todo.reserve(comps.size());
    for (auto it = comps.rbegin(); it != comps.rend(); ++it) todo.emplace_back(*it);
  }
  std::string resolved;
  resolved.reserve(absolute.size());
  std::size_t budget = absolute.size();  // bytes of path text seen, targets included
  int links = 0;
  while (!todo.empty()) {
    std::string comp = std::move(todo.back());
    todo.pop_back();
    if (comp == ".") continue;
    if (comp == "..") {
      pop_component(resolved);
      continue;
    }
    const std::size_t parent_size = resolved.size();
    resolved += '/';
    resolved += comp;
    if (fs == nullptr) continue;
    std::optional<std::string> target = fs->read_link(resolved);
    if (!target) continue;
    std::string candidate = resolved;  // the link itself, for messages
    resolved.resize(parent_size);      // its target is read from its folder
    if (++links > kMaxSymlinks) {
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
    auto comps = split_components(*target);
    for (auto it = comps.rbegin(); it != comps.rend(); ++it) todo.emplace_back(*it);
  }
  r.path = resolved.empty() ? "/" : std::move(resolved);
  return r;
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
  std::string normalized = lexical_normalize(rule.prefix);
  std::uint32_t node = 0;
  for (std::string_view c : split_components(normalized)) {
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
// Globs
// ---------------------------------------------------------------------------------------------

namespace {

// Appends one byte as an RE2 literal (Latin-1 mode: every byte is one character).
void append_literal(std::string& out, unsigned char c) {
  if (c == 0) {
    out += "\\x00";
  } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
             c == '_' || c >= 0x80) {
    out += static_cast<char>(c);
  } else {
    out += '\\';
    out += static_cast<char>(c);
  }
}

// One component (no `/`) of a glob to RE2 syntax.
bool component_to_regex(std::string_view c, std::string& out, std::string* error) {
  for (std::size_t i = 0; i < c.size(); ++i) {
    char ch = c[i];
    if (ch == '*') {
      while (i + 1 < c.size() && c[i + 1] == '*') ++i;
      out += "[^/]*";
    } else if (ch == '?') {
      out += "[^/]";
    } else if (ch == '\\') {
      if (i + 1 >= c.size()) {
        if (error) *error = "trailing `\\` in glob";
        return false;
      }
      append_literal(out, static_cast<unsigned char>(c[++i]));
    } else if (ch == '[') {
      std::size_t j = i + 1;
      bool negate = false;
      if (j < c.size() && (c[j] == '!' || c[j] == '^')) {
        negate = true;
        ++j;
      }
      std::size_t start = j;
      if (j < c.size() && c[j] == ']') ++j;  // a leading `]` is literal
      while (j < c.size() && c[j] != ']') ++j;
      if (j >= c.size()) {
        if (error) *error = "unterminated `[` in glob";
        return false;
      }
      std::string_view body = c.substr(start, j - start);
      out += negate ? "[^/" : "[";
      for (std::size_t k = 0; k < body.size(); ++k) {
        auto b = static_cast<unsigned char>(body[k]);
        if (b == '-' && k > 0 && k + 1 < body.size()) {
          out += '-';  // a range
        } else if (b == '\\' && k + 1 < body.size()) {
          append_literal(out, static_cast<unsigned char>(body[++k]));
        } else {
          append_literal(out, b);
        }
      }
      out += ']';
      i = j;
    } else {
      append_literal(out, static_cast<unsigned char>(ch));
    }
  }
  return true;
}

}  // namespace

std::optional<GlobRegex> glob_to_regex(std::string_view glob, std::string* error) {
  if (glob.empty()) {
    if (error) *error = "empty glob";
    return std::nullopt;
  }
  GlobRegex g;
  g.basename_only = glob.find('/') == std::string_view::npos;
  bool trailing_slash = glob.size() > 1 && glob.back() == '/';
  std::vector<std::string_view> comps;
  for (std::string_view c : split_components(glob)) {
    if (c == ".") continue;
    if (c == "..") {
      if (error) *error = "`..` in glob (globs are relative to the root and never leave it)";
      return std::nullopt;
    }
    if (c == "**" && !comps.empty() && comps.back() == "**") continue;  // `**/**` is `**`
    comps.push_back(c);
  }
  if (trailing_slash && (comps.empty() || comps.back() != "**")) comps.push_back("**");
  if (comps.empty()) {  // `/`: the root itself and everything below
    g.regex = ".*";
    return g;
  }
  std::string& out = g.regex;
  bool after_globstar = false;  // the previous `**/` already ends with a slash
  for (std::size_t i = 0; i < comps.size(); ++i) {
    bool last = i + 1 == comps.size();
    if (comps[i] == "**") {
      if (last) {
        out += i == 0 ? ".*" : "(?:/.*)?";
      } else {
        if (i > 0 && !after_globstar) out += '/';
        out += "(?:.*/)?";
        after_globstar = true;
      }
      continue;
    }
    if (i > 0 && !after_globstar) out += '/';
    after_globstar = false;
    if (!component_to_regex(comps[i], out, error)) return std::nullopt;
  }
  return g;
}

struct GlobSet::Impl {
  struct Entry {
    std::string glob;
    GlobRegex re;
    std::uint32_t rule;
  };
  std::vector<Entry> entries;
  bool compiled = false;
  std::unique_ptr<re2::RE2::Set> base, anchored;
  std::vector<std::uint32_t> base_rules, anchored_rules;  // set index -> rule
  std::vector<std::uint32_t> all_rules;                   // sorted, unique
};

GlobSet::GlobSet() : impl_(std::make_shared<Impl>()) {}
GlobSet::~GlobSet() = default;
GlobSet::GlobSet(GlobSet&&) noexcept = default;
GlobSet& GlobSet::operator=(GlobSet&&) noexcept = default;
GlobSet::GlobSet(const GlobSet& o) {
  if (!o.impl_ || o.impl_->compiled) {
    impl_ = o.impl_;  // immutable: share
  } else {
    impl_ = std::make_shared<Impl>();
    impl_->entries = o.impl_->entries;
  }
}
GlobSet& GlobSet::operator=(const GlobSet& o) {
  if (this != &o) *this = GlobSet(o);
  return *this;
}

bool GlobSet::compiled() const noexcept {
  return impl_ && impl_->compiled;
}
std::size_t GlobSet::size() const noexcept {
  return impl_ ? impl_->entries.size() : 0;
}
std::vector<std::pair<std::string, std::uint32_t>> GlobSet::globs() const {
  std::vector<std::pair<std::string, std::uint32_t>> out;
  if (impl_)
    for (const auto& e : impl_->entries) out.emplace_back(e.glob, e.rule);
  return out;
}

bool GlobSet::add(std::string_view glob, std::uint32_t rule, std::string* error) {
  if (!impl_) impl_ = std::make_shared<Impl>();
  if (impl_->compiled) {
    if (error) *error = "glob set already compiled";
    return false;
  }
  std::string why;
  auto re = glob_to_regex(glob, &why);
  if (!re) {
    if (error) *error = why + " `" + std::string(glob) + "`";
    return false;
  }
  impl_->entries.push_back({std::string(glob), std::move(*re), rule});
  return true;
}

bool GlobSet::compile(std::string* error) {
  if (!impl_) impl_ = std::make_shared<Impl>();
  Impl& m = *impl_;
  if (m.compiled) return true;
  re2::RE2::Options opts;
  opts.set_encoding(re2::RE2::Options::EncodingLatin1);  // paths are bytes, not always UTF-8
  opts.set_dot_nl(true);
  opts.set_log_errors(false);
  // 64 MiB: RE2's default (8 MiB) is enough for hundreds of globs; a policy with thousands
  // should not fail for lack of DFA memory.
  opts.set_max_mem(static_cast<int64_t>(limits::glob_set_memory_bytes));
  auto base = std::make_unique<re2::RE2::Set>(opts, re2::RE2::ANCHOR_BOTH);
  auto anchored = std::make_unique<re2::RE2::Set>(opts, re2::RE2::ANCHOR_BOTH);
  std::vector<std::uint32_t> base_rules, anchored_rules, all;
  for (const auto& e : m.entries) {
    std::string why;
    auto* set = e.re.basename_only ? base.get() : anchored.get();
    int index = set->Add(re2::StringPiece(e.re.regex.data(), e.re.regex.size()), &why);
    if (index < 0) {
      if (error) *error = "glob `" + e.glob + "`: " + why;
      return false;
    }
    (e.re.basename_only ? base_rules : anchored_rules).push_back(e.rule);
    all.push_back(e.rule);
  }
  if (!base_rules.empty() && !base->Compile()) {
    if (error) *error = "glob set too large to compile";
    return false;
  }
  if (!anchored_rules.empty() && !anchored->Compile()) {
    if (error) *error = "glob set too large to compile";
    return false;
  }
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  m.base = base_rules.empty() ? nullptr : std::move(base);
  m.anchored = anchored_rules.empty() ? nullptr : std::move(anchored);
  m.base_rules = std::move(base_rules);
  m.anchored_rules = std::move(anchored_rules);
  m.all_rules = std::move(all);
  m.compiled = true;
  return true;
}

std::vector<std::uint32_t> GlobSet::match(std::string_view path_relative_to_root,
                                          std::string_view basename, bool* failed) const {
  std::vector<std::uint32_t> out;
  if (failed) *failed = false;
  if (!impl_ || !impl_->compiled) {
    // Matching an uncompiled set is a programming error: fail closed.
    if (failed) *failed = true;
    if (impl_) {
      for (const auto& e : impl_->entries) out.push_back(e.rule);
      std::sort(out.begin(), out.end());
      out.erase(std::unique(out.begin(), out.end()), out.end());
    }
    return out;
  }
  const Impl& m = *impl_;
  auto run = [&](const re2::RE2::Set* set, const std::vector<std::uint32_t>& rules,
                 std::string_view text) {
    if (set == nullptr) return true;
    std::vector<int> hits;
    re2::RE2::Set::ErrorInfo info{};
    if (!set->Match(re2::StringPiece(text.data(), text.size()), &hits, &info)) {
      return info.kind == re2::RE2::Set::kNoError;  // a plain "no match"
    }
    for (int h : hits) out.push_back(rules[static_cast<std::size_t>(h)]);
    return true;
  };
  bool ok = run(m.base.get(), m.base_rules, basename);
  if (ok && !path_relative_to_root.empty()) {
    ok = run(m.anchored.get(), m.anchored_rules, path_relative_to_root);
  }
  if (!ok) {
    if (failed) *failed = true;
    return m.all_rules;
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// ---------------------------------------------------------------------------------------------
// Files run by third parties
// ---------------------------------------------------------------------------------------------

const std::vector<std::pair<std::string, std::string>>& default_third_party_globs() {
  // Order matters only for `third_party_class` (the first match decides); the classes do not
  // overlap today. Globs without `/` match the basename at any depth: a nested Makefile or
  // package.json (monorepos) is run just the same.
  static const auto* const globs = new std::vector<std::pair<std::string, std::string>>{
      // CI configuration.
      {".github/workflows/**", "ci"},
      {".github/actions/**", "ci"},  // composite actions, run by workflows
      {".gitlab-ci.yml", "ci"},
      {".gitlab-ci.yaml", "ci"},
      {".gitlab/ci/**", "ci"},
      {".circleci/**", "ci"},
      {"Jenkinsfile", "ci"},
      {"*.jenkinsfile", "ci"},
      {"azure-pipelines.yml", "ci"},
      {"azure-pipelines.yaml", "ci"},
      {".azure-pipelines/**", "ci"},
      {".travis.yml", "ci"},
      {"bitbucket-pipelines.yml", "ci"},
      {".buildkite/**", "ci"},
      {".drone.yml", "ci"},
      {"appveyor.yml", "ci"},
      {".appveyor.yml", "ci"},
      {".woodpecker.yml", "ci"},
      {".woodpecker/**", "ci"},
      {"cloudbuild.yaml", "ci"},
      {"cloudbuild.yml", "ci"},
      {".ci/**", "ci"},
      // VCS hooks and repository configuration.
      {".git/hooks/**", "vcs"},
      {".git/config", "vcs"},
      {".git/info/**", "vcs"},  // info/attributes, info/exclude
      {".gitattributes", "vcs"},
      {".gitmodules", "vcs"},
      {".husky/**", "vcs"},
      {".githooks/**", "vcs"},
      {".pre-commit-config.yaml", "vcs"},
      {".pre-commit-hooks.yaml", "vcs"},
      {"lefthook.yml", "vcs"},
      {".lefthook.yml", "vcs"},
      {".hg/hgrc", "vcs"},
      // Build scripts.
      {"Makefile", "build"},
      {"makefile", "build"},
      {"GNUmakefile", "build"},
      {"*.mk", "build"},
      {"Makefile.am", "build"},
      {"Makefile.in", "build"},
      {"configure", "build"},
      {"configure.ac", "build"},
      {"CMakeLists.txt", "build"},
      {"*.cmake", "build"},
      {"CMakePresets.json", "build"},
      {"meson.build", "build"},
      {"meson_options.txt", "build"},
      {"BUILD", "build"},
      {"BUILD.bazel", "build"},
      {"WORKSPACE", "build"},
      {"WORKSPACE.bazel", "build"},
      {"MODULE.bazel", "build"},
      {"*.bzl", "build"},
      {".bazelrc", "build"},
      {"build.gradle", "build"},
      {"build.gradle.kts", "build"},
      {"settings.gradle", "build"},
      {"settings.gradle.kts", "build"},
      {"gradlew", "build"},
      {"gradle/wrapper/**", "build"},
      {"pom.xml", "build"},
      {"build.xml", "build"},
      {"build.sbt", "build"},
      {"setup.py", "build"},
      {"setup.cfg", "build"},
      {"build.rs", "build"},
      {"Rakefile", "build"},
      {"justfile", "build"},
      {"Justfile", "build"},
      {"Taskfile.yml", "build"},
      {"Dockerfile", "build"},
      {"*.dockerfile", "build"},
      {"Containerfile", "build"},
      {"SConstruct", "build"},
      {"SConscript", "build"},
      {".envrc", "build"},  // run by direnv on `cd`
      // Dependency manifests.
      {"package.json", "manifest"},
      {".npmrc", "manifest"},  // can redirect the registry
      {".yarnrc", "manifest"},
      {".yarnrc.yml", "manifest"},
      {"Cargo.toml", "manifest"},
      {".cargo/config.toml", "manifest"},
      {".cargo/config", "manifest"},
      {"go.mod", "manifest"},
      {"go.work", "manifest"},
      {"pyproject.toml", "manifest"},
      {"requirements*.txt", "manifest"},
      {"requirements/*.txt", "manifest"},
      {"constraints*.txt", "manifest"},
      {"Pipfile", "manifest"},
      {"environment.yml", "manifest"},
      {"Gemfile", "manifest"},
      {"*.gemspec", "manifest"},
      {"composer.json", "manifest"},
      {"mix.exs", "manifest"},
      {"pubspec.yaml", "manifest"},
      {"Package.swift", "manifest"},
      {"Podfile", "manifest"},
      {"*.csproj", "manifest"},
      {"*.fsproj", "manifest"},
      {"packages.config", "manifest"},
      {"Directory.Packages.props", "manifest"},
      {"Directory.Build.props", "manifest"},
      {"deno.json", "manifest"},
      {"deno.jsonc", "manifest"},
      {"vcpkg.json", "manifest"},
      {"conanfile.txt", "manifest"},
      {"conanfile.py", "manifest"},
      {"flake.nix", "manifest"},
      // Lock files.
      {"package-lock.json", "lock"},
      {"npm-shrinkwrap.json", "lock"},
      {"yarn.lock", "lock"},
      {"pnpm-lock.yaml", "lock"},
      {"pnpm-workspace.yaml", "manifest"},
      {"bun.lockb", "lock"},
      {"bun.lock", "lock"},
      {"Cargo.lock", "lock"},
      {"go.sum", "lock"},
      {"go.work.sum", "lock"},
      {"poetry.lock", "lock"},
      {"Pipfile.lock", "lock"},
      {"uv.lock", "lock"},
      {"pdm.lock", "lock"},
      {"Gemfile.lock", "lock"},
      {"composer.lock", "lock"},
      {"mix.lock", "lock"},
      {"pubspec.lock", "lock"},
      {"Package.resolved", "lock"},
      {"Podfile.lock", "lock"},
      {"packages.lock.json", "lock"},
      {"flake.lock", "lock"},
      {"deno.lock", "lock"},
      {"gradle.lockfile", "lock"},
      {"conan.lock", "lock"},
      {"*.lock", "lock"},
      // Binary files: a diff does not show what changes (seed 004: « les fichiers binaires et
      // les différences au-delà d'un seuil de taille »). Edits whose content is not text, and
      // edits larger than `large-edit`, join this class in engine/decide.cpp. Only with
      // `binary on`: building and cleaning produce binary files all day.
      {"*.png", "binary"},
      {"*.jpg", "binary"},
      {"*.jpeg", "binary"},
      {"*.gif", "binary"},
      {"*.bmp", "binary"},
      {"*.ico", "binary"},
      {"*.webp", "binary"},
      {"*.tiff", "binary"},
      {"*.psd", "binary"},
      {"*.pdf", "binary"},
      {"*.doc", "binary"},
      {"*.docx", "binary"},
      {"*.xls", "binary"},
      {"*.xlsx", "binary"},
      {"*.ppt", "binary"},
      {"*.pptx", "binary"},
      {"*.odt", "binary"},
      {"*.ods", "binary"},
      {"*.zip", "binary"},
      {"*.gz", "binary"},
      {"*.tgz", "binary"},
      {"*.bz2", "binary"},
      {"*.xz", "binary"},
      {"*.zst", "binary"},
      {"*.7z", "binary"},
      {"*.rar", "binary"},
      {"*.tar", "binary"},
      {"*.jar", "binary"},
      {"*.war", "binary"},
      {"*.whl", "binary"},
      {"*.deb", "binary"},
      {"*.rpm", "binary"},
      {"*.exe", "binary"},
      {"*.dll", "binary"},
      {"*.so", "binary"},
      {"*.dylib", "binary"},
      {"*.a", "binary"},
      {"*.o", "binary"},
      {"*.obj", "binary"},
      {"*.lib", "binary"},
      {"*.bin", "binary"},
      {"*.class", "binary"},
      {"*.pyc", "binary"},
      {"*.pyo", "binary"},
      {"*.wasm", "binary"},
      {"*.node", "binary"},
      {"*.sqlite", "binary"},
      {"*.sqlite3", "binary"},
      {"*.db", "binary"},
      {"*.mdb", "binary"},
      {"*.woff", "binary"},
      {"*.woff2", "binary"},
      {"*.ttf", "binary"},
      {"*.otf", "binary"},
      {"*.eot", "binary"},
      {"*.mp3", "binary"},
      {"*.mp4", "binary"},
      {"*.wav", "binary"},
      {"*.ogg", "binary"},
      {"*.webm", "binary"},
      {"*.mov", "binary"},
      {"*.avi", "binary"},
  };
  return *globs;
}

namespace {

const GlobSet& default_third_party_set() {
  // Built once; immutable afterwards. (Function-local statics are thread-safe natively; the
  // WASM build has no threads.)
  static const GlobSet* const set = [] {
    auto* s = new GlobSet();
    const auto& globs = default_third_party_globs();
    for (std::size_t i = 0; i < globs.size(); ++i) {
      s->add(globs[i].first, static_cast<std::uint32_t>(i));
    }
    s->compile();
    return s;
  }();
  return *set;
}

}  // namespace

std::optional<std::string> third_party_class(std::string_view path_relative_to_project) {
  // Normalize: `./a//b/` -> `a/b`. `..` cannot leave the project here (clamped at the root).
  std::string rel = lexical_normalize(path_relative_to_project);
  if (rel == "/") return std::nullopt;
  rel.erase(0, 1);
  bool failed = false;
  auto hits = default_third_party_set().match(rel, basename_of(rel), &failed);
  if (hits.empty()) return std::nullopt;
  return default_third_party_globs()[hits.front()].second;  // lowest index: first in the list
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

std::string_view basename_of(std::string_view normalized_path) {
  while (normalized_path.size() > 1 && normalized_path.back() == '/') {
    normalized_path.remove_suffix(1);
  }
  std::size_t slash = normalized_path.rfind('/');
  if (slash == std::string_view::npos) return normalized_path;
  return normalized_path.substr(slash + 1);
}

}  // namespace vigie::engine
