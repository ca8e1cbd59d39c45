// `${ cmd; }` and `${| cmd; }` read as commands (lower_funsub.hpp, lower.cpp).
#include "grammar/shell/lower_funsub.hpp"

#include <algorithm>

#include "grammar/shell/grammar.hpp"

namespace vigie::shell {

std::optional<std::string_view> funsub_body(const ParamExp& p, const Node* rest) {
  if (rest == nullptr || !p.braced || !p.prefix.empty() || !p.name.empty()) return std::nullopt;
  const std::string_view op = rest->string_view();
  if (op.empty()) return std::nullopt;
  if (op[0] == '|') return op.substr(1);
  if (op[0] == ' ' || op[0] == '\t' || op[0] == '\n') return op;
  return std::nullopt;
}

std::optional<validate::Error> funsub_unterminated(const Node& root, std::string_view text,
                                                   std::uint32_t base_offset) {
  namespace g = grammar;
  const Node* last = root.children.size() == 0 ? nullptr : root.children[root.children.size() - 1];
  if (last != nullptr &&
      (last->is_type<g::sep_semi>() || last->is_type<g::sep_amp>() || last->is_type<g::sep_nl>())) {
    // After the separator (and the here-document bodies a newline reads) only blanks and
    // newlines: the `}` that follows is in command position.
    const auto from =
        static_cast<std::size_t>(std::max(last->m_begin.data + 1, last->m_end.data) - text.data());
    if (text.find_first_not_of(" \t\n", from) == std::string_view::npos) return std::nullopt;
  }
  return validate::Error(base_offset + static_cast<std::uint32_t>(text.size()),
                         "`${ … }` must end with `;`, `&` or a newline before `}`");
}

}  // namespace vigie::shell
