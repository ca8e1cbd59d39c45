// Handlers of client and build tools whose words hold commands (declared in
// engine/program_handlers.hpp, named in engine/programs_table.cpp): ssh/scp/sftp `-o` options
// and ssh's remote command, `cmake -E` commands (each judged as the command it stands for), SQL
// clients' shell escapes, pagers' `+COMMAND`, and perf's subcommands that run a command.
#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"
#include "engine/ssh_config.hpp"
#include "grammar/policy/text.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

using policy::ascii_lower;

using program_words::lit;
using program_words::starts_with;

void generic(const ProgramDecl& p, std::string_view name, const Words& w, ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  apply_parsed(p, name, w, args, out);
}

// `cmake -E TOOL ARGS…`: the command each tool stands for, judged as that command (its rules,
// safety checks and paths): `cmake -E rm -rf X` is `rm -rf X`. Leading words are synthesized.
struct CmakeTool {
  std::string_view tool;
  std::string_view argv;  // the words put before ARGS ("" = ARGS are a command of their own)
};
constexpr CmakeTool kCmakeTools[] = {
    {"rm", "rm"},
    {"remove", "rm"},
    {"remove_directory", "rm -r"},
    {"make_directory", "mkdir -p"},
    {"touch", "touch"},
    {"touch_nocreate", "touch -c"},
    {"copy", "cp"},
    {"copy_if_different", "cp"},
    {"copy_directory", "cp -r"},
    {"copy_directory_if_different", "cp -r"},
    {"rename", "mv"},
    {"create_symlink", "ln -s"},
    {"create_hardlink", "ln"},
    {"cat", "cat"},
    {"tar", "tar"},
    {"md5sum", "md5sum"},
    {"sha1sum", "sha1sum"},
    {"sha224sum", "sha224sum"},
    {"sha256sum", "sha256sum"},
    {"sha384sum", "sha384sum"},
    {"sha512sum", "sha512sum"},
    {"compare_files", "cmp"},
    {"env", "env"},
    {"time", ""},
    {"chdir", ""},  // chdir DIR CMD…: DIR is skipped below
    {"echo", "echo"},
    {"echo_append", "echo"},
    {"sleep", "sleep"},
    {"true", "true"},
    {"false", "false"},
    {"capabilities", "true"},
    {"environment", "true"},
};

// Parts of the names of cmake variables that name code it includes or a program it runs
// (`CMAKE_TOOLCHAIN_FILE`, `CMAKE_PROJECT_INCLUDE`, `CMAKE_C_COMPILER`, `*_COMPILER_LAUNCHER`,
// `CMAKE_CXX_CLANG_TIDY`, `CMAKE_MAKE_PROGRAM`...), compared in lower case.
constexpr std::string_view kCmakeCodeVars[] = {
    "toolchain", "include",      "compiler",       "launcher", "linker",   "clang_tidy", "cppcheck",
    "cpplint",   "make_program", "rules_override", "_program", "emulator", "module_path"};

// `sftp [USER@]HOST:PATH [LOCAL]`, `sftp sftp://[USER@]HOST/PATH [LOCAL]`: PATH is fetched to
// LOCAL, or to its name in the current folder (what a name the line does not show, a glob or
// a folder, lands there is a tree write).
void sftp_download(const Words& w, const std::vector<std::size_t>& ops, ProgramEffects& out) {
  if (ops.empty()) return;
  const std::string* dest = lit(w, ops[0]);
  if (!dest) return;
  std::string path;
  if (starts_with(*dest, "sftp://")) {
    const std::size_t slash = dest->find('/', 7);
    if (slash == std::string::npos) return;
    path = dest->substr(slash + 1);
  } else {
    const std::size_t at = dest->find('@');
    const std::size_t colon = dest->find(':', at == std::string::npos ? 0 : at);
    if (colon == std::string::npos || dest->find('/') < colon) return;  // a host, or a local path
    path = dest->substr(colon + 1);
  }
  if (path.empty()) return;  // the remote home folder: an interactive session
  const std::string entry = "sftp download";
  if (ops.size() > 1) {
    out.files.push_back({Touch::write, w[ops[1]], From::operand, entry});
    return;
  }
  const std::string base = path.substr(path.find_last_of('/') + 1);
  if (base.empty() || base.find_first_of("*?[") != std::string::npos || base == "." || base == "..")
    add_tree_write(out, entry + " (names the line does not show)");
  else
    out.files.push_back({Touch::write, word_of(w[ops[0]], base), From::operand, entry});
}

}  // namespace

