// The compiler drivers (gcc, clang, cc, cpp… named in engine/programs_table.cpp: `-o` writes,
// inputs are read, `-B`, `--prefix`, `-wrapper`, `-specs`, plugins and `@FILE` run or load what
// cannot be seen, `-I`, `-L`, `-isystem`… name folders read) and the linkers. The words a driver
// passes on (`-Wl,A,B`, `-Wa,…`, `-Wp,…`, `-Xlinker A`, `-Xassembler A`, `-Xpreprocessor A`)
// are judged as the linker, the assembler and the preprocessor read them, from the same table.
#include <optional>
#include <string>

#include "engine/program_compilers.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"
#include "engine/programs.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

using program_words::lit;
using program_words::starts_with;
void file(ProgramEffects& out, Touch t, const WordView& w, std::string entry) {
  add_word_file(out, t, w, From::option, std::move(entry));
}

// The options of the compiler drivers (gcc's SWITCH_TAKES_ARG and WORD_SWITCH_TAKES_ARG, its
// `--long` aliases, clang's separate options), of the linkers (ld --help), the assembler (as
// --help) and the preprocessor (cc1 -E: the driver's options, `-MD FILE`) that take a value or
// run something, in one table.
struct CcOption {
  std::string_view name;
  // Who reads it: c the compiler driver (and the preprocessor), l the linker, a the assembler,
  // p the preprocessor only. ld and as read their long options as getopt_long_only does: one
  // dash or two, an abbreviation (engine/program_compilers.cpp `cc_option`).
  std::string_view who;
  // s: takes the next word as its value (`=VALUE` is accepted too); j: takes the rest of the
  // word (`-oFILE`, `-B/dir`); f: a family, `NAME…=VALUE` (`-fopt-info-all=FILE`, `-ahls=FILE`)
  std::string_view form;
  // '-' a value, 'w' a path written, 'r' a path read, 'd' a folder searched (read), 'g' the
  // start of the names of files written (`-dumpbase DIR/a`: `DIR/a*`), 'x' runs or loads a
  // program, 'X' runs and reads its value (specs, clang's `--config`), 'U' runs when its value
  // is a path (`-fuse-ld=/x/ld`), 'G' a folder written under names the line does not show,
  // 'V' a file read that maps other files the line does not show (asked), 'W' the folder the
  // driver resolves its paths in (asked, written below), 'l' a library (`-l:NAME` reads NAME
  // from each `-L` folder); words passed on to 'L' the linker, 'A' the assembler, 'C' the
  // preprocessor, 'K' clang's cc1 (`-Xclang`: asked when they load a plugin); 'P' a file or
  // folder packed into the output, `SRC@DST` (emcc --preload-file), 'S' a setting whose value
  // `@FILE` is read from FILE (emcc `-sEXPORTED_FUNCTIONS=@FILE`)
  char role;
};
constexpr CcOption kCcOptions[] = {
    {"-o", "cla", "sj", 'w'},
    {"--output", "cl", "s", 'w'},
    {"-D", "c", "sj", '-'},
    {"-U", "c", "sj", '-'},
    {"-I", "ca", "sj", 'd'},
    {"-L", "cl", "sj", 'd'},
    {"--library-path", "l", "s", 'd'},
    {"-l", "cl", "sj", 'l'},
    {"-x", "c", "sj", '-'},
    {"-e", "cl", "sj", '-'},
    {"-u", "cl", "sj", '-'},
    {"-T", "cl", "sj", 'r'},
    {"--script", "l", "s", 'r'},
    {"-dT", "l", "s", 'r'},
    {"--default-script", "l", "s", 'r'},
    {"-A", "c", "s", '-'},
    {"-V", "c", "s", '-'},
    {"-z", "cl", "s", '-'},
    {"-B", "c", "sj", 'x'},
    {"--prefix", "c", "s", 'x'},
    {"-include", "c", "sj", 'r'},
    {"--include", "c", "s", 'r'},
    {"-include-pch", "c", "s", 'r'},
    {"-imacros", "c", "sj", 'r'},
    {"--imacros", "c", "s", 'r'},
    {"-aux-info", "c", "s", 'w'},
    {"-MF", "c", "sj", 'w'},
    {"-MD", "p", "s", 'w'},
    {"-MMD", "p", "s", 'w'},
    {"--MD", "a", "s", 'w'},
    {"-MJ", "c", "sj", 'w'},
    {"-dependency-file", "p", "s", 'w'},
    {"-serialize-diagnostics", "c", "s", 'w'},
    {"--serialize-diagnostics", "c", "s", 'w'},
    {"-foptimization-record-file", "c", "", 'w'},
    {"-fproc-stat-report", "c", "", 'w'},
    {"-fcrash-diagnostics-dir", "c", "", 'G'},
    {"-fmodules-cache-path", "c", "", 'G'},
    {"-working-directory", "c", "s", 'W'},
    // Clang's lists and maps read from a file (a line it cannot parse is printed back).
    {"-fsanitize-ignorelist", "c", "", 'r'},
    {"-fsanitize-blacklist", "c", "", 'r'},
    {"-fsanitize-system-ignorelist", "c", "", 'r'},
    {"-fsanitize-coverage-allowlist", "c", "", 'r'},
    {"-fsanitize-coverage-ignorelist", "c", "", 'r'},
    {"-fsanitize-coverage-whitelist", "c", "", 'r'},
    {"-fsanitize-coverage-blacklist", "c", "", 'r'},
    {"-fprofile-list", "c", "", 'r'},
    {"-fxray-attr-list", "c", "", 'r'},
    {"-fxray-always-instrument", "c", "", 'r'},
    {"-fxray-never-instrument", "c", "", 'r'},
    {"-fmodule-map-file", "c", "", 'r'},
    {"-fprofile-instr-use", "c", "", 'r'},
    {"-fprofile-sample-use", "c", "", 'r'},
    {"-fprofile-remapping-file", "c", "", 'r'},
    {"-fprofile-use", "c", "", 'r'},
    {"-ivfsoverlay", "c", "sj", 'V'},
    {"-MT", "c", "s", '-'},
    {"-MQ", "c", "s", '-'},
    {"--include-directory", "c", "s", 'd'},
    {"--include-directory-after", "c", "s", 'd'},
    {"--include-prefix", "c", "s", 'd'},
    {"--library-directory", "c", "s", 'd'},
    {"-idirafter", "c", "sj", 'd'},
    {"-iprefix", "c", "sj", 'd'},
    {"-iwithprefix", "c", "s", '-'},
    {"-iwithprefixbefore", "c", "s", '-'},
    {"-isystem", "c", "sj", 'd'},
    {"-isysroot", "c", "sj", 'd'},
    {"-iquote", "c", "sj", 'd'},
    {"-imultilib", "c", "sj", '-'},
    {"-imultiarch", "c", "s", '-'},
    {"-dumpbase", "c", "s", 'g'},
    {"--dumpbase", "c", "s", 'g'},
    {"-dumpbase-ext", "c", "s", '-'},
    {"--dumpbase-ext", "c", "s", '-'},
    {"-dumpdir", "c", "s", 'g'},
    {"--dumpdir", "c", "s", 'g'},
    {"--output-pch", "c", "s", 'w'},
    {"-fopt-info", "c", "f", 'w'},
    {"-fdump-", "c", "f", 'w'},
    {"-a", "a", "f", 'w'},
    {"-Xassembler", "c", "s", 'A'},
    {"-Xpreprocessor", "c", "s", 'C'},
    {"-Xlinker", "c", "s", 'L'},
    {"--for-linker", "c", "s", 'L'},
    {"-Xclang", "c", "s", 'K'},
    {"-wrapper", "c", "s", 'x'},
    {"-specs", "c", "s", 'X'},
    {"--config", "c", "s", 'X'},
    {"--specs", "c", "s", 'X'},
    {"-target", "c", "s", '-'},
    {"--sysroot", "cl", "s", 'd'},
    {"-arch", "c", "s", '-'},
    {"-mllvm", "c", "s", '-'},
    {"--ld-path", "c", "", 'x'},
    {"--gcc-toolchain", "c", "s", 'x'},
    {"--gcc-install-dir", "c", "s", 'x'},
    {"-fplugin", "c", "j", 'x'},
    {"-fpass-plugin", "c", "j", 'x'},
    {"-fuse-ld", "c", "", 'U'},
    {"-Tdata", "l", "s", '-'},
    {"-Ttext", "l", "s", '-'},
    {"-Tbss", "l", "s", '-'},
    {"-G", "l", "s", '-'},
    {"-Map", "l", "s", 'w'},
    {"--Map", "l", "s", 'w'},
    {"--dependency-file", "l", "s", 'w'},
    {"--out-implib", "l", "s", 'w'},
    {"--version-script", "l", "s", 'r'},
    {"--dynamic-list", "l", "s", 'r'},
    {"--retain-symbols-file", "l", "s", 'r'},
    {"--export-dynamic-symbol-list", "l", "s", 'r'},
    {"--just-symbols", "l", "s", 'r'},
    {"--mri-script", "l", "s", 'r'},
    {"--error-handling-script", "l", "s", 'x'},
    {"-soname", "l", "s", '-'},
    {"-h", "l", "s", '-'},
    {"-rpath", "l", "s", '-'},
    {"-rpath-link", "l", "s", '-'},
    {"-dynamic-linker", "l", "s", '-'},
    {"-plugin", "l", "s", 'x'},
    {"--plugin", "l", "s", 'x'},
    {"-plugin-opt", "l", "s", '-'},
    {"-y", "l", "s", '-'},
    {"-Y", "l", "s", '-'},
    {"-m", "l", "s", '-'},
    {"-F", "l", "s", '-'},
    {"-f", "l", "s", '-'},
    {"-R", "l", "s", 'r'},
    {"-b", "l", "s", '-'},
    {"-c", "l", "s", 'r'},
    // ld's exact long options that are abbreviations of those above.
    {"--export-dynamic", "l", "", '-'},
    {"--version", "l", "", '-'},
    {"--library", "l", "s", '-'},
    {"--debug-prefix-map", "a", "s", '-'},
    {"--defsym", "a", "s", '-'},
    // Read or written by a name the line gives, found in `--help` of clang, gcc, ld.bfd, gold
    // and lld: appended, so that ld's abbreviations above keep their candidates.
    {"-ftime-trace", "c", "", 'w'},
    {"-fembed-offload-object", "c", "", 'r'},
    {"-fmodule-file", "c", "", 'r'},
    {"-fauto-profile", "c", "", 'r'},
    {"-dsym-dir", "c", "s", 'G'},
    {"--output-def", "l", "s", 'w'},
    {"--base-file", "l", "s", 'w'},
    {"--section-ordering-file", "l", "s", 'r'},
    {"--incremental-base", "l", "s", 'r'},
    {"--print-symbol-counts", "l", "s", 'w'},
    {"--reproduce", "l", "s", 'w'},
    {"--why-extract", "l", "s", 'w'},
    {"--print-archive-stats", "l", "s", 'w'},
    {"--print-symbol-order", "l", "s", 'w'},
    {"--time-trace-file", "l", "s", 'w'},
    {"--lto-obj-path", "l", "s", 'w'},
    {"--call-graph-ordering-file", "l", "s", 'r'},
    {"--symbol-ordering-file", "l", "s", 'r'},
    {"--remap-inputs-file", "l", "s", 'r'},
    {"--lto-sample-profile", "l", "s", 'r'},
    {"--lto-cs-profile-file", "l", "s", 'r'},
    // emcc's own (emcc --help): the files it packs, the scripts it links in, a command it runs
    // on the code, its cache and its configuration (a Python file it runs).
    {"--preload-file", "c", "s", 'P'},
    {"--embed-file", "c", "s", 'P'},
    {"--pre-js", "c", "s", 'r'},
    {"--post-js", "c", "s", 'r'},
    {"--extern-pre-js", "c", "s", 'r'},
    {"--extern-post-js", "c", "s", 'r'},
    {"--js-library", "c", "s", 'r'},
    {"--shell-file", "c", "s", 'r'},
    {"--js-transform", "c", "s", 'x'},
    {"--cache", "c", "s", 'G'},
    {"--em-config", "c", "s", 'X'},
    {"-gseparate-dwarf", "c", "", 'w'},
    {"-s", "c", "f", 'S'},
};

