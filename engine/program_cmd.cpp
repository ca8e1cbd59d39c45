// Handler `cmd` (named in engine/programs_table_tools.cpp): Windows' command interpreter,
// reached from Git Bash, MSYS2 or WSL. `cmd /c LINE` (`/k` keeps it open, `/r` is `/c`) runs the
// rest of its words as one line of cmd's own syntax (`&`, `&&`, `||`, `|` and `>` as in sh,
// `^` escapes, `%VAR%`): judged as a nested shell line, and asked, as the line is not read the
// way cmd reads it. Its switches are case-insensitive and may be written `//c` (MSYS turns a
// lone `/c` into a path). Without `/c` or `/k` it starts an interactive shell: asked.
#include <string>

#include "engine/program_handlers.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

// A switch's letters, lower-cased, without its one or two leading slashes ("" when the word is
// not a switch).
std::string switch_of(const std::string& w) {
  std::size_t at = w.starts_with("//") ? 2 : w.starts_with("/") ? 1 : 0;
  if (at == 0 || at == w.size()) return {};
  std::string s = w.substr(at);
  for (char& c : s) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return s;
}

// cmd's switches that change how it runs the line, not what (`cmd /?`): `/d`, `/q`, `/s`, `/a`,
// `/u`, and `/e:`, `/f:`, `/v:`, `/t:` with their value.
bool plain_switch(const std::string& s) {
  if (s == "d" || s == "q" || s == "s" || s == "a" || s == "u") return true;
  return s.size() > 2 && s[1] == ':' && (s[0] == 'e' || s[0] == 'f' || s[0] == 'v' || s[0] == 't');
}

}  // namespace

void cmd_handler(const ProgramDecl&, std::string_view name, const Words& w, ProgramEffects& out) {
  const std::string entry(name);
  for (std::size_t i = 1; i < w.size(); ++i) {
    if (!w[i].literal) {
      out.escalations.push_back(entry + " with a word that is not static before its line");
      return;
    }
    const std::string s = switch_of(*w[i].literal);
    if (plain_switch(s)) continue;
    if (s != "c" && s != "k" && s != "r") {
      out.escalations.push_back(entry + " " + *w[i].literal + ": a switch the table does not know");
      return;
    }
    std::string line;
    for (std::size_t k = i + 1; k < w.size(); ++k) {
      if (!w[k].literal) {
        out.escalations.push_back(entry + " with a line that is not static");
        out.argvs.emplace_back(w.begin() + static_cast<long>(i) + 1, w.end());
        return;
      }
      if (!line.empty()) line += ' ';
      line += *w[k].literal;
    }
    out.escalations.push_back(entry + " /" + s + ": runs a line of cmd's syntax");
    if (!line.empty()) out.scripts.push_back(std::move(line));
    return;
  }
  out.escalations.push_back(entry + " without /c: an interactive shell");
}

}  // namespace vigie::engine
