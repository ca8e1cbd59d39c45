// GitHub's CLI, gh (handler `gh`): `gh COMMAND [SUB] …` with each subcommand's options in the
// programs table's entries `gh:COMMAND:SUB` (engine/programs_table_cloud.cpp). A command gh does
// not know runs an extension (`gh-NAME`, code the line does not show) or an alias the user set
// (possibly a shell alias): asked, like `gh extension exec|install|upgrade`, a shell alias
// (`gh alias set NAME '!CMD'`, `--shell`), `gh alias import` and the configuration keys that name
// a program (`gh config set editor|pager|browser`). `gh repo clone REPO DIR -- GITFLAGS` passes
// GITFLAGS to `git clone` (judged as git's).
#include <algorithm>
#include <string>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;
using program_words::lit;

namespace {

// gh's commands: the name, its aliases, whether its subcommands have entries of their own.
struct GhCommand {
  std::string_view name;
  std::string_view aliases;  // space-separated
  bool subcommands;
};
constexpr GhCommand kGhCommands[] = {
    {"agent-task", "agent-tasks agent", true},
    {"alias", "", true},
    {"api", "", false},
    {"attestation", "at", true},
    {"auth", "", true},
    {"browse", "", false},
    {"cache", "", true},
    {"codespace", "cs", true},
    {"completion", "", false},
    {"config", "", true},
    {"extension", "extensions ext", true},
    {"gist", "", true},
    {"gpg-key", "", true},
    {"help", "", false},
    {"issue", "", true},
    {"label", "", true},
    {"org", "", true},
    {"pr", "", true},
    {"preview", "", true},
    {"project", "", true},
    {"release", "", true},
    {"repo", "", true},
    {"ruleset", "rs", true},
    {"run", "", true},
    {"search", "", true},
    {"secret", "", true},
    {"ssh-key", "", true},
    {"status", "", false},
    {"variable", "", true},
    {"version", "", false},
    {"workflow", "", true},
};

// Configuration keys whose value is a program gh runs.
constexpr std::string_view kGhProgramKeys[] = {"editor", "pager", "browser"};

const GhCommand* gh_command(std::string_view word) {
  for (const GhCommand& c : kGhCommands) {
    if (c.name == word) return &c;
    std::string_view a = c.aliases;
    while (!a.empty()) {
      std::size_t sp = a.find(' ');
      if (a.substr(0, sp) == word) return &c;
      if (sp == std::string_view::npos) break;
      a.remove_prefix(sp + 1);
    }
  }
  return nullptr;
}

// The first word from `from` that is not an option (pflag: options may come first).
std::size_t first_operand(const Words& w, std::size_t from) {
  for (std::size_t i = from; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s || s->empty() || (*s)[0] != '-') return i;
    if (*s == "--") return i + 1;
    if (*s == "-R" || *s == "--repo") ++i;  // the one option of many subcommands with a value
  }
  return w.size();
}

}  // namespace