bool read_by(const CcOption& c, char mode) {
  return c.who.find(mode) != std::string_view::npos ||
         (mode == 'p' && c.who.find('c') != std::string_view::npos);
}

// A long option's name without its dashes (`--script`, `-script`: `script`); empty for a
// short one (`-o`, `-T`).
std::string_view long_key(std::string_view s) {
  s.remove_prefix(s.starts_with("--") ? 2 : s.starts_with('-') ? 1 : 0);
  return s.size() > 1 ? s : std::string_view{};
}

// The entry of option word `o` as `mode` reads it: its exact name, `NAME=…`, a family's
// `NAME…=…` or an attached value (the longest); for ld and as, a long option with one dash or
// two, or an abbreviation of one that reads, writes or runs (getopt_long_only tries the long
// options first).
const CcOption* cc_option(std::string_view o, char mode, std::size_t& value_at) {
  const bool long_only = mode == 'l' || mode == 'a';
  const std::size_t eq_at = o.find('=');
  const std::string_view key = long_only ? long_key(o.substr(0, eq_at)) : std::string_view{};
  const CcOption* best = nullptr;
  for (const auto& c : kCcOptions) {
    if (!read_by(c, mode)) continue;
    if (!key.empty() && !long_key(c.name).empty()) {
      if (long_key(c.name) != key) continue;
      value_at = eq_at == std::string_view::npos ? eq_at : eq_at + 1;
      return &c;
    }
    if (o == c.name) {
      value_at = std::string_view::npos;
      return &c;
    }
    const bool longer = !best || c.name.size() > best->name.size();
    const bool prefix = o.size() > c.name.size() && starts_with(o, c.name);
    if (prefix && c.form.find('f') != std::string_view::npos) {
      if (eq_at != std::string_view::npos && longer) {
        best = &c;
        value_at = eq_at + 1;
      }
      continue;
    }
    bool eq = prefix && o[c.name.size()] == '=';
    bool attached = prefix && c.form.find('j') != std::string_view::npos;
    if ((eq || attached) && longer) {
      best = &c;
      value_at = c.name.size() + (eq ? 1 : 0);
    }
  }
  if (best || key.size() < 2) return best;
  for (const auto& c : kCcOptions)
    if (read_by(c, mode) && long_key(c.name).starts_with(key) &&
        std::string_view("rwdxX").find(c.role) != std::string_view::npos) {
      value_at = eq_at == std::string_view::npos ? eq_at : eq_at + 1;
      return &c;
    }
  return nullptr;
}