namespace {

// The ssh_config(5) keys whose value `-o KEY=VALUE` (or `-o 'KEY VALUE'`) runs, loads or names
// a file: 'c' a local command line (run by a shell: judged), 'x' code loaded or a command the
// line does not show, 's' the remote command, 'r' a file read, 'w' a file written.
struct SshKey {
  std::string_view key;  // lower case: ssh reads keys in any case
  char role;
};
constexpr SshKey kSshKeys[] = {
    {"proxycommand", 'c'},      {"localcommand", 'c'},
    {"knownhostscommand", 'c'}, {"permitlocalcommand", 'x'},
    {"proxyusefdpass", 'x'},    {"match", 'x'},
    {"pkcs11provider", 'x'},    {"securitykeyprovider", 'x'},
    {"xauthlocation", 'x'},     {"include", 'x'},
    {"remotecommand", 's'},     {"identityfile", 'r'},
    {"certificatefile", 'r'},   {"globalknownhostsfile", 'r'},
    {"revokedhostkeys", 'r'},   {"userknownhostsfile", 'w'},
    {"controlpath", 'w'},       {"localforward", 'L'},
};

// `-L` / LocalForward `[BIND:]PORT:HOST:PORT`, `LOCAL_SOCKET:…`: a first field with a `/` is a
// Unix socket ssh creates (a file written).
void ssh_forward(const WordView& value, std::string_view spec, ProgramEffects& out) {
  const std::string_view first = spec.substr(0, spec.find(':'));
  if (first.find('/') != std::string_view::npos)
    out.files.push_back(
        {Touch::write, word_of(value, std::string(first)), From::option, "ssh -L socket"});
}

// ssh expands tokens in the paths it reads (ssh_config(5), TOKENS and ENVIRONMENT VARIABLES):
// `%d` and `${HOME}` are the home folder (`~`), `%%` a `%`, the others (`%h`, `%r`, `%p`…) a
// name the line does not show (`*`, and `*glob` is set); `${VAR}` is a path the line does not
// show: nullopt.
std::optional<std::string> ssh_expand(const std::string& f, bool* glob) {
  std::string out;
  for (std::size_t i = 0; i < f.size(); ++i) {
    if (f[i] == '%' && i + 1 < f.size()) {
      if (f[i + 1] == '%') {
        out += '%';
      } else if (f[i + 1] == 'd') {
        out += '~';
      } else {
        out += '*';
        *glob = true;
      }
      ++i;
    } else if (f.compare(i, 2, "${") == 0) {
      const std::size_t close = f.find('}', i);
      if (close == std::string::npos || f.substr(i + 2, close - i - 2) != "HOME")
        return std::nullopt;
      out += '~';
      i = close;
    } else {
      out += f[i];
    }
  }
  return out;
}

// A path option of ssh (`-i`, `-S`, `-E`, an `-o KEY=PATH`): judged with ssh's tokens expanded,
// or asked when one is not known.
void ssh_path(const WordView& value, const std::string& f, Touch t, const std::string& entry,
              ProgramEffects& out) {
  if (f.find_first_of("%$") == std::string::npos) {
    out.files.push_back({t, word_of(value, f), From::option, entry});
    return;
  }
  bool glob = false;
  if (auto x = ssh_expand(f, &glob)) {
    WordView v = word_of(value, *x);
    if (x->starts_with("~")) {  // judged from the home folder, as a tilde word is
      v.literal.reset();
      v.has_tilde = true;
    }
    if (glob) {  // `cm-%r@%h:%p`: any name there
      v.literal.reset();
      v.has_glob = true;
    }
    out.files.push_back({t, std::move(v), From::option, entry});
  } else {
    out.escalations.push_back(entry + ": a path with a token ssh expands (`" + f + "`)");
  }
}

void ssh_option(const WordView& value, ProgramEffects& out) {
  if (!value.literal) {
    out.escalations.push_back("ssh -o with a value that is not static");
    return;
  }
  // The keyword as OpenSSH reads it (engine/ssh_config.hpp), then the rest of the line.
  const std::optional<SshConfigLine> line = ssh_config_line(*value.literal);
  if (!line) {
    out.escalations.push_back("ssh -o with a quote not closed");
    return;
  }
  const std::string& key = line->key;
  const std::string& rest = line->rest;
  for (const SshKey& k : kSshKeys) {
    if (k.key != key) continue;
    // A command is the rest of the line, without the blanks and `=` before it (parse_command);
    // the other values are words (argv_split).
    const std::string val = rest.substr(std::min(rest.find_first_not_of(" \t\r\n="), rest.size()));
    const auto words = ssh_config_words(rest);
    if (!words && k.role != 'c' && k.role != 's' && k.role != 'x') {
      out.escalations.push_back("ssh -o " + key + " with a quote not closed");
      return;
    }
    switch (k.role) {
      case 'c':
        out.escalations.push_back("ssh -o " + key);
        if (!val.empty()) out.scripts.push_back(val);
        break;
      case 'x':
        out.escalations.push_back("ssh -o " + key);
        break;
      case 's':
        if (!val.empty() && ascii_lower(val) != "none") out.scripts.push_back(val);
        break;
      case 'L':
        if (!words->empty()) ssh_forward(value, words->front(), out);
        break;
      default:
        // A list of files (UserKnownHostsFile takes several); `none` names none.
        for (const std::string& f : *words)
          if (!f.empty() && ascii_lower(f) != "none")
            ssh_path(value, f, k.role == 'w' ? Touch::write : Touch::read, "ssh -o " + key, out);
        break;
    }
    return;
  }
}

}  // namespace

