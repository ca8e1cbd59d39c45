// What a program does to files and to other programs, from one declared table
// (engine/programs.cpp, `kPrograms`): which options take a value, which operands and option
// values are paths and with what access (read, write, delete, exec), which options run other
// programs, and the few programs whose arguments are a language of their own (find's
// expression, tar's old-style clusters, git's subcommands, sed and awk scripts, dd's `key=value`)
// through a named handler.
//
// Options are parsed the way the program's own parser would: short clusters (`-xvf`), attached
// short values (`-fFILE`, `-C/dir`), `--long=value` and `--long value`, unambiguous prefixes of
// long options for programs that use GNU getopt_long (`--to-com` is `--to-command`), `--` ending
// options, options after operands where GNU permutes them.
//
// A program that is not in the table has no effects here (engine/named_paths.cpp reads its
// words; the docs say so). Nothing here reads the filesystem or throws on bad input.
#ifndef VIGIE_ENGINE_PROGRAMS_HPP
#define VIGIE_ENGINE_PROGRAMS_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/shell/commands.hpp"

namespace vigie::engine {

// What a command does to a path.
enum class Touch : std::uint8_t { read, write, delete_, exec };
// Where the path came from.
enum class From : std::uint8_t { operand, option, redirect };

std::string_view touch_name(Touch t);  // "read", "write", "delete", "exec"
std::string_view from_name(From f);    // "operand", "option", "redirect"

// One path a command touches.
struct FileEffect {
  Touch touch = Touch::read;
  shell::WordView word;  // the path as written (an attached value is a synthesized word)
  From from = From::operand;
  std::string entry;  // the table entry that said so: "cp operand", "tar -f", "sed w", ">"
  // A word of a program the table does not declare that names a path (engine/named_paths.cpp):
  // judged only against the policy's explicit path rules, never by conditions.
  bool named = false;
  // A folder read, deleted or changed with everything below it (`grep -r`, `rm -r`, `chmod -R`:
  // flag `Q` in the table; `mv`'s sources): the path rules and protected globs below it are met
  // too (engine/judge_paths.cpp).
  bool recursive = false;
  // With `recursive`, the glob below the folder that the effect reaches (`find DIR -name '*.o'
  // -delete`: `**/*.o`); empty: everything below it (`**`).
  std::string below = {};
  // A source's name inside the destination folder (`cp SRC DIR`: `DIR/NAME`, or `below` =
  // NAME; engine/copy_into.cpp): a word xargs fills in stands there by its last component.
  bool into = false;
  // The source of a link (`ln SRC`, `ln -s TARGET`): written only through the link later, with
  // the permissions the source itself has. The system's files (class `system`, which need
  // root) are not met through it: `ln -s /usr/bin/python3 venv/bin/python` is common.
  bool second_name = false;
  // The folder of a git repository whose configuration the command loads (`git -C DIR`,
  // `--git-dir`, the working folder): its hooks, `core.fsmonitor`, `core.pager`… run
  // commands, so a repository outside the workspace and the project asks.
  bool repository = false;
  // With `recursive`, the names below the folder that start with `.` are skipped (rg and ag
  // skip hidden files unless told): a rule on such a path is not met below it.
  bool skip_hidden = false;
  // With `recursive`, a listing (`ls -R`, `find`, `du`, `tree`): the folders below are read
  // (their names), the files below only looked at, as `ls -l DIR` does. A rule path below it
  // that the real filesystem shows as a file is not met (engine/judge_below.cpp).
  bool listing = false;
  // A path of a git repository named from the repository's top (`REV:PATH`, `:(top)x`, the
  // whole tree `git log --all -p` prints): the top is the folder git works in or one above it,
  // which the line does not show. Judged from each of them up to the project's root (the top in
  // the common case), and from that root when git works outside it (engine/judge_git_paths.cpp).
  bool top_relative = false;
  // Read before the program moves to its folder option's (gdb's `-ix FILE` before `--cd DIR`):
  // judged from the line's folder.
  bool before_chdir = false;
};

// A URL a command fetches (`curl URL`, `wget URL`): the policy's fetch rules judge its host,
// and may only make the command stricter (engine/judge_names.cpp, `command_fetch_parts`).
struct UrlFetch {
  std::string url;     // as written; empty: a URL the line does not show
  std::string method;  // GET, POST, PUT, HEAD or the one `-X` names
};

// Everything the table says about one command's words.
struct ProgramEffects {
  std::vector<FileEffect> files;
  // Reasons that make the command at least ask ("tar --to-command", "sed e", "awk system()").
  std::vector<std::string> escalations;
  // Shell scripts the command runs (`tar --to-command='S'`, `sed '1e S'`): parsed and judged.
  std::vector<std::string> scripts;
  // URLs the command fetches.
  std::vector<UrlFetch> fetches;
  // Argvs the command runs (`find -exec … ;`, `fd -x …`): judged as commands.
  std::vector<std::vector<shell::WordView>> argvs;
  // Argvs the command runs under a name only like a program's (`npx rm -rf x` runs the
  // package `rm`'s program): matched by the deny and ask command rules only, never by allows.
  std::vector<std::vector<shell::WordView>> deny_argvs;
  // Option words the command implies, for deny/ask rules (`git push origin +main` is a
  // `--force` push): synthesized words, never seen by allow rules.
  std::vector<std::string> implied;
  // The folder the command works in when an option changes it (`git -C`, `make -C`, `tar -C`).
  std::optional<shell::WordView> chdir;
  // More files than the judge looks at (limits::judged_paths): gathering stopped there and the
  // command is asked (`files_full`).
  bool files_capped = false;
  // The program's operands may name another host's file (`scp host:path .`): programs.cpp
  // kRemoteOperandPrograms.
  bool remote_operands = false;
  // Its commands come from its standard input: a shell outside the sh family given neither a
  // script nor `-c` (`echo CMD | fish`): a here-string or here-document there is its script.
  bool stdin_script = false;
  // Its input is a crontab (`echo '* * * * * CMD' | crontab -`): each entry's command is judged
  // as a script (engine/normalize_scripts.cpp, `stdin_crontab`).
  bool stdin_crontab = false;
};

// Whether `out` holds more files than the judge looks at: then no more are gathered (checked
// before the work it bounds: a line of 400,000 operands does not build 400,000 effects), and
// the command is asked once.
bool files_full(ProgramEffects& out);

// Fills `out` from the table entry of `name` (a normalized command name) for `words` (words[0]
// is the command name). Does nothing for a program not in the table.
void program_effects(std::string_view name, const std::vector<shell::WordView>& words,
                     ProgramEffects& out);
struct ProgramDecl;
// The same with the entry already looked up (`decl` = find_program(name)).
void program_effects(const ProgramDecl* decl, std::string_view name,
                     const std::vector<shell::WordView>& words, ProgramEffects& out);

// `git -C a -C b`: each relative folder is taken from the one before (`a/b`); an absolute one
// (or `~…`) starts again. A folder that is not static makes the result not static either.
void chain_chdir(std::optional<shell::WordView>& cur, const shell::WordView& next);

// A word made of part of another (`--opt=VALUE`'s VALUE): `offset` is where `value` starts in
// `from`'s text; a glob stays a glob.
shell::WordView synthesized(const shell::WordView& from, std::string value, std::size_t offset);

// When `w` is written as a local path (`/…`, `~…`, `.…`, `a/b`, or the PATH of `--opt=PATH`,
// `-opt=PATH`, `key=PATH`, `key=@PATH`, `@PATH`, `file://PATH`, `fileb://PATH`), adds a read of
// it judged only by the policy's explicit path rules (`FileEffect::named`): the word of a
// program the table does not declare, or a script's argument (engine/named_paths.cpp).
void add_named_path(const shell::WordView& w, std::string entry, std::vector<FileEffect>& out);
// The local path such a word names (the rules above), or an empty view.
std::string_view named_path(std::string_view word);
// The same for a token of a program's own language (`w .env` in an ex command): a leading `~`
// is the home folder's.
void add_token_named_path(std::string_view token, const std::string& entry,
                          std::vector<FileEffect>& out);
// The same for each quoted string of an interpreter's inline code that is written as a path
// (`python3 -c 'open(".env")'`, `node -e 'fs.readFileSync("/etc/x")'`): the code may read it.
// With `bare_words` (Tcl, expect, m4: `open .env`), each unquoted word too.
void add_code_named_paths(std::string_view code, const std::string& entry,
                          std::vector<FileEffect>& out, bool bare_words = false);
// Whether the language of `program`'s code writes strings as bare words (Tcl, expect, m4).
bool code_bare_words(std::string_view program);
// The credential and configuration files of the home folder that a command prints or writes
// without naming them (`gh auth token`, `ssh-keygen`, `docker login`):
// engine/program_credentials.cpp.
void credential_effects(std::string_view name, const std::vector<shell::WordView>& words,
                        ProgramEffects& out);
// The shell lines an interpreter's inline code runs by name (engine/code_commands.cpp): the
// string literals given to a process function of the language of `program` (python's
// `os.system`/`subprocess.run`, node's `child_process`, perl's and ruby's `system` and
// backquotes, php's `shell_exec`…), one line per call, several literals (`["rm", "-rf", x]`) as
// the words of one line. Added to `scripts`: judged as lines the command runs. A command or code
// the code builds at run time (`os.system(cmd)`, `eval(…)`: engine/code_dynamic.hpp) adds an
// escalation: what it runs is not on the line.
void add_code_commands(std::string_view code, std::string_view program,
                       std::vector<std::string>& scripts, std::vector<std::string>& escalations);
// `bun -e CODE`, `deno eval CODE`, `elixir -e CODE`: the inline code of the interpreters the
// programs table does not declare (engine/code_commands.cpp, `kInlineCode`).
void undeclared_inline_code(const std::string& name, const std::vector<shell::WordView>& w,
                            std::vector<FileEffect>& files, std::vector<std::string>& scripts,
                            std::vector<std::string>& escalations);
// Whether add_code_commands knows the language of `program` (its name starts with one it reads).
bool code_commands_known(std::string_view program);
struct ParsedOption;
// `python3 -m black tests` (o: the `-m` option of `words`): a module the programs table declares
// as a program (black, isort, pip, pytest…) does what that program does with the words after
// it (engine/code_commands.cpp).
void add_module_effects(const ParsedOption& o, const std::vector<shell::WordView>& words,
                        ProgramEffects& out);
struct ParsedArgs;
// `ruby -run -e rm -- -rf x` (Ruby's `un` library): the command of that name with the operands
// (`rm -rf x`), judged as a command of its own; `-e httpd [DIR]` serves DIR (the current folder)
// with every file below it (engine/code_commands.cpp).
void add_ruby_un_effects(const ParsedArgs& args, const std::vector<shell::WordView>& words,
                         ProgramEffects& out);

// The starting points of `find` (after its leading -H, -L, -P, -D LIST, -O LEVEL), as indexes
// into `words`: the words before the expression (`-name`, `(`, `!`...).
std::vector<std::size_t> find_start_points(const std::vector<shell::WordView>& words);
// `**/NAME` when find's expression is one `-name NAME` test without operators and NAME is plain
// (letters, digits, `._-` and `*?`): what it selects below a starting point; nullopt otherwise
// (anything below it).
std::optional<std::string> find_name_glob(const std::vector<shell::WordView>& words);

// The file accesses of redirections: `>`, `>>`, `>|`, `&>`, `&>>`, `>&FILE` write; `<` reads;
// `<>` reads and writes; here-documents and here-strings are data; fd duplications touch
// nothing. Harmless targets (`/dev/null`, `/dev/std*`, `/dev/fd/N`, `/dev/tty`) are left out.
void redirect_effects(const std::vector<shell::RedirectView>& redirects,
                      std::vector<FileEffect>& out);

// Redirections bash turns into network connections (`> /dev/tcp/HOST/PORT`, `/dev/udp/…`, and
// `exec 3<>/dev/tcp/…`): each is a connection, described (a human checks it), and a fetch of
// HOST (the fetch rules that deny or ask for it apply). A target that is not static but may
// start so is a fetch the line does not show.
void network_redirects(const std::vector<shell::RedirectView>& redirects,
                       std::vector<std::string>& connections, std::vector<UrlFetch>& fetches);

// Whether a path is harmless to read or write (`/dev/null`, `/dev/stdout`, `/dev/fd/1`...).
bool harmless_device(std::string_view path);

// The folders the shell lists to expand the globs of a command's words and redirection targets
// (`echo ~/.ssh/*` lists `~/.ssh`, `ls ~/.ss*/id*` lists `~` and every folder `~/.ss*`
// matches): each the parent of a component with a glob, read whatever the program does with
// the names, and judged like a named path, by the policy's explicit path rules only
// (engine/glob_listings.cpp). At most limits::judged_paths effects in `out` (checked before);
// false when a word has more than limits::glob_listing_levels components with a glob.
bool glob_listings(const std::vector<shell::WordView>& words,
                   const std::vector<shell::RedirectView>& redirects, std::vector<FileEffect>& out);
// The entry of those effects: the shell's, not the program's (`vigie parse --effects` leaves
// them out of a command's effects; traces show them).
inline constexpr std::string_view kGlobExpansion = "glob expansion";

// ---- the table, for tests and docs ----------------------------------------------------------

// One option of a program, as declared.
struct OptionDecl {
  std::string shorts;              // letters
  std::vector<std::string> longs;  // long names without dashes
  std::vector<std::string> exact;  // single-dash long spellings (`-TT`)
  enum class Arg : std::uint8_t { none, required, optional } arg = Arg::none;
  char role = 0;  // the value's role (engine/programs_table.cpp): v r w d x c t p P a f k
  char flag = 0;  // the option's own role: R W D (operands' access), ! (runs something),
                  // N (a wrapper runs nothing), T, C, F (forced push), G (global config)
};

struct ProgramDecl;
// A handler: what a program whose arguments are a language of their own does
// (engine/program_handlers.hpp, `handler_function`).
using HandlerFn = void (*)(const ProgramDecl& p, std::string_view name,
                           const std::vector<shell::WordView>& words, ProgramEffects& out);

// How a network program names the hosts it contacts (engine/named_urls.cpp,
// `kNetworkPrograms`): `urls`, the URLs of its words are fetched (for `subcommands` only, when
// not empty: git's transfers); `hosts`, which operands are hosts ('f' the first, 'a' each, 'l'
// the last, 'r' `HOST:PATH` ones, 'o' `-connect`'s value, 'g' go's module paths, 'i' a container
// image's registry; 0 none); `options`, which of its options name hosts (engine/named_hosts.cpp,
// `option_hosts`: 'p' pip's index and proxy, 'r' a package registry, 'o' openssl's address, 'n'
// nc's proxy, 'h' httpie's proxy, 'g' gh's hosts; 0 none).
struct NetworkUse {
  bool urls;
  std::string_view subcommands;  // space-separated
  char hosts;
  char options = 0;
};
// The entry of a program name, or nullptr.
const NetworkUse* network_use(std::string_view name);

struct ProgramDecl {
  std::vector<std::string> names;
  bool prefixes = false;           // long options may be abbreviated (GNU getopt_long)
  bool permute = false;            // options may follow operands
  bool stop = false;               // options stop at the first operand
  bool safe_wrapper = false;       // allow rules look through it (time, nice, timeout...)
  bool variants = false;           // names cover versioned and target-prefixed forms (gcc-12)
  bool response_files = false;     // an operand `@FILE` is a file of more arguments (javac @args)
  bool underscores = false;        // `_` in a long option's name is `-` (node's `--env_file`)
  bool command_spellings = false;  // its commands have other spellings (`helm del`: uninstall)
  bool long_shorts = false;        // single-dash long options are short ones too (Info-ZIP's
                                   // `-TT`): in clusters, the longest one, a value attached
  bool first_letter = false;       // each word is one option named by its first letter (xxd:
                                   // `-ps` is `-p`); see programs_table.cpp, style `1`
  bool gated = false;              // a wrapper that runs its command only with an option of
                                   // flag X (`jobs -x CMD`)
  std::string operands;            // operand shape (see programs_table.cpp)
  std::string handler;             // "", "wrapper", "find", "tar", "git", "sed", "awk", "dd"...
  std::vector<OptionDecl> options;
  bool runs_programs = false;  // an option runs something (x, E or `!`)
  bool wrapper = false;        // handler "wrapper" (its command is normalized, engine/normalize)
  HandlerFn run = nullptr;     // the handler's function (resolved from `handler` once)
  const NetworkUse* network = nullptr;  // network_use() of its first name that has one
};

// One option as found in a command's words.
struct ParsedOption {
  const OptionDecl* decl = nullptr;  // nullptr: an option the table does not know
  std::string spelling;              // as written: "--to-com", "-I"
  std::optional<shell::WordView> value;
  std::size_t index = 0;  // of the word holding the option
};

// A command's words split the way the program's own parser would.
struct ParsedArgs {
  std::vector<ParsedOption> options;
  std::vector<std::size_t> operands;  // indexes into the words
  // `s` style: the index of the first operand (where parsing stopped), or words.size().
  std::size_t stopped_at = 0;
  // A word that is not static where an option may stand (`tar $OPTS`): it may be an option
  // that runs a program.
  bool dynamic_option = false;
  std::vector<std::string> unknown;  // unknown or ambiguous options, as written
  // More options than limits::command_options: parsing stopped there (the rest is neither an
  // option nor an operand), `unknown` says so and `dynamic_option` is set.
  bool options_capped = false;
};

// Parses words[from…] with the options of `p`.
// With `until_operand`, parsing stops at the first operand (a wrapper needs only where its
// command starts: reading on would make chains of wrappers quadratic).
ParsedArgs parse_args(const ProgramDecl& p, const std::vector<shell::WordView>& words,
                      std::size_t from, bool until_operand = false);

// What an option word (`-n`, `-xvf`, `--namespace`, `-chdir`) does with the word after it, by
// the program's declarations: takes it as its value (`kubectl -n prod delete`), leaves it (a
// flag, or a value attached: `-nprod`, `--namespace=prod`), takes it when it is a number (an
// optional value: make's `-j 4`; getopt_long's are attached only, and a number there is rarely
// an operand), or unknown (an option the program does not declare). engine/match.cpp reads it
// to find a command's positional words for deny and ask rules.
enum class NextWord : std::uint8_t { left, taken, number, unknown };
NextWord option_next_word(const ProgramDecl& p, std::string_view option);

// The canonical name of an option: its first long name, else its first short letter.
std::string option_name(const OptionDecl& d);
// Whether an option's value is code an allow of the interpreter cannot see: role `M`, a module
// to load (perl `-M`/`-m`), when it holds more than a module name and an import list
// (`-M'POSIX;system("…")'`); role `n`, an ini setting (php `-d NAME=VALUE`), unless NAME is one
// of the settings that run and load nothing (`kInertIniSettings`).
bool option_value_is_code(const OptionDecl& d, const std::optional<shell::WordView>& value);
// What php's `-d NAME=VALUE` settings (role `n`) read, write, load or run: `auto_prepend_file`
// is a file read, `error_log` written, `extension` loaded (asked), `sendmail_path` a line run.
void add_ini_effects(std::string_view prog, const ParsedArgs& args, ProgramEffects& out);

// Every program of the table, parsed from its declaration.
const std::vector<ProgramDecl>& program_table();

// What the tables say of one command name, in one hash look-up: its entry in the programs
// table (declarations parsed on first use) and its flags from the interpreters column.
struct ProgramName {
  static constexpr std::uint32_t kNone = 0xffffffffu;
  std::uint32_t program = kNone;      // index into the programs table
  const ProgramDecl* decl = nullptr;  // its declarations, when in the table
  bool wrapper = false;               // handler "wrapper" (sudo, env, timeout...)
  bool safe_wrapper = false;          // a wrapper allow rules look through
  bool shell = false;                 // a shell of the sh family
  bool interpreter = false;           // in the interpreters column (or a versioned form of one)
  bool known = false;                 // in either table (else only `table_interpreter` knows)
  // The table has entries for its subcommands or its shared options (`git push`, `docker:run`,
  // `kubectl:options`): option_next_word reads an option by the one that declares it.
  bool subentries = false;
};
ProgramName program_name(std::string_view name);
// When `program` (= program_name(name)) is not known and `name` differs from a name the tables
// know only by ASCII case or a `.exe` suffix (`CURL`, `curl.exe`): both become that name's
// (case-insensitive and Windows filesystems run that program).
void fold_program_name(std::string& name, ProgramName& program);

// From the interpreters column of the programs table: a shell of the sh family; any program
// that runs code given to it (shells included). Exact, case-sensitive names.
bool table_shell(std::string_view name);
bool table_interpreter(std::string_view name);
bool table_interpreter(const ProgramName& p, std::string_view name);  // p = program_name(name)
const ProgramDecl* find_program(std::string_view name);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_PROGRAMS_HPP
