// Paths that name an open file descriptor (`/dev/stdin`, `/dev/fd/N`, `/proc/self/fd/N`) in any
// spelling, what a command's redirections open its descriptors on, and the text bash gives a
// program from an unquoted here-document. Used by engine/shell_semantics.cpp,
// engine/redirect_effects.cpp, engine/normalize_scripts.cpp and engine/judge_line_checks.cpp.
#ifndef VIGIE_ENGINE_DESCRIPTOR_PATHS_HPP
#define VIGIE_ENGINE_DESCRIPTOR_PATHS_HPP

#include <string>
#include <string_view>
#include <vector>

#include "grammar/shell/commands.hpp"

namespace vigie::engine {

// Where a path (absolute, or relative to `cwd`; `cwd` empty: relative to a folder not known)
// meets a descriptor once folded: `fd` is the descriptor's number (-1 when the path names none;
// a number too large to be one is kept as the largest int), `below` whether more of the path
// follows it (`/dev/fd/3/x`). `..` and `.` are folded up to the number (`/dev/../dev/fd/3`;
// `/dev/fd` is a link to `/proc/self/fd`, so `/dev/fd/..` is `/proc/self`), not after it: there
// `..` climbs from the descriptor's own folder.
struct DescriptorPath {
  int fd = -1;
  bool below = false;
};
DescriptorPath descriptor_path(std::string_view path, std::string_view cwd);

// Whether a relative path names a descriptor from some folder: the `..` it starts with may reach
// `/` (`../../dev/stdin`). A bare name (`stdin`, `0`) is left out: only a `cd` makes it one.
bool may_name_descriptor(std::string_view relative);

// The descriptors a command's redirections `redirects[0..end)` leave open on a file, in order
// (the last one of a number wins; `N<&M` and `N>&M` copy, `N<&M-` moves, `N>&-` closes, a
// here-document or here-string opens none): for each, the file's word, and whether it was
// opened for reading (`<`, `<>`, or a copy of one).
struct OpenFile {
  int fd;
  const shell::WordView* file;
  bool readable;
};
std::vector<OpenFile> open_files(const std::vector<shell::RedirectView>& redirects,
                                 std::size_t end);

// The descriptor a static word (or an option's `=VALUE`, `--output=/dev/stdin`) names, or -1.
int descriptor_word(const shell::WordView& w);

// Whether a program only reads the descriptor paths among its operands (`cat /dev/stdin <f`,
// `bash /dev/fd/3 3<x`): reading a file through its descriptor reads what the redirection
// already shows. Any other may write one, opening its file again for writing.
bool reads_descriptor_operands(std::string_view program);

// The escalation of a command whose operand names a descriptor its own redirections opened on
// a file for reading (`cp x /dev/fd/3 3<f`, `sort -o /dev/stdin <f`): the program may open
// that file again for writing. Empty when there is none.
std::string descriptor_operand(std::string_view program, const std::vector<shell::WordView>& w,
                               const std::vector<shell::RedirectView>& redirects);

// The text bash gives the program from a here-document: with an unquoted delimiter, `\`-newline
// is dropped and `\\`, `\$` and `` \` `` lose their backslash (bash(1), "Here Documents"); a
// quoted one's body is given as it is.
std::string heredoc_text(const shell::RedirectView& r);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_DESCRIPTOR_PATHS_HPP
