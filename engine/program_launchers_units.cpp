// Where a launcher's command runs and with what environment, when not the line's
// (engine/program_launchers_units.hpp): a system unit of `systemd-run` runs in `/`, a user unit
// (`--user`) in the caller's home, unless `--scope`, `-d`/`--same-dir`, `--shell` or
// `--working-directory=DIR` keep or give another (systemd-run(1), systemd.exec(5)
// WorkingDirectory=); `-E NAME=VALUE` is in its environment; chroot runs its command in NEWROOT
// (unless `--skip-chdir`); a login (`runuser -l USER`) and pkexec (unless `--keep-cwd`) in the
// home of the user it runs as. The command is then judged as the line `cd -- DIR && NAME=VALUE…
// CMD…`: its relative paths from DIR (another user's home cannot be resolved: asked), its
// assignments as a line's (`LD_PRELOAD=…`, `PATH=…`: asked). Unit properties (`-p`) too.
#include "engine/program_launchers_units.hpp"

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using program_words::in_words;
using shell::WordView;

namespace {

// Unit properties (`systemd-run -p NAME=VALUE`, systemd.exec(5), systemd.service(5)): those
// whose value is a command line the unit runs (judged as a nested line, and asked), and those
// that only set a limit, a timing or a label (plain). Any other property may change what runs
// or what it can reach (`Environment=LD_PRELOAD=…`, `BindPaths=`, `User=`, `Unit=`): asked.
constexpr std::string_view kRunProperties =
    "ExecStart ExecStartPre ExecStartPost ExecCondition ExecReload ExecStop ExecStopPost "
    "ExecStopPre";
constexpr std::string_view kPlainProperties =
    "MemoryMax MemoryHigh MemoryLow MemoryMin MemorySwapMax MemoryLimit MemoryAccounting "
    "CPUQuota CPUQuotaPeriodSec CPUWeight CPUShares CPUAccounting AllowedCPUs "
    "AllowedMemoryNodes IOWeight IOAccounting IOReadBandwidthMax IOWriteBandwidthMax "
    "IOReadIOPSMax IOWriteIOPSMax TasksMax TasksAccounting Nice OOMScoreAdjust "
    "CPUSchedulingPolicy CPUSchedulingPriority IOSchedulingClass IOSchedulingPriority "
    "RuntimeMaxSec TimeoutSec TimeoutStartSec TimeoutStopSec RestartSec Restart "
    "RemainAfterExit KillMode KillSignal SendSIGHUP SendSIGKILL Description LimitCPU LimitFSIZE "
    "LimitDATA LimitSTACK LimitCORE LimitRSS LimitNOFILE LimitAS LimitNPROC LimitMEMLOCK "
    "LimitLOCKS LimitSIGPENDING LimitMSGQUEUE LimitNICE LimitRTPRIO LimitRTTIME AccuracySec "
    "RandomizedDelaySec Persistent OnCalendar OnActiveSec OnBootSec OnUnitActiveSec "
    "OnUnitInactiveSec";

// The characters a word may hold and still be read back by the shell as written.
constexpr std::string_view kPlainChars =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./:@%+,-";

// `s` as one word of a shell line: as it is when plain, else in single quotes.
std::string shell_word(std::string_view s) {
  if (!s.empty() && s.find_first_not_of(kPlainChars) == std::string_view::npos)
    return std::string(s);
  return program_words::single_quoted(s);
}

// A word of the line read back: its value when static, else its source text (`"$D"`).
std::string line_word(const WordView& w) {
  return w.literal ? shell_word(*w.literal) : w.text;
}

bool variable_name(std::string_view s) {
  if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
  return s.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") ==
         std::string_view::npos;
}

// A user name written plainly (`bob`, `www-data`): `~NAME` is that user's home.
bool user_name(std::string_view s) {
  return !s.empty() && s[0] != '-' && s[0] != '.' &&
         s.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-") ==
             std::string_view::npos;
}

// The folder the command runs in, as the word of `cd -- DIR`; "" for the line's own.
std::string folder(const UnitPlace& u, const std::string& entry, ProgramEffects& out) {
  const char where = u.given ? u.given : u.base_here ? '!' : u.base;
  switch (where) {
    case '/':
      return "/";
    case '~':
      return "~";
    case '@': {
      // The home of the user it runs as (root's when none is named): another user's home is
      // not known here, so what the command names from it is asked.
      const std::optional<WordView>& who = u.user ? u.user : u.root;
      if (!who) return "~root";
      if (who->literal && user_name(*who->literal)) return "~" + *who->literal;
      out.escalations.push_back(entry + " as a user the line does not name plainly");
      return "~root";
    }
    case '+':
      return u.root ? line_word(*u.root) : "";
    case '=':
      return u.dir ? line_word(*u.dir) : "";
    default:
      return "";
  }
}

}  // namespace

