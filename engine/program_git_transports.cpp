// git's transports that run a program (engine/program_handlers.hpp, `git_transports`): the
// command of an `ext::` URL, and the remote helper `git-remote-NAME` of a `NAME::ADDRESS` URL.
#include <cctype>
#include <string>

#include "engine/program_git_subcommands.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"
#include "grammar/policy/text.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

using policy::ascii_lower;
using program_words::in;
using program_words::lit;
using program_words::starts_with;

// git's `ext::` transport (git-remote-ext): `ext::CMD ARG…` runs CMD with its arguments, split
// on spaces, `% ` a space, `%%` a percent, `%s`/`%S` the service (git-upload-pack). The line of
// that argv, each word quoted.
std::string ext_transport_line(std::string_view cmd) {
  std::string line, word;
  bool in_word = false;
  auto flush = [&] {
    if (!in_word) return;
    if (!line.empty()) line += ' ';
    line += program_words::single_quoted(word);
    word.clear();
    in_word = false;
  };
  for (std::size_t i = 0; i < cmd.size(); ++i) {
    const char c = cmd[i];
    if (c == ' ') {
      flush();
    } else if (c == '%' && i + 1 < cmd.size()) {
      const char e = cmd[++i];
      word += e == 's' || e == 'S' ? std::string("git-upload-pack") : std::string(1, e);
      in_word = true;
    } else {
      word += c;
      in_word = true;
    }
  }
  flush();
  return line;
}

// Every `ext::` URL of the words (a URL operand, `--repo=URL`, `-c remote.o.url=URL`).
void ext_transports(const Words& w, ProgramEffects& out) {
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string_view text = w[i].text;
    if (text.find("ext::") == std::string_view::npos) continue;
    const std::string* s = lit(w, i);
    if (!s) {
      out.escalations.push_back("git's ext:: transport with a command the line does not show");
      continue;
    }
    std::size_t at = s->find("ext::");
    if (at != 0 && (*s)[at - 1] != '=' && (*s)[at - 1] != '.') continue;
    out.scripts.push_back(ext_transport_line(std::string_view(*s).substr(at + 5)));
  }
}

// `git clone hg::URL`, `git fetch codecommit::x`: a URL `TRANSPORT::ADDRESS` makes git run the
// remote helper `git-remote-TRANSPORT`, a program found on the PATH that the line does not show
// (ext:: is read above; fd:: and the built-in http, https, ftp, ftps helpers run nothing else).
// Only in the words of the commands that take a remote (a C++ name in `git grep 'a::b'` is not
// one).
void remote_helpers(const Words& w, ProgramEffects& out) {
  std::size_t i = 1;
  while (i < w.size() && lit(w, i) && starts_with(*lit(w, i), "-"))
    i += in(*lit(w, i), {"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env",
                         "--super-prefix", "--attr-source", "--shallow-file"})
             ? 2
             : 1;
  if (i >= w.size() || !lit(w, i) ||
      !in(*lit(w, i),
          {"clone", "fetch", "pull", "push", "ls-remote", "remote", "submodule", "archive"}))
    return;
  for (std::size_t k = i + 1; k < w.size(); ++k) {
    const std::string* s = lit(w, k);
    if (!s) continue;
    const std::size_t at = s->find("::");
    if (at == std::string::npos || at == 0) continue;
    std::size_t b = at;
    while (b > 0 && (std::isalnum(static_cast<unsigned char>((*s)[b - 1])) || (*s)[b - 1] == '+' ||
                     (*s)[b - 1] == '-' || (*s)[b - 1] == '.'))
      --b;
    if (b != 0 && (*s)[b - 1] != '=') continue;
    const std::string helper = ascii_lower(s->substr(b, at - b));
    if (helper.empty() || in(helper, {"ext", "fd", "http", "https", "ftp", "ftps"})) continue;
    out.escalations.push_back("git's " + helper + ":: transport runs the program git-remote-" +
                              helper);
  }
}

}  // namespace

void git_remote_ext(const Words& w, std::size_t at, ProgramEffects& out) {
  // `git remote-ext REMOTE CMD`: the helper itself, reached by name, runs CMD as `ext::CMD`
  // does (no `protocol.ext.allow` asked for).
  out.escalations.push_back("git remote-ext runs the command of its second operand");
  if (at + 2 >= w.size()) return;
  if (const std::string* cmd = lit(w, at + 2)) out.scripts.push_back(ext_transport_line(*cmd));
}

void git_transports(const Words& w, ProgramEffects& out) {
  // Both read a `::` in some word: most git lines hold none (a byte loop, no search per word).
  bool colons = false;
  for (std::size_t i = 1; i < w.size() && !colons; ++i) {
    const std::string& t = w[i].text;
    for (std::size_t k = 0; k + 1 < t.size(); ++k)
      if (t[k] == ':' && t[k + 1] == ':') {
        colons = true;
        break;
      }
  }
  if (!colons) return;
  ext_transports(w, out);
  remote_helpers(w, out);
}

}  // namespace vigie::engine
