// The launchers' table, first part (engine/program_launchers.hpp has the fields): environment
// and project managers (uv, poetry, conda, nix, mise, direnv, the version managers…) and
// wrappers of their own shape (setarch, prlimit, runcon, xvfb-run, ip netns exec, runuser, su,
// chroot, systemd-run…). The second part, engine/program_launchers_runners.cpp, holds the runners;
// engine/program_launchers.cpp reads both.
#include "engine/program_launchers.hpp"

namespace vigie::engine {

namespace {

// setarch's personality flags (util-linux).
constexpr std::string_view kPersonality =
    "-B --32bit -F --fdpic-funcptrs -I --short-inode -L --addr-compat-layout -R "
    "--addr-no-randomize -S --whole-seconds -T --sticky-timeouts -X --read-implies-exec -Z "
    "--mmap-page-zero -3 --3gb --4gb --uname-2.6 -v --verbose --list -h --help -V --version";
// `zellij run` (and its alias `r`): a command in a new pane.
constexpr std::string_view kZellijRun =
    "-f --floating -c --close-on-exit -s --start-suspended -i --in-place --pinned --stacked -h "
    "--help";
constexpr std::string_view kZellijRunValued =
    "-n --name --cwd -d --direction --height --width -x -y --block-until-exit";
// poetry's global options (`poetry run`, `poetry shell`).
constexpr std::string_view kPoetryFlags =
    "-q --quiet -v -vv -vvv --verbose -n --no-interaction --no-ansi --ansi --no-plugins --no-cache";
constexpr std::string_view kPoetryValued = "-C --directory -P --project";

}  // namespace

const Launcher kLaunchers[] = {
    {.program = "uv",
     .sub = "run",
     .syntax = Syntax::clusters,
     .flags = "--no-sync --frozen --locked --isolated --no-project --active --all-packages "
              "--all-extras --no-dev --only-dev --no-default-groups --all-groups --offline "
              "--no-cache -q --quiet -v --verbose --no-editable --exact --inexact --no-env-file "
              "--no-config --native-tls --no-progress -n --no-build --preview "
              "--no-python-downloads",
     .valued = "--with --with-editable -p --python --package --extra --group "
               "--only-group --no-group --directory --project --index "
               "--default-index --index-url --extra-index-url -f --find-links "
               "--cache-dir --color --python-platform",
     .reads = "--env-file --with-requirements --config-file",
     .versioned = true},  // `uv tool run black@24`
    {.program = "poetry",
     .sub = "run",
     .syntax = Syntax::clusters,
     .flags = kPoetryFlags,
     .valued = kPoetryValued},
    // `poetry shell` (poetry 1.x, a plugin since 2.0): a shell in the project's environment.
    {.program = "poetry",
     .sub = "shell",
     .syntax = Syntax::clusters,
     .flags = kPoetryFlags,
     .valued = kPoetryValued,
     .skip = kNever},
    {.program = "pipenv",
     .sub = "run",
     .syntax = Syntax::clusters,
     .flags = "--system -v --verbose -q --quiet --clear",
     .valued = "--python",
     .reads_by_default = ".env"},  // loaded unless PIPENV_DONT_LOAD_ENV is set
    {.program = "bundle", .sub = "exec", .flags = "--keep-file-descriptors", .valued = "--gemfile"},
    {.program = "conda",
     .sub = "run",
     .syntax = Syntax::argparse,
     .flags = "--live-stream --no-capture-output --debug-wrapper-scripts -v --verbose -q --quiet "
              "--dev",
     .valued = "-n --name -p --prefix --cwd"},
    {.program = "mamba",
     .sub = "run",
     .syntax = Syntax::clusters,
     .flags = "--live-stream --no-capture-output --debug-wrapper-scripts -v --verbose -q --quiet",
     .valued = "-n --name -p --prefix --cwd"},
    {.program = "micromamba",
     .sub = "run",
     .syntax = Syntax::clusters,
     .flags = "-a --attach --clean-env -q --quiet -v --verbose",
     .valued = "-n --name -p --prefix --cwd -e --env"},
    {.program = "direnv", .sub = "exec", .skip = 1},
    // `lxc exec NAME [--] CMD` and incus's (cobra): the command runs in the instance.
    {.program = "lxc incus",
     .sub = "exec",
     .syntax = Syntax::clusters,
     .flags = "-t --force-interactive -T --force-noninteractive -n --disable-stdin -h --help "
              "--debug -v --verbose -q --quiet --force-local",
     .valued = "--mode --env --cwd --user --group --project",
     .skip = 1},
    // `multipass exec NAME [--] CMD` (Qt's parser: whole words).
    {.program = "multipass",
     .sub = "exec",
     .flags = "-h --help -v --verbose -vv -vvv -n --no-map-working-directory",
     .valued = "-d --working-directory",
     .skip = 1},
    // `devcontainer exec [OPTIONS] CMD…` (yargs): the command runs in the dev container.
    {.program = "devcontainer",
     .sub = "exec",
     .flags = "--skip-post-attach --skip-non-blocking-commands --mount-workspace-git-root -h "
              "--help --version",
     .valued = "--workspace-folder --container-id --id-label --config --override-config "
               "--remote-env --docker-path --docker-compose-path --log-level --log-format "
               "--terminal-columns --terminal-rows --default-user-env-probe "
               "--container-data-folder --container-system-data-folder --user-data-folder"},
    // `stack exec [--] CMD` and `cabal exec [--] CMD`: the command in the project's environment.
    {.program = "stack",
     .sub = "exec",
     .flags = "--no-ghc-package-path --ghc-package-path --no-stack-exe --stack-exe -h --help",
     .valued = "--package --rts-options --cwd"},
    {.program = "cabal", .sub = "exec", .flags = "-v --verbose -h --help", .valued = "--builddir"},
    // `onchange PATTERN… -- CMD…` runs CMD when the files change.
    {.program = "onchange",
     .flags = "-i --initial -k --kill -v --verbose -p --poll --await-write-finish -o --outpu",
     .valued = "-e --exclude -d --delay -j --jobs -c --cwd -a --add --exclude-path",
     .dash_only = true},
    {.program = "mise rtx",
     .sub = "exec",
     .syntax = Syntax::clusters,
     .flags = "--raw --fresh-env",
     .valued = "-j --jobs",
     .line = "-c --command",
     .dash_only = true},
    {.program = "mise rtx",
     .sub = "x",
     .syntax = Syntax::clusters,
     .flags = "--raw --fresh-env",
     .valued = "-j --jobs",
     .line = "-c --command",
     .dash_only = true},
    // 1Password's `op run [--env-file FILE] -- CMD` (cobra), Doppler's `doppler run [--command
    // LINE] -- CMD` (its fallback file holds the secrets: written, and read).
    {.program = "op",
     .sub = "run",
     .syntax = Syntax::clusters,
     .flags = "--no-masking --debug --iso-timestamps --no-color --cache",
     .valued = "--account --config --encoding --format --session",
     .reads = "--env-file",
     .dash_only = true},
    {.program = "aws-vault", .sub = "exec", .dash_only = true},
    // Secret injectors: `chamber exec SERVICE… -- CMD`, `berglas exec [--local] -- CMD`,
    // `summon [-f secrets.yml] CMD` (the file read, `secrets.yml` by default), `envchain NS CMD`.
    {.program = "chamber",
     .sub = "exec",
     .flags = "--strict --pristine",
     .valued = "--strict-value",
     .dash_only = true},
    {.program = "berglas", .sub = "exec", .flags = "--local", .dash_only = true},
    {.program = "summon",
     .syntax = Syntax::clusters,
     .flags = "--up --all-provider-versions -V --version -h --help",
     .valued = "-p --provider -D --yaml -e --environment",
     .reads = "-f",
     .reads_by_default = "secrets.yml"},
    {.program = "envchain",
     .flags = "--noecho -n --require-passphrase -p --no-require-passphrase -P",
     .skip = 1},
    // Infisical's `run [--command LINE] -- CMD` (cobra).
    {.program = "infisical",
     .sub = "run",
     .syntax = Syntax::clusters,
     .flags = "--expand --include-imports --recursive --silent --watch --secret-overriding "
              "--telemetry",
     .valued = "--env --path --projectId --token --tags --domain --watch-force-restart",
     .line = "--command",
     .dash_only = true},
    {.program = "doppler",
     .sub = "run",
     .syntax = Syntax::clusters,
     .flags = "--fallback-only --fallback-readonly --no-fallback --no-cache --preserve-env "
              "--forward-signals --no-exit-on-write-failure --only-secrets --debug --silent "
              "--no-check-version --print-config --json",
     .valued = "-p --project -c --config --token --scope --api-host --name-transformer --mount "
               "--mount-format --mount-template --mount-max-reads --passphrase",
     .writes = "--fallback",
     .line = "--command",
     .dash_only = true},
    {.program = "nix", .sub = "develop", .argv = "-c --command", .skip = kNever},
    {.program = "nix", .sub = "shell", .argv = "-c --command", .skip = kNever},
    {.program = "nix", .sub = "run", .skip = kNever},
    // uvx = `uv tool run`: its first operand is the tool (a command), its options clap's.
    {.program = "uvx",
     .syntax = Syntax::clusters,
     .flags = "--isolated --no-env-file --offline --no-cache -q --quiet -v --verbose --no-index "
              "-U --upgrade --reinstall --no-sources --no-build-isolation --no-build "
              "--compile-bytecode --no-config --native-tls --no-progress -n --preview "
              "--no-python-downloads --lfs",
     .valued = "--from --with --with-editable "
               "--index --default-index -i --index-url --extra-index-url -f "
               "--find-links -P --upgrade-package --reinstall-package --index-strategy "
               "--keyring-provider --resolution --prerelease --exclude-newer -p --python "
               "--cache-dir --color --directory --project --python-preference "
               "--allow-insecure-host --no-binary --only-binary",
     .reads = "--env-file --with-requirements -c --constraints --overrides --build-constraints "
              "-b --config-file",
     .versioned = true},
    // pipx run APP [ARGS]: argparse, APP the command.
    {.program = "pipx",
     .sub = "run",
     .syntax = Syntax::argparse,
     .flags = "--no-cache --pypi --path --fetch-missing-python --system-site-packages --editable "
              "-e -q --quiet -v --verbose",
     .valued = "--spec --python --index-url -i --pip-args"},
    // Python project managers' `run SCRIPT_OR_COMMAND` (a script of the project's own file or a
    // command: judged as a command either way).
    {.program = "hatch", .sub = "run", .syntax = Syntax::clusters},
    {.program = "pdm",
     .sub = "run",
     .syntax = Syntax::clusters,
     .flags = "-l --list -s --site-packages --recreate -j --json -v --verbose -q --quiet -g "
              "--global",
     .valued = "-p --project -r --reuse-env --venv"},
    {.program = "rye",
     .sub = "run",
     .syntax = Syntax::clusters,
     .flags = "-l --list",
     .valued = "--pyproject"},
    // JavaScript's loaders of `.env` files (they read `./.env` unless told another file) and
    // runners of several commands:
    // - env-cmd (commander): `-f FILE`, `-r RCFILE`; `--use-shell` runs the words as one line;
    // - dotenv (dotenv-cli, minimist: options anywhere, the command after `--` or the operands);
    // - dotenvx run (commander): `-f FILE`, `-fk KEYS`;
    // - cross-env-shell: the words joined are one line for a shell (its assignments open it);
    // - concurrently (yargs): every operand is a line, `--teardown` one more.
    {.program = "env-cmd",
     .syntax = Syntax::clusters,
     .flags = "--fallback --no-override --silent --use-shell --verbose -x --expand-envs "
              "--recursive -h --help -V --version",
     .valued = "-e --environments",
     .reads = "-f --file -r --rc-file",
     .line_switch = "--use-shell",
     .reads_by_default = ".env"},
    {.program = "dotenv",
     .syntax = Syntax::clusters,
     .flags = "--debug --quiet --no-expand -o --override --help",
     .valued = "-v -p -c",
     .reads = "-e",
     .permute = true,
     .reads_by_default = ".env"},
    {.program = "dotenvx",
     .sub = "run",
     .syntax = Syntax::clusters,
     .flags = "-o --overload --strict --ignore -q --quiet -v --verbose -d --debug --no-ops "
              "--ops-off",
     .valued = "-e --env --convention -l --log-level",
     .reads = "-f --env-file -fk --env-keys-file",
     .reads_by_default = ".env"},
    {.program = "cross-env-shell", .runs = Runs::joined, .plain_lines = true},
    {.program = "concurrently",
     .syntax = Syntax::clusters,
     .flags = "-k --kill-others --kill-others-on-fail -r --raw --no-color -i --handle-input "
              "--timings --pad-prefix -P --passthrough-arguments -g --group -h --help -v -V "
              "--version",
     .valued = "-m --max-processes -n --names --name-separator -s --success -c --prefix-colors "
               "-p --prefix -l --prefix-length -t --timestamp-format --restart-tries "
               "--restart-after --default-input-target --hide --kill-signal --cwd",
     .line = "--teardown",
     .runs = Runs::each_line,
     .plain_lines = true},
    // Shells outside the sh family: their command line (`-c`) is judged as a shell line (a line
    // the grammar does not read is asked). fish (getopt_long: `--comm=` is `--command`), csh
    // and tcsh (`-c` in a cluster: `-fc`), nushell, xonsh, elvish (Go flags: `-c` makes the
    // first operand the code). PowerShell's `-Command` (case-insensitive, any prefix) is
    // another language: asked; `-EncodedCommand` hides it.
    {.program = "fish",
     .syntax = Syntax::getopt,
     .flags = "-i --interactive -l --login -n --no-execute -N --no-config -P --private "
              "--print-rusage-self -v --version -h --help --print-debug-categories",
     .valued = "-d --debug -o --debug-output -f --features",
     .line = "-c --command -C --init-command",
     .skip = kNever,
     .script_operand = true,
     .plain_lines = true},
    {.program = "csh tcsh",
     .syntax = Syntax::getopt,
     .flags = "-b -d -e -f -F -i -l -m -n -q -s -t -v -V -x -X",
     .valued = "-D",
     .line = "-c",
     .skip = kNever,
     .script_operand = true,
     .plain_lines = true},
    // Plan 9's rc and es (the extensible shell): `-c LINE` in a cluster of flags.
    {.program = "rc es",
     .syntax = Syntax::getopt,
     .flags = "-e -i -I -l -n -p -s -v -x -d -o",
     .line = "-c",
     .skip = kNever,
     .script_operand = true,
     .plain_lines = true},
    {.program = "nu",
     .syntax = Syntax::clusters,
     .flags = "-n --no-config-file --no-std-lib --stdin -l --login -i --interactive -h --help "
              "-v --version",
     .valued = "--config --env-config -I --include-path --log-level --log-target -t --threads "
               "--plugin-config --plugins --experimental-options",
     .line = "-c --commands -e --execute",
     .skip = kNever,
     .script_operand = true,
     .plain_lines = true},
    {.program = "xonsh",
     .syntax = Syntax::argparse,
     .flags = "-i --interactive -l --login --no-rc --no-script-cache --cache-everything "
              "--timings --print-script --no-env -V --version -h --help",
     .valued = "--rc -D --shell-type -st",
     .line = "-c",
     .skip = kNever,
     .script_operand = true,
     .plain_lines = true},
    {.program = "elvish",
     .flags = "-norc -compileonly -json -help -version -buildinfo -i",
     .valued = "-rc -log -sock -db",
     .line = "-c",
     .skip = kNever,
     .script_operand = true,
     .plain_lines = true},
    {.program = "pwsh powershell powershell.exe pwsh.exe",
     .flags = "-NoProfile -noprofile -nop -NoLogo -nologo -NonInteractive -noninteractive "
              "-NoExit -noexit -Login -login -l -Interactive -i -sta -mta",
     .valued = "-ExecutionPolicy -executionpolicy -ep -ex -WindowStyle -windowstyle -w "
               "-WorkingDirectory -workingdirectory -wd -OutputFormat -of -InputFormat -if "
               "-Version -v -ConfigurationName -config -EncodedCommand -encodedcommand -e -ec "
               "-enc",
     .reads = "-File -file -f",
     .line = "-c -C -Command -command -COMMAND -co -com -Com -comm -Comm -comma -comman "
             "-Comman",
     .hidden = "-EncodedCommand -encodedcommand -e -ec -enc",
     .skip = kNever,
     .script_operand = true},
    // Version managers' `exec CMD ARGS` (asdf, pyenv, rbenv, nodenv, goenv, jenv, plenv, phpenv).
    {.program = "asdf", .sub = "exec"},
    {.program = "pyenv", .sub = "exec"},
    {.program = "rbenv", .sub = "exec"},
    {.program = "nodenv", .sub = "exec"},
    {.program = "goenv", .sub = "exec"},
    {.program = "jenv", .sub = "exec"},
    {.program = "plenv", .sub = "exec"},
    {.program = "phpenv", .sub = "exec"},
    // Node's version managers: `nvm exec [--silent] VERSION CMD`, `fnm exec [--using VER] CMD`
    // (clap), `volta run [--node VER] CMD` (clap).
    {.program = "nvm", .sub = "exec", .flags = "--silent --lts", .skip = 1},
    {.program = "fnm",
     .sub = "exec",
     .syntax = Syntax::clusters,
     .flags = "--using-file",
     .valued = "--using --log-level --arch --fnm-dir --node-dist-mirror "
               "--version-file-strategy --resolve-engines --corepack-enabled"},
    {.program = "volta",
     .sub = "run",
     .syntax = Syntax::clusters,
     .flags = "--bundled-npm --no-yarn --no-pnpm --verbose --quiet",
     .valued = "--node --npm --pnpm --yarn --env"},
    // Monorepo tools' `exec`: each package runs the command (lerna: yargs; nx: after `--`).
    {.program = "lerna",
     .sub = "exec",
     .syntax = Syntax::clusters,
     .flags = "--stream --parallel --no-bail --bail --no-prefix --profile --include-dependents "
              "--include-dependencies --no-private --no-sort --reject-cycles",
     .valued = "--scope --ignore --concurrency --profile-location --since --exclude-dependents"},
    {.program = "nx", .sub = "exec", .dash_only = true},
    {.program = "nix-shell", .line = "--run --command", .skip = kNever},
    // Wrappers of their own shape (util-linux, coreutils, Debian's scripts), from their option
    // tables: setarch `+hVv3BFILRSTXZ`, prlimit `+c::d::…y::p:o:vVh` (the limits take an
    // optional value: `-n1024`, `--nofile=1024`; `-n 1024` is `-n` and the command `1024`),
    // runcon `+r:t:u:l:c`, xvfb-run (getopt(1) `+ade:f:hn:lp:s:w:`), rlwrap
    // `+:a::Ab:cC:d::D:e:f:F:g:hH:iIl:nNM:m::oO:p::P:q:rRs:S:t:TUvw:Wz:`, runuser
    // `c:fg:G:lmpPs:u:hVw:`, systemd-run `+hrH:M:E:p:tPqGdSu:`.
    {.program = "setarch",
     .syntax = Syntax::getopt,
     .flags = kPersonality,
     .skip = 1,
     .first_only = true},
    {.program = "linux32", .syntax = Syntax::getopt, .flags = kPersonality},
    // util-linux's other names of setarch, each its architecture (`x86_64 -R CMD`; also the
    // command `setarch -R x86_64 CMD` runs, its architecture given after the options).
    {.program = "linux64 x86_64 i386 uname26", .syntax = Syntax::getopt, .flags = kPersonality},
    {.program = "prlimit",
     .syntax = Syntax::getopt,
     .flags = "--noheadings --raw --verbose -V --version -h --help",
     .valued = "-o --output -p --pid",
     .optional = "-c --core -d --data -e --nice -f --fsize -i --sigpending -l --memlock -m --rss "
                 "-n --nofile -q --msgqueue -r --rtprio -s --stack -t --cpu -u --nproc -v --as "
                 "-x --locks -y --rttime"},
    {.program = "runcon",
     .syntax = Syntax::getopt,
     .flags = "-c --compute --help --version",
     .valued = "-t --type -u --user -r --role -l --range",
     .skip = 1,
     .first_only = true},
    {.program = "xvfb-run",
     .syntax = Syntax::getopt,
     .flags = "-a --auto-servernum -d --auto-display -l --listen-tcp -h --help",
     .valued = "-n --server-num -p --xauth-protocol -s --server-args -w --wait",
     .writes = "-e --error-file -f --auth-file"},
    {.program = "eatmydata"},
    {.program = "rlwrap",
     .syntax = Syntax::getopt,
     .flags = "-A --ansi-colour-aware -c --complete-filenames -h --help -i --case-insensitive -I "
              "--pass-sigint-as-sigterm -n --no-warnings -N --no-children -o --one-shot -r "
              "--remember -R --renice -T --test-terminal -U --mirror-arguments -v --version -W "
              "--polling",
     .valued = "-b --break-chars -C --command-name -D --history-no-dupes -e "
               "--extra-char-after-completion -F --history-format -g --forget-matching -M "
               "--multi-line-ext -O --only-cook -P --pre-given -q --quote-characters -s "
               "--histsize -S --substitute-prompt -t --set-terminal-name -w --wait-before-prompt",
     .optional = "-a --always-readline -d --debug -m --multi-line -p --prompt-colour",
     .writes = "-H --history-filename -l --logfile",
     .reads = "-f --file",
     .line = "-z --filter"},
    {.program = "ip", .sub = "exec", .skip = 1},  // ip netns exec NAME, ip vrf exec NAME
    // pkexec runs its command in the home of the user it runs as (root's), unless --keep-cwd;
    // a relative program path is made absolute from the line's folder first.
    {.program = "pkexec",
     .flags = "--disable-internal-agent --keep-cwd",
     .valued = "--user",
     .runs_in = "@",
     .moves = "--keep-cwd:!",
     .runs_as = "--user",
     .program_here = true},
    {.program = "busybox"},  // busybox APPLET ARGS
    {.program = "toybox"},   // toybox APPLET ARGS
    // dbus-launch [--options] CMD ARGS (its options are whole words), chronic [-ev] CMD ARGS
    // (moreutils: getopt).
    {.program = "dbus-launch",
     .flags = "--sh-syntax --csh-syntax --auto-syntax --binary-syntax --close-stderr "
              "--exit-with-session --exit-with-x11 --version --help",
     .valued = "--autolaunch",
     .reads = "--config-file"},
    {.program = "chronic", .syntax = Syntax::getopt, .flags = "-e -v"},
    // runuser [options] -u USER [[--] CMD…]; without `-u`, su's form (runuser(1)): runuser
    // [options] [-] [USER [ARG…]], the ARGs going to USER's shell. `-`, `-l`, `--login`: a
    // login shell, in USER's home.
    {.program = "runuser",
     .syntax = Syntax::getopt,
     .flags = "- -m -p --preserve-environment -l --login -f --fast -P --pty -h --help -V "
              "--version",
     .valued = "-u --user -w --whitelist-environment -g --group -G --supp-group",
     .line = "-c --command --session-command -s --shell",
     .skip = 1,
     .named_by = "-u --user",
     .moves = "-:@ -l:@ --login:@"},
    // su [options] [-] [USER [ARG…]]: the ARGs go to USER's shell (`su bob script.sh` runs it).
    {.program = "su",
     .syntax = Syntax::getopt,
     .flags = "- -m -p --preserve-environment -l --login -f --fast -P --pty -h --help -V "
              "--version",
     .valued = "-w --whitelist-environment -g --group -G --supp-group",
     .line = "-c --command --session-command -s --shell",
     .skip = 1},
    // chroot [OPTION] NEWROOT [CMD…] (coreutils, getopt `+`): CMD runs in NEWROOT's `/`, unless
    // --skip-chdir (only with NEWROOT `/`); without CMD, `"$SHELL" -i`.
    {.program = "chroot",
     .syntax = Syntax::getopt,
     .flags = "--skip-chdir --help --version",
     .valued = "--userspec --groups",
     .skip = 1,
     .runs_in = "+",
     .moves = "--skip-chdir:!"},
    // lockf FILE CMD (FreeBSD, getopt `+knst:w`), timelimit CMD (getopt `+pqS:s:T:t:`), empty
    // -f CMD (its fork mode), distrobox-host-exec and host-spawn (a container's command run on
    // its host; host-spawn's Go flags take one or two dashes).
    {.program = "lockf",
     .syntax = Syntax::getopt,
     .flags = "-k -n -s -w",
     .valued = "-t",
     .skip = 1},
    {.program = "timelimit", .syntax = Syntax::getopt, .flags = "-p -q", .valued = "-S -s -T -t"},
    {.program = "empty",
     .syntax = Syntax::getopt,
     .flags = "-f -r -c -v -h",
     .valued = "-i -o -p -L -t"},
    {.program = "distrobox-host-exec", .flags = "-Y --yes -v --verbose -h --help -V --version"},
    {.program = "host-spawn",
     .flags = "-no-pty --no-pty -pty --pty -v --version -h --help",
     .valued = "-cwd --cwd -env --env"},
    // Android's `adb shell CMD…` (its words, one line run by the device's shell, as ssh's);
    // `pm2 start CMD|SCRIPT [-- ARGS]` (commander: options may follow it; a word holding blanks is
    // a shell line);
    // `minikube ssh [-- CMD…]` (the node's shell).
    {.program = "adb",
     .sub = "shell",
     .flags = "-t -T -x -n",
     .skip = 0,
     .runs = Runs::joined,
     .plain_lines = true},
    {.program = "pm2",
     .sub = "start",
     .syntax = Syntax::clusters,
     .flags = "--no-autorestart --no-daemon --watch --no-vizion -f --force --update-env "
              "--attach --merge-logs --time --silent -s",
     .valued = "-n --name -i --instances --cwd --log-date-format --max-memory-restart --cron "
               "--cron-restart --namespace --restart-delay --max-restarts -x --env",
     .writes = "-o --output -e --error -l --log --pid",
     .exec = "--interpreter",
     .hidden = "--interpreter-args --node-args",
     .permute = true},
    {.program = "minikube",
     .sub = "ssh",
     .syntax = Syntax::clusters,
     .flags = "--native-ssh",
     .valued = "-n --node -p --profile",
     .runs = Runs::joined,
     .plain_lines = true},
    // `vagrant ssh -c CMD` runs CMD in the machine (without it, a shell: asked).
    {.program = "vagrant",
     .sub = "ssh",
     .flags = "-p --plain -t --tty --no-tty -h --help",
     .line = "-c --command",
     .skip = kNever,
     .plain_lines = true},
    // macOS: `launchctl asuser UID CMD`, `bsexec PID CMD`, `submit -l LABEL [-p PROG] -- CMD`.
    {.program = "launchctl", .sub = "asuser", .skip = 1},
    {.program = "launchctl", .sub = "bsexec", .skip = 1},
    // `launchctl load|bootstrap|kickstart|start PLIST|SERVICE` runs the program a job's
    // property list names: asked (kRunnersWithoutCommand).
    {.program = "launchctl", .sub = "load", .skip = kNever},
    {.program = "launchctl", .sub = "bootstrap", .skip = kNever},
    {.program = "launchctl", .sub = "kickstart", .skip = kNever},
    {.program = "launchctl", .sub = "start", .skip = kNever},
    {.program = "launchctl",
     .sub = "submit",
     .valued = "-l",
     .writes = "-o -e",
     .exec = "-p",
     .dash_only = true},
    // systemd-run: a service runs in `/` (a system unit) or the caller's home (`--user`); a
    // scope, `-d`/`--same-dir` and `--shell` keep the caller's folder, `--working-directory`
    // gives one (the last wins); `-E NAME=VALUE` is in its environment (run.c, systemd 252).
    {.program = "systemd-run",
     .syntax = Syntax::getopt,
     .flags = "--no-ask-password --user --system --scope --slice-inherit --no-block -r "
              "--remain-after-exit --wait --send-sighup -d --same-dir -t --pty --tty -P --pipe "
              "-q --quiet -G --collect -S --shell --on-timezone-change --on-clock-change -h "
              "--help --version",
     .valued = "-H --host -M --machine -u --unit --description --slice --service-type --uid "
               "--gid --nice --working-directory -E --setenv --on-active --on-boot --on-startup "
               "--on-unit-active --on-unit-inactive --on-calendar",
     .props = "-p --property --path-property --socket-property --timer-property",
     .runs_in = "/",
     .moves = "--user:~ --system:/ --scope:. -S:. --shell:. -d:! --same-dir:! "
              "--working-directory:=",
     .setenv = "-E --setenv",
     .program_here = true},
    // libslack's `daemon [OPTIONS] [--] CMD…` (`--command LINE` too; its logs and pid files are
    // written), zellij's `run [OPTIONS] [--] CMD…`, the remote shells `mosh HOST [--] CMD…`
    // (`--ssh LINE` runs here, `--client`/`--server` name programs) and Eternal Terminal's `et
    // HOST -c LINE`.
    {.program = "daemon",
     .syntax = Syntax::getopt,
     .flags = "-f --foreground -r --respawn -i --inherit -N --noconfig -d --debug -v --verbose "
              "-c --core -n0 --running --restart --stop --list -h --help -V --version",
     .valued = "-n --name -u --user -R --chroot -D --chdir -m --umask -e --env -a --acceptable "
               "-A --attempts -L --delay -M --limit -P --pidfiles -B --bind -C --config -S "
               "--syslog",
     .writes = "-F --pidfile -o --output -O --stdout -E --stderr -l --errlog -b --dbglog",
     .line = "-X --command"},
    {.program = "zellij",
     .sub = "run",
     .syntax = Syntax::clusters,
     .flags = kZellijRun,
     .valued = kZellijRunValued},
    {.program = "zellij",
     .sub = "r",
     .syntax = Syntax::clusters,
     .flags = kZellijRun,
     .valued = kZellijRunValued},  // run's alias
    {.program = "mosh",
     .syntax = Syntax::getopt,
     .flags = "-4 -6 --family=inet --family=inet6 --local -a -n --no-init --no-ssh-pty "
              "--ssh-pty --help --version",
     .valued = "-p --port --predict --bind-server --experimental-remote-ip --family --client "
               "--server",
     .line = "--ssh",
     .hidden = "--client --server",
     .skip = 1},
    {.program = "et",
     .syntax = Syntax::getopt,
     .flags = "-N --no-terminal -f --forward-ssh-agent --noexit -h --help --version",
     .valued = "-u --username -p --port -t --tunnel -r --reversetunnel --jumphost --jport "
               "--jserverfifo --serverfifo --macserver --ssh-socket --terminal-path -v "
               "--verbose -l --logdir",
     .line = "-c --command",
     .skip = kNever},
};
const std::size_t kLaunchersCount = sizeof(kLaunchers) / sizeof(kLaunchers[0]);

// Programs that run a shell reading its input when no command is given (`setarch x86_64`,
// `pkexec`, `runuser -u bob`, `systemd-run --shell`, `nix-shell -p PKG` without `--run`,
// `pipenv shell`, `poetry shell`, `hatch shell`, `lxc shell NAME`…): that shell's commands
// are not visible, so it is asked. The wrappers of the table that start one alone (`screen`,
// `luit`, `pg_virtualenv`: $SHELL) are listed too, for engine/normalize.cpp.
const std::string_view kShellWithoutCommand =
    "setarch linux32 linux64 pkexec runuser su chroot systemd-run nix:develop nix:shell proot "
    "systemd-nspawn lxc-attach machinectl:shell schroot fakechroot flox:activate host-spawn "
    "distrobox-host-exec vagrant:ssh nix-shell pipenv:shell poetry:shell screen luit "
    "pg_virtualenv hatch:shell pixi:shell devbox:shell toolbox:enter lxc:shell incus:shell";

// Without a command, these run a program the line does not show (abduco: $ABDUCO_CMD or dvtm;
// launchctl: the program a job's property list names).
const std::string_view kRunnersWithoutCommand =
    "abduco launchctl:load launchctl:bootstrap launchctl:kickstart launchctl:start";

}  // namespace vigie::engine