void ssh_handler(const ProgramDecl& p, std::string_view name, const Words& w, ProgramEffects& out) {
  // ssh, scp, sftp: `-o` options that run a program; ssh's remote command.
  // ssh reads options again after the host, up to the command or `--`: `ssh HOST -p 22 -- CMD`.
  ParsedArgs args = ssh_args(p, name, w);
  OperandState st;
  for (const auto& o : args.options) {
    if (!o.decl || !o.value) continue;
    // `-F FILE`: a configuration may hold ProxyCommand, LocalCommand, Match exec.
    if (o.decl->shorts == "F" &&
        !(o.value->literal && (*o.value->literal == "/dev/null" || *o.value->literal == "none")))
      out.escalations.push_back(std::string(name) + " -F: a configuration the line does not show");
    if (o.decl->shorts == "o") ssh_option(*o.value, out);
    // `-i '%d/.ssh/id_rsa'`, `-S '${S}'`: ssh expands its tokens in these paths too.
    if ((o.decl->shorts == "i" || o.decl->shorts == "S" || o.decl->shorts == "E") &&
        o.value->literal && o.value->literal->find_first_of("%$") != std::string::npos)
      ssh_path(*o.value, *o.value->literal, o.decl->shorts == "i" ? Touch::read : Touch::write,
               std::string(name) + " -" + o.decl->shorts, out);
    if (o.decl->shorts == "L") {
      if (o.value->literal)
        ssh_forward(*o.value, *o.value->literal, out);
      else
        out.files.push_back({Touch::write, *o.value, From::option, "ssh -L"});
    }
  }
  // `ssh HOST WORDS…`: the words, joined with blanks, are a command line for the remote shell;
  // it is judged like a local one (the policy's command rules apply to it).
  if (name == "ssh" && args.operands.size() >= 2) {
    std::string remote;
    bool is_static = true;
    for (std::size_t k = 1; k < args.operands.size(); ++k) {
      const std::string* s = lit(w, args.operands[k]);
      if (!s) {
        is_static = false;
        break;
      }
      remote += (remote.empty() ? "" : " ") + *s;
    }
    if (is_static)
      out.scripts.push_back(remote);
    else
      out.escalations.push_back("ssh with a remote command that is not static");
  }
  apply_options(name, args, out, st);
  apply_operands(name, p.operands, w, args.operands, st, out);
  if (name == "sftp") sftp_download(w, args.operands, out);
  // `ssh-copy-id -i FILE` copies FILE.pub (FILE itself when it ends in `.pub`; with `-f`, FILE).
  if (name == "ssh-copy-id")
    for (const auto& o : args.options)
      if (o.decl && o.decl->shorts == "i" && o.value && o.value->literal &&
          !o.value->literal->ends_with(".pub"))
        out.files.push_back({Touch::read, word_of(*o.value, *o.value->literal + ".pub"),
                             From::option, "ssh-copy-id -i"});
}

