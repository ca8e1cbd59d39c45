// git's object names and pathspec magic where a path is expected (engine/program_git.cpp):
// `REV:PATH` names PATH as a revision holds it (`git show HEAD:.env`, value role `j`:
// `git config --blob HEAD:.env`), and a pathspec written with magic (`:(glob)tests/**`,
// `:!src`, `:/`, `:(top)x`) selects paths its text does not spell.
#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/program_handlers.hpp"

namespace vigie::engine {

using shell::WordView;

std::optional<std::string_view> git_object_path(std::string_view v) {
  const auto colon = v.find(':');
  if (v.empty() || v[0] == '-' || colon == std::string_view::npos || v.starts_with(":/"))
    return std::nullopt;
  std::string_view path = v.substr(colon + 1);
  if (colon == 0 && path.size() >= 2 && path[0] >= '0' && path[0] <= '3' && path[1] == ':')
    path.remove_prefix(2);  // `:2:PATH`, a stage of the index
  return path;
}

bool git_top_relative(std::string_view path) {
  return !path.starts_with("./") && !path.starts_with("../") && path != "." && path != "..";
}

void git_object_value(const WordView& val, ProgramEffects& out, const std::string& entry) {
  if (!val.literal) {
    add_word_file(out, Touch::read, val, From::option, entry);
    return;
  }
  if (auto path = git_object_path(*val.literal); path && !path->empty()) {
    const std::size_t at = out.files.size();
    add_word_file(out, Touch::read, word_of(val, std::string(*path)), From::option, entry);
    if (out.files.size() > at) out.files.back().top_relative = git_top_relative(*path);
  }
}

bool git_branch_like(std::string_view s) {
  static constexpr std::string_view kNames[] = {
      "main", "master",     "trunk", "develop", "development", "dev",    "stable",
      "next", "production", "prod",  "staging", "release",     "latest", "gh-pages"};
  static constexpr std::string_view kPrefixes[] = {"tags/",    "heads/",  "remotes/", "release/",
                                                   "feature/", "hotfix/", "bugfix/"};
  if (std::find(std::begin(kNames), std::end(kNames), s) != std::end(kNames)) return true;
  for (const auto p : kPrefixes)
    if (s.starts_with(p)) return true;
  // A version tag: `v1.2`, `1.2.3`, `v2.0.0-rc1`.
  const std::string_view t = s.starts_with('v') || s.starts_with('V') ? s.substr(1) : s;
  return !t.empty() && t[0] >= '0' && t[0] <= '9' && t.find('.') != std::string_view::npos &&
         t.find('/') == std::string_view::npos;
}

bool git_all_patches(const std::vector<WordView>& w, std::size_t from, std::size_t to) {
  bool all = false, patch = false;
  for (std::size_t k = from; k < to && k < w.size(); ++k) {
    if (!w[k].literal) continue;
    const std::string_view x = *w[k].literal;
    if (x.size() < 2 || x[0] != '-') continue;
    if (x[1] == '-') {
      all = all || x == "--all" || x == "--reflog" || x.starts_with("--branches") ||
            x.starts_with("--remotes") || x.starts_with("--tags") || x.starts_with("--glob=");
      patch = patch || x.starts_with("--patch") || x.starts_with("--unified") || x == "--cc" ||
              x.starts_with("--pickaxe") || x.starts_with("--find-object");
    } else {
      patch = patch || x.find_first_of("pu", 1) != std::string_view::npos ||
              std::string_view("SGUc").find(x[1]) != std::string_view::npos;
    }
  }
  return all && patch;
}

void git_whole_tree(ProgramEffects& out, const WordView& at, std::string entry) {
  if (files_full(out)) return;
  FileEffect f{Touch::read, word_of(at, "."), From::operand, std::move(entry)};
  f.recursive = true;
  f.top_relative = true;
  out.files.push_back(std::move(f));
}

// A pathspec (gitglossary(7)): its magic (`:(top,icase)x`, `:/x`, `:!x`, `:^x`) read, what it
// can select is read. A pathspec is a folder prefix (everything below it), and one with a
// wildcard (`*`, `?`, `[`: `*` also crosses `/`) or `icase` is the folder before its first
// wildcard, read with everything below it, and the pattern itself a glob git matches though the
// shell did not (`'.e*'`, `'[.]env'`; `icase`: `.[eE][nN][vV]`), judged as the shell's globs
// are. `top` (`:/x`) is from the repository's top (FileEffect::top_relative). An exclude
// selects nothing itself: false (with only excludes, every other file: pathspec_reads).
bool git_pathspec_read(const WordView& word, const std::string& entry, ProgramEffects& out,
                       bool icase) {
  const std::string* s = word.literal ? &*word.literal : nullptr;
  if (!s) {
    add_word_file(out, Touch::read, word, From::operand, entry);
    return true;
  }
  std::string_view v = *s;
  bool literal = false, top = false;
  if (v.starts_with(":(")) {
    const std::size_t close = v.find(')');
    if (close == std::string_view::npos) return true;  // git refuses it
    std::string_view magic = v.substr(2, close - 2);
    v.remove_prefix(close + 1);
    while (!magic.empty()) {
      const std::size_t comma = magic.find(',');
      std::string_view m = magic.substr(0, comma);
      if (m == "exclude") return false;
      if (m == "literal") literal = true;
      if (m == "icase") icase = true;
      if (m == "top") top = true;
      magic = comma == std::string_view::npos ? std::string_view() : magic.substr(comma + 1);
    }
  } else if (v.starts_with(":")) {
    std::size_t k = 1;
    for (; k < v.size() && (v[k] == '/' || v[k] == '!' || v[k] == '^'); ++k) {
      if (v[k] == '!' || v[k] == '^') return false;
      top = true;
    }
    if (k < v.size() && v[k] == ':') ++k;
    v.remove_prefix(k);
  }
  std::size_t wild = literal ? std::string_view::npos : v.find_first_of("*?[\\");
  const bool glob = wild != std::string_view::npos;
  if (icase)
    wild = std::min(wild, v.find_first_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"));
  std::string path(v);
  if (wild != std::string_view::npos) {
    const std::size_t slash = v.rfind('/', wild);
    path = slash == std::string_view::npos ? "." : std::string(v.substr(0, slash == 0 ? 1 : slash));
  }
  if (path.empty()) path = ".";
  if (files_full(out)) return true;
  FileEffect f{Touch::read, word_of(word, std::move(path)), From::operand, entry};
  f.recursive = true;
  f.top_relative = top;
  out.files.push_back(std::move(f));
  if (wild == std::string_view::npos || files_full(out)) return true;
  std::string pattern;
  if (icase && !glob && v.find(']') == std::string_view::npos) {
    for (const char c : v) {
      const char l = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
      if (l >= 'a' && l <= 'z')
        pattern.append({'[', l, static_cast<char>(l - 'a' + 'A'), ']'});
      else
        pattern += c;
    }
  } else if (glob) {
    pattern = std::string(v);
  }
  if (pattern.empty()) return true;
  FileEffect g{Touch::read, word_of(word, std::move(pattern)), From::operand, entry};
  g.word.literal.reset();
  g.word.has_glob = true;
  g.top_relative = top;
  out.files.push_back(std::move(g));
  return true;
}

// The pathspec magic of gitglossary(7): `:(MAGIC,…)PATTERN`, or `:` then the symbols `/`
// (top), `!` and `^` (exclude), an optional `:`, then the pattern.
namespace {

struct Magic {
  std::string pattern;
  bool glob = true;      // wildcards match (not `literal`)
  bool exclude = false;  // `:!x`, `:^x`, `:(exclude)x`: every path but those
};

Magic read_magic(std::string_view v) {
  Magic m;
  if (v.starts_with(":(")) {
    const auto close = v.find(')');
    if (close == std::string_view::npos) return m;
    const std::string_view magic = v.substr(2, close - 2);
    m.glob = magic.find("literal") == std::string_view::npos;
    m.exclude = magic.find("exclude") != std::string_view::npos;
    v.remove_prefix(close + 1);
  } else {
    std::size_t k = 1;
    for (; k < v.size() && (v[k] == '/' || v[k] == '!' || v[k] == '^'); ++k)
      m.exclude = m.exclude || v[k] != '/';
    if (k < v.size() && v[k] == ':') ++k;
    v.remove_prefix(k);
  }
  m.pattern = std::string(v.empty() ? std::string_view(".") : v);
  return m;
}

}  // namespace

void git_magic_pathspecs(ProgramEffects& out, std::size_t from) {
  const std::size_t end = out.files.size();
  for (std::size_t k = from; k < end; ++k) {
    FileEffect& f = out.files[k];
    if (f.touch == Touch::read || !f.word.literal || !f.word.literal->starts_with(":")) continue;
    const Magic m = read_magic(*f.word.literal);
    // What it selects, at least: the pattern from the folder git works in (`top` is the
    // repository's top, that folder when git runs there), every file below it.
    const bool add = !m.exclude && !files_full(out);
    FileEffect p = f;
    p.word = word_of(f.word, m.pattern);
    if (m.glob && m.pattern.find_first_of("*?[") != std::string::npos) {
      p.word.literal.reset();
      p.word.has_glob = true;
    }
    p.recursive = true;
    p.entry += " (a pathspec with magic)";
    // And a path the line does not spell (an exclude selects every other file): asked.
    f.word.literal.reset();
    f.word.pattern.reset();
    f.word.has_expansion = true;
    if (add) out.files.push_back(std::move(p));
  }
}

}  // namespace vigie::engine
