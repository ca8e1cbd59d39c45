// What build tools take from the environment and from words their handlers do not read
// (engine/program_build_env.hpp): make's environment variables, which it imports as make
// variables, cmake's words that name programs, code or folders written later, the folders
// meson, ninja and pypa/build write (`-C DIR`, DESTDIR, SRCDIR/dist), and the package managers'
// commands that fetch code run later (pipx install, poetry self add, yarn plugin import).
#include "engine/program_build_env.hpp"

#include <algorithm>
#include <string>
#include <string_view>

#include "engine/normalize_internal.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"
#include "grammar/limits.hpp"
#include "grammar/policy/text.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;
using normalize_detail::take_effects;

namespace {

// `NAME=VALUE` as a word of its own, made from the assignment's value.
WordView assignment_word(const shell::AssignView& a) {
  if (a.value.literal) return synthesized(a.value, a.name + "=" + *a.value.literal, 0);
  WordView w = a.value;  // not static: make's handler asks for it
  w.text = a.name + "=" + a.value.text;
  return w;
}

// `NAME=VALUE make …`: GNU make imports every environment variable as a recursively expanded
// make variable (it overrides the built-in rules' defaults: TARGET_ARCH, OUTPUT_OPTION, LDLIBS;
// `$(DESTDIR)` is the environment's), so the line is judged as if each were an assignment of
// make's command line (`make … NAME=VALUE`: `$(shell CMD)` runs CMD, DESTDIR is written).
void make_environment(NormalizedCommand& n) {
  if (n.assigns.empty() || n.words.size() > limits::judged_paths) return;
  Words argv = n.words;
  for (const auto& a : n.assigns)
    // The variables that change what runs are judged as such already (`CC=clang make`: the
    // line `clang`; MAKEFLAGS as make's options): as make's only when make expands code in them.
    if (!is_dangerous_variable(a.name) || a.value.text.find('$') != std::string::npos)
      argv.push_back(assignment_word(a));
  if (argv.size() == n.words.size()) return;
  ProgramEffects fx;
  program_effects(n.name, argv, fx);
  take_effects(fx, n);
}

// Parts of the names of cmake variables (lower case) that name a program or a command line
// cmake's generated build runs, beyond program_tools.cpp's kCmakeCodeVars: the rule variables
// (`CMAKE_C_COMPILE_OBJECT`, `CMAKE_C_LINK_EXECUTABLE`, `CMAKE_C_CREATE_SHARED_LIBRARY`), the
// binary tools, any `*_EXECUTABLE` a find module or project runs (GIT_EXECUTABLE,
// Python3_EXECUTABLE), the link checker.
constexpr std::string_view kCmakeProgramVars[] = {
    "_compile_object", "_link_executable", "_create_",     "_archive_",
    "cmake_ar",        "ranlib",           "strip",        "objcopy",
    "objdump",         "cmake_nm",         "cmake_mt",     "dlltool",
    "readelf",         "_executable",      "what_you_use", "cmake_addr2line",
    "cmake_linker"};
// Markers of a flags variable's value (`CMAKE_C_FLAGS=-fplugin=X`) that make the compiler load
// or run a program: gcc's and clang's plugins, program folders, wrappers and specs.
constexpr std::string_view kCmakeFlagMarkers[] = {"-fplugin", "-B",    "-wrapper",     "-specs",
                                                  "--specs",  "-load", "-fpass-plugin"};
// The environment variables cmake reads the compiler of a language from (cmake-env-variables:
// CC, CXX, FC are asked everywhere, normalize_variables.cpp).
constexpr std::string_view kCmakeCompilerEnv =
    " ASM ASM_NASM ASM_MASM ASM_MARMASM OBJC OBJCXX CUDACXX CUDAHOSTCXX HIPCXX HIPHOSTCXX SWIFTC "
    "RC ISPC ";

bool has_part(std::string_view key, std::string_view part) {
  return key.find(part) != std::string_view::npos;
}

// A folder cmake writes later: the install prefix a later `cmake --install` writes below, the
// output folders of the build.
bool written_folder_var(std::string_view key) {
  return key == "cmake_install_prefix" || key.ends_with("_output_directory") ||
         key.ends_with("_output_path") || key == "cmake_staging_prefix";
}

void cmake_definition(const WordView& w, std::string_view def, NormalizedCommand& n) {
  const auto eq = def.find('=');
  std::string key = policy::ascii_lower(std::string(def.substr(0, def.find_first_of(":="))));
  const std::string_view value = eq == std::string_view::npos ? "" : def.substr(eq + 1);
  const std::string entry = "cmake -D " + key;
  if (std::any_of(std::begin(kCmakeProgramVars), std::end(kCmakeProgramVars),
                  [&](std::string_view p) { return has_part(key, p); })) {
    n.escalations.push_back(entry + ": names a program the build runs");
    return;
  }
  if (has_part(key, "flags"))
    for (std::string_view m : kCmakeFlagMarkers)
      for (std::size_t at = value.find(m); at != std::string_view::npos; at = value.find(m, at + 1))
        if (at == 0 || value[at - 1] == ' ' || value[at - 1] == '"' || value[at - 1] == ';') {
          n.escalations.push_back(entry + ": flags that make the compiler load or run a program");
          return;
        }
  if (written_folder_var(key) && !value.empty()) {
    ProgramEffects fx;
    const std::size_t at = fx.files.size();
    add_word_file(fx, Touch::write, synthesized(w, std::string(value), 0), From::option, entry);
    if (fx.files.size() > at) fx.files.back().recursive = true;
    take_effects(fx, n);
  }
}

// `cmake --build DIR [OPTIONS] -- ARGS`: ARGS are the native build tool's (make's or ninja's),
// judged as make's arguments (`-- SHELL=CMD`, `-- 'x=$(shell CMD)'`); a folder they change to
// is asked.
void cmake_build_tool(const Words& w, std::size_t dashes, NormalizedCommand& n) {
  if (dashes + 1 >= w.size() || w.size() > limits::judged_paths) return;
  Words argv{synthesized(w[0], "make", 0)};
  argv.insert(argv.end(), w.begin() + static_cast<long>(dashes) + 1, w.end());
  ProgramEffects fx;
  program_effects("make", argv, fx);
  if (fx.chdir)
    n.escalations.push_back("cmake --build -- -C: the build tool runs in another folder");
  take_effects(fx, n);
}

void cmake_words(NormalizedCommand& n) {
  const Words& w = n.words;
  bool build = false, install = false;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = w[i].literal ? &*w[i].literal : nullptr;
    if (!s) continue;
    if (*s == "--build") build = true;
    if (*s == "--install") install = true;
    if (*s == "--" && build) {
      cmake_build_tool(w, i, n);
      break;
    }
    if (s->starts_with("-D")) {
      const std::string* kv =
          s->size() > 2 ? s : (i + 1 < w.size() && w[i + 1].literal ? &*w[i + 1].literal : nullptr);
      if (kv)
        cmake_definition(kv == s ? w[i] : w[i + 1], std::string_view(*kv).substr(kv == s ? 2 : 0),
                         n);
    } else if (*s == "--toolchain" || s->starts_with("--toolchain=")) {
      // The toolchain file is cmake code run at configure time (as -DCMAKE_TOOLCHAIN_FILE=).
      n.escalations.push_back("cmake --toolchain: runs the toolchain file's code");
    } else if ((*s == "--install-prefix" && i + 1 < w.size()) ||
               s->starts_with("--install-prefix=")) {
      // Persisted as CMAKE_INSTALL_PREFIX: a later `cmake --install` writes below it.
      const WordView& v = *s == "--install-prefix" ? w[i + 1] : w[i];
      const std::string def =
          "CMAKE_INSTALL_PREFIX=" +
          (v.literal ? (*s == "--install-prefix" ? *v.literal : s->substr(17)) : "");
      if (v.literal)
        cmake_definition(v, def, n);
      else
        n.escalations.push_back("cmake --install-prefix with a folder that is not static");
    }
  }
  for (const auto& a : n.assigns) {
    if (program_words::in_words(kCmakeCompilerEnv, a.name))
      n.escalations.push_back("`" + a.name + "` names the compiler cmake configures");
    // `DESTDIR=DIR cmake --install B`: cmake installs below DIR (cmake-env-variables).
    if (install && a.name == "DESTDIR") {
      ProgramEffects fx;
      const std::size_t at = fx.files.size();
      if (a.value.literal)
        add_word_file(fx, Touch::write, a.value, From::option, "cmake --install DESTDIR");
      else
        fx.escalations.push_back("cmake --install with a DESTDIR that is not static");
      if (fx.files.size() > at) fx.files.back().recursive = true;
      take_effects(fx, n);
    }
  }
}