UnitPlace unit_place(const Launcher& l) {
  UnitPlace u;
  if (!l.runs_in.empty()) u.base = l.runs_in[0];
  return u;
}

void unit_option(const Launcher& l, std::string_view key, const WordView* value,
                 const std::string& entry, UnitPlace& u, ProgramEffects& out) {
  std::string_view moves = l.moves;
  while (!moves.empty()) {  // `OPTION:WHERE` tokens
    const std::size_t sp = moves.find(' ');
    const std::string_view t = moves.substr(0, sp);
    moves = sp == std::string_view::npos ? std::string_view() : moves.substr(sp + 1);
    const std::size_t colon = t.rfind(':');
    if (colon == std::string_view::npos || colon + 2 != t.size() || t.substr(0, colon) != key)
      continue;
    const char where = t[colon + 1];
    if (where == '.') {
      u.base_here = true;
    } else if (where == '!') {
      u.given = '!';
    } else if (where == '=') {
      if (!value) continue;
      u.given = '=';
      u.dir = *value;
    } else {
      u.base = where;
    }
  }
  if (!value) return;
  if (in_words(l.runs_as, key)) u.user = *value;
  if (!in_words(l.setenv, key)) return;
  if (!value->literal) {
    out.escalations.push_back(entry + " " + std::string(key) + " that is not static");
    return;
  }
  // `NAME=VALUE`; `NAME` alone passes the caller's own value on.
  const std::string& kv = *value->literal;
  const std::size_t eq = kv.find('=');
  if (eq == std::string::npos) return;
  const std::string_view name = std::string_view(kv).substr(0, eq);
  if (!variable_name(name)) {
    out.escalations.push_back(entry + " " + std::string(key) + " " + std::string(name) +
                              ": not a variable name");
    return;
  }
  u.assigns.push_back(std::string(name) + "=" + shell_word(kv.substr(eq + 1)));
}

void unit_commands(const Launcher& l, const UnitPlace& u, std::size_t from,
                   const std::string& entry, ProgramEffects& out) {
  if (from >= out.argvs.size()) return;
  const std::string dir = folder(u, entry, out);
  if (dir.empty() && u.assigns.empty()) return;
  for (std::size_t k = from; k < out.argvs.size(); ++k) {
    const std::vector<WordView>& cmd = out.argvs[k];
    if (cmd.empty()) continue;
    // `systemd-run ./tool`: the program is found from the line's folder, then run there.
    const std::string* prog = cmd[0].literal ? &*cmd[0].literal : nullptr;
    if (l.program_here && !dir.empty() && prog && prog->find('/') != std::string::npos &&
        (*prog)[0] != '/' && (*prog)[0] != '~')
      add_word_file(out, Touch::exec, cmd[0], From::operand, entry + " program");
    std::string line = dir.empty() ? "" : "cd -- " + dir + " && ";
    for (const auto& a : u.assigns) line += a + " ";
    for (std::size_t i = 0; i < cmd.size(); ++i) {
      if (i > 0) line += ' ';
      line += cmd[i].text;
    }
    out.scripts.push_back(std::move(line));
  }
  out.argvs.erase(out.argvs.begin() + static_cast<long>(from), out.argvs.end());
}

void unit_property(const WordView& v, const std::string& entry, ProgramEffects& out) {
  if (!v.literal) {
    out.escalations.push_back(entry + " with a property that is not static");
    return;
  }
  const std::string& kv = *v.literal;
  std::string_view name = std::string_view(kv).substr(0, kv.find('='));
  if (in_words(kPlainProperties, name)) return;
  if (!in_words(kRunProperties, name) || name.size() == kv.size()) {
    out.escalations.push_back(entry + " " + std::string(name) + ": may change what runs");
    return;
  }
  // `ExecStart=[-@:+!|]CMD ARGS`: the prefixes change how it runs, not what.
  std::string line = kv.substr(name.size() + 1);
  line.erase(0, line.find_first_not_of("-@:+!|"));
  out.escalations.push_back(entry + " " + std::string(name) + ": runs a command");
  out.scripts.push_back(line);
}

}  // namespace vigie::engine
