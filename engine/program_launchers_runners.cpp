// The launchers' table, continued (engine/program_launchers.hpp has the fields): programs that
// run commands they are given and that are not environment managers. Each one's options are
// declared as its own parser reads them (the source named above each entry); an option not
// declared here makes where the command starts uncertain, so the command is asked.
#include "engine/program_launchers.hpp"

namespace vigie::engine {

namespace {

// rr's global options (src/main.cc), also taken among `rr record`'s own.
#define VIGIE_RR_GLOBAL_FLAGS                                                                  \
  "--disable-cpuid-faulting --disable-ptrace-exit-events --non-interactive -E --fatal-errors " \
  "-F --force-things -K --check-cached-mmaps -L --list-commands -M --mark-stdio -N --version " \
  "-S --suppress-environment-warnings"
#define VIGIE_RR_GLOBAL_VALUED \
  "--resource-path --log -A --microarch -C --checksum -D --dump-on -T --dump-at"
constexpr std::string_view kRrGlobalFlags = VIGIE_RR_GLOBAL_FLAGS;
constexpr std::string_view kRrGlobalValued = VIGIE_RR_GLOBAL_VALUED;
constexpr std::string_view kRrRecordFlags = VIGIE_RR_GLOBAL_FLAGS
    " -h --chaos -n --no-syscall-buffer -s --always-switch -u --cpu-unbound -w --wait "
    "--no-read-cloning --no-file-cloning --scarce-fds --setuid-sudo --copy-preload-src "
    "--stap-sdt --unmap-vdso --disable-avx-512 --asan --tsan --intel-pt --check-outside-mmaps "
    "--no-preload";
constexpr std::string_view kRrRecordValued = VIGIE_RR_GLOBAL_VALUED
    " -c --num-cpu-ticks -i --ignore-signal -p --print-trace-dir -t --continue-through-signal "
    "-v --env --syscall-buffer-size --nested --bind-to-cpu --disable-cpuid-features "
    "--disable-cpuid-features-ext --disable-cpuid-features-xsave --num-cores --trace-id "
    "--syscall-buffer-sig";
#undef VIGIE_RR_GLOBAL_FLAGS
#undef VIGIE_RR_GLOBAL_VALUED

// distrobox enter's flags (the 1.8 script's `case` words).
constexpr std::string_view kDistroboxFlags =
    "-h --help -v --verbose -T -H --no-tty -r --root -V --version -d --dry-run -nw --no-workdir "
    "-Y --yes --clean-path";

}  // namespace

const Launcher kRunnerLaunchers[] = {
    // ---- benchmark and watch runners, queues ------------------------------------------------
    // hyperfine (clap, src/cli.rs): every operand is a shell command it benchmarks, options may
    // come between them; --setup/--prepare/--conclude/--cleanup/--reference are lines too.
    // `-S`/`--shell` chooses the program that runs them: asked.
    {.program = "hyperfine",
     .syntax = Syntax::clusters,
     .flags = "-N --show-output --debug-mode -h --help -V --version",
     .valued = "-w --warmup -m --min-runs -M --max-runs -r --runs --reference-name -D "
               "--parameter-step-size --style --sort -u --time-unit -n --command-name "
               "--min-benchmarking-time -S --shell",
     .optional = "-i --ignore-failure",
     .writes = "--export-asciidoc --export-csv --export-json --export-markdown --export-orgmode "
               "--output",
     .reads = "--input",
     .line = "-s --setup --reference -p --prepare -C --conclude -c --cleanup",
     .multi = "-P:3 --parameter-scan:3 -L:2 --parameter-list:2",
     .hidden = "-S --shell",
     .runs = Runs::each_line,
     .plain_lines = true},
    // watch (procps-ng 4, getopt_long "+bcCd::eghq:n:prtwxv"): the command's words are joined
    // and run by `sh -c`, or exec'd with `-x`/`--exec`; options stop at the first operand.
    {.program = "watch",
     .syntax = Syntax::getopt,
     .flags = "-b --beep -c --color -C --no-color -e --errexit -g --chgexit -p --precise "
              "-r --no-rerun -t --no-title -w --no-wrap --no-linewrap -x --exec -h --help "
              "-v --version",
     .valued = "-n --interval -q --equexit",
     .optional = "-d --differences",
     .runs = Runs::joined,
     .argv_switch = "-x --exec",
     .plain_lines = true},
    // watchexec (clap, crates/cli/src/args.rs, v2.6.1): the command's words are joined and run
    // by a shell (`-n`: as an argv; judged as a line either way). `-c`, `-N`, `--poll` and
    // `--log-file` take the next word when it does not start with `-`: not declared (asked
    // unless `--` follows). `@FILE` words before `--` are replaced by FILE's lines.
    {.program = "watchexec",
     .syntax = Syntax::clusters,
     .flags = "--manual --only-emit-events -1 -n --no-environment --no-process-group -Q --quote "
              "-r --restart --stdin-quit -I --interactive --exit-on-error -p --postpone "
              "--no-vcs-ignore --no-project-ignore --no-global-ignore --no-default-ignore "
              "--no-discover-ignore --ignore-nothing --no-meta --no-follow-symlinks -v "
              "--verbose --print-events --timings --bell -q --quiet -h --help -V --version",
     .valued = "--completions --shell -E --env --wrap-process --stop-signal --stop-timeout "
               "--timeout --delay-run --workdir --socket -o --on-busy-update -s --signal "
               "--map-signal -d --debounce --emit-events-to -w --watch -W --watch-non-recursive "
               "-e --exts -f --filter --project-origin -j --filter-prog -i --ignore --fs-events "
               "--color --colour",
     .reads = "-F --watch-file --filter-file --ignore-file",
     .hidden = "--shell -E --env",
     .argfiles = true,
     .runs = Runs::joined,
     .plain_lines = true},
    // reflex (ogier/pflag: it permutes; a long option's value only after `=`): the command is an
    // argv; `-c FILE` holds commands of its own: asked.
    {.program = "reflex",
     .syntax = Syntax::clusters,
     .flags = "-v --verbose -e --sequential -s --start-service --only-files --only-dirs --all",
     .valued = "-d --decoration -r --regex -R --inverse-regex -g --glob -G --inverse-glob "
               "--substitute -t --shutdown-timeout",
     .reads = "-c --config",
     .hidden = "-c --config",
     .permute = true},
    // pueue add (clap, v4): the words are joined and the daemon runs them with `sh -c`.
    // `-a`/`--after` takes every following number: not declared (asked unless `--` follows).
    {.program = "pueue",
     .sub = "add",
     .syntax = Syntax::clusters,
     .flags = "-e --escape -i --immediate --follow -s --stashed -p --print-task-id -h --help",
     .valued = "-w --working-directory -d --delay -g --group -o --priority -l --label",
     .runs = Runs::joined,
     .plain_lines = true},
    // tsp (task-spooler, getopt under POSIXLY_CORRECT: options stop at the first operand): the
    // command is an argv. `-g` differs between 1.0 (gzip) and the 2.0 fork: not declared.
    {.program = "tsp",
     .syntax = Syntax::getopt,
     .flags = "-K -C -l -h -V -B -n -E -f -m -d",
     .valued = "-t -c -o -p -i -s -r -w -k -u -S -U -D -L -N"},
    // sem (GNU parallel --semaphore, Getopt::Long with bundling and require_order): the words are
    // joined and run by a shell; `{= PERL =}` is code parallel runs itself. Only sem's own
    // options and the ones that read, write or run something are declared.
    {.program = "sem",
     .syntax = Syntax::getopt,
     .flags = "--semaphore --fg --bg --wait -u --ungroup -q --quote --tty -o --open-tty --plain "
              "--line-buffer --lb -k --keep-order",
     .valued = "-j -P --jobs --max-procs --maxprocs --id --semaphore-name --semaphorename --st "
               "--semaphore-timeout --semaphoretimeout --nice --timeout --delay -J --profile -S "
               "--sshlogin --sshloginfile --slf --ssh --compress-program --decompress-program "
               "--rpl --filter",
     .writes = "--joblog --jl --results --res",
     .reads = "-a --arg-file",
     .line = "--limit",
     .hidden = "-J --profile -S --sshlogin --sshloginfile --slf --ssh --compress-program "
               "--decompress-program --rpl --filter",
     .code_marks = "{=",
     .runs = Runs::joined,
     .plain_lines = true},
    // GNU parallel (Getopt::Long with bundling and require_order): the words before `:::`
    // and `::::` are joined into a command line a shell runs with each argument, quoted, in
    // place of `{}` or after it: one line per argument (`arg_marks`). `::::` and `-a` name files
    // of arguments (read, and asked: their lines are not shown). Without them parallel reads
    // its arguments from its input (engine/pipe_input.cpp). `{= PERL =}` is code parallel runs
    // itself.
    {.program = "parallel",
     .syntax = Syntax::getopt,
     .flags = "-k --keep-order -X -m -q --quote -0 --null --bar --progress --eta -v --dry-run "
              "--pipe --tag --line-buffer --lb -u --ungroup --group -g --xargs --halt-on-error",
     .valued = "-j -P --jobs --max-procs -n --max-args -N -d --delimiter --colsep -C -I --block "
               "--env --halt --timeout --retries --delay --nice -L --max-lines",
     .writes = "--joblog --jl --results --res --tmpdir",
     .reads = "-a --arg-file --sshloginfile --slf",
     .hidden = "-S --sshlogin --sshloginfile --slf --ssh --rpl --filter --profile -J -a "
               "--arg-file",
     .code_marks = "{=",
     .runs = Runs::joined,
     .plain_lines = true,
     .arg_marks = "::: :::+ :::: ::::+"},
    // ---- sandboxes and emulators -----------------------------------------------------------
    // nsjail (cmdline.cc, getopt_long without `+`: it permutes, so the command is every operand
    // and every word after `--`). `-C FILE` may name the program (exec_bin), `-x` replaces the
    // path run, `-E` sets the child's environment (LD_PRELOAD): asked.
    {.program = "nsjail",
     .syntax = Syntax::getopt,
     .flags = "-h --help -? -d --daemon -v --verbose -q --quiet -Q --really_quiet -e --keep_env "
              "--execute_fd --no_pivotroot --rw --keep_caps --silent --stderr_to_null "
              "--skip_setsid --disable_no_new_privs --disable_rlimits "
              "--persona_addr_compat_layout --persona_mmap_page_zero "
              "--persona_read_implies_exec --persona_addr_limit_3gb --persona_addr_no_randomize "
              "-N --disable_clone_newnet --disable_clone_newuser --disable_clone_newns "
              "--disable_clone_newpid --disable_clone_newipc --disable_clone_newuts "
              "--disable_clone_newcgroup --enable_clone_newtime --disable_proc --proc_rw "
              "--seccomp_log --use_cgroupv2 --detect_cgroupv2 --iface_no_lo --disable_tsc "
              "--forward_signals",
     .valued = "-M --mode -x --exec_file -c --chroot -u --user -g --group -H --hostname -D --cwd "
               "-p --port --bindhost --max_conns -i --max_conns_per_ip -L --log_fd -t "
               "--time_limit --max_cpus -E --env --cap --pass_fd --rlimit_as --rlimit_core "
               "--rlimit_cpu --rlimit_fsize --rlimit_nofile --rlimit_nproc --rlimit_stack "
               "--rlimit_memlock --rlimit_rtprio --rlimit_msgqueue -U --uid_mapping -G "
               "--gid_mapping -R --bindmount_ro -B --bindmount -T --tmpfsmount -m --mount -s "
               "--symlink --proc_path --seccomp_string --nice_level --cgroup_mem_max "
               "--cgroup_mem_memsw_max --cgroup_mem_swap_max --cgroup_pids_max "
               "--cgroup_net_cls_classid --cgroup_cpu_ms_per_sec --cgroup_mem_parent "
               "--cgroup_pids_parent --cgroup_net_cls_parent --cgroup_cpu_parent --iface_own -I "
               "--macvlan_iface --macvlan_vs_ip --macvlan_vs_nm --macvlan_vs_gw --macvlan_vs_ma "
               "--macvlan_vs_mo",
     .writes = "-l --log",
     .reads = "-C --config -P --seccomp_policy",
     .hidden = "-C --config -x --exec_file -E --env",
     .permute = true},
    // minijail0 (minijail0_cli.c, getopt_long `+…`: the first operand is the program).
    // `--preload-library` loads a shared object into it, `--config` may set any option,
    // `--env-add` the environment: asked.
    {.program = "minijail0",
     .syntax = Syntax::getopt,
     .flags = "-h --help -H -G -y -r -d --mount-dev -N -l -v --ns-mount -p -I -U -L -Y -s -n "
              "--ambient -i -z -w --env-reset --allow-speculative-execution "
              "--enable-profile-fs-restrictions --fs-default-paths --no-fs-restrictions "
              "--no-default-runtime-environment --no-new-sessions",
     .valued = "-u -g --add-suppl-group -b --bind-mount -k --mount -C -P -a --profile -c -B -R -T "
               "--env-add --fs-path-rx --fs-path-ro --fs-path-rw --fs-path-advanced-rw "
               "--landlock-abi --preserve-fd --logging",
     .optional = "-K -t -e -m -M --uts",
     .writes = "-f --gen-config",
     .reads = "-V -S --seccomp-bpf-binary --config --preload-library",
     .hidden = "--config --preload-library --env-add"},
    // proot (src/cli/cli.c): whole words; a short option's value is the next word, a long one's
    // attached with `=`. `-q CMD` runs CMD in front of every program: a line. Without a
    // command it starts a login shell.
    {.program = "proot",
     .flags = "--kill-on-exit -V --version --about -h --help --usage -0 --root-id -n --netcoop -l "
              "--link2symlink",
     .valued = "-r --rootfs -b --bind -m --mount --mixed-mode -w --pwd --cwd -v --verbose -k "
               "--kernel-release -i --change-id -p --port -R -S",
     .reads = "-P",
     .line = "-q --qemu",
     .hidden = "-P"},
    // qemu-user (linux-user/main.c): exact names with one dash or two, the value always the
    // next word; the program is the first operand. `-plugin` loads a shared object into qemu,
    // `-L` chooses the guest's loader and libraries, `-E` its environment: asked.
    {.program = "qemu-aarch64 qemu-aarch64_be qemu-alpha qemu-arm qemu-armeb qemu-hexagon "
                "qemu-hppa qemu-i386 qemu-loongarch64 qemu-m68k qemu-microblaze "
                "qemu-microblazeel qemu-mips qemu-mips64 qemu-mips64el qemu-mipsel qemu-mipsn32 "
                "qemu-mipsn32el qemu-or1k qemu-ppc qemu-ppc64 qemu-ppc64le qemu-riscv32 "
                "qemu-riscv64 qemu-s390x qemu-sh4 qemu-sh4eb qemu-sparc qemu-sparc32plus "
                "qemu-sparc64 qemu-x86_64 qemu-xtensa qemu-xtensaeb qemu-aarch64-static "
                "qemu-arm-static qemu-armeb-static qemu-i386-static qemu-mips-static "
                "qemu-mipsel-static qemu-mips64-static qemu-mips64el-static qemu-ppc-static "
                "qemu-ppc64-static qemu-ppc64le-static qemu-riscv32-static qemu-riscv64-static "
                "qemu-s390x-static qemu-sparc64-static qemu-x86_64-static",
     .flags = "-h --h -help --help -one-insn-per-tb --one-insn-per-tb -strace --strace -version "
              "--version -xtensa-abi-call0 --xtensa-abi-call0 -perfmap --perfmap -jitdump "
              "--jitdump",
     .valued = "-g --g -L --L -s --s -cpu --cpu -E --E -U --U -0 --0 -r --r -B --B -R --R -t --t "
               "-d --d -dfilter --dfilter -p --p -tb-size --tb-size -seed --seed -trace --trace "
               "-plugin --plugin",
     .writes = "-D --D",
     .hidden = "-plugin --plugin -L --L -E --E -trace --trace"},
    // rr (src/main.cc, src/RecordCommand.cc): `rr record [opts] PROG ARGS`, and `rr PROG ARGS`
    // (a first word that is no subcommand records it). Exact long names; a short value
    // attached, after `=` or the next word. `--resource-path` chooses the libraries loaded into
    // the program, `-v`/`--env` its environment: asked.
    {.program = "rr",
     .sub = "record",
     .syntax = Syntax::clusters,
     .flags = kRrRecordFlags,
     .valued = kRrRecordValued,
     .writes = "-o --output-trace-dir",
     .hidden = "--resource-path -v --env --stap-sdt"},
    {.program = "rr",
     .syntax = Syntax::clusters,
     .flags = kRrGlobalFlags,
     .valued = kRrGlobalValued,
     .hidden = "--resource-path"},
    // ---- schedulers and detachers -----------------------------------------------------------
    // schedtool (getopt `+NFRBID012345M:a:p:n:ervh`): with `-e` the operands are the command;
    // without, process ids (judged as a command all the same: asked).
    {.program = "schedtool",
     .syntax = Syntax::getopt,
     .flags = "-N -F -R -B -I -D -0 -1 -2 -3 -4 -5 -e -r -v -h",
     .valued = "-M -a -p -n"},
    // daemonize (its own getopt `ac:u:p:vo:e:E:l:`, never permuting): the program is the first
    // operand; `-o`, `-e`, `-p` and `-l` are files it writes; `-E` sets the environment.
    {.program = "daemonize",
     .syntax = Syntax::getopt,
     .flags = "-a -v",
     .valued = "-c -u -E",
     .writes = "-e -o -p -l",
     .hidden = "-E"},
    // start-stop-daemon (dpkg, getopt_long without `+`): the program is `--startas`, else
    // `--exec`; every operand (and every word after `--`) is one of its arguments.
    {.program = "start-stop-daemon",
     .syntax = Syntax::getopt,
     .flags = "-H --help -K --stop -S --start -T --status --pidof -V --version -o --oknodo -q "
              "--quiet -t --test -v --verbose -b --background --notify-await -C --no-close -m "
              "--make-pidfile --remove-pidfile",
     .valued = "-n --name --pid --ppid -s --signal -u --user -c --chuid -g --group -r --chroot -d "
               "--chdir -N --nicelevel -P --procsched -I --iosched -k --umask --notify-timeout -R "
               "--retry",
     .writes = "-p --pidfile -O --output",
     .exec = "-a --startas -x --exec",
     .permute = true},
    // ---- compiler launchers, proxies, job launchers ------------------------------------------
    // ccache, sccache, distcc, icecc: `LAUNCHER COMPILER ARGS`; the compiler is any program.
    // Their own options (statistics, configuration) come without a command.
    {.program = "ccache",
     .syntax = Syntax::getopt,
     .flags = "-s --show-stats -z --zero-stats -C --clear -c --cleanup -V --version -h --help -p "
              "--show-config -x --show-compression --print-stats -v --verbose",
     .valued = "-M --max-size -F --max-files -o --set-config -d --dir --evict-older-than -X "
               "--recompress -k --get-config"},
    {.program = "sccache",
     .syntax = Syntax::clusters,
     .flags = "-s --show-stats --show-adv-stats --start-server --stop-server -z --zero-stats "
              "--dist-status --dist-auth -h --help -V --version"},
    {.program = "distcc",
     .flags = "--help --version --show-hosts -j --scan-avail --show-principal"},
    {.program = "icecc", .flags = "--build-native --help --version"},
    // Proxies and crash catchers that run `PROG ARGS` (tsocks, graftcp: options not declared,
    // asked), catchsegv.
    {.program = "tsocks graftcp catchsegv"},
    // nq [-c] [-q] [-t] [-w] CMD ARGS (a queue: run later).
    {.program = "nq", .syntax = Syntax::getopt, .flags = "-c -q -t -w"},
    // MPI launchers (Open MPI, MPICH): single-dash long options; `-x`/`-genv`/`-env` set the
    // program's environment: asked.
    {.program = "mpirun mpiexec orterun",
     .flags = "--oversubscribe -oversubscribe --allow-run-as-root -allow-run-as-root -q --quiet "
              "-v --verbose --tag-output -tag-output --report-bindings -report-bindings",
     .valued = "-np --np -n --n -c -H --host -host -hosts --hostfile -hostfile -machinefile "
               "--machinefile -f --map-by -map-by --bind-to -bind-to --rank-by -wdir --wdir -x "
               "-genv -env -ppn",
     .hidden = "-x -genv -env"},
    // Slurm: srun (getopt_long `+…`) runs its command on the allocated nodes; sbatch runs a
    // script file, read from its first operand (the words after it are the script's arguments)
    // or from its input when none is given, or `--wrap LINE`.
    {.program = "srun",
     .syntax = Syntax::getopt,
     .flags = "-l --label -u --unbuffered --pty -v --verbose -Q --quiet --exclusive -k "
              "--no-kill -h --help -V --version",
     .valued = "-n --ntasks -N --nodes -c --cpus-per-task -p --partition -t --time -J --job-name "
               "-A --account --mem --mem-per-cpu -w --nodelist -x --exclude --gres --gpus -G "
               "--qos -C --constraint --mpi -D --chdir --export",
     .writes = "-o --output -e --error",
     .reads = "-i --input",
     .hidden = "--export"},
    {.program = "sbatch",
     .syntax = Syntax::getopt,
     .flags = "-h --help -V --version -Q --quiet -v --verbose --exclusive -W --wait -H --hold",
     .valued = "-n --ntasks -N --nodes -c --cpus-per-task -p --partition -t --time -J --job-name "
               "-A --account --mem --mem-per-cpu -w --nodelist --gres --gpus -G --qos -C "
               "--constraint -D --chdir -a --array -d --dependency --export",
     .writes = "-o --output -e --error",
     .reads = "-i --input",
     .line = "--wrap",
     .hidden = "--export",
     .skip = kNever,
     .script_operand = true,
     .plain_lines = true},
    // Confinement: aa-exec (AppArmor, getopt_long: options after the first operand are read as
    // its own), sandbox-exec (macOS, BSD getopt), flatpak-spawn (GOption, `--host` runs on the
    // host), retry (several tools: the command only after `--`).
    {.program = "aa-exec",
     .syntax = Syntax::getopt,
     .flags = "-i --immediate -v --verbose -d --debug -h --help",
     .valued = "-p --profile -n --namespace",
     .permute = true},
    {.program = "sandbox-exec", .syntax = Syntax::getopt, .valued = "-n -p -D", .reads = "-f"},
    {.program = "flatpak-spawn",
     .syntax = Syntax::clusters,
     .flags = "--host --watch-bus --expose-pids --share-pids --clear-env --latest-version "
              "--sandbox --no-network --verbose -v --help -h",
     .valued = "--env --directory --forward-fd --sandbox-expose --sandbox-expose-ro "
               "--sandbox-expose-path --sandbox-expose-path-ro --app-path --usr-path",
     .hidden = "--env --app-path --usr-path"},
    {.program = "retry", .dash_only = true},
    // Apps installed by a package manager: `flatpak run APP`, `snap run APP` run the app's own
    // program (kRunsPackage: asked).
    {.program = "flatpak", .sub = "run", .skip = kNever},
    {.program = "snap", .sub = "run", .skip = kNever},
    // Environments: `devbox run SCRIPT_OR_CMD` (a script of devbox.json is judged as a command
    // of that name: asked), `pixi run`/`pixi exec`, `flox activate -- CMD` (without a command, a
    // shell).
    {.program = "devbox",
     .sub = "run",
     .syntax = Syntax::clusters,
     .flags = "-q --quiet --pure -l --list --omit-nix-env -h --help",
     .valued = "-c --config -e --env --env-file",
     .hidden = "-c --config -e --env --env-file"},
    {.program = "pixi",
     .sub = "run",
     .syntax = Syntax::clusters,
     .flags = "--frozen --locked --clean-env --skip-deps --dry-run -v --verbose -q --quiet -h "
              "--help",
     .valued = "--manifest-path -e --environment --color"},
    {.program = "pixi",
     .sub = "exec",
     .syntax = Syntax::clusters,
     .flags = "--force-reinstall --list -v --verbose -q --quiet -h --help",
     .valued = "-s --spec -c --channel -p --platform --color"},
    {.program = "flox",
     .sub = "activate",
     .syntax = Syntax::clusters,
     .flags = "-t --trust --print-script -h --help",
     .valued = "-d --dir -r --reference -m --mode",
     .dash_only = true},
    // `guix shell|environment PKG… -- CMD`; `wsl [OPTIONS] [-e|--] CMD…` runs CMD in Linux.
    {.program = "guix",
     .sub = "shell",
     .syntax = Syntax::getopt,
     .flags = "--pure --check -C --container -N --network -P --link-profile -E --preserve "
              "--emulate-fhs -F --nesting -W --no-cwd --rebuild-cache --search-paths -D "
              "--development -q -v --verbosity",
     .valued = "-m --manifest -f --file -L --load-path -r --root --expose --share -s --system "
               "--profile -p",
     .dash_only = true},
    {.program = "guix",
     .sub = "environment",
     .syntax = Syntax::getopt,
     .flags = "--pure --check -C --container -N --network -P --link-profile --ad-hoc -q",
     .valued = "-m --manifest -l --load -e --expression -r --root --expose --share -s --system",
     .dash_only = true},
    {.program = "wsl wsl.exe",
     .syntax = Syntax::clusters,
     .flags = "-e --exec",
     .valued = "-d --distribution -u --user --cd --shell-type"},
    // ---- detachers, chain-loaders, moreutils ------------------------------------------------
    // dtach (main.c): the mode, then the socket (written), then `-e CHAR`/`-r METHOD` (each the
    // next word), `-E`, `-z`; the command follows.
    {.program = "dtach",
     .flags = "-E -z",
     .valued = "-e -r",
     .writes = "-c -n -N -A",
     .reads = "-a -p"},
    // abduco (getopt `aAclne:fpqrv`, permuting on glibc): the session name, then the command.
    // Without a command it runs $ABDUCO_CMD or dvtm.
    {.program = "abduco",
     .syntax = Syntax::getopt,
     .flags = "-a -A -c -l -n -f -p -q -r -v",
     .valued = "-e",
     .skip = 1,
     .permute = true},
    // execline's fdmove (skalibs subgetopt `c`): FDTO FDFROM PROG…
    {.program = "fdmove", .syntax = Syntax::getopt, .flags = "-c", .skip = 2},
    // daemontools' envdir DIR CHILD (no options), s6-envdir (subgetopt `IinfLc:`).
    {.program = "envdir", .skip = 1},
    {.program = "s6-envdir",
     .syntax = Syntax::getopt,
     .flags = "-I -i -n -f -L",
     .valued = "-c",
     .skip = 1},
    // setlock FILE CHILD (djb sgetopt `nNxX`), s6-setlock (subgetopt `nNrwt:d:`), lckdo
    // (moreutils, getopt `+wW:neE:sxtq`).
    {.program = "setlock", .syntax = Syntax::getopt, .flags = "-n -N -x -X", .skip = 1},
    {.program = "s6-setlock",
     .syntax = Syntax::getopt,
     .flags = "-n -N -r -w",
     .valued = "-t -d",
     .skip = 1},
    {.program = "lckdo",
     .syntax = Syntax::getopt,
     .flags = "-w -n -e -s -x -t -q",
     .valued = "-W -E",
     .skip = 1},
    // pgrphack CHILD, zrun PROG ARGS (no options); ifne [-n] CMD (moreutils).
    {.program = "pgrphack zrun"},
    {.program = "ifne", .flags = "-n"},
    // pee (moreutils): every operand is a shell command fed the input; mispipe CMD1 CMD2 too.
    {.program = "pee",
     .flags = "--ignore-sigpipe --no-ignore-sigpipe --ignore-write-errors "
              "--no-ignore-write-errors",
     .runs = Runs::each_line,
     .plain_lines = true},
    {.program = "mispipe", .runs = Runs::each_line, .plain_lines = true},
    // ---- container entries -------------------------------------------------------------------
    // systemd-nspawn (getopt_long `+hD:u:abL:M:jS:Z:qi:xp:nUE:P`): the command is the first
    // operand. `--settings`, `--oci-bundle` and `-E` may change what runs: asked. Without a
    // command it starts a shell in the container.
    {.program = "systemd-nspawn",
     .syntax = Syntax::getopt,
     .flags = "-h --help --version -q --quiet --no-pager -x --ephemeral --read-only -a --as-pid2 "
              "-b --boot --keep-unit -U --private-network -n --network-veth -j -P --pipe",
     .valued = "-D --directory --template -i --image --image-policy --oci-bundle --root-hash "
               "--root-hash-sig --verity-data --pivot-root --chdir -E --setenv -u --user "
               "--kill-signal --notify-ready --suppress-sync -M --machine --hostname --uuid -S "
               "--slice --property --register --private-users-ownership --network-interface "
               "--network-macvlan --network-ipvlan --network-veth-extra --network-bridge "
               "--network-zone --network-namespace-path -p --port --capability "
               "--drop-capability --ambient-capability --no-new-privileges --system-call-filter "
               "-Z --selinux-context -L --selinux-apifs-context --rlimit --oom-score-adjust "
               "--cpu-affinity --personality --resolv-conf --timezone --link-journal --bind "
               "--bind-ro --inaccessible --tmpfs --overlay --overlay-ro --bind-user --console "
               "--set-credential --load-credential --settings",
     .optional = "--private-users --volatile",
     .hidden = "--settings --oci-bundle -E --setenv"},
    // lxc-attach (getopt_long, permuting): without `-n NAME` the first operand is the name.
    {.program = "lxc-attach",
     .syntax = Syntax::getopt,
     .flags = "-R --remount-sys-proc --clear-env --keep-env -q --quiet -h -? --help --usage "
              "--version",
     .valued = "-n --name -a --arch -s --namespaces --keep-var -v --set-var -u --uid -g --gid -c "
               "--context -l --logpriority -P --lxcpath",
     .optional = "-e --elevated-privileges",
     .writes = "-L --pty-log -o --logfile",
     .reads = "-f --rcfile",
     .hidden = "-v --set-var",
     .skip = 1,
     .named_by = "-n --name",
     .permute = true},
    // machinectl shell [[USER@]NAME [PATH [ARGS]]]: options up to the machine's name.
    {.program = "machinectl",
     .sub = "shell",
     .syntax = Syntax::getopt,
     .flags = "--value -a --all -l --full --no-pager --no-legend --no-ask-password --read-only "
              "--mkdir -q --quiet --now --force -V --user --system -h --help --version",
     .valued = "-p --property -P --kill-whom -s --signal -n --lines -o --output --verify --runner "
               "--format --max-addresses --uid -E --setenv -H --host -M --machine",
     .hidden = "-E --setenv",
     .skip = 1},
    // toolbox run (cobra, flags before the command only).
    {.program = "toolbox",
     .sub = "run",
     .syntax = Syntax::clusters,
     .flags = "-y --assumeyes --log-podman -v --verbose -h --help",
     .valued = "-c --container -d --distro -r --release --preserve-fds --log-level"},
    // distrobox enter: the 1.8 script takes bare words for the container's name and the command
    // only after `-e`/`--exec`/`--`; the 2.0 rewrite takes the first word after the name. The
    // command is judged only after `--` or `-e`; otherwise asked. `-a` passes flags to
    // `podman exec`: asked.
    {.program = "distrobox",
     .sub = "enter",
     .flags = kDistroboxFlags,
     .valued = "-n --name -a --additional-flags",
     .argv = "-e --exec",
     .hidden = "-a --additional-flags",
     .dash_only = true},
    {.program = "distrobox-enter",
     .flags = kDistroboxFlags,
     .valued = "-n --name -a --additional-flags",
     .argv = "-e --exec",
     .hidden = "-a --additional-flags",
     .dash_only = true},
    // schroot (boost::program_options: options anywhere, unambiguous long prefixes).
    // `-s SHELL` and `-o KEY=VALUE` (read by its setup scripts) may change what runs: asked.
    {.program = "schroot",
     .syntax = Syntax::getopt,
     .flags = "-h --help -V --version -l --list -i --info --config --location -q --quiet -v "
              "--verbose -a --all --all-chroots --all-sessions --all-source-chroots "
              "--exclude-aliases -p --preserve-environment --automatic-session -b "
              "--begin-session --recover-session -r --run-session -e --end-session -f --force",
     .valued = "-c --chroot -d --directory -u --user -o --option -n --session-name --debug -s "
               "--shell",
     .hidden = "-o --option -s --shell",
     .permute = true},
    // fakechroot (util-linux getopt `+l:d:sc:e:b:vh`): `-l LIB` is expanded by `eval`, `-d`
    // runs a loader, `-c DIR` holds environment files it sources: asked.
    {.program = "fakechroot",
     .syntax = Syntax::getopt,
     .flags = "-s --use-system-libs -v --version -h --help",
     .valued = "-l --lib -d --elfloader -c --config-dir -e --environment -b --bindir",
     .hidden = "-l --lib -d --elfloader -c --config-dir"},
    // Terminal emulators run the words after `-e` (xterm, urxvt, konsole, alacritty; st is a
    // wrapper, engine/programs_table_wrappers.cpp, since its `-e` is optional),
    // after `-x`/`--execute` or `--` (the GTK ones), or their operands (kitty, foot); the GTK
    // ones' `-e`/`--command` is one shell line. Xt's options are whole words (xterm).
    {.program = "xterm uxterm urxvt rxvt rxvt-unicode x-terminal-emulator",
     .flags = "-hold +hold -ls +ls -j +j -s +s -rv +rv -u8 +u8 -sb +sb -ut +ut -iconic "
              "-maximized -fullscreen +fullscreen -C -a -i -v",
     .valued = "-T -title -n -geometry -g -bg -fg -fn -fa -fs -fb -class -name -xrm -bd -bw -cr "
               "-ms -sl -ti -tn -display -w -c -f -l -o -t -into -lf -fi -sh -b",
     .argv = "-e",
     .skip = kNever},
    {.program = "konsole",
     .syntax = Syntax::clusters,
     .flags = "--hold --noclose --new-tab --separate --nofork --fullscreen --notransparency "
              "--show-menubar --hide-menubar --show-tabbar --hide-tabbar --background-mode",
     .valued = "--workdir -p --profile --layout --tabs-from-file --builtin-profile",
     .argv = "-e",
     .skip = kNever},
    {.program = "alacritty",
     .syntax = Syntax::clusters,
     .flags = "--hold --print-events --ref-test -q -qq -v -vv -vvv",
     .valued = "--working-directory -t --title --class --config-file --socket -o --option --embed",
     .argv = "-e --command",
     .skip = kNever},
    {.program = "gnome-terminal mate-terminal xfce4-terminal terminator tilix lxterminal",
     .syntax = Syntax::clusters,
     .flags = "--window --tab --maximize --full-screen --fullscreen --hide-menubar "
              "--show-menubar -q --quiet --wait --hold -H --disable-server --new-tab --drop-down "
              "--minimize",
     .valued = "-t -T --title --working-directory -w --geometry -g --profile -p --zoom --role "
               "--class --name --display --config -l --layout --tab-with-profile "
               "--window-with-profile",
     .line = "-e --command",
     .argv = "-x --execute",
     .skip = kNever,
     .plain_lines = true},
    {.program = "kitty foot",
     .syntax = Syntax::clusters,
     .flags = "--hold -H --detach --single-instance -1 -s --server",
     .valued = "-T --title -d --directory -D --working-directory -c --config -o --override "
               "--class --name -a --app-id --session --listen-on --start-as --instance-group "
               "-w --window-size-pixels -f --font -t --term"},
    // wezterm's `start` runs its operands (`-e` is accepted and ignored).
    {.program = "wezterm",
     .sub = "start",
     .syntax = Syntax::clusters,
     .flags = "--no-auto-connect --always-new-process --new-tab --attach -e",
     .valued = "--cwd --class --workspace --position --domain"},
    // nodemon runs a script with node, or the line of `-x`/`--exec`.
    {.program = "nodemon",
     .syntax = Syntax::clusters,
     .flags = "-q --quiet -V --verbose -L --legacy-watch --no-stdin --no-colors --on-change-only "
              "-I --spawn --exitcrash",
     .valued = "-w --watch -e --ext -i --ignore -d --delay --signal --config -C --cwd",
     .line = "-x --exec",
     .skip = kNever,
     .script_operand = true,
     .plain_lines = true},
};
const std::size_t kRunnerLaunchersCount = sizeof(kRunnerLaunchers) / sizeof(kRunnerLaunchers[0]);

}  // namespace vigie::engine