// A recursive write of `path` (a folder with every file below it), from `from`'s word.
void folder_written(NormalizedCommand& n, const WordView& from, const std::string& path,
                    const std::string& entry) {
  ProgramEffects fx;
  add_word_file(fx, Touch::write, synthesized(from, path, 0), From::option, entry);
  for (FileEffect& f : fx.files) f.recursive = true;
  take_effects(fx, n);
}

// pip's configuration keys (after `global.`, `install.`…) whose value a later pip command
// uses: the interpreter it runs (`python`), the folders it installs or logs into.
constexpr std::string_view kPipFolderKeys =
    " target prefix root src log log-file cache-dir report build-dir ";

// `pip config set KEY VALUE`: the user's configuration file is rewritten, and every later pip
// command runs with the setting: `python` runs VALUE (judged as the line it runs), the folder
// keys write below VALUE; both asked.
void pip_config_set(NormalizedCommand& n) {
  const Words& w = n.words;
  std::size_t k = 1;
  auto skip_options = [&] {
    while (k < w.size() && w[k].literal && w[k].literal->starts_with('-')) ++k;
  };
  skip_options();
  if (!(k < w.size() && w[k].literal && *w[k].literal == "config")) return;
  ++k;
  skip_options();
  if (!(k < w.size() && w[k].literal && *w[k].literal == "set")) return;
  ++k;
  skip_options();
  if (k + 1 >= w.size() || !w[k].literal) return;
  const std::string& key = *w[k].literal;
  const std::string name = key.substr(key.rfind('.') == std::string::npos ? 0 : key.rfind('.') + 1);
  const std::string entry = "pip config set " + key;
  if (name == "python") {
    n.escalations.push_back(entry + ": the interpreter every later pip command runs");
    if (w[k + 1].literal) n.nested_scripts.push_back(*w[k + 1].literal);
  } else if (program_words::in_words(kPipFolderKeys, name)) {
    n.escalations.push_back(entry + ": a folder every later pip command writes");
    if (w[k + 1].literal) folder_written(n, w[k + 1], *w[k + 1].literal, entry);
  }
}

