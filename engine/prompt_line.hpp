// The line bash runs when it expands a variable it reads as a prompt or a file name: the prompts
// (`PS0` to `PS4`: `PS4` under `set -x`) and the file a shell sources at start (`BASH_ENV`,
// `ENV`). Bash expands the value as in double quotes (parameters, substitutions, arithmetic; no
// splitting), after decoding a prompt's backslash escapes, where `\044` is a `$` and `\140` a
// backquote (`PS4='\044(cmd)'` runs cmd). Judged as the assignment `_="VALUE"`.
#ifndef VIGIE_ENGINE_PROMPT_LINE_HPP
#define VIGIE_ENGINE_PROMPT_LINE_HPP

#include <string>
#include <string_view>

namespace vigie::engine {

// `_="VALUE"` for the variable `name` (upper case), a prompt's escapes decoded; a `"` of the
// value that bash would print stays one (`\"`).
std::string expanded_variable_line(std::string_view name, std::string_view value);

// A prompt's backslash escapes as bash 5.2 decodes them before it expands the prompt (also
// what `${x@P}` makes of any variable's value): `\044(cmd)` is `$(cmd)`.
std::string decoded_prompt(std::string_view value);

// `_="TEXT"`: the text as the body of a double-quoted word, its bare `"` escaped.
std::string double_quoted_line(std::string_view text);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_PROMPT_LINE_HPP
