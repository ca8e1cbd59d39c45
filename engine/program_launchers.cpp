// Handler `launcher` (named in engine/programs_table.cpp): environment and project managers
// whose subcommand runs a command in the environment they set up: `uv run CMD`, `poetry run`,
// `pipenv run`, `bundle exec`, `conda run` (mamba, micromamba), `direnv exec DIR CMD`,
// `mise exec -- CMD`, `nix develop -c CMD`, `nix-shell --run LINE`, `op run -- CMD`,
// `aws-vault exec PROFILE -- CMD`, `doppler run -- CMD`, and wrappers of their own shape:
// `setarch [ARCH] [FLAGS] CMD`, `linux32`, `linux64`, `prlimit`, `runcon CONTEXT CMD` or
// `runcon -t TYPE CMD`, `xvfb-run`, `eatmydata`, `rlwrap` (`-z FILTER` is a command line),
// `ip netns exec NAME CMD`, `ip vrf exec NAME CMD`, `pkexec`, `busybox APPLET`, `runuser`
// and `su` (`-c LINE`; su's words after the user are its shell's arguments), `systemd-run` (`-p
// PROPERTY` may name programs: judged as a line, asked). The command is judged as a command (a
// shell line as a nested script), so a bare allow of the manager never covers it. Each launcher's
// own options before the command are declared below; an option it does not declare makes where the
// command starts uncertain: at least asked.
#include <algorithm>
#include <string>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

// setarch's personality flags (util-linux).
constexpr std::string_view kPersonality =
    "-B --32bit -F --fdpic-funcptrs -I --short-inode -L --addr-compat-layout -R "
    "--addr-no-randomize -S --whole-seconds -T --sticky-timeouts -X --read-implies-exec -Z "
    "--mmap-page-zero -3 --3gb --4gb --uname-2.6 -v --verbose";

constexpr std::size_t kNever = static_cast<std::size_t>(-1);

struct Launcher {
  std::string_view program;
  std::string_view sub;     // the subcommand that runs a command ("" for the program itself)
  std::string_view flags;   // options without a value (space-separated, as written)
  std::string_view valued;  // options taking the next word (or `=VALUE`)
  std::size_t skip;  // operands before the command (direnv's DIR, aws-vault's PROFILE); kNever:
                     // operands are not the command (it is given by an option: nix develop -c)
  bool dash_only;    // the command is only what follows `--`
  std::string_view line;    // options whose value is a shell line (nix-shell --run)
  std::string_view argv;    // options after which the rest is the command (nix develop -c)
  bool first_only = false;  // `skip` counts only an operand that comes first (setarch ARCH)
};

