// git's object names and pathspec magic where a path is expected (engine/program_git.cpp):
// `REV:PATH` names PATH as a revision holds it (`git show HEAD:.env`, value role `j`:
// `git config --blob HEAD:.env`), and a pathspec written with magic (`:(glob)tests/**`,
// `:!src`, `:/`, `:(top)x`) selects paths its text does not spell.
#include <optional>
#include <string>
#include <string_view>

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

void git_object_value(const WordView& val, ProgramEffects& out, const std::string& entry) {
  if (!val.literal) {
    add_word_file(out, Touch::read, val, From::option, entry);
    return;
  }
  if (auto path = git_object_path(*val.literal); path && !path->empty())
    add_word_file(out, Touch::read, word_of(val, std::string(*path)), From::option, entry);
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
