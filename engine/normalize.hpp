// Seeing through a simple command: wrappers (`sudo -u x`, `env -i A=1`, `nice -n 5`,
// `timeout -s KILL 10`, `xargs -0 -n1`...), leading assignments, git's global options,
// nested scripts (`bash -c 'S'`, `eval S`, `bash <<< 'S'`), the argv of `find -exec`, and the
// options of read-only tools that can run or write something (`find -delete`, `rg --pre`,
// `sort -o`...).
//
// Two views come out, because allow and deny look through different things:
//   - `words`: every wrapper and assignment stripped, for deny/ask rules and safety checks,
//     so that `sudo FOO=1 exec rm -rf /` is judged as `rm -rf /`;
//   - `allow_words`: only the safe wrappers stripped (time, nice, nohup, timeout, stdbuf,
//     command, ionice, setsid, caffeinate), so that `allow npm test` never allows
//     `sudo npm test` nor `env PATH=/tmp npm test`.
//
// Nothing here reads the filesystem or re-parses anything: nested scripts are returned as text
// for the caller to parse and judge (with its own depth limit).
#ifndef VIGIE_ENGINE_NORMALIZE_HPP
#define VIGIE_ENGINE_NORMALIZE_HPP

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/programs.hpp"
#include "grammar/shell/commands.hpp"