constexpr Launcher kLaunchers[] = {
    {"uv", "run",
     "--no-sync --frozen --locked --isolated --no-project --active --all-packages --all-extras "
     "--no-dev --only-dev --no-default-groups --all-groups --offline --no-cache -q --quiet -v "
     "--verbose --no-editable --exact --inexact --no-env-file --no-config --native-tls "
     "--no-progress -n --no-build --preview --no-python-downloads",
     "--with --with-editable --with-requirements -p --python --package --extra --group "
     "--only-group --no-group --env-file --directory --project --index --default-index "
     "--index-url --extra-index-url -f --find-links --config-file --cache-dir --color "
     "--python-platform",
     0, false, "", "", false},
    {"poetry", "run",
     "-q --quiet -v -vv -vvv --verbose -n --no-interaction --no-ansi --ansi --no-plugins "
     "--no-cache",
     "-C --directory -P --project", 0, false, "", "", false},
    {"pipenv", "run", "--system -v --verbose -q --quiet --clear", "--python", 0, false, "", "",
     false},
    {"bundle", "exec", "--keep-file-descriptors", "--gemfile", 0, false, "", "", false},
    {"conda", "run",
     "--live-stream --no-capture-output --debug-wrapper-scripts -v --verbose -q --quiet",
     "-n --name -p --prefix --cwd", 0, false, "", "", false},
    {"mamba", "run",
     "--live-stream --no-capture-output --debug-wrapper-scripts -v --verbose -q --quiet",
     "-n --name -p --prefix --cwd", 0, false, "", "", false},
    {"micromamba", "run", "-a --attach --clean-env -q --quiet -v --verbose",
     "-n --name -p --prefix --cwd -e --env", 0, false, "", "", false},
    {"direnv", "exec", "", "", 1, false, "", "", false},
    {"mise", "exec", "", "", 0, true, "", "", false},
    {"mise", "x", "", "", 0, true, "", "", false},
    {"op", "run", "", "", 0, true, "", "", false},
    {"aws-vault", "exec", "", "", 0, true, "", "", false},
    {"doppler", "run", "", "", 0, true, "", "", false},
    {"nix", "develop", "", "", kNever, false, "", "-c --command", false},
    {"nix-shell", "", "", "", kNever, false, "--run --command", "", false},
    // Wrappers of their own shape (util-linux, coreutils, Debian's scripts).
    {"setarch", "", kPersonality, "", 1, false, "", "", true},
    {"linux32", "", kPersonality, "", 0, false, "", "", false},
    {"linux64", "", kPersonality, "", 0, false, "", "", false},
    {"prlimit", "",
     "-c --core -d --data -e --nice -f --fsize -i --sigpending -l --memlock -m --rss -n --nofile "
     "-q --msgqueue -r --rtprio -s --stack -t --cpu -u --nproc -v --as -x --locks -y --rttime "
     "--noheadings --raw --verbose",
     "-o --output -p --pid", 0, false, "", "", false},
    {"runcon", "", "-c --compute", "-t --type -u --user -r --role -l --range", 1, false, "", "",
     true},
    {"xvfb-run", "", "-a --auto-servernum -l --listen-tcp",
     "-e --error-file -f --auth-file -n --server-num -p --xauth-protocol -s --server-args -w "
     "--wait",
     0, false, "", "", false},
    {"eatmydata", "", "", "", 0, false, "", "", false},
    {"rlwrap", "",
     "-a --always-readline -A --ansi-colour-aware -c --complete-filenames -i --case-insensitive "
     "-I --pass-sigint-as-sigterm -m --multi-line -n --no-warnings -N --no-children -o "
     "--one-shot -p --prompt-colour -r --remember -R --renice -U --mirror-arguments -W --polling "
     "-X --skip-setctty",
     "-b --break-chars -C --command-name -D --history-no-dupes -e --extra-char-after-completion "
     "-f --file -g --forget-matching -H --history-filename -l --logfile -M --multi-line-ext -O "
     "--only-cook -P --pre-given -q --quote-characters -s --histsize -S --substitute-prompt -t "
     "--set-term-name -w --wait-before-prompt",
     0, false, "-z --filter", "", false},
    {"ip", "exec", "", "", 1, false, "", "", false},  // ip netns exec NAME, ip vrf exec NAME
    {"pkexec", "", "--disable-internal-agent --keep-cwd", "--user", 0, false, "", "", false},
    {"busybox", "", "", "", 0, false, "", "", false},  // busybox APPLET ARGS
    {"runuser", "", "-m -p --preserve-environment -l --login -f --fast -P --pty",
     "-u --user -w --whitelist-environment -g --group -G --supp-group", 0, false,
     "-c --command --session-command -s --shell", "", false},
    // su [options] [-] [USER [ARG…]]: the ARGs go to USER's shell (`su bob script.sh` runs it).
    {"su", "", "- -m -p --preserve-environment -l --login -f --fast -P --pty",
     "-w --whitelist-environment -g --group -G --supp-group", 1, false,
     "-c --command --session-command -s --shell", "", false},
    {"systemd-run", "",
     "--no-ask-password --user --system --scope --slice-inherit --no-block -r "
     "--remain-after-exit --wait --send-sighup -d --same-dir -t --pty -P --pipe -q --quiet -G "
     "--collect -S --shell --on-timezone-change --on-clock-change",
     "-H --host -M --machine -u --unit --description --slice --service-type --uid --gid --nice "
     "--working-directory -E --setenv --on-active --on-boot --on-startup --on-unit-active "
     "--on-unit-inactive --on-calendar",
     0, false, "-p --property --path-property --socket-property --timer-property", "", false},
};

// Programs that run a shell reading its input when no command is given (`setarch x86_64`,
// `pkexec`, `runuser -u bob`): that shell's commands are not visible, so it is asked.
constexpr std::string_view kShellWithoutCommand = "setarch linux32 linux64 pkexec runuser su";

