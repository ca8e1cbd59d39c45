// Globs (engine/paths.hpp): a glob to RE2 syntax, and the glob set that matches a path against
// every glob of a policy at once (one RE2::Set pass).
#include <algorithm>
#include <atomic>
#include <memory>
#include <unordered_map>

#include <re2/re2.h>
#include <re2/set.h>

#include "engine/paths.hpp"

namespace vigie::engine {

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

namespace {

// Hashes std::string and std::string_view alike (look-ups by view, no copy).
struct ViewHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const noexcept {
    return std::hash<std::string_view>{}(s);
  }
};

// One component of a simple glob: `head` alone (literal), or `head*tail`; `*` never spans `/`.
struct Last {
  std::string head, tail;
  bool star = false;
  std::uint32_t rule = 0;
  bool matches(std::string_view name) const {
    if (!star) return name == head;
    return name.size() >= head.size() + tail.size() && name.starts_with(head) &&
           name.ends_with(tail) && name.find('/') == std::string_view::npos;
  }
};

bool has_wildcard(std::string_view s) {
  return s.find_first_of("*?[\\") != std::string_view::npos;
}

// A component that is a literal or has one `*` and no other wildcard: as a Last.
std::optional<Last> simple_component(std::string_view c, std::uint32_t rule) {
  auto star = c.find('*');
  if (star == std::string_view::npos) {
    if (has_wildcard(c)) return std::nullopt;
    return Last{std::string(c), "", false, rule};
  }
  std::string_view head = c.substr(0, star), tail = c.substr(star + 1);
  if (has_wildcard(head) || has_wildcard(tail)) return std::nullopt;
  return Last{std::string(head), std::string(tail), true, rule};
}

}  // namespace

// The globs of a set are answered two ways: simple globs (a literal name, `head*tail`,
// `dir/name`, `dir/head*tail`, `dir/**`: most policies' and the third-party list's) by hashed
// look-ups, the others by two RE2::Set (basename globs, anchored globs). Both give the rules the
// glob's regex (glob_to_regex) would: the differential test is in engine/globs_test.cpp.
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
  // The same globs with their ASCII letters folded, built on first use (case_folded) and owned
  // here. Set once, without a lock: two threads may both build it, the first to publish wins.
  mutable std::atomic<GlobSet*> folded{nullptr};
  Impl() = default;
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;
  ~Impl() { delete folded.load(); }

  // Simple basename globs in a trie of their tails read backwards (the last character first):
  // one walk of the name finds every literal and `head*tail` glob that can match it.
  struct TailNode {
    std::vector<std::pair<char, std::uint32_t>> next;
    std::vector<Last> lasts;  // a literal's `head` is the whole name (its tail is "")
  };
  std::vector<TailNode> tails;
  // Simple anchored globs: by folder ("" is the root) with their last component, and
  // `dir/**` by folder (the folder itself and everything below).
  std::unordered_map<std::string, std::vector<Last>, ViewHash, std::equal_to<>> by_folder;
  std::unordered_map<std::string, std::vector<std::uint32_t>, ViewHash, std::equal_to<>> below;

  // Whether the glob was indexed as simple (else it goes to an RE2 set).
  bool add_simple(std::string_view glob, bool basename_only, std::uint32_t rule);
  void add_tail(const Last& l);
  void match_simple(std::string_view rel, std::string_view basename,
                    std::vector<std::uint32_t>& out) const;
};

void GlobSet::Impl::add_tail(const Last& l) {
  if (tails.empty()) tails.emplace_back();
  // A literal is indexed by its whole text, a `head*tail` by its tail.
  std::string_view key = l.star ? std::string_view(l.tail) : std::string_view(l.head);
  std::uint32_t node = 0;
  for (auto it = key.rbegin(); it != key.rend(); ++it) {
    auto& next = tails[node].next;
    auto f = std::find_if(next.begin(), next.end(), [&](const auto& e) { return e.first == *it; });
    if (f != next.end()) {
      node = f->second;
      continue;
    }
    auto child = static_cast<std::uint32_t>(tails.size());
    tails[node].next.emplace_back(*it, child);
    tails.emplace_back();
    node = child;
  }
  tails[node].lasts.push_back(l);
}