// The source of emcc's `SRC@DST` (`--preload-file a@@b@/c`: `a@b`): up to its first `@` that
// is not doubled.
std::string packed_source(std::string_view v) {
  std::string src;
  for (std::size_t k = 0; k < v.size(); ++k) {
    if (v[k] != '@') {
      src += v[k];
    } else if (k + 1 < v.size() && v[k + 1] == '@') {
      src += '@';
      ++k;
    } else {
      break;
    }
  }
  return src;
}

// The C preprocessor (`cpp`, `cpp-12`, `clang-cpp-14`, `x86_64-linux-gnu-cpp`): its second
// operand is its output (`cpp IN OUT`).
bool preprocessor(std::string_view name) {
  std::size_t v = name.find_last_not_of("0123456789.-");
  name = name.substr(0, v == std::string_view::npos ? 0 : v + 1);
  return name == "cpp" || (name.size() > 4 && name.substr(name.size() - 4) == "-cpp");
}

// `-dumpbase DIR/a`, `-dumpdir DIR/`: the files written are named `VALUE…`.
void written_prefix(ProgramEffects& out, const WordView& value, std::string entry) {
  const std::string* t = static_text(value);
  if (!t || t->empty()) {
    file(out, Touch::write, value, std::move(entry));
    return;
  }
  WordView g = synthesized(value, *t + "*", 0);
  g.literal.reset();
  g.has_glob = true;
  add_file(out, Touch::write, g, From::option, std::move(entry));
}

