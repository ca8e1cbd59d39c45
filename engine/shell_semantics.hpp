// What bash and the kernel do that changes which file a path names (`/proc/self/…`) or reruns
// code held in a variable (arithmetic, subscripts, substrings, `[[ ]]`, `${!x}`, `${x@P}`). Used by
// engine/decide.cpp.
#ifndef VIGIE_ENGINE_SHELL_SEMANTICS_HPP
#define VIGIE_ENGINE_SHELL_SEMANTICS_HPP

#include <string>
#include <string_view>
#include <vector>

namespace vigie::shell {
struct WordView;
}  // namespace vigie::shell

namespace vigie::engine {

// `/proc/self/root/X` is `/X` and `/proc/self/cwd/X` is `X` in `cwd`, for the process that
// opens them (also `/proc/thread-self/…` and `/proc/PID/…`); other paths are returned as given.
std::string proc_self(const std::string& raw, const std::string& cwd);

// Whether bash leaves as written the leading `~` of a word's value, `text` being the word's
// source and `tilde` its flag (shell::WordView::has_tilde, also set for a substituted value
// that starts with the home folder's `~`): a first character quoted (`"~/x"`, `'~'/x`, `\~/x`,
// `$"~/x"`, `""~/x`), or a quoted character before the first unquoted `/` (`~"/x"`, `~\/x`,
// `~""/x`). The value then names a folder `~` of the working folder, not the home folder. A
// word bash did not write as such (an option's value, `--file=~/x`, which the program may
// expand itself) is not one.
bool tilde_quoted(std::string_view text, bool tilde);

// Whether the program of a command's file effect (its entry: `cat operand`, `tar -f`) opens its
// paths as bash gives them, never expanding a `~` itself: a redirection (bash opens it), and
// the programs of style `~` in the programs table (coreutils and the common text tools). Others
// may (ssh's `-i "~/.ssh/id"`, gdb's files, a script's `expanduser`): their quoted `~` stays the
// home folder.
bool opens_as_given(std::string_view entry, bool redirect);

// The static path a word names (its pattern: glob characters escaped), `./~…` when bash leaves
// its `~` as written (tilde_quoted). The word must have a pattern.
std::string word_path(const shell::WordView& w);

// Whether `line` has a construct that evaluates a variable's value as code again; `held_code`:
// the static values of the line's variables that hold a substitution (their own text aside).
bool evaluates_again(std::string_view line, const std::vector<std::string>& held_code);

struct NormalizedCommand;

// `f 'a[$(cmd)]'`, `set -- 'a[$(cmd)]'`, `bash -c '…$(( $1 ))' _ 'a[$(cmd)]'`,
// `x=$(echo 'a[$(cmd)]')`, `x=$(cat <<< 'a[$(cmd)]')`: the words and here-strings of `n` that
// may reach a later evaluation as a positional parameter or a substitution's output, appended
// to `held_code`. Only a value with a subscript holding code counts (`a[$(cmd)]`: what
// arithmetic runs). Called only for a line with a `[` (engine/judge_line_state.cpp).
void held_arguments(const NormalizedCommand& n, std::vector<std::string>& held_code);

// Whether a later line of `line` (which has a newline, the first at `newline`) holds a history
// event (`!$`, `!!:1`, `!-1`, `^old^new`) after the line turns on both `history` and
// `histexpand` (`set -o history -H`): bash builds it from lines it ran before, which vigie
// does not see. Off in `bash -c`, and the options `bash -H -o history` or SHELLOPTS give
// do not turn it on there.
bool history_expands(std::string_view line, std::size_t newline);

// In a line with arithmetic (`(( ))`, `$(( ))`, `$[ ]`, `let`, subscripts, `[[ ]]`), the first
// variable bash's arithmetic would assign (`PATH = 0`, `HOME += 1`, `IFS++`, `--PATH`) that
// changes what runs or where (normalize.hpp is_dangerous_variable); names with a lowercase
// letter are left out (a loop's `i`). Before it, the first such variable that a named
// descriptor's redirection (`exec {PATH}>/dev/null` sets PATH to `10`) or a named coprocess
// (`coproc HOME { …; }`) sets, which no assignment shows either. Empty when there is none.
std::string arithmetic_assignment(std::string_view line);

// Whether `path` (absolute, or relative to `cwd`) names a file below an open descriptor
// (`/dev/fd/3/x`, `/dev/stdout/x`, `/proc/self/fd/3/x`, `/proc/PID/fd/3/x`): the kernel follows
// the descriptor, which a redirection may have opened on any folder (`3<tests`), and vigie's own
// descriptors say nothing of it. `..` is folded up to the descriptor's number, not after it.
// A relative path that names the descriptor itself through `cwd` (`cd /dev; bash stdin`) too.
bool below_descriptor(std::string_view path, std::string_view cwd);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_SHELL_SEMANTICS_HPP