// cargo's commands that read the manifest only.
constexpr std::string_view kCargoReaders =
    " metadata tree locate-project verify-project read-manifest pkgid search help version ";

// `cargo build --manifest-path DIR/Cargo.toml`: the package in DIR is built, its target folder
// DIR/target written (and the manifest itself rewritten by `add`, `remove`); `cargo -C DIR …`
// (nightly, `-Z unstable-options`) works in DIR, as `cd DIR && cargo …`.
void cargo_folder(NormalizedCommand& n) {
  const Words& w = n.words;
  std::string command;
  bool folder = false;  // `-C DIR` given
  for (std::size_t k = 1; k < w.size(); ++k) {
    const std::string* s = w[k].literal ? &*w[k].literal : nullptr;
    if (!s || *s == "--") break;
    if (command.empty() && (*s == "-C" || *s == "-Z" || *s == "--config" || *s == "--color")) {
      if (*s == "-C" && k + 1 < w.size()) {
        folder = true;
        if (!n.chdir) n.chdir = w[k + 1];
        if (!w[k + 1].literal) n.escalations.push_back("cargo -C with a folder that is not static");
      }
      ++k;
      continue;
    }
    if (command.empty() && !s->starts_with('-') && !s->starts_with('+')) {
      command = *s;
      if (!folder || program_words::in_words(kCargoReaders, command)) continue;
      folder_written(n, w[k], "target", "cargo -C");
      continue;
    }
    if (*s != "--manifest-path" && !s->starts_with("--manifest-path=")) continue;
    if (*s == "--manifest-path" && ++k >= w.size()) break;
    const WordView& v = w[k];
    if (!v.literal || program_words::in_words(kCargoReaders, command)) continue;
    const std::string path = *s == "--manifest-path"
                                 ? *v.literal
                                 : s->substr(std::string_view("--manifest-path=").size());
    const auto slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash);
    const std::string entry = "cargo --manifest-path";
    folder_written(n, v, dir + "/target", entry);
    if (command == "add" || command == "remove" || command == "rm" || command == "upgrade") {
      ProgramEffects fx;
      add_word_file(fx, Touch::write, synthesized(v, path, 0), From::option, entry);
      take_effects(fx, n);
    }
  }
}