// The words the driver passes on: to the linker, the assembler, the preprocessor, cc1.
struct Passed {
  Words linker, assembler, preprocessor, cc1;
};

// `-L DIR` and `-l:NAME` of a whole line, the driver's and the linker's: ld searches every
// `-L` folder for NAME, whatever their order, and reads what it finds (a file that is not an
// object is parsed as a linker script, its first line printed in the error).
struct Libraries {
  Words dirs;
  std::vector<std::pair<WordView, std::string>> names;  // the option's word, NAME
};

// Each `-l:NAME` read in the current folder and in each `-L` folder; a NAME with a `/`, or a
// folder not shown, may reach any file: asked.
void judge_libraries(const std::string& n, const Libraries& libs, ProgramEffects& out) {
  for (const auto& [word, name] : libs.names) {
    const std::string entry = n + " -l:" + name;
    if (name.find('/') != std::string::npos)
      out.escalations.push_back(entry + ": a library named by a path, searched in each -L folder");
    file(out, Touch::read, word_of(word, name), entry);
    for (const WordView& d : libs.dirs) {
      const std::string* dir = static_text(d);
      if (!dir || dir->empty()) {
        out.escalations.push_back(entry + ": searched in a folder that is not static");
        continue;
      }
      file(out, Touch::read, word_of(d, *dir + (dir->back() == '/' ? "" : "/") + name), entry);
    }
  }
}

