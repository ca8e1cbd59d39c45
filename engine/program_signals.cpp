// Handler `signals`: the programs that act on other processes. kill, pkill, killall: a signal's
// name is read in any case (`kill -Kill`, `kill -s sigkill`, `--signal=Term`: bash's builtin,
// procps and psmisc alike). For deny and ask rules, the command is judged again with its signal
// names in capitals, the spelling the option table declares (engine/options_table.cpp,
// `signals`), and, when it names no signal, with the TERM it sends.
// The others (renice, gcore, jstack…) act on a process the line does not start: asked
// (engine/process_targets.cpp).
#include <cctype>
#include <string>

#include <fmt/format.h>

#include "engine/options_table.hpp"
#include "engine/process_targets.hpp"
#include "engine/program_handlers.hpp"
#include "grammar/limits.hpp"

namespace vigie::engine {

namespace {

using shell::WordView;
using Words = std::vector<WordView>;

// `s` in capitals from `from` on, or empty when nothing changes (no lowercase letter there).
std::string capitals(std::string_view s, std::size_t from) {
  bool lower = false;
  std::string out(s);
  for (std::size_t k = from; k < out.size(); ++k) {
    const auto c = static_cast<unsigned char>(out[k]);
    if (std::islower(c)) {
      lower = true;
      out[k] = static_cast<char>(std::toupper(c));
    }
  }
  return lower ? out : std::string();
}

// Whether `s` is a signal's name in some case, with or without `SIG` (the option table's
// `signals` row): `-f` of pkill is not one.
bool signal_name(std::string_view s) {
  std::string up(s);
  for (char& c : up) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  std::string_view name = up;
  if (name.starts_with("SIG")) name.remove_prefix(3);
  if (name.empty()) return false;
  for (const BuiltinOptions& r : builtin_option_rows()) {
    if (r.row != OptionRow::signals) continue;
    for (std::string_view list = r.spellings; !list.empty();) {
      const std::size_t sp = list.find(' ');
      const std::string_view piece = list.substr(0, sp);
      if (piece.substr(0, piece.find('=')) == name) return true;
      if (sp == std::string_view::npos) break;
      list.remove_prefix(sp + 1);
    }
  }
  return false;
}

// Whether `s` is `-` and digits: a signal's number (`kill -9`, `pkill -15`).
bool signal_number(std::string_view s) {
  return s.size() > 1 && s[0] == '-' &&
         s.find_first_not_of("0123456789", 1) == std::string_view::npos;
}

// kill, pkill and killall send TERM when no signal is given (bash's builtin, procps, psmisc):
// the command is then judged by deny and ask rules as if it named it (`kill 42` meets `deny kill
// -s TERM`, `deny kill -15`). Signal options per program: kill `-s SIG`, `-n NUM`, `--signal`,
// `-SIG`, `-NUM`; killall `-s`, `--signal`, `-SIG`, `-NUM`; pkill `--signal`, `-SIG`, `-NUM`
// (its `-s` is a session and `-n` the newest process). `kill -l` and `killall -l` list signals
// and send none.
bool sends_default_signal(std::string_view name, const Words& w) {
  const bool pkill = name == "pkill";
  for (std::size_t k = 1; k < w.size(); ++k) {
    if (!w[k].literal) continue;  // not static: judged with TERM too (a deny can only add)
    const std::string& s = *w[k].literal;
    if (s == "--") return true;
    if (s.size() < 2 || s[0] != '-') continue;
    if (!pkill && (s == "-l" || s == "-L" || s == "--list" || s == "--table")) return false;
    if (s == "--signal" || s.starts_with("--signal=") || signal_number(s)) return false;
    if (!pkill && (s.starts_with("-s") || s == "-n")) {
      // `-s SIG`, `-sSIG`, `-n NUM` (kill's `-n` takes a number, killall's is a process id).
      if (name == "kill" || s != "-n") return false;
    }
    if (signal_name(std::string_view(s).substr(1))) return false;  // `-KILL`, `-sigterm`
  }
  return true;
}

}  // namespace

void signals_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                     ProgramEffects& out) {
  if (acts_on_processes(name)) return process_target_effects(p, name, w, out);
  // The table's options: pkill's `-F FILE` reads the process ids from FILE.
  apply_parsed(p, name, w, parse_args(p, w, 1), out);
  if (w.size() > limits::judged_paths) {  // bounded before the copy
    out.escalations.push_back(
        fmt::format("a command of more than {} words in another spelling", limits::judged_paths));
    return;
  }
  Words argv;
  auto change = [&](std::size_t k, std::string value) {
    if (argv.empty()) argv = w;
    argv[k] = synthesized(w[k], std::move(value), 0);
  };
  for (std::size_t k = 1; k < w.size(); ++k) {
    if (!w[k].literal) continue;
    const std::string& s = *w[k].literal;
    if (s == "--" || s.size() < 2 || s[0] != '-') continue;
    if ((s == "-s" || s == "-n" || s == "--signal") && k + 1 < w.size() && w[k + 1].literal &&
        signal_name(*w[k + 1].literal)) {
      if (std::string up = capitals(*w[k + 1].literal, 0); !up.empty()) change(k + 1, up);
      ++k;
    } else if (s.starts_with("--signal=") && signal_name(std::string_view(s).substr(9))) {
      if (std::string up = capitals(s, 9); !up.empty()) change(k, up);
    } else if (signal_name(std::string_view(s).substr(1))) {  // `-Kill`, `-sigterm`
      if (std::string up = capitals(s, 1); !up.empty()) change(k, up);
    }
  }
  if (!argv.empty()) out.deny_argvs.push_back(std::move(argv));
  if (sends_default_signal(name, w)) {
    Words named;
    named.reserve(w.size() + 2);
    named.push_back(w[0]);
    named.push_back(synthesized(w[0], name == "pkill" ? "--signal" : "-s", 0));
    named.push_back(synthesized(w[0], "TERM", 0));
    named.insert(named.end(), w.begin() + 1, w.end());
    out.deny_argvs.push_back(std::move(named));
  }
}

}  // namespace vigie::engine
