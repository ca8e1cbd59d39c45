// The folders the shell lists when it expands a glob (engine/programs.hpp, `glob_listings`):
// bash reads each folder a pattern's component is matched in (`~/.ssh/*` lists `~/.ssh`,
// whatever the command then does with the names: `echo ~/.ssh/*` prints them). A pattern keeps
// its quoted glob bytes escaped with `\` (grammar/shell/plain_view.cpp).
#include <string>
#include <string_view>
#include <vector>

#include "engine/glob_meet.hpp"
#include "engine/programs.hpp"
#include "engine/variable_paths.hpp"
#include "grammar/limits.hpp"

namespace vigie::engine {

namespace {

// Whether `s` holds an unescaped `*`, `?` or `[`.
bool has_glob_byte(std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\') {
      ++i;
    } else if (s[i] == '*' || s[i] == '?' || s[i] == '[') {
      return true;
    }
  }
  return false;
}

// `s` without its escapes (a pattern without globs is a path).
std::string unescaped(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) ++i;
    out += s[i];
  }
  return out;
}

// `$HOME/.ssh/*`, `"$PWD"/x/*`: a word rooted at a variable the judge reads
// (engine/variable_paths.hpp) lists the folder before its first glob, as the same text.
void rooted_listing(const shell::WordView& w, std::vector<FileEffect>& out) {
  const std::size_t glob = w.text.find_first_of("*?[");
  const std::size_t slash = w.text.rfind('/', glob);
  if (glob == std::string::npos || slash == std::string::npos) return;
  std::string prefix = w.text.substr(0, slash);
  if (!variable_rooted(prefix)) return;
  shell::WordView folder;
  folder.text = std::move(prefix);
  folder.has_expansion = true;
  folder.span = w.span;
  out.push_back({Touch::read, std::move(folder), From::operand, std::string(kGlobExpansion)});
  out.back().named = true;
}

// The listed folders of one glob word: the parent of each component that holds a glob. False
// past limits::glob_listing_levels (checked before each parent is built).
bool listings_of(const shell::WordView& w, std::vector<FileEffect>& out) {
  if (w.has_brace && !w.pattern && !w.has_expansion) {
    // `~/{.ssh,.aws}/*`, `{a,~/.ssh/*}`: each word of the expansion (bounded by brace_expand).
    bool within = true;
    if (auto alts = brace_expand(w.text))
      for (auto& a : *alts) {
        if (a.find_first_of("*?[") == std::string::npos) continue;
        shell::WordView alt = synthesized(w, std::move(a), 0);
        alt.literal.reset();
        alt.has_glob = true;
        within = listings_of(alt, out) && within;
      }
    return within;
  }
  if (!w.has_glob) return true;
  if (!w.pattern) {
    rooted_listing(w, out);
    return true;
  }
  const std::string& p = *w.pattern;
  std::size_t start = 0;  // the current component's first byte
  std::size_t levels = 0;
  while (start <= p.size() && out.size() <= limits::judged_paths) {
    std::size_t end = p.find('/', start);
    if (end == std::string::npos) end = p.size();
    if (has_glob_byte(std::string_view(p).substr(start, end - start))) {
      if (start > limits::cwd_bytes) return true;  // past PATH_MAX the kernel lists nothing
      if (++levels > limits::glob_listing_levels) return false;
      // The folder it is matched in: what comes before it (`.` for the first, `/` at the root).
      std::string parent = start == 0 ? "." : start == 1 ? "/" : p.substr(0, start - 1);
      const bool glob = has_glob_byte(parent);
      shell::WordView folder = synthesized(w, glob ? parent : unescaped(parent), 0);
      folder.has_glob = glob;
      if (glob) folder.literal.reset();
      out.push_back({Touch::read, std::move(folder), From::operand, std::string(kGlobExpansion)});
      out.back().named = true;
    }
    start = end + 1;
  }
  return true;
}

}  // namespace

bool glob_listings(const std::vector<shell::WordView>& words,
                   const std::vector<shell::RedirectView>& redirects,
                   std::vector<FileEffect>& out) {
  bool within = true;
  for (const auto& w : words) {
    if (out.size() > limits::judged_paths) return within;
    if (w.has_glob || w.has_brace) within = listings_of(w, out) && within;
  }
  for (const auto& r : redirects) {
    if (out.size() > limits::judged_paths) return within;
    if ((r.target.has_glob || r.target.has_brace) && r.op != "<<" && r.op != "<<-" && r.op != "<<<")
      within = listings_of(r.target, out) && within;
  }
  return within;
}

}  // namespace vigie::engine