// meson's commands (mesonmain.py); a first word that is none of them is `setup`'s
// (`meson builddir` is `meson setup builddir`, deprecated but still run).
constexpr std::string_view kMesonCommands =
    " setup configure dist install introspect init test wrap subprojects help rewrite compile "
    "devenv env2mfile format fmt runpython unstable-coredata --internal -h --help ";

// DESTDIR from the environment, written with every file below it. The paths are judged from the
// folder the command works in (`-C DIR`): meson takes a relative DESTDIR from the build folder,
// and `ninja -C DIR install` runs cmake's or meson's install from DIR.
void destdir_written(NormalizedCommand& n, const std::string& entry) {
  for (const auto& a : n.assigns) {
    if (a.name != "DESTDIR") continue;
    if (!a.value.literal)
      n.escalations.push_back(entry + " with a DESTDIR that is not static");
    else if (!a.value.literal->empty())
      folder_written(n, a.value, *a.value.literal, entry + " DESTDIR");
  }
}

// meson's commands that write the build folder (`-C DIR`, else the current one).
constexpr std::string_view kMesonBuilds = " compile install dist ";

// `meson DIR …` judged as `meson setup DIR …`; `meson compile|install|dist -C DIR` builds in DIR
// (its files written); `DESTDIR=D meson install` installs below D.
void meson_words(NormalizedCommand& n) {
  const Words& w = n.words;
  if (w.size() < 2 || !w[1].literal) return;
  const std::string& first = *w[1].literal;
  if (!program_words::in_words(kMesonCommands, first)) {
    if (w.size() > limits::judged_paths) return;
    Words argv{w[0], synthesized(w[1], "setup", 0)};
    argv.insert(argv.end(), w.begin() + 1, w.end());
    ProgramEffects fx;
    program_effects("meson", argv, fx);
    take_effects(fx, n);
    return;
  }
  if (!program_words::in_words(kMesonBuilds, first)) return;
  if (n.chdir) folder_written(n, w[1], ".", "meson " + first + " -C");
  if (first == "install") destdir_written(n, "meson install");
}

// ninja's tools (`-t TOOL`) that only read the build file and the logs.
constexpr std::string_view kNinjaReadTools =
    " browse commands compdb deps graph inputs list missingdeps multi-inputs query rules targets "
    "urtle ";
// ninja's options that take a value (getopt "d:f:j:k:l:nt:vw:C:h").
constexpr std::string_view kNinjaValued = " -d -f -j -k -l -t -w -C ";

// `ninja -C DIR [TARGETS]`: ninja works in DIR (the table's `-C`), its build file's targets and
// logs written below it; `DESTDIR=D ninja install` installs below D. `-n` (a dry run) and the
// tools that only read write nothing.
void ninja_words(NormalizedCommand& n) {
  const Words& w = n.words;
  std::size_t folders = 0;
  bool writes = true, install = false;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = w[i].literal ? &*w[i].literal : nullptr;
    if (!s) continue;
    if (*s == "--") {
      for (std::size_t k = i + 1; k < w.size(); ++k)
        install = install || (w[k].literal && w[k].literal->starts_with("install"));
      break;
    }
    if (s->size() < 2 || (*s)[0] != '-' || s->starts_with("--")) {
      install = install || s->starts_with("install");
      continue;
    }
    if (*s == "-n") writes = false;
    const std::string key = s->substr(0, 2);
    if (!program_words::in_words(kNinjaValued, key)) continue;
    if (s->size() == 2 && ++i >= w.size()) break;
    if (key == "-C") ++folders;
    if (key != "-t") continue;
    const std::string tool = s->size() > 2 ? s->substr(2) : w[i].literal.value_or("");
    writes = writes && !program_words::in_words(kNinjaReadTools, tool);
    break;  // the words after are the tool's
  }
  if (folders > 1) {
    n.escalations.push_back("ninja with several -C: the folder it works in is not known");
    return;
  }
  if (!writes) return;
  if (folders == 1) folder_written(n, w[0], ".", "ninja -C");
  if (install) destdir_written(n, "ninja install");
}

// pypa/build's options that take a value (`-o`/`--outdir` the output folder).
constexpr std::string_view kPyprojectBuildValued =
    " -o --outdir -C --config-setting --installer --config-json ";

