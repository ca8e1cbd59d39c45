// Unescaping of quoted text (unescape.cpp).
#ifndef VIGIE_GRAMMAR_SHELL_UNESCAPE_HPP
#define VIGIE_GRAMMAR_SHELL_UNESCAPE_HPP

#include <string>
#include <string_view>

namespace vigie::shell {

// Decodes the body of `$'…'` (`\n`, `\x41`, `\u00e9`, octal, `\cX`...).
std::string decode_ansi_c(std::string_view s);
// The body of a backtick substitution, with its backslash escapes removed (`in_dq`: the
// substitution is inside double quotes, where `\"` is an escape too).
std::string unescape_backtick(std::string_view s, bool in_dq);

}  // namespace vigie::shell

#endif  // VIGIE_GRAMMAR_SHELL_UNESCAPE_HPP
