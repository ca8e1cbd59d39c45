// Programs whose first operand is a subcommand with an entry of its own in the programs table,
// `NAME:SUB` (handler `sub`: gio, svn, hg, meson, jupyter, kustomize, the object stores' and
// backups' clients; engine/programs_table_desktop.cpp, engine/programs_table_fixers.cpp,
// engine/programs_table_cloud.cpp): the entry's effects for the words from SUB on. Global options
// before the subcommand are skipped, with their values when the table below says they take one
// (a value that is a command line, restic's `--password-command`, is judged as one and asked); hg's
// `--cwd DIR` and `-R DIR` move the command to DIR. A subcommand without an entry does nothing the
// table knows.
#include <string>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;
using program_words::in_words;
using program_words::lit;

namespace {

struct SubcommandProgram {
  std::string_view name;
  std::string_view valued;      // global options that take the next word (space-separated)
  std::string_view folders;     // of those, the ones naming the folder the command works in
  std::string_view lines = {};  // of those, the ones whose value is a command line it runs
};
constexpr SubcommandProgram kSubcommandPrograms[] = {
    {"gio", "", ""},
    {"svn", "--username --password --config-dir --config-option", ""},
    {"hg", "-R --repository --cwd --config --encoding --encodingmode --color --pager",
     "-R --repository --cwd"},
    {"meson", "", ""},
    {"jupyter", "--config-dir --data-dir --runtime-dir --paths", ""},
    {"kustomize", "", ""},
    {"s3cmd", "-c --config", ""},
    {"restic",
     "-r --repo --repository-file -p --password-file --password-command --cache-dir -o --option "
     "--limit-upload --limit-download",
     "", "--password-command"},
    {"mc", "--config-dir -C", ""},
};

const SubcommandProgram* subcommand_program(std::string_view name) {
  for (const SubcommandProgram& p : kSubcommandPrograms)
    if (p.name == name) return &p;
  return nullptr;
}

}  // namespace

void subcommand_handler(const ProgramDecl&, std::string_view name, const Words& w,
                        ProgramEffects& out) {
  const SubcommandProgram* prog = subcommand_program(name);
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) {
      out.escalations.push_back(std::string(name) +
                                " with a word that is not static before its subcommand");
      return;
    }
    if (s->size() > 1 && (*s)[0] == '-') {
      const std::string_view key = std::string_view(*s).substr(0, s->find('='));
      const bool attached = key.size() < s->size();
      if (!prog || !in_words(prog->valued, key)) continue;
      const WordView* value = nullptr;
      std::optional<WordView> made;
      if (attached) {
        made = synthesized(w[i], s->substr(key.size() + 1), key.size() + 1);
        value = &*made;
      } else if (i + 1 < w.size()) {
        value = &w[++i];
      }
      if (value && in_words(prog->lines, key)) {
        out.escalations.push_back(std::string(name) + " " + std::string(key) + ": runs a command");
        if (value->literal) out.scripts.push_back(*value->literal);
      }
      if (value && in_words(prog->folders, key)) {
        out.files.push_back(
            {Touch::read, *value, From::option, std::string(name) + " " + std::string(key)});
        out.chdir = *value;
      }
      continue;
    }
    const ProgramDecl* d = find_program(std::string(name) + ":" + *s);
    if (!d) return;
    program_effects(d, std::string(name) + " " + *s,
                    Words(w.begin() + static_cast<std::ptrdiff_t>(i), w.end()), out);
    return;
  }
}

void trust_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                   ProgramEffects& out) {
  out.escalations.push_back(std::string(name) + ": trusts code that runs later (`.envrc`, " +
                            "a tool's configuration)");
  apply_parsed(p, name, w, parse_args(p, w, 1), out);
}

bool subcommand_entry_effects(const std::string& name, const Words& w, ProgramEffects& out) {
  std::size_t i = 1;
  while (i < w.size() && lit(w, i) && lit(w, i)->size() > 1 && (*lit(w, i))[0] == '-') ++i;
  const std::string* s = lit(w, i);
  if (!s) return false;
  const ProgramDecl* d = find_program(name + ":" + *s);
  if (!d) return false;
  program_effects(d, name + " " + *s, Words(w.begin() + static_cast<std::ptrdiff_t>(i), w.end()),
                  out);
  return true;
}

}  // namespace vigie::engine