// `-Wl,A,B` (and -Wa, -Wp): the words after the first comma, split at each comma.
void split_passed(const WordView& from, std::string_view list, Words& to) {
  for (std::size_t at = 0; at <= list.size();) {
    std::size_t end = list.find(',', at);
    if (end == std::string_view::npos) end = list.size();
    if (end > at) to.push_back(word_of(from, std::string(list.substr(at, end - at))));
    at = end + 1;
  }
}

constexpr std::size_t kStdin = static_cast<std::size_t>(-1);

// Whether `s` is an emcc setting `NAME=VALUE` (NAME in capitals, digits and `_`).
bool is_setting(std::string_view s) {
  const std::size_t eq = s.find('=');
  if (eq == 0 || eq == std::string_view::npos) return false;
  return std::all_of(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(eq), [](char ch) {
    return (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
  });
}

// Judges words `w[first…]` as `mode` reads them (c the driver, l the linker, a the assembler, p
// the preprocessor); `n` names the reader in the entries. The driver's operands are noted in
// `inputs`, the words it passes on in `passed`.
void judge_words(char mode, const std::string& n, const Words& w, std::size_t first,
                 ProgramEffects& out, std::vector<std::size_t>* inputs, Passed* passed,
                 Libraries& libs) {
  bool options_on = true;
  for (std::size_t i = first; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) {
      const std::string& t = w[i].text;
      if (!t.empty() && (t[0] == '$' || t[0] == '`'))
        out.escalations.push_back(n + " with a word that is not static where an option may stand");
      else if (t.find("-W") != std::string::npos || t.find("-X") != std::string::npos)
        out.escalations.push_back(n + " " + t + ": words passed on that are not static");
      else {
        if (inputs) inputs->push_back(out.files.size());
        out.files.push_back({Touch::read, w[i], From::operand, n + " operand"});
      }
      continue;
    }
    std::string_view o = *s;
    if (!options_on || o.size() < 2 || o[0] != '-') {
      if (!o.empty() && o[0] == '@') {  // options read from a file
        out.escalations.push_back(n + " @FILE: options that are not visible");
        file(out, Touch::read, word_of(w[i], std::string(o.substr(1))), n + " @FILE");
      } else {
        if (inputs) inputs->push_back(o == "-" ? kStdin : out.files.size());
        if (o != "-") out.files.push_back({Touch::read, w[i], From::operand, n + " operand"});
      }
      continue;
    }
    if (o == "--" && mode != 'c') {
      options_on = false;
      continue;
    }
    if (passed && o.size() >= 4 && o[0] == '-' && o[1] == 'W' && o[3] == ',' &&
        std::string_view("lap").find(o[2]) != std::string_view::npos) {
      Words& to = o[2] == 'l'   ? passed->linker
                  : o[2] == 'a' ? passed->assembler
                                : passed->preprocessor;
      split_passed(w[i], o.substr(4), to);
      if (o[2] == 'l' && o.find("plugin") != std::string_view::npos)
        out.escalations.push_back(n + " -Wl: passes a plugin to the linker");
      continue;
    }
    std::size_t value_at = 0;
    const CcOption* c = cc_option(o, mode, value_at);
    if (!c) continue;
    std::optional<WordView> value;
    if (value_at != std::string_view::npos)
      value = word_of(w[i], std::string(o.substr(value_at)));
    else if (c->form.find('s') != std::string_view::npos && i + 1 < w.size())
      value = w[++i];
    else if (c->role == 'S' && i + 1 < w.size() && lit(w, i + 1) && is_setting(*lit(w, i + 1)))
      value = w[++i];  // emcc's `-s NAME=VALUE` in two words (gcc's `-s` takes no value)
    const std::string entry = n + " " + std::string(c->name);
    const std::string* v = value && value->literal ? &*value->literal : nullptr;
    switch (c->role) {
      case 'w':
      case 'r':
      case 'd':
        if (value) file(out, c->role == 'w' ? Touch::write : Touch::read, *value, entry);
        if (value && (c->name == "-L" || c->name == "--library-path")) libs.dirs.push_back(*value);
        break;
      case 'l':
        if (value && !v)
          out.escalations.push_back(entry + ": a library that is not static");
        else if (v && v->starts_with(':') && v->size() > 1)
          libs.names.emplace_back(*value, v->substr(1));
        break;
      case 'G':
        if (value) add_folder_files(out, *value, From::option, entry);
        break;
      case 'V':
        if (value) file(out, Touch::read, *value, entry);
        out.escalations.push_back(entry + ": maps files the line does not show");
        break;
      case 'W':
        if (value) add_folder_files(out, *value, From::option, entry);
        out.escalations.push_back(entry + ": the paths of the line are resolved in another folder");
        break;
      case 'g':
        if (value) written_prefix(out, *value, entry);
        break;
      case 'X':
        if (value) file(out, Touch::read, *value, entry);
        out.escalations.push_back(entry + ": runs or loads another program");
        break;
      case 'x':
        out.escalations.push_back(entry + ": runs or loads another program");
        break;
      case 'P':
        // Packed into the output: a folder with every file below it.
        if (value) {
          const std::size_t at = out.files.size();
          file(out, Touch::read, v ? word_of(*value, packed_source(*v)) : *value, entry);
          if (out.files.size() > at) out.files.back().recursive = true;
        }
        break;
      case 'S':
        // `-s NAME=@FILE` (`-sNAME=@FILE`, `-s NAME=@FILE` in two words): the setting's value is
        // read from FILE.
        if (v) {
          const std::size_t eq = v->find('=');
          const std::string_view setting =
              eq == std::string::npos ? std::string_view(*v) : std::string_view(*v).substr(eq + 1);
          if (setting.size() > 1 && setting.starts_with('@'))
            file(out, Touch::read, word_of(*value, std::string(setting.substr(1))), entry);
        }
        break;
      case 'K':
        if (!v || v->find("plugin") != std::string::npos || *v == "-load")
          out.escalations.push_back(entry + " " + (v ? *v : "") + ": loads a plugin");
        if (value && passed) passed->cc1.push_back(*value);
        break;
      case 'U':
        if (!v || v->find('/') != std::string::npos)
          out.escalations.push_back(entry + ": runs another linker");
        break;
      case 'L':
      case 'A':
      case 'C':
        if (!value) break;
        if (!v) {
          out.escalations.push_back(entry + ": a word passed on that is not static");
          break;
        }
        if (c->role == 'L' && v->find("plugin") != std::string::npos)
          out.escalations.push_back(entry + " " + *v + ": loads a plugin");
        if (passed)
          (c->role == 'L'   ? passed->linker
           : c->role == 'A' ? passed->assembler
                            : passed->preprocessor)
              .push_back(*value);
        break;
      default:
        break;
    }
  }
}

