// Variables whose value a program runs or reads, and those that change what runs
// (normalize.hpp `is_dangerous_variable`, `variable_line`,
// `variable_names_file`): one list of each, read by the normalization of assignments and of
// `export`/`declare` (engine/builtin_code.cpp).
#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <string_view>

#include "engine/normalize.hpp"
#include "engine/program_build_env.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"
#include "engine/prompt_line.hpp"

namespace vigie::engine {

using program_words::starts_with;
namespace {

// Variables whose value a program runs as a command line: pagers, editors, askpass helpers, ssh
// and diff commands, prompt commands, browsers (`LESSOPEN`'s after its `|`). Space-separated.
constexpr std::string_view kLineVariables =
    " PAGER MANPAGER EDITOR VISUAL FCEDIT BROWSER PROMPT_COMMAND GIT_PAGER GIT_EDITOR "
    "GIT_SEQUENCE_EDITOR GIT_SSH GIT_SSH_COMMAND GIT_EXTERNAL_DIFF GIT_ASKPASS GIT_PROXY_COMMAND "
    "SSH_ASKPASS SUDO_ASKPASS LESSOPEN LESSCLOSE DELTA_PAGER BAT_PAGER PSQL_PAGER PSQL_EDITOR "
    "GH_EDITOR GH_PAGER GH_BROWSER KUBE_EDITOR KUBECTL_EXTERNAL_DIFF TERMINAL "
    // The remote shells of rsync and cvs, svn's ssh and editor, mercurial's editor, systemd's
    // pager and editor, sudoedit's editor, fzf's default source command.
    "RSYNC_RSH RSYNC_CONNECT_PROG CVS_RSH SVN_SSH SVN_EDITOR HGEDITOR SYSTEMD_PAGER SYSTEMD_EDITOR "
    "SUDO_EDITOR "
    "FZF_DEFAULT_COMMAND "
    // dpkg's pager (`dpkg -l`, `dpkg-deb -I`), the editor sensible-editor runs first.
    "DPKG_PAGER SELECTED_EDITOR "
    // The editors and diff tools of more version control systems and tools (cvs, perforce, jj,
    // bzr, tig, sops), and the shell that script, tmux and screen start (`SHELL=CMD script`).
    "CVSEDITOR P4EDITOR P4DIFF P4MERGE JJ_EDITOR BZR_EDITOR TIG_EDITOR SOPS_EDITOR SHELL "
    // npm's configuration from the environment (names are case-insensitive), the programs a
    // build runs from the environment (make's `$(CC)`, cargo's wrappers).
    "NPM_CONFIG_SCRIPT_SHELL NPM_CONFIG_SHELL NPM_CONFIG_GIT NPM_CONFIG_EDITOR "
    "NPM_CONFIG_BROWSER NPM_CONFIG_VIEWER YARN_SCRIPT_SHELL CC CXX CPP LD AR AS FC "
    "RUSTC_WRAPPER RUSTC_WORKSPACE_WRAPPER RUSTC RUSTDOC CARGO_BUILD_RUSTC_WRAPPER "
    // cargo's configuration from the environment: the programs it runs (a target's runner and
    // linker, the compiler, the credential helpers; kVariablePatterns names the forms with a
    // target or registry inside).
    "CARGO_BUILD_RUSTC CARGO_BUILD_RUSTDOC CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER CARGO_HOST_LINKER "
    "CARGO_REGISTRY_CREDENTIAL_PROVIDER CARGO_TARGET_RUNNER CARGO_TARGET_LINKER "
    "CARGO_REGISTRIES_CREDENTIAL_PROVIDER CARGO_CREDENTIAL_ALIAS "
    "CMAKE_C_COMPILER_LAUNCHER CMAKE_CXX_COMPILER_LAUNCHER "
    // make's built-in rules run these (`make -p`: `RM = rm -f`), set from the environment; rsync
    // runs RSYNC_CONNECT_PROG with RSYNC_SHELL; less runs LESSGLOBALTAGS for `-t`.
    "RM LEX YACC CO GET MAKEINFO TEX TEXI2DVI WEAVE CWEAVE TANGLE CTANGLE M2C PC LINT "
    "RSYNC_SHELL LESSGLOBALTAGS ";
// Expanded by the shell before it uses them, their substitutions run: the prompts, each time
// they are shown (`PS4` under `set -x`); the file a shell sources at start (`BASH_ENV`, `ENV`:
// `BASH_ENV='$(CMD)' bash -c …` runs CMD).
constexpr std::string_view kExpandedVariables = " PS0 PS1 PS2 PS3 PS4 BASH_ENV ENV ";

// The lists above, sorted at compile time (program_words.hpp).
using program_words::count_words;
using program_words::sorted_words;
constexpr auto kLineSet = sorted_words<count_words(kLineVariables)>(kLineVariables);
constexpr auto kExpandedSet = sorted_words<count_words(kExpandedVariables)>(kExpandedVariables);

template <std::size_t N>
bool listed(const program_words::SortedWords<N>& set, std::string_view name) {
  return set.contains(name);
}

// Variables whose name holds a target, a registry or an alias (`CARGO_TARGET_<TRIPLE>_RUNNER`):
// read as the name they stand for in the lists above and below.
struct VariablePattern {
  std::string_view prefix;
  std::string_view suffix;
  std::string_view stands_for;
};
constexpr VariablePattern kVariablePatterns[] = {
    {"CARGO_TARGET_", "_RUNNER", "CARGO_TARGET_RUNNER"},
    {"CARGO_TARGET_", "_LINKER", "CARGO_TARGET_LINKER"},
    {"CARGO_TARGET_", "_RUSTFLAGS", "RUSTFLAGS"},
    {"CARGO_REGISTRIES_", "_CREDENTIAL_PROVIDER", "CARGO_REGISTRIES_CREDENTIAL_PROVIDER"},
    {"CARGO_CREDENTIAL_ALIAS_", "", "CARGO_CREDENTIAL_ALIAS"},
    // cmake (3.21+) reads `CMAKE_<LANG>_COMPILER_LAUNCHER` and `CMAKE_<LANG>_LINKER_LAUNCHER`.
    {"CMAKE_", "_LAUNCHER", "CMAKE_C_COMPILER_LAUNCHER"},
};

// `u` (upper case) as the lists name it.
std::string listed_name(std::string u) {
  for (const VariablePattern& p : kVariablePatterns)
    if (u.size() > p.prefix.size() + p.suffix.size() && u.starts_with(p.prefix) &&
        u.ends_with(p.suffix))
      return std::string(p.stands_for);
  return u;
}

// Variables that name a file a program reads when it starts: a shell sources `BASH_ENV` and
// `ENV`, python `PYTHONSTARTUP`; git, kubectl, npm, wget, the cloud clients read the
// configuration or credentials they name.
constexpr std::string_view kFileVariables =
    " BASH_ENV ENV PYTHONSTARTUP GIT_CONFIG GIT_CONFIG_GLOBAL GIT_CONFIG_SYSTEM KUBECONFIG "
    "NPM_CONFIG_USERCONFIG NPM_CONFIG_GLOBALCONFIG WGETRC INPUTRC AWS_SHARED_CREDENTIALS_FILE "
    "AWS_CONFIG_FILE GOOGLE_APPLICATION_CREDENTIALS DOCKER_CONFIG CLOUDSDK_CONFIG "
    "NETRC CURL_HOME PIP_CONFIG_FILE "
    // The env files a launcher loads (uv run, dotenv's preload, pipenv).
    "UV_ENV_FILE DOTENV_CONFIG_PATH PIPENV_DOTENV_LOCATION "
    // less's key files (their `#env` section sets LESSOPEN), make's extra makefiles, the
    // certificate bundles, the database clients' rc and password files, tar's archive (`TAPE`
    // stands for `-f`), git's repository, work tree and alternate object folders.
    "LESSKEY LESSKEYIN LESSKEY_SYSTEM LESSKEYIN_SYSTEM MAKEFILES NODE_EXTRA_CA_CERTS SSL_CERT_FILE "
    "CURL_CA_BUNDLE REQUESTS_CA_BUNDLE PSQLRC PGPASSFILE PGSERVICEFILE MYSQL_TEST_LOGIN_FILE "
    "REDISCLI_RCFILE MLRRC BOTO_CONFIG TF_CLI_CONFIG_FILE TAPE GIT_DIR GIT_WORK_TREE "
    "GIT_COMMON_DIR "
    "GIT_ALTERNATE_OBJECT_DIRECTORIES "
    // The configuration folder of every XDG program (git's `$XDG_CONFIG_HOME/git/config`), git's
    // repository templates, jj's configuration, R's start files, the folders of kCodeVariables.
    "GOENV XDG_CONFIG_HOME GIT_TEMPLATE_DIR JJ_CONFIG R_ENVIRON_USER R_ENVIRON R_PROFILE_USER "
    "R_PROFILE "
    "GIT_EXEC_PATH IPYTHONDIR JUPYTER_CONFIG_DIR ZDOTDIR "
    // The libraries the dynamic loader reads into the command (ld.so(8), dyld(1)): a list
    // (`variable_file_separators`).
    "LD_PRELOAD LD_AUDIT DYLD_INSERT_LIBRARIES "
    // file's magic files (a colon list), look's word list, cmake's toolchain file (cmake code).
    "MAGIC WORDLIST CMAKE_TOOLCHAIN_FILE ";

// Variables that name a file a program writes (its history: less, bash, python, node, the SQL
// clients; git's index), and those that name a folder it writes files in under names the line
// does not show (python's compiled files, the temporary folder).
constexpr std::string_view kWrittenFileVariables =
    " LESSHISTFILE HISTFILE PYTHON_HISTORY NODE_REPL_HISTORY SQLITE_HISTORY MYSQL_HISTFILE "
    "PSQL_HISTORY REDISCLI_HISTFILE GIT_INDEX_FILE TAPE LD_DEBUG_OUTPUT "
    // clang writes the options, headers and diagnostics of each compile to these.
    "CC_PRINT_OPTIONS_FILE CC_PRINT_HEADERS_FILE CC_LOG_DIAGNOSTICS_FILE ";
// Folders: python's compiled files, the temporary folder, rsync's partial files, the XDG data,
// state and cache folders (less's history is `$XDG_DATA_HOME/lesshst`), node's coverage, cargo's
// target folder and its and rustup's homes (their registries, toolchains and configuration), go's
// install, module, build cache and temporary folders.
constexpr std::string_view kWrittenFolderVariables =
    " PYTHONPYCACHEPREFIX TMPDIR RSYNC_PARTIAL_DIR XDG_DATA_HOME XDG_STATE_HOME XDG_CACHE_HOME "
    "NODE_V8_COVERAGE CARGO_TARGET_DIR CARGO_BUILD_TARGET_DIR CARGO_HOME RUSTUP_HOME GOBIN GOPATH "
    "GOMODCACHE GOCACHE GOTMPDIR ";
// git's trace variables write to the file they name when it is an absolute path ("1", "2" and
// "true" are descriptors).
constexpr std::string_view kTraceVariables =
    " GIT_TRACE GIT_TRACE2 GIT_TRACE2_EVENT GIT_TRACE2_PERF GIT_TRACE_PERFORMANCE GIT_TRACE_SETUP "
    "GIT_TRACE_PACKET GIT_TRACE_PACKFILE GIT_TRACE_CURL GIT_TRACE_SHALLOW GIT_TRACE_REFS "
    "GIT_TRACE_FSMONITOR GIT_TRACE_PACK_ACCESS ";

constexpr auto kFileSet = sorted_words<count_words(kFileVariables)>(kFileVariables);
constexpr auto kWrittenFileSet =
    sorted_words<count_words(kWrittenFileVariables)>(kWrittenFileVariables);
constexpr auto kWrittenFolderSet =
    sorted_words<count_words(kWrittenFolderVariables)>(kWrittenFolderVariables);
constexpr auto kTraceSet = sorted_words<count_words(kTraceVariables)>(kTraceVariables);

// Variables whose value a program reads as options before those of its command line
// (`LESS='-o log' less` is `less -o log`): the program's name, then its variables.
struct OptionVariable {
  std::string_view program;
  std::string_view variables;  // space-separated
};
constexpr OptionVariable kOptionVariables[] = {
    {"less", " LESS MORE "},
    {"tar", " TAR_OPTIONS "},
    {"node", " NODE_OPTIONS "},
    {"gzip", " GZIP "},
    {"zip", " ZIPOPT ZIP "},
    {"valgrind", " VALGRIND_OPTS "},
    {"xz", " XZ_DEFAULTS XZ_OPT "},
    {"bzip2", " BZIP2 BZIP "},
    {"nodejs", " NODE_OPTIONS "},
    // make reads its options and variables from MAKEFLAGS (`SHELL=CMD` runs every recipe).
    {"make", " MAKEFLAGS GNUMAKEFLAGS MFLAGS "},
    // man reads MANOPT as options (`-P PAGER`, `-H BROWSER` run a program).
    {"man", " MANOPT "},
    {"gmake", " MAKEFLAGS GNUMAKEFLAGS MFLAGS "},
    // bc reads BC_ENV_ARGS as arguments before its own: the files it names are read and run.
    {"bc", " BC_ENV_ARGS "},
    // Maven 3.9 puts MAVEN_ARGS before the line's own arguments (`-s FILE`, `-Dexec.…`).
    {"mvn", " MAVEN_ARGS "},
    {"mvnw", " MAVEN_ARGS "},
};

// Variables whose value makes a program load code the line does not show: a library injected
// into every process (`LD_PRELOAD`), a module a runtime loads first (`NODE_OPTIONS=--require
// x.js`, `PERL5OPT=-Mx`, `RUBYOPT=-rx`), a JVM agent or a command run on an error, make's
// `--eval`, tar's options that run a program. `markers`: the words of the value (space-separated
// options) that do it, each a prefix (`-M` is `-MFoo`, `--to-c` is `--to-command=…`); empty:
// any value.
// The C compiler's and linker's options that load or run another program (cgo's flags).
constexpr std::string_view kCgoRuns =
    "-fplugin -fpass-plugin -fuse-ld --ld-path -B -wrapper -specs --specs -Xclang -Wl, -Xlinker "
    "-load";
struct CodeVariable {
  std::string_view name;
  std::string_view markers;  // space-separated
  std::string_view what;
};
constexpr CodeVariable kCodeVariables[] = {
    {"LD_PRELOAD", "", "loads a library into the command"},
    {"LD_AUDIT", "", "loads a library into the command"},
    {"DYLD_INSERT_LIBRARIES", "", "loads a library into the command"},
    {"NODE_OPTIONS", "--require -r --import --loader --experimental-loader --experimental_loader",
     "loads a module into node"},
    {"PERL5OPT", "-M -m -d", "loads a module into perl"},
    {"RUBYOPT", "-r", "loads a library into ruby"},
    {"JAVA_TOOL_OPTIONS", "-javaagent -agentpath -agentlib -XX:OnError -XX:OnOutOfMemoryError",
     "loads an agent into the JVM or runs a command"},
    {"_JAVA_OPTIONS", "-javaagent -agentpath -agentlib -XX:OnError -XX:OnOutOfMemoryError",
     "loads an agent into the JVM or runs a command"},
    {"JDK_JAVA_OPTIONS", "-javaagent -agentpath -agentlib -XX:OnError -XX:OnOutOfMemoryError",
     "loads an agent into the JVM or runs a command"},
    // The build tools' launch scripts pass these to their JVM (mvn, gradle, ant).
    {"MAVEN_OPTS", "-javaagent -agentpath -agentlib -XX:OnError -XX:OnOutOfMemoryError",
     "loads an agent into the JVM or runs a command"},
    {"GRADLE_OPTS", "-javaagent -agentpath -agentlib -XX:OnError -XX:OnOutOfMemoryError",
     "loads an agent into the JVM or runs a command"},
    {"ANT_OPTS", "-javaagent -agentpath -agentlib -XX:OnError -XX:OnOutOfMemoryError",
     "loads an agent into the JVM or runs a command"},
    // cmake's toolchain file is code it runs at configure time; clang rewrites its own
    // arguments by CCC_OVERRIDE_OPTIONS' edits; man reads MANLESS as less's options.
    {"CMAKE_TOOLCHAIN_FILE", "", "makes cmake run the toolchain file it names"},
    {"CCC_OVERRIDE_OPTIONS", "", "rewrites clang's arguments"},
    {"MANLESS", "", "gives man's pager options the line does not show"},
    // rustc's flags from cargo's environment: a linker or a code generator it loads.
    {"RUSTFLAGS",
     "-Clinker linker -Clink-arg link-arg -Zcodegen-backend codegen-backend "
     "-Zllvm-plugins llvm-plugins",
     "makes rustc run a program"},
    {"CARGO_BUILD_RUSTFLAGS",
     "-Clinker linker -Clink-arg link-arg -Zcodegen-backend "
     "codegen-backend -Zllvm-plugins llvm-plugins",
     "makes rustc run a program"},
    {"CARGO_ENCODED_RUSTFLAGS", "", "makes rustc run a program (flags the line does not split)"},
    {"RUSTDOCFLAGS",
     "-Clinker linker -Clink-arg link-arg -Zcodegen-backend codegen-backend "
     "--test-builder --runtool",
     "makes rustdoc run a program"},
    // Code a program loads from a place the value names: git's programs and the hooks of its
    // repository templates, perl's debugger, the editors' start commands (`VIMINIT='!CMD'`),
    // node's REPL module, IPython's and Jupyter's startup files, zsh's and R's start files.
    {"GIT_EXEC_PATH", "", "makes git run programs from the folder it names"},
    {"GIT_TEMPLATE_DIR", "", "installs the hooks of the folder it names into the repository"},
    {"COMPILER_PATH", "", "makes gcc run its programs (cc1, as, ld) from the folders it names"},
    {"GCC_EXEC_PREFIX", "", "makes gcc run its programs (cc1, as, ld) from the folder it names"},
    {"PERL5DB", "", "runs perl code under the debugger"},
    {"VIMINIT", "", "runs editor commands when vim starts"},
    {"GVIMINIT", "", "runs editor commands when gvim starts"},
    {"EXINIT", "", "runs editor commands when vi starts"},
    {"NODE_REPL_EXTERNAL_MODULE", "", "loads a module into node"},
    {"IPYTHONDIR", "", "runs the startup files of the folder it names"},
    {"JUPYTER_CONFIG_DIR", "", "runs the configuration files of the folder it names"},
    {"ZDOTDIR", "", "makes zsh source the start files of the folder it names"},
    {"R_PROFILE_USER", "", "makes R run the profile it names"},
    {"R_PROFILE", "", "makes R run the profile it names"},
    {"MAKEFLAGS", "--eval --ev -E", "makes make evaluate code"},
    {"GNUMAKEFLAGS", "--eval --ev -E", "makes make evaluate code"},
    // go passes these to the C compiler and linker of cgo packages as they are (the allow
    // list of `#cgo` lines does not apply to the environment).
    {"CGO_CFLAGS", kCgoRuns, "makes cgo's compiler load or run another program"},
    {"CGO_CPPFLAGS", kCgoRuns, "makes cgo's compiler load or run another program"},
    {"CGO_CXXFLAGS", kCgoRuns, "makes cgo's compiler load or run another program"},
    {"CGO_FFLAGS", kCgoRuns, "makes cgo's compiler load or run another program"},
    {"CGO_LDFLAGS", kCgoRuns, "makes cgo's linker load or run another program"},
    // gradle runs the init scripts of its user home (`init.d/*.gradle`) and reads its
    // gradle.properties (`org.gradle.jvmargs`); rustup's proxies run a toolchain from the
    // folder RUSTUP_TOOLCHAIN names when it is a path (a name picks an installed one).
    {"GRADLE_USER_HOME", "", "makes gradle run the init scripts of the folder it names"},
    {"RUSTUP_TOOLCHAIN", "/ ~ . $", "makes rustup's proxies run a toolchain from a folder"},
    {"TAR_OPTIONS", "--to-c --use-c --checkpoint-a --rsh --info --new-v --transform-c -I -F",
     "makes tar run a program"},
};

// Variables that change what a command runs or reads (is_dangerous_variable), besides the
// prefixes below. Space-separated.
constexpr std::string_view kDangerousVariables =
    " "
    "PATH BASH_ENV ENV PS4 IFS SHELLOPTS BASHOPTS PROMPT_COMMAND "
    "CDPATH GLOBIGNORE HOME ZDOTDIR XDG_CONFIG_HOME PAGER MANPAGER "
    "EDITOR VISUAL BROWSER LESSOPEN LESSCLOSE LESS LESSKEY LESSKEYIN "
    "LESSKEY_CONTENT LESSKEY_SYSTEM LESSEDIT DELTA_PAGER BAT_PAGER CURL_HOME "
    "WGETRC SYSTEM_WGETRC GNUPGHOME SSH_ASKPASS SUDO_ASKPASS TERMINAL "
    "SHELL CLASSPATH TMPDIR MAKEFLAGS MFLAGS MAKEFILES PYTEST_ADDOPTS "
    "PYTEST_PLUGINS CC CXX LD AR CFLAGS LDFLAGS CPPFLAGS MAKE "
    "EXINIT VIMINIT INPUTRC HISTFILE TZDIR LOCPATH GCONV_PATH "
    "HOSTALIASES RESOLV_HOST_CONF OPENSSL_CONF SSL_CERT_FILE CURL_CA_BUNDLE "
    "REQUESTS_CA_BUNDLE HTTP_PROXY HTTPS_PROXY ALL_PROXY NO_PROXY "
    // The name of every backup cp, mv, ln, install and patch make (`NAME` + suffix); patch's
    // `-g` default (PATCH_GET: files checked out of RCS or SCCS, which runs them); the options
    // systemd's tools give less (SYSTEMD_LESS: `-oFILE` writes the page).
    "SIMPLE_BACKUP_SUFFIX PATCH_GET SYSTEMD_LESS "
    // Database clients and data tools: their rc files, pagers, editors, key files.
    "PSQLRC PSQL_HISTORY PSQL_EDITOR PSQL_PAGER PGPASSFILE PGSERVICEFILE "
    "PGSSLKEY PGSSLCERT PGSSLROOTCERT PGSSLCRL MYSQL_HISTFILE "
    "MYSQL_TEST_LOGIN_FILE REDISCLI_RCFILE REDISCLI_HISTFILE MLRRC "
    "SQLITE_HISTORY "
    // Cloud clients: editors, pagers, browsers, plugins, config files and arguments.
    "GH_EDITOR GH_PAGER GH_BROWSER GH_CONFIG_DIR KUBE_EDITOR "
    "KUBECTL_EXTERNAL_DIFF TF_CLI_CONFIG_FILE TERRAFORM_CONFIG BOTO_CONFIG "
    // Remote shells, editors and pagers of more tools; tar's and make's options.
    "RSYNC_RSH CVS_RSH SVN_SSH SVN_EDITOR HGEDITOR SYSTEMD_PAGER "
    "SYSTEMD_EDITOR SUDO_EDITOR FZF_DEFAULT_COMMAND TAR_OPTIONS GNUMAKEFLAGS "
    // bash's command hash table and aliases; make's built-in programs; tar's archive;
    // rsync's, vim's, less's and ssh's programs and files; the XDG folders; glibc's zone.
    "BASH_CMDS BASH_ALIASES BASH_LOADABLES_PATH RM LEX YACC CO GET "
    "MAKEINFO TEX TEXI2DVI WEAVE CWEAVE TANGLE CTANGLE M2C PC "
    "LINT CPP AS FC TAPE RSYNC_SHELL RSYNC_PARTIAL_DIR VIM "
    "VIMRUNTIME MYVIMRC LESSGLOBALTAGS LESSKEYIN_SYSTEM MORE "
    "SSH_ASKPASS_REQUIRE XDG_DATA_HOME XDG_STATE_HOME XDG_CACHE_HOME "
    "XDG_DATA_DIRS XDG_CONFIG_DIRS XDG_RUNTIME_DIR ZIPOPT ZIP VALGRIND_OPTS GZIP XZ_OPT "
    "XZ_DEFAULTS BZIP2 BZIP "
    // More editors, start files and configuration (kLineVariables, kCodeVariables).
    "GVIMINIT IPYTHONDIR JUPYTER_CONFIG_DIR R_PROFILE_USER R_PROFILE "
    "R_ENVIRON_USER R_ENVIRON CVSEDITOR P4EDITOR P4DIFF P4MERGE JJ_EDITOR "
    "JJ_CONFIG SOPS_EDITOR BZR_EDITOR TIG_EDITOR MANOPT "
    // man adds MANROFFOPT to groff's options (`-U`: unsafe mode, `.pso`/`.sy` run commands);
    // groff runs its programs with GROFF_COMMAND_PREFIX before their names, from GROFF_BIN_PATH,
    // and loads macro files from GROFF_TMAC_PATH.
    "MANROFFOPT GROFF_COMMAND_PREFIX GROFF_BIN_PATH GROFF_TMAC_PATH "
    // gcc's programs (cc1, as, ld: `-B`'s folders) and the dependency files it writes.
    "COMPILER_PATH GCC_EXEC_PREFIX DEPENDENCIES_OUTPUT SUNPRO_DEPENDENCIES "
    // bc's arguments; getopt's order: with POSIXLY_CORRECT set (any value) options stop at the
    // first operand, and every later word is an operand (`sed -i S a -l tests/x` edits tests/x).
    "BC_ENV_ARGS POSIXLY_CORRECT "
    // man's options for less, the cmake toolchain, clang's edits of its own arguments.
    "MANLESS CMAKE_TOOLCHAIN_FILE CCC_OVERRIDE_OPTIONS "
    // emcc's and nvcc's own words from the environment (EMCC_CFLAGS: `--preload-file FILE`,
    // `--js-transform CMD`), emcc's configuration (a Python file it runs), sqlite3's temp folder.
    "EMCC_CFLAGS EM_CONFIG NVCC_PREPEND_FLAGS NVCC_APPEND_FLAGS SQLITE_TMPDIR "
    // bash translates `$"…"` through the catalog TEXTDOMAIN names under TEXTDOMAINDIR, and
    // expands the translation as `"…"`: a `$(…)` in a catalog the line points to runs.
    "TEXTDOMAIN TEXTDOMAINDIR "
    // dpkg's pager, sensible-editor's editor (kLineVariables); the security key library
    // ssh-add and ssh-keygen load; Tcl's package folders (tclsh sources their pkgIndex.tcl).
    "DPKG_PAGER SELECTED_EDITOR SSH_SK_PROVIDER TCLLIBPATH ";
constexpr auto kDangerousSet =
    program_words::sorted_words<program_words::count_words(kDangerousVariables)>(
        kDangerousVariables);

}  // namespace

bool is_dangerous_variable(std::string_view name) {
  // `PATH[0]=…` is PATH; `BASH_CMDS[ls]=…` an element of BASH_CMDS.
  name = name.substr(0, std::min(name.find('['), name.find('+')));
  std::string u(name);
  for (char& c : u) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (kDangerousSet.contains(u)) return true;
  for (std::string_view p :
       {"LD_",       "DYLD_", "GIT_",        "BASH_FUNC_", "PYTHON",  "PERL",
        "RUBY",      "NODE_", "NPM_CONFIG_", "YARN_",      "JAVA_",   "_JAVA_",
        "JDK_JAVA_", "LUA_",  "GEM_",        "BUNDLE_",    "CARGO_",  "RUSTC",
        "RUSTFLAGS", "GO",    "PIP_",        "UV_",        "DOCKER_", "KUBECONFIG",
        "AWS_",      "HELM_", "TF_CLI_ARGS", "CLOUDSDK_",  "PYENV_",  "LC_",
        "LANG"})
    if (starts_with(u, p)) return p != "LC_" && p != "LANG" ? true : false;
  return false;
}

std::optional<std::string> variable_code(std::string_view name, std::string_view value) {
  std::string u(name);
  for (char& c : u) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  u = listed_name(std::move(u));
  // git's `-c` pairs given in the environment (`GIT_CONFIG_KEY_<n>=core.hooksPath`,
  // `GIT_CONFIG_PARAMETERS="'safe.directory=*'"`): a key that makes git run a program, read a
  // file or trust another user's repository is asked, as `git -c KEY=VALUE` is. Every quoted
  // part of GIT_CONFIG_PARAMETERS is taken for a key (`'key=value'`, `'key'='value'`).
  if (u.starts_with("GIT_CONFIG_KEY_") && git_key_runs_command(value))
    return "`" + u + "=" + std::string(value) + "` (git -c " + std::string(value) + ")";
  if (u == "GIT_CONFIG_PARAMETERS") {
    for (std::size_t b = value.find('\''); b != std::string_view::npos;) {
      const std::size_t e = value.find('\'', b + 1);
      const std::string_view part =
          value.substr(b + 1, e == std::string_view::npos ? e : e - b - 1);
      if (git_key_runs_command(part))
        return "`GIT_CONFIG_PARAMETERS` (git -c " + std::string(part.substr(0, part.find('='))) +
               ")";
      if (e == std::string_view::npos) break;
      b = value.find('\'', e + 1);
    }
  }
  for (const CodeVariable& v : kCodeVariables) {
    if (v.name != u) continue;
    if (value.find_first_not_of(" \t") == std::string_view::npos) return std::nullopt;
    const std::string why = "`" + u + "` " + std::string(v.what);
    if (v.markers.empty()) return why;
    std::size_t i = 0;
    while (i < value.size()) {
      std::size_t e = value.find_first_of(" \t", i);
      if (e == std::string_view::npos) e = value.size();
      std::string_view word = value.substr(i, e - i);
      while (!word.empty() && (word.front() == '"' || word.front() == '\'')) word.remove_prefix(1);
      for (std::size_t m = 0; m < v.markers.size();) {
        std::size_t me = v.markers.find(' ', m);
        if (me == std::string_view::npos) me = v.markers.size();
        const std::string_view marker = v.markers.substr(m, me - m);
        if (word.starts_with(marker)) return why;
        m = me + 1;
      }
      i = e + 1;
    }
    return std::nullopt;
  }
  return std::nullopt;
}

bool environment_entry(std::string_view wrapper, const shell::WordView& w,
                       std::vector<std::string>& escalations, std::vector<std::string>& scripts) {
  const std::string& t = w.literal ? *w.literal : w.text;
  const auto eq = t.find('=');
  if (eq == std::string::npos || eq == 0 || (!w.literal && t.find_first_of("$`") < eq))
    return false;
  if (t.starts_with("BASH_FUNC_") || !w.literal) {
    escalations.push_back(std::string(wrapper) + " " + t.substr(0, eq) +
                          ": defines a function bash runs in place of a command");
    if (w.literal) {
      std::string_view body = std::string_view(*w.literal).substr(eq + 1);
      if (body.starts_with("()")) body.remove_prefix(2);
      scripts.emplace_back(body);
    }
  }
  return true;
}

bool variable_names_file(std::string_view name) {
  std::string n(name);
  // npm reads its `npm_config_*` variables in any case (`npm_config_userconfig`).
  if (n.size() > 11 && (n[0] == 'n' || n[0] == 'N')) {
    std::string u = n;
    for (char& c : u) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (u.starts_with("NPM_CONFIG_")) n = std::move(u);
  }
  return listed(kFileSet, n);
}

std::string_view variable_file_separators(std::string_view name) {
  if (name == "LD_PRELOAD") return ": ";  // ld.so(8): spaces or colons
  if (name == "LD_AUDIT" || name == "DYLD_INSERT_LIBRARIES" || name == "MAGIC") return ":";
  return {};
}

char variable_written_file(std::string_view name, std::string_view value) {
  if (listed(kWrittenFileSet, name)) return 'w';
  if (listed(kTraceSet, name) && value.starts_with('/')) return 'w';
  if (listed(kWrittenFolderSet, name)) return 'g';
  return 0;
}

std::optional<std::string> variable_line(std::string_view name, std::string_view value) {
  std::string u(name);
  for (char& c : u) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  u = listed_name(std::move(u));
  if (listed(kExpandedSet, u)) return expanded_variable_line(u, value);
  // `GIT_CONFIG_PARAMETERS="'core.pager=CMD' 'k'='v'"` (git's own `-c` pairs, in its old and
  // new forms, each part quoted as git's sq_quote writes it: `'\''` is a quote): each value, one
  // line.
  if (u == "GIT_CONFIG_PARAMETERS") {
    std::string lines;
    std::size_t i = 0;
    // One word of sq_quote's: `'…'` pieces and backslashed characters, joined.
    auto word = [&] {
      std::string w;
      while (i < value.size()) {
        if (value[i] == '\'') {
          const auto end = value.find('\'', i + 1);
          if (end == std::string_view::npos) {
            w += value.substr(i + 1);
            i = value.size();
            break;
          }
          w += value.substr(i + 1, end - i - 1);
          i = end + 1;
        } else if (value[i] == '\\' && i + 1 < value.size()) {
          w += value[i + 1];
          i += 2;
        } else {
          break;
        }
      }
      return w;
    };
    while (i < value.size()) {
      if (value[i] == ' ' || value[i] == '\t' || value[i] == '\n') {
        ++i;
        continue;
      }
      const std::size_t at = i;
      std::string key = word();
      std::string v;
      if (i < value.size() && value[i] == '=') {  // `'key'='value'`
        ++i;
        v = word();
      } else if (const auto eq = key.find('='); eq != std::string::npos) {  // `'key=value'`
        v = key.substr(eq + 1);
      }
      // An alias `!LINE` runs LINE with a shell.
      lines += (v.starts_with('!') ? v.substr(1) : v) + "\n";
      if (i == at) ++i;  // a character outside any quote: skipped
    }
    return lines;
  }
  // git's configuration values from the environment (`GIT_CONFIG_VALUE_<n>`: `core.pager`,
  // `core.sshCommand`…) may be command lines too.
  // `GOFLAGS='-toolexec=CMD -exec=PROG -ldflags=-extld=CMD'`: the go command's flags from the
  // environment.
  if (u == "GOFLAGS") {
    std::string lines;
    std::size_t i = 0;
    while (i < value.size()) {
      std::size_t e = value.find(' ', i);
      if (e == std::string_view::npos) e = value.size();
      std::string_view flag = value.substr(i, e - i);
      while (flag.starts_with("-")) flag.remove_prefix(1);
      for (std::string_view name : {"toolexec=", "exec=", "vettool="})
        if (flag.starts_with(name)) lines += std::string(flag.substr(name.size())) + "\n";
      // `-ldflags=-extld=CMD`: the external linker go's linker runs.
      if (flag.starts_with("ldflags=") && flag.find("-extld=") != std::string_view::npos)
        lines += std::string(flag.substr(flag.find("-extld=") + 7)) + "\n";
      i = e + 1;
    }
    if (!lines.empty()) return lines;
    return std::nullopt;
  }
  if (listed(kLineSet, u) || starts_with(u, "GIT_CONFIG_VALUE_")) {
    while (!value.empty() && value.front() == '|') value.remove_prefix(1);
    return std::string(value);
  }
  return std::nullopt;
}

namespace {

// `POSIXLY_CORRECT=1 CMD …` (any value, empty too): getopt stops at the first operand, so a
// program that permutes (style `m`) takes every later word as an operand (`touch a -d tests/x`
// touches `-d` and tests/x). The command is judged once more as that order spells it: `--`
// before its first operand, when a word after it may be an option.
void posix_order(NormalizedCommand& n) {
  const ProgramDecl* p = n.program.decl;
  if (!p || !p->permute || p->stop || n.words.size() < 3) return;
  const ParsedArgs args = parse_args(*p, n.words, 1);
  if (args.operands.empty()) return;
  const std::size_t first = args.operands.front();
  bool later_option = false;
  for (std::size_t i = first + 1; i < n.words.size() && !later_option; ++i)
    later_option = !n.words[i].literal || n.words[i].literal->starts_with('-');
  if (!later_option) return;
  std::vector<shell::WordView> argv(n.words.begin(), n.words.begin() + static_cast<long>(first));
  argv.push_back(synthesized(n.words[first], "--", 0));
  argv.insert(argv.end(), n.words.begin() + static_cast<long>(first), n.words.end());
  n.nested_argvs.push_back(std::move(argv));
}

}  // namespace

void program_variables(NormalizedCommand& n) {
  build_environment(n);
  if (n.assigns.empty() || n.words.empty()) return;
  for (const auto& a : n.assigns) {
    const std::string* v = a.value.literal ? &*a.value.literal : nullptr;
    // `TZ=:/etc/shadow date`: glibc reads the time zone file the value names.
    if (a.name == "TZ" && v && (v->starts_with(':') || v->starts_with('/')) && v->size() > 1)
      n.files.push_back({Touch::read, synthesized(a.value, v->substr(v->starts_with(':')), 0),
                         From::option, "TZ"});
    // `TAPE=host:/x tar`: a remote archive, run through rsh.
    if (a.name == "TAPE" && v && v->find(':') != std::string::npos && v->find(':') < v->find('/'))
      n.escalations.push_back("`TAPE` names a remote archive (tar runs a remote shell)");
    // `GIT_DIR=/tmp/r/.git git log`: the repository git loads (FileEffect::repository).
    if (a.name == "GIT_DIR" && n.name == "git")
      for (auto& f : n.files)
        if (f.repository) f.word = a.value;
    for (const OptionVariable& o : kOptionVariables) {
      if (o.program != n.name || !program_words::in_words(o.variables, a.name) || !v) continue;
      // The program, the options of the value, then the line's own words.
      std::vector<shell::WordView> argv{n.words.front()};
      for (std::size_t i = 0; i < v->size();) {
        std::size_t e = v->find_first_of(" \t", i);
        if (e == std::string::npos) e = v->size();
        if (e > i) argv.push_back(synthesized(a.value, v->substr(i, e - i), i));
        i = e + 1;
      }
      argv.insert(argv.end(), n.words.begin() + 1, n.words.end());
      n.nested_argvs.push_back(std::move(argv));
    }
    if (a.name == "POSIXLY_CORRECT") posix_order(n);
  }
}

}  // namespace vigie::engine