bool listed(std::string_view list, std::string_view word) {
  while (!list.empty()) {
    auto sp = list.find(' ');
    if (list.substr(0, sp) == word) return true;
    if (sp == std::string_view::npos) break;
    list.remove_prefix(sp + 1);
  }
  return false;
}

using program_words::starts_with;

using program_words::lit;

// The words from `from` on are the command: judged as an argv.
void run_argv(const Words& w, std::size_t from, ProgramEffects& out) {
  if (from < w.size()) out.argvs.emplace_back(w.begin() + static_cast<long>(from), w.end());
}

void launch(const Launcher& l, const Words& w, std::size_t from, ProgramEffects& out) {
  const std::string entry =
      std::string(l.program) + (l.sub.empty() ? "" : " ") + std::string(l.sub);
  std::size_t operands = 0;
  bool unknown = false;
  for (std::size_t i = from; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) {
      if (!w[i].text.empty() && (w[i].text[0] == '$' || w[i].text[0] == '`' ||
                                 w[i].text[0] == '"' || w[i].text[0] == '\'')) {
        out.escalations.push_back(entry + " with a word that is not static before its command");
        return;
      }
    }
    std::string_view v = s ? std::string_view(*s) : std::string_view(w[i].text);
    if (v == "--") {
      run_argv(w, i + 1, out);
      return;
    }
    if (v == "-" && listed(l.flags, "-")) continue;  // `su -`: a login shell
    if (v.size() > 1 && v[0] == '-') {
      std::string_view key = v.substr(0, v.find('='));
      bool attached = key.size() < v.size();
      if (listed(l.line, key)) {
        const std::string* line = attached ? nullptr : lit(w, i + 1);
        std::string text =
            attached ? std::string(v.substr(key.size() + 1)) : (line ? *line : std::string());
        if (!attached && !line) {
          out.escalations.push_back(entry + " " + std::string(key) + " that is not static");
        } else {
          out.escalations.push_back(entry + " " + std::string(key) + ": runs a shell command");
          out.scripts.push_back(text);
        }
        if (!attached) ++i;
        continue;
      }
      if (listed(l.argv, key)) {
        run_argv(w, i + 1, out);
        return;
      }
      if (listed(l.valued, key)) {
        if (!attached) ++i;
        continue;
      }
      if (!listed(l.flags, key)) unknown = true;
      continue;
    }
    if (l.dash_only || l.skip == kNever) continue;  // not the command
    if (operands++ < l.skip && (!l.first_only || i == from)) continue;
    if (unknown) {
      out.escalations.push_back(entry + " with an option the table does not know");
      return;
    }
    run_argv(w, i, out);
    return;
  }
  if (l.dash_only && w.size() > from)
    out.escalations.push_back(entry + " without `--`: where its command starts is not known");
}

}  // namespace

void launcher_handler(const ProgramDecl&, std::string_view name, const Words& w,
                      ProgramEffects& out) {
  // The subcommand: the first word that names one (global options may stand before it, some
  // with a separate value: `nix --option K V develop`), or the program itself.
  for (std::size_t i = 1; i <= w.size(); ++i) {
    // `ip -all netns exec CMD` runs CMD in every namespace (no NAME to skip): asked, and its
    // words are judged from the one after `exec` on (the command among them).
    if (name == "ip" && i < w.size() && lit(w, i) && lit(w, i)->size() > 1 &&
        starts_with(std::string_view("-all"), *lit(w, i)))
      out.escalations.push_back("ip -all: runs a command in every namespace");
    for (const auto& l : kLaunchers) {
      if (l.program != name) continue;
      if (l.sub.empty() && i == 1) {
        const std::size_t runs = out.argvs.size() + out.scripts.size();
        launch(l, w, 1, out);
        if (out.argvs.size() + out.scripts.size() == runs && listed(kShellWithoutCommand, name))
          out.escalations.push_back(std::string(name) + " without a command: runs a shell");
        return;
      }
      if (i < w.size() && !l.sub.empty() && lit(w, i) && *lit(w, i) == l.sub) {
        launch(l, w, i + 1, out);
        return;
      }
    }
    if (i < w.size() && lit(w, i) && *lit(w, i) == "--") return;
  }
}

}  // namespace vigie::engine
