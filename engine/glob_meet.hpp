// When a command names a path with a glob (`echo x > .en[v]`, `cat /et?/passwd`), the shell
// picks the files at run time: the path is judged against every rule that a path it can match
// would meet. These functions answer "can these two meet?" without listing files.
//
// Globs here: `*`, `?`, `[abc]`, `[a-z]`, `[!abc]`/`[^abc]`, `[[:alpha:]]`, `[[.x.]]`,
// `[[=x=]]`, `\x`; `**` as a whole component is any number of components (in rule globs).
// Nothing here throws or reads the filesystem.
#ifndef VIGIE_ENGINE_GLOB_MEET_HPP
#define VIGIE_ENGINE_GLOB_MEET_HPP

#include <bitset>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vigie::engine {

// The bracket expression of a shell glob that opens at `g[open]` (a `[`), as bash reads it:
// `!`/`^` negates, a leading `]` is a member, `\x` is `x`, ranges are ASCII (bash's default
// `globasciiranges`), and `[:class:]`, `[.x.]` and `[=x=]` name characters. A class, symbol or
// equivalence vigie cannot list, and bytes above 127 for the classes that hold letters in a
// UTF-8 locale, count as members (a superset: fail closed). `end` is the index of the closing
// `]`. nullopt when nothing closes it: the `[` is then a literal `[`.
struct BracketSet {
  std::bitset<256> set;
  std::size_t end = 0;
};

// What the bracket expressions of one glob have learnt, for a caller that reads every `[` of
// it (tokens): where `:]`, `.]` and `=]` stand (a `[:` finds its end by a binary search, not a
// scan to the end of the glob), and the places a scan that closed nothing stepped on (a later
// `[` that reaches one does not close either: each element is read the same from where it
// starts). With it, `[[:[[:[[:…` (a `[` that never closes, retried at each `[`) is read in
// linear time; without, 80 KB of it took 4 s.
struct BracketMemo {
  std::vector<std::size_t> name_ends[3];  // `:]`, `.]`, `=]`, by place
  bool indexed = false;
  std::vector<char> open_ends;  // elements a scan that closed nothing read
};
std::optional<BracketSet> bracket_set(std::string_view g, std::size_t open,
                                      BracketMemo* memo = nullptr);

// `budget`, when given: the work left to the caller (the request), in cells of the comparison
// of two components (their sizes' product, checked before the work): a comparison that would
// pass it empties it, and with the budget empty every pair is taken to meet, at once (fail
// closed: the rules met restrict). The caller bounds the comparisons of one request so
// (limits::glob_meet_cells).

// Whether some name (one component, no `/`) matches both globs.
bool component_globs_meet(std::string_view a, std::string_view b, std::size_t* budget = nullptr);

// Whether some relative path matches both the shell glob `target` and the rule glob `rule`
// (paths.hpp GlobSet syntax: a rule glob without `/` matches the basename anywhere; a leading
// `/` only anchors; a trailing `/` is the folder and everything below).
bool path_globs_meet(std::string_view target, std::string_view rule, std::size_t* budget = nullptr);

// Whether the absolute glob `target` can name `prefix` (an absolute, normalized path), a path
// below it, or a folder above it (a recursive command then reaches it).
bool glob_reaches_prefix(std::string_view target, std::string_view prefix,
                         std::size_t* budget = nullptr);

// While an instance lives (on this thread), `glob_reaches_prefix` takes each of `paths` (absolute,
// normalized) for a file: no path lies below it, so a glob meets it only when it can name it or a
// folder above it (`/p/**/*.ts` does not meet the file `/p/.env`). The caller names the paths it
// knows to be files (engine/judge_patterns.cpp: a rule path the filesystem does not show as a
// folder).
class KnownFiles {
 public:
  explicit KnownFiles(std::vector<std::string> paths);
  ~KnownFiles();
  KnownFiles(const KnownFiles&) = delete;
  KnownFiles& operator=(const KnownFiles&) = delete;

 private:
  std::vector<std::string> paths_;
  const std::vector<std::string>* outer_;
};

// While an instance lives (on this thread), the glob given first to `component_globs_meet`,
// `path_globs_meet` and `glob_reaches_prefix` is one bash expands itself, with `dotglob` off
// (zsh's GLOB_DOTS likewise): a component that does not start with a literal `.` (`*`, `?env`,
// `[.]env`) names no file starting with `.`, and `**` enters no folder starting with `.`. A
// component holding `(` keeps matching them: an extglob (`@(.env)`, `*(.)env`) or zsh's `(D)`
// qualifier may. The caller opens it only for a word of the command as parsed that the program
// opens as bash gives it, on a line that cannot turn `dotglob` on (engine/judge_dot_globs.cpp).
class ShellGlobDots {
 public:
  explicit ShellGlobDots(bool on = true);
  ~ShellGlobDots();
  ShellGlobDots(const ShellGlobDots&) = delete;
  ShellGlobDots& operator=(const ShellGlobDots&) = delete;

 private:
  bool outer_;
};

// Brace expansion of an unquoted word without expansions (`/{etc,tmp}/x`, `a{,.bak}`,
// `f{1..3}`): the words bash would produce, or nullopt when the text holds quotes, `$` or
// backticks, or when there would be more than `max` words.
std::optional<std::vector<std::string>> brace_expand(std::string_view text, std::size_t max = 64);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_GLOB_MEET_HPP