// `pyproject-build [SRCDIR]`, `python -m build [SRCDIR]`: without `-o DIR`, the wheel and the
// sdist are written to SRCDIR/dist (the current folder's when no SRCDIR).
void pyproject_build(NormalizedCommand& n, std::size_t from) {
  const Words& w = n.words;
  const WordView* src = nullptr;
  for (std::size_t i = from; i < w.size(); ++i) {
    if (!w[i].literal) return;
    const std::string& s = *w[i].literal;
    const std::string key = s.substr(0, s.find('='));
    if (key == "-o" || key == "--outdir" || (s.starts_with("-o") && !s.starts_with("--"))) return;
    if (s.starts_with('-')) {
      if (key == s && program_words::in_words(kPyprojectBuildValued, key)) ++i;
      continue;
    }
    if (!src) src = &w[i];
  }
  const std::string dir = src ? *src->literal : ".";
  folder_written(n, src ? *src : w[0], dir + "/dist", "pyproject-build");
}

// Package managers' commands that fetch code and run it, now or in every later command of the
// tool: a package's programs (`pipx install PKG`: on the PATH), a plugin (`poetry self add
// PKG`, `yarn plugin import URL|PATH`), the tool itself (`poetry self update`). The line shows a
// name, not the code: asked. (`pipx run APP` is judged as the command APP, as `uvx APP` is:
// engine/program_launchers_managers.cpp.)
struct FetchedCode {
  std::string_view program;
  std::string_view command;  // its first operand
  std::string_view subs;     // its second operand, one of these ("": none needed)
  std::string_view valued;   // the global options that take the next word
  std::string_view what;
};
constexpr FetchedCode kFetchedCode[] = {
    {"pipx", "install", "", "", "installs a package whose programs run later"},
    {"pipx", "inject", "", "", "installs packages into an app's environment"},
    {"poetry", "self", " add install sync update ", " -C --directory -P --project ",
     "installs code (a plugin, poetry itself) that runs in every later poetry command"},
    {"yarn", "plugin", " import ", " --cwd ", "installs a plugin that runs in every later yarn"},
};

void fetched_code(NormalizedCommand& n) {
  const Words& w = n.words;
  for (const FetchedCode& f : kFetchedCode) {
    if (f.program != n.name) continue;
    std::vector<std::string_view> ops;  // the first two operands
    for (std::size_t i = 1; i < w.size() && ops.size() < 2; ++i) {
      if (!w[i].literal) return;
      const std::string& s = *w[i].literal;
      if (s == "-h" || s == "--help") return;
      if (!s.starts_with('-'))
        ops.push_back(s);
      else if (ops.empty() && program_words::in_words(f.valued, s))
        ++i;
    }
    if (ops.empty() || ops[0] != f.command) continue;
    if (!f.subs.empty() && (ops.size() < 2 || !program_words::in_words(f.subs, ops[1]))) return;
    n.escalations.push_back(std::string(f.program) + " " + std::string(f.command) +
                            (f.subs.empty() ? "" : " " + std::string(ops[1])) + ": " +
                            std::string(f.what));
    return;
  }
}

}  // namespace

void build_environment(NormalizedCommand& n) {
  if (n.words.empty()) return;
  // Run for every command: the name compared as a view (its length first, no `memcmp` per
  // literal), and nothing more for the names below' first letters.
  const std::string_view name = n.name;
  if (name.empty() || std::string_view("mgcpny").find(name[0]) == std::string_view::npos) return;
  if (name == "make" || name == "gmake")
    make_environment(n);
  else if (name == "cmake")
    cmake_words(n);
  else if (name == "pip" || name == "pip3")
    pip_config_set(n);
  else if (name == "cargo")
    cargo_folder(n);
  else if (name == "meson")
    meson_words(n);
  else if (name == "ninja")
    ninja_words(n);
  else if (name == "pipx" || name == "poetry" || name == "yarn")
    fetched_code(n);
  else if (name == "pyproject-build")
    pyproject_build(n, 1);
  else if (name.starts_with("python") && n.words.size() > 2 && n.words[1].literal &&
           n.words[2].literal && *n.words[1].literal == "-m" && *n.words[2].literal == "build")
    pyproject_build(n, 3);
}

}  // namespace vigie::engine
