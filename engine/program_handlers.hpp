// Internal to engine/programs*.cpp: the pieces the generic table code and the handlers of
// programs with a language of their own (find, tar, git, sed, awk, dd, ssh, fd) share.
#ifndef VIGIE_ENGINE_PROGRAM_HANDLERS_HPP
#define VIGIE_ENGINE_PROGRAM_HANDLERS_HPP

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/programs.hpp"

namespace vigie::engine {

// On a handler of a program agents seldom run (ssh, tmux, docker...): compiled for size and
// never inlined into its caller, so that the wasm module does not carry the rare handlers' code
// at -O3 (docs/wasm.md, "Size"). The common handlers (git, find, sed, build tools) stay hot.
#define VIGIE_RARE_HANDLER [[gnu::cold, gnu::noinline]]

// What options say about the operands.
struct OperandState {
  char override_touch = 0;            // 'r', 'w', 'd': every path operand gets this access
  bool pattern_given = false;         // the pattern/script came from an option: no `p` slot
  bool drop_leading_dash = false;     // `chmod --reference=R FILE…`: no mode operand
  bool all_sources = false;           // `cp -t DIR a b`: no destination operand
  bool no_paths = false;              // `bash -c S a b`: the operands are not paths
  bool forced = false;                // `git push --force` in any spelling
  bool global = false;                // `git config --global`
  bool recursive = false;             // `grep -r`, `rm -r`, `chmod -R`: a folder with all below it
  bool listing = false;               // `ls -R`: recursive, folders listed (flag L)
  bool no_target_dir = false;         // `cp -T SRC DEST`: DEST is the copy itself, never a folder
  bool parents = false;               // `cp --parents a/b DIR`: DIR/a/b
  bool symbolic = false;              // `ln -s`: sources are link targets, not second names
  bool links = false;                 // `cp -l`, `cp -s`: the copies are links (as `ln`)
  bool folder_given = false;          // `unzip -d DIR`: where the names it does not show go
  bool tree_without_operand = false;  // `rubocop -A`: no operand rewrites the current folder
  bool serves = false;                // `php -S ADDR`: a file server of its root (flag S)
  // Flag K's option (`git reset --hard`): files of the work tree the line does not name are
  // written, unless another option makes the command read only (`--staged`, `--cached`).
  const OptionDecl* work_tree = nullptr;
  const shell::WordView* target_dir = nullptr;  // `cp -t DIR`, `--target-directory=DIR`
};

// engine/program_options_apply.cpp.
// Whether a command's options (each letter of a cluster one) are more than
// limits::command_options, counted over the words' text before any is parsed.
bool too_many_options(const ProgramDecl& p, const std::vector<shell::WordView>& words);
// The backups a suffix option (role B) makes of the files written from out.files[before] on.
void add_backup_names(std::string_view name, const ParsedArgs& args, std::size_t before,
                      ProgramEffects& out);
void apply_options(std::string_view prog, const ParsedArgs& args, ProgramEffects& out,
                   OperandState& st);
// Shared by the options' and the operands' code (engine/programs.cpp): a file effect unless the
// word is `-`, a harmless device or (an operand) remote; the access a role letter stands for;
// whether a word that is not static may start with `@` once expanded, from `at`.
void add_file(ProgramEffects& out, Touch t, const shell::WordView& w, From from, std::string entry);
Touch touch_of(char role);
bool may_start_with_at(std::string_view t, std::size_t at);
// The static text of a word for option parsing: its literal, else its pattern (a glob).
const std::string* static_text(const shell::WordView& w);
void apply_operands(std::string_view prog, const std::string& shape,
                    const std::vector<shell::WordView>& words,
                    const std::vector<std::size_t>& operands, const OperandState& st,
                    ProgramEffects& out);
// The files a copy, move or link writes inside its destination folder (engine/copy_into.cpp):
// `shape` is the operand shape's last letter (`w`, `C` rsync, `L` ln), `first` the first source
// among `operands`, `moves` whether the sources are moved with all they hold (`mv`).
void add_copy_into(std::string_view prog, char shape, const std::vector<shell::WordView>& w,
                   const std::vector<std::size_t>& operands, std::size_t first,
                   const OperandState& st, bool moves, ProgramEffects& out);
// Files of the work tree a command rewrites without naming them (`git reset --hard`,
// `patch < x.diff`): any file below the folder it works in, at most asked
// (engine/tree_writes.cpp).
void add_tree_write(ProgramEffects& out, std::string entry);
// The files of folder `dir` (and below it) matching `below` (`**/*.rs`, `*.tf`; empty: any
// file), rewritten in place by a formatter: a narrowed tree, at most asked, that a rule on other
// files does not meet (engine/program_format_commands.cpp).
void rewrite_tree(ProgramEffects& out, const shell::WordView& dir, std::string entry,
                  std::string_view below);
// Adds a path a handler found, unless it is the standard streams (`-`) or a harmless device
// (`/dev/null`).
void add_word_file(ProgramEffects& out, Touch t, const shell::WordView& w, From from,
                   std::string entry);
// The table's effects of a parsed command: its options, then its operands (the generic
// handler, and the first step of the handlers that add to it).
void apply_parsed(const ProgramDecl& p, std::string_view name,
                  const std::vector<shell::WordView>& words, const ParsedArgs& args,
                  ProgramEffects& out);

// `DIR/*` written (a folder written under names the line does not show: `unzip -d DIR`,
// `git clone URL DIR`); a word that is not static is written as it is.
void add_folder_files(ProgramEffects& out, const shell::WordView& dir, From from,
                      std::string entry);

// The function of a handler named in the programs table's handler column, from one table
// (`kHandlers`, engine/program_handler_table.cpp: a new handler is one line there); nullptr for ""
// and "wrapper" (no handler) and for a name the table does not hold. Resolved once per entry
// (`ProgramDecl::run`, engine/programs_index.cpp): the decision calls it through the pointer, no
// string compares, and the wasm module's engine compiles only the handlers a line runs.
HandlerFn handler_function(std::string_view name);
// The handlers of engine/program_handlers.cpp (find, dd, perf, sed, awk, tar, fd) and
// engine/program_git.cpp (git), adapted to `HandlerFn` for that table.
void find_entry(const ProgramDecl& p, std::string_view name, const std::vector<shell::WordView>& w,
                ProgramEffects& out);
void git_entry(const ProgramDecl& p, std::string_view name, const std::vector<shell::WordView>& w,
               ProgramEffects& out);
void dd_entry(const ProgramDecl& p, std::string_view name, const std::vector<shell::WordView>& w,
              ProgramEffects& out);
void perf_entry(const ProgramDecl& p, std::string_view name, const std::vector<shell::WordView>& w,
                ProgramEffects& out);
void sed_entry(const ProgramDecl& p, std::string_view name, const std::vector<shell::WordView>& w,
               ProgramEffects& out);
void awk_entry(const ProgramDecl& p, std::string_view name, const std::vector<shell::WordView>& w,
               ProgramEffects& out);
void tar_entry(const ProgramDecl& p, std::string_view name, const std::vector<shell::WordView>& w,
               ProgramEffects& out);
void fd_entry(const ProgramDecl& p, std::string_view name, const std::vector<shell::WordView>& w,
              ProgramEffects& out);
// Every name of that table, in its order (for the tests: each name of the handler column is
// one of these or "wrapper").
std::vector<std::string_view> handler_names();

// `git -c key=value`, `git clone -c key=value`: a key that runs a program escalates; a
// `remote.*.push` refspec starting with `+` implies a forced push.
void git_config_value(const shell::WordView& kv, ProgramEffects& out,
                      std::string_view entry = "git -c");
// `REV:PATH`, `:PATH`, `:N:PATH` (a revision's or the index's copy of PATH): PATH; nullopt for
// a word that is no object name with a path (engine/program_git_pathspecs.cpp).
std::optional<std::string_view> git_object_path(std::string_view v);
// Whether PATH of `REV:PATH` is named from the repository's top: all but `./x`, `../x`, which
// are from the folder git works in (FileEffect::top_relative).
bool git_top_relative(std::string_view path);
// A word `git grep PATTERN WORD` would take for a revision though looks_like_revision does not:
// a common branch's name (`main`, `release/x`), a version tag (`v1.2`).
bool git_branch_like(std::string_view s);
// Whether w[from, to) holds `--all` (`--branches`, `--reflog`…) and an option that prints
// patches or searches them (`-p`, `-S`, `-G`): every blob of the repository shown.
bool git_all_patches(const std::vector<shell::WordView>& w, std::size_t from, std::size_t to);
// The repository's whole tree read, with everything below it (`git log --all -p`, an exclude-only
// pathspec): `.` from its top (FileEffect::top_relative).
void git_whole_tree(ProgramEffects& out, const shell::WordView& at, std::string entry);
// A pathspec of a git content reader read (`git log -- PATHSPEC`): what it can select, a folder
// with everything below it, and git's glob (engine/program_git_pathspecs.cpp). False for an
// exclude (`:!x`), which selects every other file.
bool git_pathspec_read(const shell::WordView& word, const std::string& entry, ProgramEffects& out,
                       bool icase = false);
// Value role `j` (`git config --blob REV:PATH`): PATH read as the revision holds it.
void git_object_value(const shell::WordView& val, ProgramEffects& out, const std::string& entry);
// The paths git writes or removes from out.files[from…] that are pathspecs with magic
// (`:(glob)tests/**`, `:!src`, `:/`): not static (asked), and their pattern judged too.
void git_magic_pathspecs(ProgramEffects& out, std::size_t from);
// Whether a git configuration key names a program to run (core.pager, alias.*, *.command...).
// awk's `-W NAME[,NAME…]` (engine/program_scripts.cpp): whether every item is harmless (prints,
// lints, changes how text is read); and mawk's `-W exec FILE`: FILE when given after `=`, an
// empty string when it is the next word, nullopt when the option is another.
bool awk_w_harmless(const std::string* value);
std::optional<std::string> awk_w_exec(const std::string* value);
bool git_key_runs_command(std::string_view key);
// Whether the value of a git configuration key (lowercase) names a file git reads.
bool git_key_names_file(const std::string& key);
// Whether a key's value, not the key alone, may make git run a program or write a file
// (`help.format`, `remote.NAME.url`, trace2's targets): asked when the value is not shown.
bool git_key_value_decides(std::string_view key);

// Scripts of sed and awk: what they write, read and run.
void sed_script_effects(const std::string& script, const shell::WordView& from,
                        ProgramEffects& out);
void awk_program_effects(const std::string& program, const shell::WordView& from,
                         ProgramEffects& out);

// Handlers of client and build tools (engine/program_tools.cpp): ssh's `-o` options and remote
// command, `cmake -E` commands, SQL clients' shell escapes, pagers' `+COMMAND`, perf.
VIGIE_RARE_HANDLER void ssh_handler(const ProgramDecl& p, std::string_view name,
                                    const std::vector<shell::WordView>& w, ProgramEffects& out);
VIGIE_RARE_HANDLER void cmake_handler(const ProgramDecl& p, std::string_view name,
                                      const std::vector<shell::WordView>& w, ProgramEffects& out);
// split and csplit (engine/program_split.cpp): the pieces, PREFIX + a generated suffix.
VIGIE_RARE_HANDLER void split_handler(const ProgramDecl& p, std::string_view name,
                                      const std::vector<shell::WordView>& w, ProgramEffects& out);
VIGIE_RARE_HANDLER void sql_handler(const ProgramDecl& p, std::string_view name,
                                    const std::vector<shell::WordView>& w, ProgramEffects& out);
VIGIE_RARE_HANDLER void perf_handler(std::string_view name, const std::vector<shell::WordView>& w,
                                     ProgramEffects& out);
VIGIE_RARE_HANDLER void pager_handler(const ProgramDecl& p, std::string_view name,
                                      const std::vector<shell::WordView>& w, ProgramEffects& out);

// curl's file: URLs, cookie files and download names (engine/program_curl.cpp); sqlite3's dot
// commands (engine/program_sqlite.cpp); gpg, dos2unix and the compressors' derived names
// (engine/program_convert.cpp).
void sqlite_effects(const ProgramDecl& p, const std::vector<shell::WordView>& w,
                    ProgramEffects& out);
// Handler `fmt-command`: `ruff format`, `cargo fmt`, `go fmt` rewrite files in place
// (engine/program_format_commands.cpp).
void format_command_handler(const ProgramDecl& p, std::string_view name,
                            const std::vector<shell::WordView>& w, ProgramEffects& out);
// Handler `ffmpeg`: its inputs, its outputs, the files its options name
// (engine/program_media.cpp).
VIGIE_RARE_HANDLER void ffmpeg_handler(const ProgramDecl& p, std::string_view name,
                                       const std::vector<shell::WordView>& w, ProgramEffects& out);
// Handlers `compress`, `dos2unix`, `gpg`, `openssl`, `7z` (engine/program_convert.cpp).
VIGIE_RARE_HANDLER void convert_handler(const ProgramDecl& p, std::string_view name,
                                        const std::vector<shell::WordView>& w, ProgramEffects& out);
VIGIE_RARE_HANDLER void curl_handler(const ProgramDecl& p, std::string_view name,
                                     const std::vector<shell::WordView>& w, ProgramEffects& out);
VIGIE_RARE_HANDLER void wget_handler(const ProgramDecl& p, std::string_view name,
                                     const std::vector<shell::WordView>& w, ProgramEffects& out);
VIGIE_RARE_HANDLER void aria2c_handler(const ProgramDecl& p, std::string_view name,
                                       const std::vector<shell::WordView>& w, ProgramEffects& out);
// The local path of a `file:` URL (`file:///p`, `file://localhost/p`, `file:/p`, any case),
// percent-decoded; nullopt when `url` is not one (with `file_default`, a URL without a scheme is
// a path). Also read by the fetch requests' judge (engine/judge_names.cpp).
std::optional<std::string> file_url_path(const std::string& url, bool file_default);

// Handlers of programs that run other programs: tmux (engine/program_tmux.cpp), container
// tools (engine/program_containers.cpp: `container`, `compose`, `kubectl`), package runners
// (engine/program_runners.cpp: `runner`), build, debug and scheduling tools
// (engine/program_build.cpp: `make`, `cc`, `ld`, `gdb`, `schedule`, `sg`).
VIGIE_RARE_HANDLER void tmux_handler(const ProgramDecl& p, std::string_view name,
                                     const std::vector<shell::WordView>& w, ProgramEffects& out);
VIGIE_RARE_HANDLER void container_handler(const ProgramDecl& p, std::string_view name,
                                          const std::vector<shell::WordView>& w,
                                          ProgramEffects& out);
// `docker|podman|nerdctl [container] run|create [OPTIONS] IMAGE` with no command (nor
// entrypoint) runs the image's default command, code the line does not show: the index of the
// first word after `run`, for allow rules that must name the image
// (engine/program_runners.hpp: `named_code_word`); -1 otherwise.
std::size_t container_image_word(std::string_view name, const std::vector<shell::WordView>& w);
VIGIE_RARE_HANDLER void kubectl_handler(const ProgramDecl& p, std::string_view name,
                                        const std::vector<shell::WordView>& w, ProgramEffects& out);
void runner_handler(const ProgramDecl& p, std::string_view name,
                    const std::vector<shell::WordView>& w, ProgramEffects& out);
// clang-cl's MSVC-style options (engine/program_clang_cl.cpp), from the `cc` handler.
void clang_cl_handler(std::string_view name, const std::vector<shell::WordView>& w,
                      ProgramEffects& out);
// engine/program_build.cpp: make's variables, gdb, crontab and at, sg; the compiler drivers
// and linkers: engine/program_compilers.cpp.
void make_handler(const ProgramDecl& p, std::string_view name,
                  const std::vector<shell::WordView>& w, ProgramEffects& out);
VIGIE_RARE_HANDLER void cc_handler(const ProgramDecl& p, std::string_view name,
                                   const std::vector<shell::WordView>& w, ProgramEffects& out);
VIGIE_RARE_HANDLER void gdb_handler(const ProgramDecl& p, std::string_view name,
                                    const std::vector<shell::WordView>& w, ProgramEffects& out);
VIGIE_RARE_HANDLER void schedule_handler(const ProgramDecl& p, std::string_view name,
                                         const std::vector<shell::WordView>& w,
                                         ProgramEffects& out);
VIGIE_RARE_HANDLER void sg_handler(const ProgramDecl& p, std::string_view name,
                                   const std::vector<shell::WordView>& w, ProgramEffects& out);
// Tools whose line names code they load (engine/program_plugins.cpp: `mvn` exec plugin
// properties, `pandoc` Lua readers and writers).
void plugin_handler(const ProgramDecl& p, std::string_view name,
                    const std::vector<shell::WordView>& w, ProgramEffects& out);
// Environment managers that run a command (engine/program_launchers.cpp: `launcher`).
VIGIE_RARE_HANDLER void launcher_handler(const ProgramDecl& p, std::string_view name,
                                         const std::vector<shell::WordView>& w,
                                         ProgramEffects& out);

// GitHub's CLI (engine/program_gh.cpp: `gh`); aws, gsutil, gcloud, helm, terraform
// (engine/program_cloud.cpp: `cloud`); ar, pax, cpio, unrar and rar
// (engine/program_archives.cpp: `archive`).
// Static file servers (engine/program_file_servers.cpp): their root, or the current folder.
VIGIE_RARE_HANDLER void serve_handler(const ProgramDecl& p, std::string_view name,
                                      const std::vector<shell::WordView>& words,
                                      ProgramEffects& out);
// Programs whose first operand is a subcommand with an entry `NAME:SUB` of its own (gio, svn,
// hg): engine/program_subcommands.cpp.
VIGIE_RARE_HANDLER void subcommand_handler(const ProgramDecl& p, std::string_view name,
                                           const std::vector<shell::WordView>& words,
                                           ProgramEffects& out);
// Handler `trust`: the program records that a file of code may run (`direnv allow`, `mise
// trust`): the code runs later, when the line does not show it. Its operands are read; asked.
VIGIE_RARE_HANDLER void trust_handler(const ProgramDecl& p, std::string_view name,
                                      const std::vector<shell::WordView>& w, ProgramEffects& out);
// The same for a program without an entry of its own (dotnet, deno: interpreters the table
// does not declare): the `NAME:SUB` entry of its first word that is not an option, applied to
// the words from SUB on. False when there is none.
bool subcommand_entry_effects(const std::string& name, const std::vector<shell::WordView>& words,
                              ProgramEffects& out);
VIGIE_RARE_HANDLER void gh_handler(const ProgramDecl& p, std::string_view name,
                                   const std::vector<shell::WordView>& w, ProgramEffects& out);
VIGIE_RARE_HANDLER void cloud_handler(const ProgramDecl& p, std::string_view name,
                                      const std::vector<shell::WordView>& w, ProgramEffects& out);
VIGIE_RARE_HANDLER void system_files_handler(const ProgramDecl& p, std::string_view name,
                                             const std::vector<shell::WordView>& w,
                                             ProgramEffects& out);
VIGIE_RARE_HANDLER void upload_handler(const ProgramDecl& p, std::string_view name,
                                       const std::vector<shell::WordView>& w, ProgramEffects& out);
VIGIE_RARE_HANDLER void archive_handler(const ProgramDecl& p, std::string_view name,
                                        const std::vector<shell::WordView>& w, ProgramEffects& out);

// parse_args for parsers that read `-f=VALUE` as `-f VALUE` (Go's pflag, Apache commons-cli):
// the table's parser keeps getopt's `=VALUE`; here an attached short value loses its `=`.
ParsedArgs parse_args_eq(const ProgramDecl& d, const std::vector<shell::WordView>& w,
                         std::size_t from, bool until_operand = false);

// socat's addresses (engine/program_socat.cpp): `EXEC:`, `SYSTEM:`, `SHELL:` run a command.
void socat_handler(const ProgramDecl& p, std::string_view name,
                   const std::vector<shell::WordView>& w, ProgramEffects& out);

// Windows' cmd (engine/program_cmd.cpp): `cmd /c LINE` runs LINE, of cmd's own syntax.
VIGIE_RARE_HANDLER void cmd_handler(const ProgramDecl& p, std::string_view name,
                                    const std::vector<shell::WordView>& w, ProgramEffects& out);

// bubblewrap (engine/program_bwrap.cpp): the command it runs in its sandbox.
void bwrap_handler(const ProgramDecl& p, std::string_view name,
                   const std::vector<shell::WordView>& w, ProgramEffects& out);

// capsh (engine/program_capsh.cpp): `capsh [OPTION…] -- ARGS` runs the shell with ARGS.
VIGIE_RARE_HANDLER void capsh_handler(const ProgramDecl& p, std::string_view name,
                                      const std::vector<shell::WordView>& w, ProgramEffects& out);

// corepack (engine/program_corepack.cpp): the package manager it runs, the shims it writes.
VIGIE_RARE_HANDLER void corepack_handler(const ProgramDecl& p, std::string_view name,
                                         const std::vector<shell::WordView>& w,
                                         ProgramEffects& out);

// rename, util-linux's and Perl's (engine/program_rename.cpp): the files it renames.
VIGIE_RARE_HANDLER void rename_handler(const ProgramDecl& p, std::string_view name,
                                       const std::vector<shell::WordView>& w, ProgramEffects& out);

// protoc (engine/program_codegen.cpp): its generators' output folders, plugins, descriptor sets;
// pdftk: its inputs and its `output` file.
VIGIE_RARE_HANDLER void protoc_handler(const ProgramDecl& p, std::string_view name,
                                       const std::vector<shell::WordView>& w, ProgramEffects& out);
VIGIE_RARE_HANDLER void pdftk_handler(const ProgramDecl& p, std::string_view name,
                                      const std::vector<shell::WordView>& w, ProgramEffects& out);

// Python's modules run as programs (engine/program_python_modules.cpp): zipfile and tarfile's
// archives, folders and sources; timeit's statements (code).
VIGIE_RARE_HANDLER void pyarchive_handler(const ProgramDecl& p, std::string_view name,
                                          const std::vector<shell::WordView>& w,
                                          ProgramEffects& out);
VIGIE_RARE_HANDLER void pycode_handler(const ProgramDecl& p, std::string_view name,
                                       const std::vector<shell::WordView>& w, ProgramEffects& out);

// rustc and rustdoc (engine/program_rustc.cpp): `-C`/`-Z` values that run a linker or load
// code, the folders and files they write. `rustc_arguments`: the same for the words from `from`
// on (`cargo rustc -- ARGS`); `cargo_effects`: cargo's subcommand `sub` (at `w[at]`) when it
// passes words to rustc or writes outside the target folder (`cargo vendor DIR`), true then.
VIGIE_RARE_HANDLER void rustc_handler(const ProgramDecl& p, std::string_view name,
                                      const std::vector<shell::WordView>& w, ProgramEffects& out);
void rustc_arguments(std::string_view name, const std::vector<shell::WordView>& w, std::size_t from,
                     ProgramEffects& out);
bool cargo_effects(std::string_view name, const std::string& sub,
                   const std::vector<shell::WordView>& w, std::size_t at, ProgramEffects& out);

// The go command (engine/program_go.cpp): `go env -w NAME=VALUE` judged as `export
// NAME=VALUE`, `-ldflags=-extld=CMD`; true when `sub` (at `w[at]`) was `env`.
bool go_effects(std::string_view name, const std::string& sub,
                const std::vector<shell::WordView>& w, std::size_t at, ProgramEffects& out);

// git's transports that run a program (engine/program_git_transports.cpp): an `ext::CMD` URL's
// command (a line judged), a `NAME::ADDRESS` URL's helper `git-remote-NAME` (asked).
void git_transports(const std::vector<shell::WordView>& w, ProgramEffects& out);

// kubectl's resource kind in its other spellings (engine/program_kubectl_kinds.cpp): the
// command again, for deny and ask rules, with the kind the subcommand's operands name written
// singular, plural and short (`kubectl delete ns/prod` is also `kubectl delete namespace prod`).
// `operands` index `own` (the words before `--`); operands[0] is the subcommand.
void kubectl_kind_spellings(const std::vector<shell::WordView>& own,
                            const std::vector<std::size_t>& operands, ProgramEffects& out);

// chmod (engine/program_chmod.cpp): the table's effects, and for deny and ask rules the
// command again with its mode in its other spellings (`777` is `a=rwx`, `0777`).
void chmod_handler(const ProgramDecl& p, std::string_view name,
                   const std::vector<shell::WordView>& w, ProgramEffects& out);

// sops (engine/program_sops.cpp): `exec-env`/`exec-file` run their command line; every other use
// is read by the table's entry.
void sops_handler(const ProgramDecl& p, std::string_view name,
                  const std::vector<shell::WordView>& w, ProgramEffects& out);
// script (engine/program_script.cpp): the table's effects, and `typescript` written when the line
// names no file.
void script_handler(const ProgramDecl& p, std::string_view name,
                    const std::vector<shell::WordView>& w, ProgramEffects& out);

// kill, pkill, killall (engine/program_signals.cpp): the command again, for deny and ask rules,
// with its signal names in capitals (`kill -Kill` is `kill -KILL`).
void signals_handler(const ProgramDecl& p, std::string_view name,
                     const std::vector<shell::WordView>& w, ProgramEffects& out);

// The command in its other spellings (engine/program_command_aliases.cpp): the command again,
// for deny and ask rules, with its first words after the program's global options in each other
// form its program accepts (`helm del` is also `helm uninstall`, `docker container rm` is also
// `docker rm`). `has_command_spellings`: whether the table has forms for `program`.
bool has_command_spellings(std::string_view program);
void command_spellings(std::string_view program, const ProgramDecl& decl,
                       const std::vector<shell::WordView>& w, ProgramEffects& out);
// The same from the command's first word w[at] (its handler found it after the global options).
void command_spellings_at(std::string_view program, const std::vector<shell::WordView>& w,
                          std::size_t at, ProgramEffects& out);

// The top-level command `docker container SUB` is (`ls` ps, `remove` rm, `kill` kill), or empty
// when it has none (`prune`).
std::string_view container_top_level(std::string_view sub);

// A word holding `value` (an attached option value, a file named inside a script).
shell::WordView word_of(const shell::WordView& from, std::string value);
// The same for a path the program uses by itself (`/etc/sudoers`, `~/.aws`): a leading `~` is
// the request's home folder.
shell::WordView path_word(const shell::WordView& from, std::string_view path);
// Every word after the program's name that is written as a path meets the policy's explicit
// path rules (engine/named_paths.cpp), as for a program the table does not declare: what a
// handler's own table does not model.
void add_named_words(std::string_view name, const std::vector<shell::WordView>& w,
                     ProgramEffects& out);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_PROGRAM_HANDLERS_HPP