// The GNU assembler (`as`, `gas`, `x86_64-linux-gnu-as`, `as-2.40`): its words are read as
// `gcc -Wa,` passes them.
bool assembler(std::string_view name) {
  std::size_t v = name.find_last_not_of("0123456789.-");
  name = name.substr(0, v == std::string_view::npos ? 0 : v + 1);
  return name == "as" || name == "gas" ||
         (name.size() > 3 && name.substr(name.size() - 3) == "-as");
}

// `clang --driver-mode=cl`: the words that follow are clang-cl's.
bool cl_mode(const Words& w) {
  for (std::size_t i = 1; i < w.size(); ++i)
    if (const std::string* s = lit(w, i); s && *s == "--driver-mode=cl") return true;
  return false;
}

}  // namespace

void cc_driver_words(const std::string& n, const Words& w, std::size_t first, char mode,
                     ProgramEffects& out, std::vector<std::size_t>* inputs) {
  Passed passed;
  Libraries libs;
  const bool driver = mode == 'c';
  judge_words(mode, n, w, first, out, inputs, driver ? &passed : nullptr, libs);
  if (driver) {
    judge_words('l', n + " -Wl", passed.linker, 0, out, nullptr, nullptr, libs);
    judge_words('a', n + " -Wa", passed.assembler, 0, out, nullptr, nullptr, libs);
    judge_words('p', n + " -Wp", passed.preprocessor, 0, out, nullptr, nullptr, libs);
    judge_words('p', n + " -Xclang", passed.cc1, 0, out, nullptr, nullptr, libs);
  }
  judge_libraries(n, libs, out);
}

void cc_handler(const ProgramDecl& p, std::string_view name, const Words& w, ProgramEffects& out) {
  const bool linker = p.handler == "ld";
  if (!linker && (starts_with(name, "clang-cl") || cl_mode(w))) {
    clang_cl_handler(name, w, out);
    return;
  }
  const std::string n(name);
  std::vector<std::size_t> inputs;  // the operands: their indexes into out.files, or kStdin
  cc_driver_words(n, w, 1, linker ? 'l' : assembler(name) ? 'a' : 'c', out, &inputs);
  if (!linker && inputs.size() == 2 && inputs[1] != kStdin && preprocessor(name))
    out.files[inputs[1]].touch = Touch::write;
}

}  // namespace vigie::engine
