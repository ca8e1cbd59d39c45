// Handler `bwrap` (named in engine/programs_table.cpp): bubblewrap runs a command in a sandbox,
// `bwrap [OPTION…] [--] COMMAND [ARG…]`. Its options take zero, one or two values (`--bind SRC
// DEST`), written as separate words and matched exactly (bwrap has no long-option prefixes), so
// they are declared here with their arity. The command is judged as a command: a bare allow of
// bwrap never covers it. `--args FD` reads more options from a descriptor the line does not show,
// and an option not declared here makes where the command starts unknown: both at least ask.
// Without a command bwrap runs nothing.
#include <string>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

struct BwrapOption {
  std::string_view name;
  int values;  // words that follow it
};

// bwrap(1), bubblewrap 0.8.
constexpr BwrapOption kOptions[] = {
    {"--help", 0},
    {"--version", 0},
    {"--level-prefix", 0},
    {"--unshare-all", 0},
    {"--share-net", 0},
    {"--unshare-user", 0},
    {"--unshare-user-try", 0},
    {"--unshare-ipc", 0},
    {"--unshare-pid", 0},
    {"--unshare-net", 0},
    {"--unshare-uts", 0},
    {"--unshare-cgroup", 0},
    {"--unshare-cgroup-try", 0},
    {"--disable-userns", 0},
    {"--assert-userns-disabled", 0},
    {"--clearenv", 0},
    {"--new-session", 0},
    {"--die-with-parent", 0},
    {"--as-pid-1", 0},
    {"--argv0", 1},
    {"--userns", 1},
    {"--userns2", 1},
    {"--pidns", 1},
    {"--uid", 1},
    {"--gid", 1},
    {"--hostname", 1},
    {"--chdir", 1},
    {"--unsetenv", 1},
    {"--lock-file", 1},
    {"--sync-fd", 1},
    {"--remount-ro", 1},
    {"--exec-label", 1},
    {"--file-label", 1},
    {"--proc", 1},
    {"--dev", 1},
    {"--tmpfs", 1},
    {"--mqueue", 1},
    {"--dir", 1},
    {"--seccomp", 1},
    {"--add-seccomp-fd", 1},
    {"--block-fd", 1},
    {"--userns-block-fd", 1},
    {"--info-fd", 1},
    {"--json-status-fd", 1},
    {"--cap-add", 1},
    {"--cap-drop", 1},
    {"--perms", 1},
    {"--size", 1},
    {"--overlay-src", 1},
    {"--tmp-overlay", 1},
    {"--ro-overlay", 1},
    {"--setenv", 2},
    {"--bind", 2},
    {"--bind-try", 2},
    {"--dev-bind", 2},
    {"--dev-bind-try", 2},
    {"--ro-bind", 2},
    {"--ro-bind-try", 2},
    {"--file", 2},
    {"--bind-data", 2},
    {"--ro-bind-data", 2},
    {"--symlink", 2},
    {"--chmod", 2},
    {"--overlay", 3},
};

}  // namespace

void bwrap_handler(const ProgramDecl&, std::string_view name, const Words& w, ProgramEffects& out) {
  const std::string n(name);
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = program_words::lit(w, i);
    if (!s) {
      out.escalations.push_back(n + " with a word that is not static before its command");
      return;
    }
    if (*s == "--") {
      if (i + 1 < w.size()) out.argvs.emplace_back(w.begin() + static_cast<long>(i + 1), w.end());
      return;
    }
    if (s->size() > 2 && (*s)[0] == '-' && (*s)[1] == '-') {
      if (*s == "--args") out.escalations.push_back(n + " --args: options read from a descriptor");
      int values = -1;
      for (const auto& o : kOptions)
        if (o.name == *s) values = o.values;
      if (*s == "--args") values = 1;
      if (values < 0) {
        out.escalations.push_back(n + " " + *s + " (unknown option)");
        return;
      }
      // `--bind SRC DEST` with DEST another name: the command reaches every file below the
      // host's SRC under names the judge does not map (written, at most asked; `--ro-bind`:
      // read). The same name on both sides (`--ro-bind / /`) hides nothing.
      if (values == 2 && s->find("bind") != std::string::npos &&
          s->find("-data") == std::string::npos && i + 2 < w.size() &&
          !(w[i + 1].literal && w[i + 2].literal && *w[i + 1].literal == *w[i + 2].literal)) {
        const bool ro = s->starts_with("--ro-");
        FileEffect f{ro ? Touch::read : Touch::write, w[i + 1], From::option, n + " " + *s};
        f.recursive = true;
        if (!ro) f.below = "**";
        if (!(w[i + 1].literal && harmless_device(*w[i + 1].literal)))
          out.files.push_back(std::move(f));
      }
      i += static_cast<std::size_t>(values);
      continue;
    }
    out.argvs.emplace_back(w.begin() + static_cast<long>(i), w.end());
    return;
  }
}

}  // namespace vigie::engine
