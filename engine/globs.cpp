// Globs (engine/paths.hpp): a glob to RE2 syntax, and the glob set that matches a path against
// every glob of a policy at once (one RE2::Set pass).
#include <algorithm>

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

}  // namespace vigie::engine