void cmake_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                   ProgramEffects& out) {
  // `-D VAR=VALUE` naming code or a program cmake runs: asked, and a file VALUE read.
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s || !starts_with(*s, "-D")) continue;
    const std::string* kv = s->size() > 2 ? s : lit(w, i + 1);
    if (!kv) {
      out.escalations.push_back("cmake -D with a value that is not static");
      continue;
    }
    std::string_view def = *kv == *s ? std::string_view(*kv).substr(2) : std::string_view(*kv);
    auto eq = def.find('=');
    std::string key = policy::ascii_lower(std::string(def.substr(0, def.find_first_of(":="))));
    for (auto code : kCmakeCodeVars)
      if (key.find(code) != std::string::npos) {
        out.escalations.push_back("cmake -D " + key);
        if (eq != std::string_view::npos && eq + 1 < def.size())
          out.files.push_back({Touch::read, word_of(w[i], std::string(def.substr(eq + 1))),
                               From::option, "cmake -D " + key});
        break;
      }
  }
  std::size_t e = 1;
  while (e < w.size() && !(w[e].literal && *w[e].literal == "-E")) ++e;
  if (e >= w.size()) {
    generic(p, name, w, out);
    return;
  }
  const std::string* tool = lit(w, e + 1);
  if (!tool) {
    out.escalations.push_back("cmake -E with a command that is not static");
    return;
  }
  const CmakeTool* t = nullptr;
  for (const auto& c : kCmakeTools)
    if (c.tool == *tool) t = &c;
  if (!t) {
    out.escalations.push_back("cmake -E " + *tool);
    return;
  }
  std::vector<WordView> argv;
  std::string_view lead = t->argv;
  while (!lead.empty()) {
    auto sp = lead.find(' ');
    argv.push_back(word_of(w[e + 1], std::string(lead.substr(0, sp))));
    lead = sp == std::string_view::npos ? std::string_view() : lead.substr(sp + 1);
  }
  std::size_t from = e + 2 + (t->tool == "chdir" ? 1 : 0);
  if (t->tool == "chdir" && e + 2 < w.size()) out.chdir = w[e + 2];
  for (std::size_t i = from; i < w.size(); ++i) argv.push_back(w[i]);
  if (!argv.empty()) out.argvs.push_back(std::move(argv));
}

// SQL clients run shell commands from their own language: psql `\!` and `COPY … PROGRAM`, mysql
// `system`, sqlite3 `.shell`/`.system`, output to a pipe, extensions loaded. Every static word
// (an option value or an operand) is searched for these.
void sql_handler(const ProgramDecl& p, std::string_view name, const Words& w, ProgramEffects& out) {
  static constexpr std::string_view kMarkers[] = {
      "\\!",     "\\o |",  "\\o|",    "\\g |", "\\g|",    "\\copy", " program ",
      "system ", ".shell", ".system", ".once", ".output", ".load",  "load_extension"};
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) continue;
    std::string low = ascii_lower(*s);
    for (auto m : kMarkers)
      if (low.find(m) != std::string::npos) {
        out.escalations.push_back(std::string(name) + " `" + std::string(m) + "`");
        break;
      }
  }
  if (name == "sqlite3") sqlite_effects(p, w, out);
  generic(p, name, w, out);
}