void gh_handler(const ProgramDecl&, std::string_view, const Words& w, ProgramEffects& out) {
  const std::size_t at = first_operand(w, 1);
  if (at >= w.size()) return;  // `gh`, `gh --version`
  const std::string* word = lit(w, at);
  if (!word) {
    out.escalations.push_back("gh with a command that is not static");
    return;
  }
  const GhCommand* cmd = gh_command(*word);
  if (!cmd) {
    out.escalations.push_back("gh " + *word + " (an extension or an alias gh runs)");
    return;
  }
  std::string entry = "gh:" + std::string(cmd->name);
  std::size_t from = at + 1;
  std::string sub;
  if (cmd->subcommands) {
    const std::size_t s = first_operand(w, at + 1);
    if (s >= w.size()) return;
    const std::string* sw = lit(w, s);
    if (!sw) {
      out.escalations.push_back(entry + " with a subcommand that is not static");
      return;
    }
    sub = *sw;
    entry += ":" + sub;
    from = s + 1;
  }
  const std::string_view name = cmd->name;
  if (name == "extension" && (sub == "exec" || sub == "install" || sub == "upgrade"))
    out.escalations.push_back("gh extension " + sub + " (runs an extension's code)");
  if (name == "codespace" && sub == "ssh")
    for (std::size_t i = from; i + 1 < w.size(); ++i)
      if (lit(w, i) && *lit(w, i) == "--") {
        out.escalations.push_back("gh codespace ssh -- SSH_ARGS (a command in the codespace)");
        break;
      }
  if (name == "alias" && sub == "import")
    out.escalations.push_back("gh alias import (aliases may run shell commands)");
  if (name == "alias" && sub == "set") {
    std::size_t operands = 0;
    for (std::size_t i = from; i < w.size(); ++i) {
      const std::string* s = lit(w, i);
      // `-s`, `--shell`, `--shell=true` (pflag's bool spellings); an expansion starting with `!`
      // or read from the standard input (`-`).
      if (s && (*s == "-s" || *s == "--shell" || *s == "-s=true" || *s == "--shell=true" ||
                (s->size() > 2 && (*s)[0] == '-' && (*s)[1] != '-' &&
                 s->find('s') != std::string::npos))) {
        out.escalations.push_back("gh alias set --shell");
      } else if (!s || *s == "-" || s->empty() || (*s)[0] != '-') {
        if (++operands == 2 && (!s || s->empty() || (*s)[0] == '!' || *s == "-"))
          out.escalations.push_back("gh alias set with a shell alias");
      }
    }
  }
  if (name == "config" && sub == "set") {
    std::size_t k = from;  // the key: the first word that is neither an option nor -h's host
    for (; k < w.size() && lit(w, k) && !lit(w, k)->empty() && (*lit(w, k))[0] == '-'; ++k)
      if (*lit(w, k) == "-h" || *lit(w, k) == "--host") ++k;
    const std::string* key = lit(w, k);
    if (k < w.size() && (!key || std::find(std::begin(kGhProgramKeys), std::end(kGhProgramKeys),
                                           *key) != std::end(kGhProgramKeys)))
      out.escalations.push_back("gh config set " + (key ? *key : std::string("$KEY")) +
                                " (a program gh runs)");
  }
  // Words after `--` in `gh repo clone|fork` and `gh gist clone` are git clone's options.
  std::size_t dash = w.size();
  if (sub == "clone" || sub == "fork")
    for (std::size_t i = from; i < w.size(); ++i)
      if (lit(w, i) && *lit(w, i) == "--") {
        dash = i;
        break;
      }
  if (dash + 1 < w.size()) {
    Words git{word_of(w[0], "git"), word_of(w[0], "clone")};
    git.insert(git.end(), w.begin() + static_cast<long>(dash) + 1, w.end());
    git_entry(ProgramDecl{}, "git", git, out);
  }
  const ProgramDecl* d = find_program(entry);
  if (!d) {
    // A subcommand without an entry: every word written as a path meets the policy's explicit
    // path rules (engine/named_paths.cpp), as for a program the table does not declare.
    for (std::size_t i = from; i < w.size(); ++i) add_named_path(w[i], entry + " word", out.files);
    return;
  }
  Words own(w.begin(), w.begin() + static_cast<long>(dash));
  ParsedArgs args = parse_args_eq(*d, own, from);
  if (sub == "upload" || sub == "create" || sub == "new") {
    // `FILE#LABEL`: the file is FILE.
    for (std::size_t k : args.operands) {
      const std::string* s = lit(own, k);
      if (!s) continue;
      if (auto hash = s->find('#'); hash != std::string::npos && hash > 0)
        own[k] = word_of(own[k], s->substr(0, hash));
    }
  }
  apply_parsed(*d, entry, own, args, out);
}

}  // namespace vigie::engine
