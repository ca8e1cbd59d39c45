// What `echo` and `printf` print, when the line shows all of it: the words xargs reads from them
// (engine/xargs_input.cpp) and the code a shell reads from them through a pipe
// (engine/pipe_input.cpp).
#ifndef VIGIE_ENGINE_PRINTED_TEXT_HPP
#define VIGIE_ENGINE_PRINTED_TEXT_HPP

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/shell/commands.hpp"

namespace vigie::engine {

// The output of `name ARGS…` (`w[0]` is the program's word): bash's builtin `echo` (options
// `-n`, `-e`, `-E`; with `-e` the escapes `\n`, `\t`, `\\`, `\c`) or `printf FORMAT ARGS…`
// (`%s`, `%%`, `\n`, `\t`, `\\` and plain characters, the format reused while arguments are
// left). nullopt when the output is not known from the line: a word that is not static, another
// escape or conversion, another program, or an output longer than limits::input_bytes (a
// format reused for every argument would otherwise grow as their product).
// `tilde_as_written`: an argument with a leading `~` (and nothing else unquoted) is printed as
// written, for a reader that expands it again (a shell reading the text as its script).
std::optional<std::string> printed_text(std::string_view name,
                                        const std::vector<shell::WordView>& w,
                                        bool tilde_as_written = false);

// For an `echo` whose text holds an escape that dash's echo, bash's under `xpg_echo` or GNU's
// under POSIXLY_CORRECT decodes (printed_text is nullopt then): what bash's own echo prints, one
// of the texts it may print. nullopt when printed_text is nullopt for another reason too.
std::optional<std::string> echo_as_written(std::string_view name,
                                           const std::vector<shell::WordView>& w,
                                           bool tilde_as_written = false);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_PRINTED_TEXT_HPP
