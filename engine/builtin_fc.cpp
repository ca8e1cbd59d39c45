// `FCEDIT=vi fc -l`: an editor variable fc does not read (builtin_code.hpp `editor_unused`).
#include "engine/builtin_code.hpp"

namespace vigie::engine {

bool editor_unused(std::string_view variable, const std::vector<shell::WordView>& words) {
  if ((variable != "FCEDIT" && variable != "EDITOR") || words.empty() || !words[0].literal ||
      *words[0].literal != "fc")
    return false;
  for (std::size_t i = 1; i < words.size(); ++i) {
    if (!words[i].literal) return false;
    const std::string_view s = *words[i].literal;
    // Options end at `--`, an operand or a negative number (`fc -1 -l`: two operands).
    if (s == "--" || s.size() < 2 || s[0] != '-' || (s[1] >= '0' && s[1] <= '9')) return false;
    const auto e = s.find('e');
    const std::string_view letters = s.substr(1, e == std::string_view::npos ? s.npos : e - 1);
    if (letters.find('l') != std::string_view::npos) return true;
    if (e != std::string_view::npos && e + 1 == s.size()) ++i;  // `-e EDITOR`
  }
  return false;
}

}  // namespace vigie::engine
