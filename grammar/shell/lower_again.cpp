// Text that bash expands a second time (lower.cpp).
#include "grammar/shell/lower_again.hpp"

namespace vigie::shell {

std::optional<std::string> static_value(const std::vector<WordPart>& ps, bool in_dq) {
  std::string out;
  for (const auto& p : ps) {
    if (const auto* l = std::get_if<Lit>(&p.v)) {
      const std::string& r = l->raw;
      for (std::size_t i = 0; i < r.size(); ++i) {
        if (r[i] != '\\' || i + 1 >= r.size()) {
          out += r[i];
          continue;
        }
        const char n = r[i + 1];
        // Outside double quotes a backslash quotes any byte; inside, only `$`, `` ` ``, `"`, `\`
        // (and a newline, which goes with it).
        if (n == '\n') {
          ++i;
        } else if (!in_dq || n == '$' || n == '`' || n == '"' || n == '\\') {
          out += n;
          ++i;
        } else {
          out += '\\';
        }
      }
    } else if (const auto* q = std::get_if<SglQuoted>(&p.v)) {
      out += q->value;
    } else if (const auto* d = std::get_if<DblQuoted>(&p.v)) {
      std::optional<std::string> inner = static_value(d->parts, true);
      if (!inner) return std::nullopt;
      out += *inner;
    } else {
      return std::nullopt;
    }
  }
  return out;
}

bool associative_declaration(const std::vector<Word>& args) {
  if (args.empty()) return false;
  const std::string& name = args.front().text;
  if (name != "declare" && name != "typeset" && name != "local" && name != "readonly") return false;
  // An option word as written (`-A`, `-gA`): a quoted or built one is not read, fail closed.
  return std::any_of(args.begin() + 1, args.end(), [](const Word& w) {
    return w.text.size() > 1 && w.text[0] == '-' && w.text[1] != '-' &&
           w.text.find('A') != std::string::npos &&
           w.text.find_first_not_of("-abcdefgAilnrtuxIp") == std::string::npos;
  });
}

}  // namespace vigie::shell
