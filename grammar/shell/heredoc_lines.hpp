// The here-document body line both parsers refuse inside a substitution (grammar.hpp
// `newline_tok`, plain_heredoc.hpp `heredoc_body`).
#ifndef VIGIE_GRAMMAR_SHELL_HEREDOC_LINES_HPP
#define VIGIE_GRAMMAR_SHELL_HEREDOC_LINES_HPP

#include <string_view>

namespace vigie::shell {

// Inside `$(…)`, `<(…)` or `>(…)`, bash 5.2 (`make_here_document`) ends a body at a line that
// begins with the delimiter and holds a `)` after it (`EOF)`, `EOF )`, `EOFcmd)`; with `<<-`
// after the line's leading tabs): it warns "delimited by end-of-file" and reads the rest of the
// line as code, so the text after the `)` runs outside the substitution. Read on to a later
// delimiter line, the same text would be data: the parsers refuse such a line instead.
inline bool ends_body_in_subst(std::string_view line, std::string_view delim) {
  return line.size() > delim.size() && line.starts_with(delim) &&
         line.find(')', delim.size()) != std::string_view::npos;
}

}  // namespace vigie::shell

#endif  // VIGIE_GRAMMAR_SHELL_HEREDOC_LINES_HPP
