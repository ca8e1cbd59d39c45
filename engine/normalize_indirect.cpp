// `${!x:=VALUE}` and `${!x=VALUE}`: bash assigns VALUE to the variable whose name `x` holds, a
// name the line does not show (`x=PATH; : ${!x:=/tmp}`). Asked, as `${PATH:=/tmp}` is.
#include <string>
#include <string_view>

#include "engine/normalize_internal.hpp"

namespace vigie::engine::normalize_detail {

namespace {

bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The first `${!NAME=…}` or `${!NAME:=…}` (NAME may have a subscript) of a word's text, or empty.
std::string_view indirect_assignment(std::string_view text) {
  for (std::size_t i = text.find("${!"); i != std::string_view::npos; i = text.find("${!", i + 3)) {
    std::size_t j = i + 3;
    while (j < text.size() && name_char(text[j])) ++j;
    if (j == i + 3) continue;                 // `${!*}`, `${!@}`: not a name
    if (j < text.size() && text[j] == '[') {  // `${!x[0]:=v}`
      const std::size_t close = text.find(']', j);
      if (close == std::string_view::npos) break;  // none further on either
      j = close + 1;
    }
    const std::string_view op = text.substr(j, 2);
    if (op == ":=") return text.substr(i, j + 2 - i);
    if (op.starts_with('=')) return text.substr(i, j + 1 - i);
  }
  return {};
}

}  // namespace

void indirect_assignments(NormalizedCommand& n) {
  std::string_view found;
  for (const auto& w : n.words)
    if (found.empty() && !w.literal) found = indirect_assignment(w.text);
  for (const auto& a : n.assigns)
    if (found.empty() && !a.value.literal) found = indirect_assignment(a.value.text);
  for (const auto& r : n.redirects) {
    if (found.empty() && !r.target.literal) found = indirect_assignment(r.target.text);
    if (found.empty() && r.heredoc_body && !r.heredoc_quoted)
      found = indirect_assignment(*r.heredoc_body);
  }
  if (found.empty()) return;
  const std::string what = "`" + std::string(found) + "…}`";
  const std::string holder(found.substr(3, found.find_first_of("[:=") - 3));
  // The judge reads a command's escalations when it has words; a line of only assignments
  // (`y=${!x:=/tmp}`) is asked through its connections, which it always reads.
  if (n.words.empty())
    n.connections.push_back(what + " assigns the variable whose name `" + holder +
                            "` holds, which may change what the commands after it run");
  else
    n.escalations.push_back(what + ", which assigns the variable whose name `" + holder +
                            "` holds,");
}

}  // namespace vigie::engine::normalize_detail