namespace vigie::engine {

struct NormalizeOptions {
  std::vector<std::string> extra_wrappers;      // `wrapper firejail`: stripped, never "safe"
  std::vector<std::string> extra_interpreters;  // `interpreter deno`
};

// One simple command after wrappers are seen through.
struct NormalizedCommand {
  // The command after ALL wrappers and leading assignments are stripped (deny/ask rules).
  // A wrapper with nothing to run (`sudo -l`, `exec >f`, `command -v x`, `env`) stays the
  // command itself.
  std::vector<shell::WordView> words;
  // After stripping only the SAFE wrappers. If an unsafe wrapper remains it stays here, so
  // `allow npm test` does not allow `sudo npm test`. Git's global options are stripped here
  // too when this view starts with git. Most commands have no wrapper and no implied option:
  // the view is then `words` itself (no copy); `allow_own` holds it when it differs.
  const std::vector<shell::WordView>& allow_words() const { return allow_own ? *allow_own : words; }
  std::optional<std::vector<shell::WordView>> allow_own;
  // Before a word is inserted into `words` (an implied option), the allow view keeps its own.
  void detach_allow_words() {
    if (!allow_own) allow_own = words;
  }
  // How many leading words of `allow_words` belong to unsafe wrappers (`sudo -u bob`): an allow
  // rule must name more than these to allow the command (`allow env` never allows `env rm`).
  std::size_t allow_wrapper_words = 0;
  // Normalized argv0 of `words` for deny: basename, backslashes and quotes removed
  // (`/bin/rm`, `\rm`, `'r'm` -> `rm`). Empty when not static.
  std::string name;
  bool name_static = true;  // false: the command name is not static -> at least ask
  // What the programs table says of `name` (engine/programs.hpp), looked up once here for every
  // later reader (the allow of an interpreter, the safety checks); empty when not static.
  ProgramName program;
  std::vector<std::string> wrappers;       // stripped wrappers, in order (normalized names)
  std::vector<shell::AssignView> assigns;  // leading assignments, `env A=1` and `sudo A=1` ones
  // False when an assignment sets a variable that changes what runs (PATH, LD_*, DYLD_*,
  // GIT_*, BASH_ENV, ENV, PS4, IFS, PAGER, EDITOR, NODE_OPTIONS, PYTHONPATH...) or holds a
  // substitution: an allow then becomes at least ask.
  bool assigns_harmless = true;
  // Reasons that make the command at least ask, short and stable: "find -exec", "find -delete",
  // "rg --pre", "git -c core.pager", "sort -o", "tar --to-command", "dynamic script for bash -c",
  // "dynamic command name", "env -S", "env --chdir"...
  std::vector<std::string> escalations;
  // Static scripts to re-parse and judge: `bash|sh|zsh|dash|ksh -c 'S'`, `eval S…` (words
  // joined by spaces), `bash <<< 'S'`, `bash <<'EOF'` bodies, `env -S 'S'`.
  std::vector<std::string> nested_scripts;
  // Argvs run by the command, judged as commands (normalize them in turn): after
  // `find -exec/-execdir/-ok/-okdir` up to `;` or `+`, `fd -x/-X`. (xargs is a wrapper: its
  // argv is `words` itself, not repeated here.)
  std::vector<std::vector<shell::WordView>> nested_argvs;
  // Argvs matched by the deny and ask command rules only (a package runner's package named like
  // a program: `npx rm -rf x`), engine/judge_argvs.cpp.
  std::vector<std::vector<shell::WordView>> deny_argvs;
  // The argvs xargs runs with the words its input shows (`echo / | xargs rm -rf` runs
  // `rm -rf /`), engine/xargs_input.cpp: met by the safety checks.
  std::vector<std::vector<shell::WordView>> xargs_argvs;
  // The folder the command runs in when a wrapper or git changes it (`git -C dir`,
  // `env -C dir`, `sudo -D dir`): the last one given. Relative to the line's cwd.
  std::optional<shell::WordView> chdir;
  // The redirections of the simple command (copied), for checks such as writes to devices.
  std::vector<shell::RedirectView> redirects;
  // Every path the command touches, from the programs table (engine/programs.hpp) and its
  // redirections, with the access and the table entry that said so.
  std::vector<FileEffect> files;
  // URLs the command fetches (from the programs table's handlers: curl, wget; and bash's
  // `/dev/tcp` redirections).
  std::vector<UrlFetch> fetches;
  // Network connections its redirections open (`> /dev/tcp/HOST/PORT`), described: each asks.
  std::vector<std::string> connections;
  // Option words the command implies for deny/ask rules (`git push origin +main` implies
  // `--force`): already inserted in `words` after the command name.
  std::vector<std::string> implied;
};

NormalizedCommand normalize(const shell::CommandView& cmd, const NormalizeOptions& opts = {});
// The same, moving the words out of `cmd.argv` instead of copying them (`cmd.argv` is left in
// an unspecified state: read the words from the result).
NormalizedCommand normalize_owned(shell::CommandView& cmd, const NormalizeOptions& opts = {});

// The normalized name of a word used as a command name: basename of its literal value
// (quotes and backslashes are already removed by `literal`); nullopt when not static.
std::optional<std::string> command_name(const shell::WordView& w);

// python*, node, ruby, perl, php, lua, shells, awk, osascript, npx..., every wrapper (`sudo`,
// `env`, `xargs`...), plus `opts.extra_interpreters`: such a name is never allowed by a bare
// prefix (`allow python` would allow anything).
bool is_interpreter(std::string_view name, const NormalizeOptions& opts = {});
// A known wrapper (see normalize) or one of `opts.extra_wrappers`.
bool is_wrapper(std::string_view name, const NormalizeOptions& opts = {});
// The same with the name already looked up (`program` = program_name(name)).
bool is_interpreter(const ProgramName& program, std::string_view name,
                    const NormalizeOptions& opts);
bool is_wrapper(const ProgramName& program, std::string_view name, const NormalizeOptions& opts);
// A wrapper that allow rules look through (time, nice, nohup, timeout, stdbuf, command...).
bool is_safe_wrapper(std::string_view name);
// A POSIX-family shell that takes `-c SCRIPT` (bash, sh, zsh, dash, ksh, ash, mksh, busybox sh).
bool is_shell(std::string_view name);
// Variables whose assignment changes what a command runs (PATH, LD_PRELOAD, GIT_*...).
bool is_dangerous_variable(std::string_view name);
// The command line a variable's value is run as, when the variable is one whose value a program
// runs (`PAGER`, `EDITOR`, `GIT_SSH_COMMAND`, `PROMPT_COMMAND`…) or expands as a prompt (`PS4`,
// whose substitutions run: returned as `_=VALUE`); nullopt for any other variable.
std::optional<std::string> variable_line(std::string_view name, std::string_view value);
// Why the variable's value makes a program load code the line does not show (`LD_PRELOAD`,
// `NODE_OPTIONS=--require x.js`, `PERL5OPT=-Mx`, `JAVA_TOOL_OPTIONS=-javaagent:x`…), as a reason
// to ask; nullopt for any other variable or value (engine/normalize_variables.cpp).
std::optional<std::string> variable_code(std::string_view name, std::string_view value);
// Whether the variable names a file a program reads when it starts (`BASH_ENV`, `ENV`,
// `KUBECONFIG`, `GIT_CONFIG_GLOBAL`…): its value is judged as a path read.
bool variable_names_file(std::string_view name);
// The bytes that separate the files of such a variable's value when it holds a list
// (`LD_PRELOAD=a.so:b.so`); empty for a variable that names one file.
std::string_view variable_file_separators(std::string_view name);
// A word env or sudo takes for an environment entry though its name is not a shell variable's
// (`env 'a-b=1' CMD`): false when it holds no `=` (the command starts there). bash defines a
// function from `BASH_FUNC_NAME%%=() { BODY }` (the command NAME then runs BODY): asked, BODY
// judged; a name the line does not show likewise.
bool environment_entry(std::string_view wrapper, const shell::WordView& w,
                       std::vector<std::string>& escalations, std::vector<std::string>& scripts);
// Whether the variable names a file a program writes (`LESSHISTFILE`, `HISTFILE`,
// `GIT_INDEX_FILE`…): 'w'; a folder it writes files in under names the line does not show
// (`PYTHONPYCACHEPREFIX`, `TMPDIR`): 'g'; else 0.
// `value`: git's trace variables name a file only when it is absolute.
char variable_written_file(std::string_view name, std::string_view value);
// What the variables set for one command make its program do (after `n.name` is known): the
// options some programs read from a variable (`LESS`, `TAR_OPTIONS`, `NODE_OPTIONS`…) judged as
// a command line of the program, the file `TZ=:FILE` reads, a remote `TAPE`, the repository
// `GIT_DIR` names.
void program_variables(NormalizedCommand& n);
// Gives a command's files vector back once the judge is done with it: emptied, and kept for the
// next command of this thread when its capacity is small (grammar/shell/spare.hpp).
void give_files(std::vector<FileEffect>&& files);
// An empty vector for the normalized commands of a line of several, kept from the last such line
// of this thread when small; and giving it back once the judge is done with it.
std::vector<NormalizedCommand> spare_normalized();
void give_normalized(std::vector<NormalizedCommand>&& commands);
// Gives a judged line's buffers back (the list of commands; the first command's context, and
// its files from `first`, its normalized form, when there is one; the words of `first` and of the
// `count - 1` normalized commands after it): the judge is done with them.
void give_back(shell::CommandsResult& line, NormalizedCommand* first, std::size_t count = 1);
// Frees the buffers this thread keeps for its next line (the files vector, the parse's):
// a test that counts the memory a call leaves behind.
void release_kept_buffers();

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_NORMALIZE_HPP
