// Shared by normalize.cpp and normalize_scripts.cpp: word helpers, and the nested scripts a
// command runs (`bash -c`, `eval`, `watch`, `su -c`...).
#ifndef VIGIE_ENGINE_NORMALIZE_INTERNAL_HPP
#define VIGIE_ENGINE_NORMALIZE_INTERNAL_HPP

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/descriptor_paths.hpp"
#include "engine/normalize.hpp"

namespace vigie::engine::normalize_detail {

using Words = std::vector<shell::WordView>;

inline bool starts_with(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}

// The literal value of word `i`, or null (absent or not static).
inline const std::string* lit(const Words& w, std::size_t i) {
  return i < w.size() && w[i].literal ? &*w[i].literal : nullptr;
}

// Whether a script operand names the standard input (`/dev/stdin`, `/dev/fd/0`,
// `/proc/self/fd/0`): the script is then what the line feeds it, like `-`.
// A path that names an open file descriptor, whose content the line shows at best in a
// redirection (`/dev/stdin`, `/dev/fd/N`, `/proc/self/fd/N`, `/proc/thread-self/fd/N`,
// `/proc/PID/fd/N`): a script read from it is not a file the rule names (`python3 /dev/fd/3
// 3<<< CODE`).
// Any spelling of them folds to the same (`/dev//stdin`, `/dev/../dev/stdin`,
// `/proc/1/../self/fd/0`, engine/descriptor_paths.hpp).
inline bool names_descriptor(std::string_view s) {
  const DescriptorPath d = descriptor_path(s, "");
  return d.fd >= 0 && !d.below;
}

// The script a shell (or `source`/`.`) reads from its standard input: a here-string or a
// here-document is judged as a nested script; a dynamic one is an escalation. `fd`: the
// descriptor it reads its script from (`bash /dev/fd/3`); when a file or a copy is the last
// redirection of it (`bash <<<'x' <f`), no here-string is the script.
void stdin_script(const std::string& name, const std::vector<shell::RedirectView>& redirects,
                  NormalizedCommand& n, int fd = 0);
// The same for a crontab on the standard input (`crontab - <<< '* * * * * CMD'`): each entry's
// command, after its schedule, is judged as a script.
void stdin_crontab(const std::string& name, const std::vector<shell::RedirectView>& redirects,
                   NormalizedCommand& n);

// `env -S STRING`'s words as a command line (`env WORDS` when they start with env's own
// options or NAME=VALUE).
std::string env_split_string(std::string_view s);
// `env -S STRING ARGS…` (option `o` of `w`): env appends ARGS to STRING's words (the shebang
// form `#!/usr/bin/env -S prog args`), so they go to `script` (quoted), not to a command of their
// own; a word that is not static is escalated.
void env_split_rest(const Words& w, const ParsedOption& o, std::string& script,
                    std::vector<std::string>& escalations);

// `bash|sh|… [opts] -c S`, a script file, or a script read from a here-string/here-document.
void shell_script(const std::string& name, const Words& w,
                  const std::vector<shell::RedirectView>& redirects, NormalizedCommand& n);
// `eval WORDS…`: the words joined as a script.
void eval_script(const Words& w, NormalizedCommand& n);
// `watch CMD…`, `runuser [user] -c S`, `script -c S`, `flock FILE -c S`.
void script_runners(const std::string& name, const Words& w, NormalizedCommand& n);
// An interpreter or an editor of the interpreters column that the programs table does not
// declare (`lua FILE`, `vim FILE`): an interpreter's first operand is the script it reads, an
// editor's operands are the files it edits (written).
void undeclared_interpreter(const std::string& name, const Words& w, NormalizedCommand& n);

// A client of kStdinClients: it reads its commands from its standard input.
bool reads_stdin_commands(std::string_view name);
// A client that reads commands from its standard input (psql, mysql, sqlite3, duckdb): a
// here-document or here-string is judged as the text of its own option (`psql -c TEXT`).
void client_stdin(const std::string& name, const ProgramDecl* decl, const Words& w,
                  const std::vector<shell::RedirectView>& redirects, NormalizedCommand& n);

// An interpreter of the table (`python3`, `node`, `perl`, `ruby`, `php`; `interpreter`: one
// only the interpreters column names, `R`, `lua`, whose language engine/code_commands.cpp reads)
// that reads its code from its standard input: the paths and commands of a here-string's or
// here-document's code (engine/named_paths.cpp, engine/code_commands.cpp), as for its inline code.
void interpreter_stdin(const ProgramDecl* decl, bool interpreter, NormalizedCommand& n);

// `ssh HOST` or `ssh HOST bash` reading a here-string or here-document (or a pipe): the remote
// shell runs it. `remote`: the remote command the ssh handler found (its first line).
void remote_stdin(const std::vector<std::string>& remote, NormalizedCommand& n);

// The words of a program the table does not declare that name a path (`gron /etc/shadow`,
// `--in=FILE`, `k=@FILE`, `file://FILE`): reads judged only by explicit path rules.
void named_paths(const std::string& name, const Words& w, NormalizedCommand& n);
// The hosts a command contacts that its words name (engine/named_urls.cpp): URLs in the words
// of undeclared programs, interpreters and the network programs' table (and in the values of
// their leading assignments), network clients' host operands, the proxy a proxy variable names;
// each a fetch the policy's fetch rules judge.
void named_fetches(const ProgramName& program, std::string_view name, const Words& w,
                   const std::vector<shell::AssignView>& assigns, std::vector<UrlFetch>& out);
// Moves what a program does (engine/programs.hpp) into the command: its files, escalations,
// scripts and argvs (the folder it works in is the caller's).
// (engine/normalize_effects.cpp). What is left of `fx.files` is kept (`give_files`).
void take_effects(ProgramEffects& fx, NormalizedCommand& n);
// What the programs table says a wrapper's option asks for (strace's `-e inject=…`, role K):
// appended to `out` (engine/normalize_effects.cpp).
void option_escalations(std::string_view prog, const ParsedOption& o,
                        std::vector<std::string>& out);
// An empty files vector: the one last given back on this thread (`give_files`), else a new one.
std::vector<FileEffect> spare_files();
// `${!x:=VALUE}`, `${!x=VALUE}` in a word, a value, a redirection or a here-document: the variable
// assigned is the one `x` names, which the line does not show; asked
// (engine/normalize_indirect.cpp).
void indirect_assignments(NormalizedCommand& n);

}  // namespace vigie::engine::normalize_detail

#endif  // VIGIE_ENGINE_NORMALIZE_INTERNAL_HPP