bool GlobSet::Impl::add_simple(std::string_view glob, bool basename_only, std::uint32_t rule) {
  if (basename_only) {
    if (glob == "." || glob == "..") return false;
    auto l = simple_component(glob, rule);
    if (!l) return false;
    add_tail(*l);
    return true;
  }
  // Anchored: literal folders, then a simple last component or `**`; no `.`, `..` or `**`
  // elsewhere (glob_to_regex's other cases stay with RE2).
  bool trailing_slash = glob.size() > 1 && glob.back() == '/';
  auto comps = split_components(glob);
  if (comps.empty()) return false;
  for (auto c : comps)
    if (c == "." || c == "..") return false;
  bool is_below = trailing_slash || comps.back() == "**";
  if (trailing_slash && comps.back() == "**") return false;  // `a/**/`: leave it to RE2
  std::size_t folders = is_below && !trailing_slash ? comps.size() - 1 : comps.size();
  if (!is_below) --folders;  // the last component is the name
  if (is_below && folders == 0) return false;
  std::string dir;
  for (std::size_t i = 0; i < folders; ++i) {
    if (comps[i] == "**" || has_wildcard(comps[i])) return false;
    if (!dir.empty()) dir += '/';
    dir += comps[i];
  }
  if (is_below) {
    below[dir].push_back(rule);
    return true;
  }
  auto l = simple_component(comps.back(), rule);
  if (!l) return false;
  by_folder[dir].push_back(*l);
  return true;
}

void GlobSet::Impl::match_simple(std::string_view rel, std::string_view basename,
                                 std::vector<std::uint32_t>& out) const {
  // A basename glob has no `/`: a "basename" with one matches none of them.
  if (!tails.empty() && basename.find('/') == std::string_view::npos) {
    std::uint32_t node = 0;
    for (std::size_t depth = 0;; ++depth) {
      for (const Last& l : tails[node].lasts)
        if (l.star ? l.matches(basename) : depth == basename.size()) out.push_back(l.rule);
      if (depth == basename.size()) break;
      char c = basename[basename.size() - 1 - depth];
      const auto& next = tails[node].next;
      auto f = std::find_if(next.begin(), next.end(), [&](const auto& e) { return e.first == c; });
      if (f == next.end()) break;
      node = f->second;
    }
  }
  if (rel.empty()) return;
  if (!below.empty()) {
    // Every folder of `rel` and `rel` itself.
    for (std::size_t i = 0; i <= rel.size(); ++i) {
      if (i < rel.size() && rel[i] != '/') continue;
      auto it = below.find(rel.substr(0, i));
      if (it != below.end()) out.insert(out.end(), it->second.begin(), it->second.end());
    }
  }
  if (!by_folder.empty()) {
    auto slash = rel.rfind('/');
    std::string_view dir =
        slash == std::string_view::npos ? std::string_view() : rel.substr(0, slash);
    std::string_view name = slash == std::string_view::npos ? rel : rel.substr(slash + 1);
    auto it = by_folder.find(dir);
    if (it != by_folder.end())
      for (const Last& l : it->second)
        if (l.matches(name)) out.push_back(l.rule);
  }
}

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
    all.push_back(e.rule);
    if (m.add_simple(e.glob, e.re.basename_only, e.rule)) continue;
    std::string why;
    auto* set = e.re.basename_only ? base.get() : anchored.get();
    int index = set->Add(re2::StringPiece(e.re.regex.data(), e.re.regex.size()), &why);
    if (index < 0) {
      if (error) *error = "glob `" + e.glob + "`: " + why;
      return false;
    }
    (e.re.basename_only ? base_rules : anchored_rules).push_back(e.rule);
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

const GlobSet& GlobSet::case_folded() const {
  if (!impl_) return *this;  // moved from: no globs to fold
  const Impl& m = *impl_;
  if (GlobSet* f = m.folded.load(std::memory_order_acquire)) return *f;
  auto f = std::make_unique<GlobSet>();
  bool ok = true;
  for (const auto& e : m.entries) ok = f->add(fold_ascii_case(e.glob), e.rule) && ok;
  // A glob that no longer adds or compiles leaves the set uncompiled: `match` then returns every
  // rule of it (fail closed).
  if (ok && m.compiled) f->compile();
  GlobSet* expected = nullptr;
  if (m.folded.compare_exchange_strong(expected, f.get(), std::memory_order_acq_rel))
    return *f.release();
  return *expected;  // another thread published its copy first
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
  m.match_simple(path_relative_to_root, basename, out);
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

}  // namespace vigie::engine
