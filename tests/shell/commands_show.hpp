// Prints every field of a commands view, so that two results print the same iff they are the
// same: the differential tests of the plain-line fast path against the full path.
#ifndef VIGIE_TESTS_SHELL_COMMANDS_SHOW_HPP
#define VIGIE_TESTS_SHELL_COMMANDS_SHOW_HPP

#include <sstream>
#include <string>

#include "grammar/shell/commands.hpp"

namespace vigie::shell::testing {

inline std::string show(const WordView& w) {
  std::ostringstream s;
  s << "[" << w.text << "|" << (w.literal ? *w.literal : "<none>") << "|"
    << (w.pattern ? *w.pattern : "<none>") << "|" << w.has_glob << w.has_tilde << w.has_expansion
    << w.has_brace << "|" << w.span.begin << "-" << w.span.end << "]";
  return s.str();
}

inline std::string show(const CommandsResult& r) {
  std::ostringstream s;
  s << "ok=" << r.ok << " errors=" << r.errors.size() << "\n";
  for (const auto& c : r.commands) {
    s << "cmd " << c.op << " " << c.span.begin << "-" << c.span.end << " ctx";
    for (const auto& x : c.context) s << " " << x;
    s << "\n";
    for (const auto& w : c.argv) s << "  argv " << show(w) << "\n";
    for (const auto& w : c.glob_words) s << "  glob word " << show(w) << "\n";
    for (const auto& a : c.assigns)
      s << "  assign " << a.name << a.append << show(a.value) << a.span.begin << "-" << a.span.end
        << "\n";
    for (const auto& d : c.redirects)
      s << "  redirect " << d.op << d.fd << show(d.target)
        << (d.heredoc_body ? *d.heredoc_body : "<none>") << d.heredoc_quoted << d.span.begin << "-"
        << d.span.end << "\n";
  }
  for (const auto& e : r.errors)
    s << "error " << e.line << ":" << e.column << " " << e.message << "\n";
  return s.str();
}

}  // namespace vigie::shell::testing

#endif  // VIGIE_TESTS_SHELL_COMMANDS_SHOW_HPP
