// The safety check `process.kill-all`: a signal sent to every process the user may signal
// (`kill -9 -1`, `kill -s KILL -- -1`), to the whole process group (`kill 0`: the agent's
// harness with it), `killall5`, `pkill`/`killall` selecting every process of a user
// (`pkill -u me` with no pattern, `pkill -9 .`) and `fuser -k -m` or `fuser -k /`. The safety check
// `system.power`: the machine stopped, restarted or suspended (`shutdown`, `reboot`, `init 0`,
// `systemctl poweroff`).
#include "engine/safety_internal.hpp"

namespace vigie::engine::safety {

namespace {

// `kill [-s SIG | -n NUM | -SIG] [--] PID…`: the PIDs (`-l`/`-L` list signals: none).
std::vector<std::string_view> kill_targets(const Words& w) {
  std::vector<std::string_view> out;
  std::size_t i = 1;
  const std::string* s = lit(w, i);
  if (s && (*s == "-l" || *s == "-L" || starts_with(*s, "--list") || *s == "--table")) return out;
  if (s && (*s == "-s" || *s == "-n" || *s == "--signal"))
    i += 2;
  else if (s && s->size() > 1 && (*s)[0] == '-' && *s != "--" && (*s)[1] != '-')
    i += 1;  // `-9`, `-KILL`, `-SIGTERM`: the signal
  if (const std::string* d = lit(w, i); d && *d == "--") ++i;
  for (; i < w.size(); ++i)
    if (const std::string* p = lit(w, i)) out.push_back(*p);
  return out;
}

// `fuser -k` signals every process using its files: with `-m` (`--mount`, `-M`) every process
// using the file system a file is on, and for `/` every process (their root folder).
void check_fuser(const Words& w, const SafetyContext& ctx, std::vector<SafetyHit>& hits) {
  bool kill = false, mount = false, root = false;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) continue;
    if (*s == "--kill") kill = true;
    if (*s == "--mount" || *s == "--ismountpoint") mount = true;
    if (*s == "--namespace" || *s == "-n") ++i;  // its value: `-n tcp`
    // A cluster of its letters (not a signal: `-TERM`, `-9`).
    if (s->size() > 1 && (*s)[0] == '-' &&
        s->find_first_not_of("acfiklmMnsuvVw46", 1) == std::string::npos) {
      if (s->find('k') != std::string::npos) kill = true;
      if (s->find('m') != std::string::npos || s->find('M') != std::string::npos) mount = true;
    }
    if (*s == "/" || *s == "//" || *s == "/.") root = true;
  }
  if (kill && (mount || root))
    add(hits, ctx,
        hit(SafetyCheck::process_kill_all,
            "Refused: `fuser -k` " +
                std::string(mount ? "with `-m` signals every process using the file system"
                                  : "of `/` signals every process") +
                "."));
}

}  // namespace

void check_process(const NormalizedCommand& c, const std::string& name, const SafetyContext& ctx,
                   std::vector<SafetyHit>& hits) {
  const Words& w = c.words;
  if (name == "kill") {
    for (std::string_view t : kill_targets(w))
      if (t == "-1" || t == "0" || t == "-0") {
        add(hits, ctx,
            hit(SafetyCheck::process_kill_all,
                "Refused: `kill " + std::string(t) + "` signals " +
                    (t == "-1" ? std::string("every process you may signal")
                               : std::string("the whole process group, the agent's harness "
                                             "with it")) +
                    "."));
        return;
      }
    return;
  }
  if (name == "killall5") {
    add(hits, ctx,
        hit(SafetyCheck::process_kill_all, "Refused: `killall5` signals every process."));
    return;
  }
  if (name == "fuser") {
    check_fuser(w, ctx, hits);
    return;
  }
  if (name != "pkill" && name != "killall") return;
  // A user selected (`-u`, `-U`, `--user`, `--uid`) and no pattern, or a pattern that matches
  // every name (`.`, `.*`, `''`).
  bool user = false, pattern = false, everything = false;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) {
      pattern = true;
      continue;
    }
    if (*s == "-u" || *s == "-U" || *s == "--user" || *s == "--uid" || *s == "--euid") {
      user = true;
      ++i;
      continue;
    }
    if (starts_with(*s, "--user=") || starts_with(*s, "--uid=") || starts_with(*s, "--euid=") ||
        (s->size() > 2 && (starts_with(*s, "-u") || starts_with(*s, "-U")))) {
      user = true;
      continue;
    }
    if (!s->empty() && (*s)[0] == '-') {
      // Options with a value: pkill's `-g -G -P -s -t -F --signal -n/-o take none`.
      if (*s == "-g" || *s == "-G" || *s == "-P" || *s == "-s" || *s == "-t" || *s == "-F" ||
          *s == "--signal" || *s == "--pgroup" || *s == "--group" || *s == "--parent" ||
          *s == "--session" || *s == "--terminal" || *s == "--pidfile" || *s == "--older-than" ||
          *s == "--younger-than" || *s == "-y" || *s == "-o")
        ++i;
      continue;
    }
    pattern = true;
    if (*s == "." || *s == ".*" || *s == "^" || *s == "") everything = true;
  }
  if ((user && !pattern) || everything)
    add(hits, ctx,
        hit(SafetyCheck::process_kill_all,
            "Refused: `" + name + "` here signals every process " +
                (user && !pattern ? std::string("of a user") : std::string("whose name matches")) +
                "."));
}

void check_power(const NormalizedCommand& c, std::string_view name, const SafetyContext& ctx,
                 std::vector<SafetyHit>& hits) {
  const Words& w = c.words;
  const std::string* first = lit(w, 1);
  bool stops = false;
  if (name == "reboot" || name == "halt" || name == "poweroff") {
    // Their `--help`/`--version` (and `--wtmp-only`, `-w`: a record only) stop nothing.
    stops = !(first && (*first == "--help" || *first == "--version" || *first == "-w" ||
                        *first == "--wtmp-only"));
  } else if (name == "shutdown") {
    // `shutdown -c` cancels one that is pending; `--show` lists it.
    stops = !(first && (*first == "-c" || *first == "--help" || *first == "--show"));
  } else if (name == "init" || name == "telinit") {
    stops = first && (*first == "0" || *first == "6" || *first == "1" || *first == "s" ||
                      *first == "S" || *first == "single");
  } else if (name == "systemctl" || name == "loginctl") {
    for (std::size_t i = 1; i < w.size(); ++i) {
      const std::string* s = lit(w, i);
      if (!s || s->empty() || (*s)[0] == '-') continue;
      stops = in(*s, {"poweroff", "reboot", "halt", "kexec", "suspend", "hibernate", "hybrid-sleep",
                      "suspend-then-hibernate", "soft-reboot", "emergency", "rescue"});
      break;  // the verb is the first operand
    }
  }
  if (!stops) return;
  add(hits, ctx,
      hit(SafetyCheck::system_power, "Refused: `" + std::string(name) +
                                         (first ? " " + *first : std::string()) +
                                         "` stops, restarts or suspends the machine."));
}

}  // namespace vigie::engine::safety
