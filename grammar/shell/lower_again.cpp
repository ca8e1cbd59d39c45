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

bool escaped_end(std::string_view text, std::size_t from) {
  std::size_t n = 0;
  while (n < text.size() - std::min(from, text.size()) && text[text.size() - 1 - n] == '\\') ++n;
  if (text.size() - n <= from && from > 0) return false;  // the run reaches a `"…"`
  return n % 2 == 1;
}

std::optional<std::string> quoted_expansion_source(const WordPart& part, std::string_view source,
                                                   std::uint32_t source_at) {
  const Span at = std::visit([](const auto& x) { return x.span; }, part.v);
  if (at.begin < source_at || at.end < at.begin || at.end - source_at > source.size())
    return std::nullopt;
  const std::string_view s = source.substr(at.begin - source_at, at.end - at.begin);
  if (s.size() < 2 || s[0] != '$' || s.find_first_of("$`'\"\\", 1) != std::string_view::npos)
    return std::nullopt;
  // The text must be the part's own (its kind's brackets around it), never a neighbour's.
  bool own = false;
  if (const auto* p = std::get_if<ParamExp>(&part.v)) {
    own = s == (p->braced ? "${" + p->prefix + p->name + p->op + "}" : "$" + p->name);
  } else if (const auto* c = std::get_if<CmdSubst>(&part.v)) {
    own = !c->backtick && !c->funsub && s.starts_with("$(") && s.ends_with(')');
  } else if (std::holds_alternative<ArithExp>(part.v)) {
    own = (s.starts_with("$((") && s.ends_with("))")) || (s.starts_with("$[") && s.ends_with(']'));
  }
  if (!own) return std::nullopt;
  return std::string(s);
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