// less and more run a command given as `+CMD` first (`+!rm x` runs a shell command).
namespace {

// less's `+CMD` / `++CMD`: a command run when a file is opened. Harmless: a line number, a
// move (`+G`, `+F`, `+42g`, `+50%`), a search (`+/pattern`, `+?pattern`) on one line. Anything
// else may open or save a file (`:e F`, `s F`), start an editor (`v`) or a shell (`!`, `|`).
bool pager_command_harmless(std::string_view s) {
  s.remove_prefix(s.size() > 1 && s[1] == '+' ? 2 : 1);
  if (!s.empty() && (s[0] == '/' || s[0] == '?'))
    return s.find_first_of("\n\r") == std::string_view::npos;
  std::size_t k = 0;
  while (k < s.size() && s[k] >= '0' && s[k] <= '9') ++k;
  if (k == s.size()) return true;
  return k + 1 == s.size() &&
         std::string_view("gGpP%FRjkJKbBfdDuUwWyYzZ").find(s[k]) != std::string_view::npos;
}

// A less option word holding `$`: its first piece up to the `$`, then each blank- or
// `$`-separated piece after it, with a dash when it has none (less reads `$otests/x` as `-o`).
std::vector<std::string> less_option_pieces(const std::string& s) {
  std::vector<std::string> pieces{s.substr(0, s.find('$'))};
  std::string cur;
  auto flush = [&] {
    if (!cur.empty() && cur != "-")
      pieces.push_back(cur[0] == '-' || cur[0] == '+' ? cur : "-" + cur);
    cur.clear();
  };
  for (std::size_t k = s.find('$') + 1; k < s.size(); ++k) {
    if (s[k] == '$' || s[k] == ' ' || s[k] == '\t' || s[k] == '\n') {
      flush();
      continue;
    }
    cur += s[k];
  }
  flush();
  return pieces;
}

// Whether less's words hold `-t` (alone, in a cluster of flags, or `--tag[=…]`) before `--`.
// kValued: less's options that take a value (the rest of a cluster is that value).
bool less_tag_option(const std::vector<WordView>& w) {
  static constexpr std::string_view kValued = "bDhjkoOpPtTxyz#\"";
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = w[i].literal ? &*w[i].literal : nullptr;
    if (!s || s->size() < 2 || (*s)[0] != '-') continue;
    if (*s == "--") return false;
    if ((*s)[1] == '-') {
      if (s->compare(2, 3, "tag") == 0 && (s->size() == 5 || (*s)[5] == '=')) return true;
      continue;
    }
    for (std::size_t k = 1; k < s->size(); ++k) {
      if ((*s)[k] == 't') return true;
      if (kValued.find((*s)[k]) != std::string_view::npos) break;
    }
  }
  return false;
}

}  // namespace

void pager_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                   ProgramEffects& out) {
  // less: an uppercase long name needs only its first letter capitalized (`--Log-file`).
  bool upper_names = std::any_of(p.options.begin(), p.options.end(), [](const OptionDecl& d) {
    return !d.longs.empty() && std::isupper(static_cast<unsigned char>(d.longs[0][0]));
  });
  Words rest;
  bool options_on = true;
  auto take = [&](const WordView& word, const std::string* s) {
    if (s && starts_with(*s, "+")) {
      if (!pager_command_harmless(*s)) out.escalations.push_back(std::string(name) + " +COMMAND");
      return;
    }
    if (s && *s == "--") options_on = false;
    if (upper_names && options_on && s && s->size() > 2 && starts_with(*s, "--") &&
        std::isupper(static_cast<unsigned char>((*s)[2]))) {
      std::string up = *s;
      for (std::size_t k = 2; k < up.size() && up[k] != '='; ++k)
        up[k] = static_cast<char>(std::toupper(static_cast<unsigned char>(up[k])));
      rest.push_back(word_of(word, up));
      return;
    }
    rest.push_back(word);
  };
  if (!w.empty()) rest.push_back(w[0]);
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = w[i].literal ? &*w[i].literal : nullptr;
    if (!s || !upper_names || !options_on || s->size() < 2 || (*s)[0] != '-' || *s == "--" ||
        s->find('$') == std::string::npos) {
      take(w[i], s);
      continue;
    }
    // less ends an option's value at `$` on the command line too, and reads the rest of the
    // word as more options, a dash or not, separated by blanks (`'-Px$-otests/x'` logs to
    // tests/x, `'-x4$--lesskey-src=K'` reads K): each piece is judged as an option word.
    for (const auto& piece : less_option_pieces(*s)) take(word_of(w[i], piece), &piece);
  }
  // `-t TAG` (`--tag`) opens the file a tags file (`tags`, `-T FILE`) names for TAG: a file
  // the line does not show, as `vim -t` (LESSGLOBALTAGS is judged as a variable).
  if (upper_names && less_tag_option(rest))
    out.escalations.push_back(std::string(name) + " -t (opens the file a tags file names)");
  generic(p, name, rest, out);
}

// perf: `stat`, `record`, `trace`, `ftrace`, `sched record`… run the command that follows
// their options, and `script`, `report`, `annotate` can run scripts and tools; their option
// tables are not modelled, so every subcommand but the few that only print is asked.
void perf_handler(std::string_view name, const Words& w, ProgramEffects& out) {
  static constexpr std::string_view kPrintOnly[] = {"list",   "help",      "version", "evlist",
                                                    "--help", "--version", "-h",      "-v"};
  if (w.size() < 2) return;  // `perf`: prints its usage
  const std::string* sub = w[1].literal ? &*w[1].literal : nullptr;
  if (sub && w.size() == 2 &&
      std::find(std::begin(kPrintOnly), std::end(kPrintOnly), *sub) != std::end(kPrintOnly))
    return;
  out.escalations.push_back(std::string(name) + (sub ? " " + *sub : std::string()) +
                            " may run a command or a script");
  // `perf record|stat|trace [OPTIONS] [--] CMD…`: the command is judged as run (still asked:
  // an option the list below does not know may take the next word); `-o FILE` is written.
  static constexpr std::string_view kValued =
      " -e --event -o --output -p --pid -t --tid -C --cpu -r --repeat -x --field-separator -I "
      "--interval-print -c --count -F --freq -m --mmap-pages -u --uid -G --cgroup -j "
      "--branch-filter -D --delay --filter -i --input -s --sort -M --metrics --pre --post "
      "--control --output-dir -T --topdown ";
  if (!sub || !(*sub == "record" || *sub == "stat" || *sub == "trace" || *sub == "mem" ||
                *sub == "c2c" || *sub == "kvm" || *sub == "lock" || *sub == "sched"))
    return;
  for (std::size_t i = 2; i < w.size(); ++i) {
    const std::string* s = w[i].literal ? &*w[i].literal : nullptr;
    if (s && *s == "--") {
      if (i + 1 < w.size())
        out.argvs.emplace_back(w.begin() + static_cast<std::ptrdiff_t>(i + 1), w.end());
      return;
    }
    if (!s || s->size() < 2 || (*s)[0] != '-') {
      if (s &&
          (*sub == "mem" || *sub == "c2c" || *sub == "kvm" || *sub == "lock" || *sub == "sched") &&
          (*s == "record" || *s == "report" || *s == "stat" || *s == "top" || *s == "script"))
        continue;  // `perf mem record CMD`: the subcommand's own action
      out.argvs.emplace_back(w.begin() + static_cast<std::ptrdiff_t>(i), w.end());
      return;
    }
    const std::string opt = s->substr(0, s->find('='));
    const bool attached = s->find('=') != std::string::npos;
    if (opt == "-o" || opt == "--output") {
      if (attached)
        add_word_file(out, Touch::write, word_of(w[i], s->substr(s->find('=') + 1)), From::option,
                      std::string(name) + " -o");
      else if (i + 1 < w.size())
        add_word_file(out, Touch::write, w[i + 1], From::option, std::string(name) + " -o");
    }
    if (!attached && kValued.find(" " + opt + " ") != std::string_view::npos) ++i;
  }
}

}  // namespace vigie::engine
