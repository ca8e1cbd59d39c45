// The programs table: what each program does to files and to other programs, declared once.
// Read by engine/programs.cpp (effects of a command), engine/normalize.cpp (wrappers) and the
// docs. A program that is not here names paths only as engine/named_paths.cpp reads its words.
//
// Each entry: names, parsing style, operand shape, handler, options.
//
// Style letters:
//   p  long options may be abbreviated to any unambiguous prefix (GNU getopt_long)
//   m  options may follow operands (GNU permutes argv)
//   s  options stop at the first operand (POSIX, and every wrapper: the operand is the command)
//   S  a safe wrapper: allow rules look through it (`allow npm test` allows `time npm test`)
//   v  each name also stands for its target-prefixed spellings (`gcc-12`, `clang++-17`,
//      `x86_64-linux-gnu-gcc`; every entry takes a version suffix: `python3.12`), looked up by
//      `program_name` when the exact name is not in the table; `allow gcc` still does not allow
//      `gcc-12` (docs/programs.md)
//   @  an operand `@FILE` is a file of more options and operands (javac, rustc): read, and asked
//   _  a long option's `_` is `-` (node: `--experimental_loader` is `--experimental-loader`)
//   z  single-dash long options stand in short clusters too, the longest first, a value attached
//      (Info-ZIP: `-qTTCMD` is `-q -TT CMD`)
//   1  each word is one option, named by its first letter, never a cluster (xxd: `-ps`, `-bits`,
//      `-postscript` are `-p`); a value option takes the next word when the word is bare or
//      starts with one of its single-dash long spellings (`-cols 8`, `-seek 0`, `-group 4`),
//      else the rest of the word is its value (`-c8`)
//   ~  opens its paths as bash gives them, never expanding a `~` itself (coreutils, grep, sed,
//      awk, tar, findutils, diffutils, file, xxd): a quoted `~` is then a folder `~` of the
//      working folder (engine/shell_semantics.hpp `opens_as_given`); without it the program may
//      (ssh's `-i "~/.ssh/id"`, gdb, a script's `expanduser`) and the `~` stays the home folder
// Operand shape: one letter per operand position, `*X` for every remaining operand, `$X` for the
// last one (taken before `*`):
//   r read   w write   d delete   x run (a script file: read, its arguments are not paths)
//   m read, then rewritten in place (objcopy IN, strip)   D deleted with all below it (mv)
//   M rewritten in place, a folder with every file below it (formatters: `black DIR`)
//   g a folder written under names the line does not show (`git clone URL DIR`): `DIR/*`
//   R a folder read with every file below it (a file server's root: `http-server DIR`)
//   h a folder searched with all files below it but hidden names (rg, ag: flag Q reads those
//     too); with no operand the current folder
//   H the same, hidden names included (ack: only its own ignore lists, no dot rule)
//   l a folder listed with all folders below it (du, tree: flag L's; none: the current folder)
// A wrapper's shape starting with `=`: its first NAME=VALUE words are the command's environment
// (`env A=1 CMD`, `cross-env A=1 CMD`); the letters after it are its positionals before the
// command (timeout's `-` DURATION, chroot's `c` NEWROOT).
// A shape starting with `^`: with no operand, the program rewrites files of the current folder
// that its input names (`patch -p1 < x.diff`; engine/tree_writes.cpp).
// A last operand written (`$w`) may be a folder the sources are written into: `DIR/NAME` for
// each source NAME (engine/copy_into.cpp); `$C` likewise, a source `SRC/` standing for what SRC
// holds (rsync); `$L` likewise, a lone operand linked into the current folder (`ln -s TARGET`).
//   -  not a path      p a pattern or script (dropped when an option gives it: grep -e, sed -f)
//
// Options, space-separated: `-o|--output=w` (short and long spellings, `=` a required value,
// `?` an optional attached value, then the value's role), `!F` the role of the option itself.
// Value roles:
//   v a plain value        r w d  a path read / written / deleted
//   x a shell command line, run (judged as a nested script, and at least ask)
//   E Python code it runs (pylint --init-hook): asked, judged as python -c's code
//   y a file written, or a command line run when it starts with `|` or `!` (strace -o)
//   c a folder the program works in (read)      t a target folder (written; operands: sources)
//   p the pattern/script (drops the `p` operand) P a file holding it (read; drops `p`)
//   l a list of files read (--files0-from: asks)  F rsync filter (`merge F`, `. F`: F read)
//   a a path read when the value starts with `@` (curl -d @FILE; `-d "$X"`: a path not shown)
//   f a form field: `name=@FILE` / `name=<FILE` reads FILE (curl -F; `-F "k=$X"` likewise)
//   u a URL, or a path read: a `file:` URL's path, a word without `://` (pip -f, -i)
//   i o  `NAME=FILE`: FILE read / written (objcopy --add-section, --dump-section)
//   g a folder written under names the line does not show (wget -P): judged as `DIR/*`
//   s `KIND:PATH`: PATH written, a folder with all below it (pytest --cov-report html:DIR)
//   R a folder read with every file below it (a file server's root: `http.server -d DIR`)
//   b an output folder written with every file below it, under names taken from the program's
//     inputs (tsc --outDir, babel -d): judged as the folder's files, like operand role M
//   e the folder it works in, written under names the line does not show (patch -d): c and g
//   M n a module to load (perl -M), an ini setting (php -d): code unless plain (programs.cpp)
//   j `REV:PATH`, a path as a revision holds it: PATH read (git config --blob)
//   B a backup suffix: each file written is first renamed to its name and the suffix (cp -S)
//   K strace's `-e QUALIFIER=SET`: `inject=`, `fault=` (or a value not shown) asked
//   q `recurse` (or a prefix from `rec`, or a value not shown) sets flag Q (grep -d)
//   z `file:PATH`: PATH read; a style's name or inline settings name none (clang-format --style)
// Flag roles:
//   R W D  operands become read / write / delete (gzip -c, sed -i, find -delete)
//   !      runs something that cannot be seen: at least ask
//   N      the wrapper runs nothing (sudo -l, command -v)
//   P      the wrapper runs nothing, it acts on a running process the line does not start
//          (ionice -p, taskset -p, chrt -p): asked, as strace -p and gdb -p
//   X      the wrapper runs its command only when this option is given (bash's `jobs -x CMD`)
//   E      the wrapper edits its operands with an editor not shown (sudo -e): written, asked
//   H      alone, the wrapper starts an interactive shell (sudo -s, doas -s): asked
//   T      operands are all sources (cp -t given as a flag form)
//   I      the last operand is the target itself, never a folder to write into (cp -T)
//   A      a source keeps its whole path below the destination folder (cp --parents)
//   Y      the sources are the targets of symbolic links (ln -s), not second names of them
//   J j    the copies are links (cp -l hard, cp -s symbolic): the destination is judged as ln's
//   K      rewrites files of the work tree the line does not name (git reset --hard, git
//          checkout -f): any file below the current folder, at most asked
//   O      writes a file into the current folder (curl -O: named after the URL)
//   Q      folder operands are read with everything below them (grep -r, cp -r)
//   L      folder operands are listed with all folders below them (ls -R): Q, files only seen
//   p      the operands are folders listed, no pattern (rg --files): role h's folders listed
//   V      R and Q: operands become paths read, folders with everything below them
//          (`git diff --no-index A B` compares two trees)
//   U      operands are rewritten in place, folders with every file below them (role M:
//          `gofmt -w DIR`, `prettier --write DIR`)
//   Z      U, and with no operand the files of the current folder are rewritten (`rubocop -A`,
//          `codespell -w`): at most asked, like K
//   l      the operands (or the standard input) are lists of files read, names not shown
//          (`sha256sum -c`): asked, as role l
//   S      starts a file server of the current folder, unless an option of role R names its
//          root (`php -S ADDR`, `php -S ADDR -t DIR`): the folder read with everything below it
#include "engine/programs_decl.hpp"

namespace vigie::engine {

// clang-format off
const ProgramSource kPrograms[] = {
  // ---- wrappers: the operand is the command they run (engine/normalize.cpp) ----------------
  // A short option without a value whose long spelling takes an optional one is declared apart
  // (sudo's `-E` and `--preserve-env[=LIST]`, unshare's `-m` and `--mount[=FILE]`): as one, the
  // short would swallow the letters after it as its value (`sudo -Eu root CMD`, `unshare -Uw
  // DIR CMD`) and the value they take would be read as the command. `sudo -i` runs its command
  // with the target's login shell, in the target's home: asked.
  {"sudo", "ps", "=", "wrapper",
   "-u|--user=v -g|--group=v -a|--auth-type=v -c|--login-class=v -p|--prompt=v -C|--close-from=v -D|--chdir=c -r|--role=v -t|--type=v "
   "-T|--command-timeout=v -U|--other-user=v -h?v --host=v -R|--chroot=c!! -E --preserve-env?v "
   "-A|--askpass -b|--background -H|--set-home -i|--login!! -k|--reset-timestamp -n|--non-interactive "
   "-P|--preserve-groups -S|--stdin -s|--shell!H -B|--bell -e|--edit!E -l|--list!N -v|--validate!N "
   "-V|--version!N -K|--remove-timestamp!N --help!N"},
  {"sudoedit", "ps", "*w", "wrapper",
   "-u|--user=v -g|--group=v -C|--close-from=v -D|--chdir=c -h?v --host=v -p|--prompt=v "
   "-r|--role=v -t|--type=v -T|--command-timeout=v -A|--askpass -k|--reset-timestamp "
   "-n|--non-interactive -S|--stdin -B|--bell --help!N -V|--version!N"},
  {"doas", "s", "", "wrapper", "-a=v -u=v -C=r!N -n -s!H -L!N"},
  // run0 (systemd 256, getopt_long with `+`): a unit property may change what runs or what it
  // reaches (`-p ExecStartPre=…`, `Environment=LD_PRELOAD=…`): asked.
  {"run0", "ps", "", "wrapper",
   "-u|--user=v -g|--group=v --nice=v -D|--chdir=c --setenv=v --unit=v -p|--property=v!! "
   "--description=v --slice=v --slice-inherit --background=v --machine=v --pty --pipe "
   "--no-ask-password -h|--help!N --version!N"},
  {"env", "ps", "=", "wrapper",
   "-u|--unset=v -C|--chdir=c -S|--split-string=x -i|--ignore-environment -0|--null -v|--debug "
   "--block-signal?v --default-signal?v --ignore-signal?v --list-signal-handling -P=v!! "
   "--help!N --version!N"},
  {"nice", "psS", "", "wrapper", "-n|--adjustment=v --help!N --version!N"},
  {"nohup", "psS", "", "wrapper", "--help!N --version!N"},
  // bash's `coproc CMD…` runs CMD in the background with pipes to it (`coproc NAME { … }`, a
  // compound command, is not read by the grammar: asked as unparsable).
  {"coproc", "sS", "", "wrapper", ""},
  {"time", "psS", "", "wrapper",
   "-o|--output=w -f|--format=v -a|--append -p|--portability -q|--quiet -v|--verbose --help!N "
   "-V|--version!N"},
  {"timeout", "psS", "-", "wrapper",
   "-s|--signal=v -k|--kill-after=v --foreground --preserve-status -v|--verbose --help!N "
   "--version!N"},
  {"stdbuf", "psS", "", "wrapper", "-i|--input=v -o|--output=v -e|--error=v --help!N --version!N"},
  {"command", "sS", "", "wrapper", "-p -v!N -V!N"},
  {"builtin", "sS", "", "wrapper", ""},
  {"exec", "s", "", "wrapper", "-a=v -c -l"},
  {"xargs", "ps", "", "wrapper",
   "-a|--arg-file=r -d|--delimiter=v -E=v -e|--eof?v -I=v -i|--replace?v -L=v --max-lines?v "
   "-l?v -n|--max-args=v -P|--max-procs=v -s|--max-chars=v --process-slot-var=v -0|--null "
   "-o|--open-tty -p|--interactive -r|--no-run-if-empty -t|--verbose -x|--exit --show-limits "
   "--help!N --version!N"},
  {"ionice", "psS", "", "wrapper",
   "-c|--class=v -n|--classdata=v -p|--pid=v!P -P|--pgid=v!P -u|--uid=v!P -t|--ignore --help!N "
   "-V|--version!N"},
  {"setsid", "psS", "", "wrapper", "-c|--ctty -f|--fork -w|--wait --help!N -V|--version!N"},
  {"caffeinate", "sS", "", "wrapper", "-t=v -w=v -d -i -m -s -u"},
  {"taskset", "psS", "-", "wrapper",
   "-a|--all-tasks -p|--pid!P -c|--cpu-list -h|--help!N -V|--version!N"},
  {"flock", "ps", "w", "wrapper",
   "-s|--shared -x|--exclusive -u|--unlock -n|--nonblock -w|--timeout=v "
   "-E|--conflict-exit-code=v -o|--close -c|--command=x -F|--no-fork --verbose -h|--help!N "
   "-V|--version!N"},
  {"chrt", "ps", "-", "wrapper",
   "-a|--all-tasks -b|--batch -d|--deadline -f|--fifo -i|--idle -o|--other -r|--rr "
   "-R|--reset-on-fork -T|--sched-runtime=v -P|--sched-period=v -D|--sched-deadline=v "
   "-p|--pid!P -m|--max!N -v|--verbose -h|--help!N -V|--version!N"},
  {"unbuffer", "s", "", "wrapper", "-p"},
  {"unshare", "ps", "", "wrapper",
   "-m --mount?v -u --uts?v -i --ipc?v -n --net?v -p --pid?v -U --user?v -C --cgroup?v "
   "-T --time?v -f|--fork -r|--map-root-user -c|--map-current-user --map-auto --mount-proc?v "
   "-R|--root=c -w|--wd=c -S|--setuid=v -G|--setgid=v --propagation=v --setgroups=v "
   "--kill-child?v --keep-caps --map-user=v --map-group=v --map-users=v --map-groups=v "
   "-l|--load-interp=r!! --monotonic=v --boottime=v -h|--help!N -V|--version!N"},
  {"nsenter", "ps", "", "wrapper",
   "-t|--target=v!! -a|--all -m|--mount?v -u|--uts?v -i|--ipc?v -n|--net?v -p|--pid?v "
   "-C|--cgroup?v -U|--user?v -T|--time?v -S|--setuid=v -G|--setgid=v --preserve-credentials "
   "-r|--root?v -w|--wd?c!! -W=c --wdns?c -e|--env -F|--no-fork -Z|--follow-context --user-parent "
   "--keep-caps -h|--help!N -V|--version!N"},
  {"numactl", "ps", "", "wrapper",
   "-a|--all -i|--interleave=v -p|--preferred=v -P|--preferred-many=v -m|--membind=v "
   "-N|--cpunodebind=v -C|--physcpubind=v -l|--localalloc -w|--weighted-interleave=v "
   "-b|--balancing -s|--show!N -H|--hardware!N --huge --touch --strict"},
  {"cpulimit", "ps", "", "wrapper",
   "-l|--limit=v -p|--pid=v!P -e|--exe=v!P -P|--path=v!P -i|--include-children -z|--lazy "
   "-v|--verbose -b|--background -q|--quiet -m|--monitor-forks -c|--cpu=v -s|--signal=v"},
  {"faketime", "s", "-", "wrapper", "-m -f -p=v --exclude-monotonic --disable-shm --date-prog=v!!"},
  {"fakeroot", "s", "", "wrapper", "-l|--lib=r!! -s=w -i=r -u|--unknown-is-real -b=v --faked=v!!"},
  {"proxychains proxychains4", "s", "", "wrapper", "-q -f=r"},
  {"torsocks", "ps", "", "wrapper",
   "-u|--user=v -p|--pass=v -a|--address=v -P|--port=v -d|--debug -i|--isolate -6|--ipv6 "
   "-q|--quiet --shell!!"},
  {"firejail", "s", "", "wrapper",
   "--profile=r --private?v --whitelist=v --blacklist=v --read-only=v --net=v --dns=v --name=v "
   "--join=v!N --list!N --tree!N --version!N --help!N"},
  // strace `-p PID` prints a running process's system calls and the data it reads: asked
  // (ltrace's `-p` likewise; nsenter `-t` runs its command in a running process's namespaces).
  {"strace", "ps", "", "wrapper",
   "-o|--output=y -e=K -p|--attach=v!! -u|--user=v -s|--string-limit=v -a|--columns=v "
   "-b|--detach-on=v -E|--env=v -I=v -O=v -S|--summary-sort-by=v -P|--trace-path=v "
   "-X|--const-print-style=v -f|--follow-forks -F -c|--summary-only -C|--summary -w -t -T -y -k "
   "-q -v -x -i -r -z -Z -D -d -h|--help!N -V|--version!N --inject=v!! --fault=v!!"},
  {"ltrace", "ps", "", "wrapper",
   "-o|--output=w -e=v -p=v!! -u=v -s=v -a|--align=v -n|--indent=v -l|--library=r "
   "-F|--config=r -w|--where=v -x=v -D|--debug=v -f -c -C -i -r -S -t -T -b -h|--help!N "
   "-V|--version!N"},
  {"screen", "s", "", "wrapper",
   "-d -m -D -R -A -L -U -a -i -l -n -O -q -S=v -Logfile=w -c=r!! -e=v -h=v -p=v -s=v -t=v -T=v "
   "-X=v!! -r?v!N -x?v!N -ls!N -list!N -wipe!N -v!N"},
  {"entr", "s", "", "wrapper", "-a -c -d -n -p -r -s!! -z -x"},
  {"setpriv", "ps", "", "wrapper",
   "-d|--dump!N --nnp|--no-new-privs --ambient-caps=v --inh-caps=v --bounding-set=v --ruid=v "
   "--euid=v --rgid=v --egid=v --reuid=v --regid=v --clear-groups --keep-groups --init-groups "
   "--groups=v --securebits=v --pdeathsig=v --selinux-label=v --apparmor-profile=v "
   "--landlock-access=v --landlock-rule=v --seccomp-filter=r --reset-env -h|--help!N "
   "-V|--version!N"},
  {"dbus-run-session", "s", "", "wrapper",
   "--dbus-daemon=v!! --config-file=r --help!N --version!N"},
  {"ssh-agent", "s", "", "wrapper", "-c -s -D -d -a=w -E=v -O=v -P=v -t=v -k!N"},
  // sshpass (getopt `+f:d:p:P:heVv`): the password from `-p`, a file (`-f`, read), a descriptor
  // or $SSHPASS, then the command it types it into.
  {"sshpass", "s", "", "wrapper", "-p=v -f=r -d=v -P=v -e -v -h!N -V!N"},
  {"valgrind", "s", "", "wrapper",
   "--tool=v --log-file=w --xml-file=w --log-fd=v --log-socket=v --suppressions=r --vgdb-prefix=w "
   "--xtree-memory-file=w --xtree-leak-file=w --massif-out-file=w --cachegrind-out-file=w "
   "--callgrind-out-file=w --dhat-out-file=w --gen-suppressions=v --trace-children=v "
   "--leak-check=v --db-command=v!! -q|--quiet -v|--verbose -h|--help!N --version!N"},

  // ---- coreutils and friends: readers ----------------------------------------------------------
  {"cat tac rev tsort sum realpath readlink md5 rmd160",
   "pm~", "*r", "", "--files0-from=l -a|--algorithm=v -l|--length=v --relative-to=v "
   "--relative-base=v"},
  {"wc", "pm~", "*r", "", "--files0-from=l --total=v"},
  {"head tail", "pm~", "*r", "",
   "-n|--lines=v -c|--bytes=v -s|--sleep-interval=v --pid=v --max-unchanged-stats=v "
   "-f --follow?v"},
  {"cut", "pm~", "*r", "",
   "-b|--bytes=v -c|--characters=v -d|--delimiter=v -f|--fields=v --output-delimiter=v"},
  {"nl", "pm~", "*r", "",
   "-b|--body-numbering=v -d|--section-delimiter=v -f|--footer-numbering=v "
   "-h|--header-numbering=v -i|--line-increment=v -l|--join-blank-lines=v -n|--number-format=v "
   "-s|--number-separator=v -v|--starting-line-number=v -w|--number-width=v"},
  {"fold fmt", "pm", "*r", "", "-w|--width=v -p|--prefix=v -g|--goal=v"},
  {"expand unexpand", "pm", "*r", "", "-t|--tabs=v"},
  // base64 of macOS (BSD) too: `-i FILE` read, `-o FILE` written, `-b COUNT`.
  {"base32 base64 basenc", "pm~", "*r", "", "-w|--wrap=v -o|--output=w -i|--input=r -b|--break=v"},
  {"od", "pm~", "*r", "",
   "-A|--address-radix=v -j|--skip-bytes=v -N|--read-bytes=v -S=v --strings?v -t|--format=v "
   "-w|--width?v --endian=v"},
  {"strings", "pm@", "*r", "",
   "-n|--bytes=v -t|--radix=v -e|--encoding=v -T|--target=v -s|--output-separator=v"},
  {"hexdump hd", "pm", "*r", "", "-e|--format=v -f|--format-file=r -n|--length=v -s|--skip=v "
   "-L|--color?v -b|--one-byte-octal -c|--one-byte-char -C|--canonical -v|--no-squeezing"},
  // `-m A:B` reads each file of the list (asked: the list is not split here); `-C` compiles
  // them into NAME.mgc in the current folder.
  {"file", "pm~", "*r", "", "-m|--magic-file=r!! -f|--files-from=l -F|--separator=v -e|--exclude=v "
   "-P|--parameter=v --exclude-quiet=v -C|--compile!!"},
  {"stat", "pm~", "*r", "", "-c|--format=v --printf=v --cached=v"},
  {"date", "pm", "", "",
   "-f|--file=r -r|--reference=r -d|--date=v -s|--set=v -I|--iso-8601?v --rfc-3339=v "
   "-u|--utc|--universal -R|--rfc-email --debug --resolution --help!N --version!N"},
  {"ls dir vdir", "pm~", "*r", "",
   "-R|--recursive!L -I|--ignore=v --hide=v -T|--tabsize=v -w|--width=v --time-style=v --block-size=v --sort=v "
   "--format=v --color?v --quoting-style=v --indicator-style=v --time=v --hyperlink?v"},
  {"du", "pm~", "*l", "",
   "-B|--block-size=v -d|--max-depth=v -t|--threshold=v --exclude=v -X|--exclude-from=r "
   "--files0-from=l --time?v --time-style=v"},
  {"tree", "m", "*l", "", "-L=v -P=v -I=v -o=w --filelimit=v --timefmt=v -H=v -T=v --charset=v"},
  // less takes unambiguous prefixes of its long options; an uppercase name (`--LOG-FILE`, the
  // `-O` of `--log-file`'s `-o`) needs only its first letter capitalized (`--Log-f=F`): handler
  // `pager` uppercases such a name before the table reads it. A lesskey file can set LESSOPEN
  // (a command run on every file): `-k`, `--lesskey-src`, `--lesskey-content` are asked.
  {"less zless xzless bzless lzless zstdless pager sensible-pager", "pm", "*r", "pager",
   "--help!N -a|--search-skip-screen -A|--SEARCH-SKIP-SCREEN -b|--buffers=v -B|--auto-buffers "
   "-c|--clear-screen -C|--CLEAR-SCREEN -d|--dumb -D|--color=v -e|--quit-at-eof -E|--QUIT-AT-EOF "
   "-f|--force -F|--quit-if-one-screen -g|--hilite-search -G|--HILITE-SEARCH "
   "-h|--max-back-scroll=v -i|--ignore-case -I|--IGNORE-CASE -j|--jump-target=v "
   "-J|--status-column -k|--lesskey-file=r!! -K|--quit-on-intr -L|--no-lessopen "
   "-m|--long-prompt -M|--LONG-PROMPT -n|--line-numbers -N|--LINE-NUMBERS -o|--log-file=w "
   "-O|--LOG-FILE=w -p|--pattern=v -P|--prompt=v -q|--quiet|--silent -Q|--QUIET|--SILENT "
   "-r|--raw-control-chars -R|--RAW-CONTROL-CHARS -s|--squeeze-blank-lines "
   "-S|--chop-long-lines -t|--tag=v -T|--tag-file=r -u|--underline-special "
   "-U|--UNDERLINE-SPECIAL -V|--version!N -w|--hilite-unread -W|--HILITE-UNREAD -x|--tabs=v "
   "-X|--no-init -y|--max-forw-scroll=v -z|--window=v -\"|--quotes=v -~|--tilde -#|--shift=v "
   "--lesskey-src=r!! --lesskey-content=v!! --file-size --follow-name --incsearch "
   "--line-num-width=v --mouse --no-keypad --no-histdups --rscroll=v --save-marks "
   "--status-col-width=v --use-backslash --use-color --wheel-lines=v --exit-follow-on-close "
   "--header=v --intr=v --match-shift=v --modelines=v --no-number-headers "
   "--no-search-header-lines --no-search-headers --no-vbell --proc-backspace "
   "--PROC-BACKSPACE --proc-return --PROC-RETURN --proc-tab --PROC-TAB --redraw-on-quit "
   "--search-options=v --show-preproc-errors --status-line --wordwrap --form-feed "
   "--no-edit-warn --no-paste --autosave=v"},
  {"more zmore xzmore bzmore lzmore", "m", "*r", "pager", "-d -f -l -c -p -s -u -n=v"},
  {"man", "pm", "*r", "",
   "-P|--pager=x -H|--html?x -C|--config-file=r!! -M|--manpath=v -l|--local-file!R -r|--prompt=v!! "
   "-p|--preprocessor=v -R|--recode=v -T|--troff-device?v -X|--gxditview?v -E|--encoding=v "
   "-L|--locale=v -m|--systems=v -S|-s|--sections=v -e|--extension=v -K|--global-apropos "
   "-k|--apropos -f|--whatis -a|--all -w|--where!N -W|--where-cat!N"},
  {"bat batcat", "m", "*r", "",
   "-l|--language=v -H|--highlight-line=v -r|--line-range=v --theme=v --style=v --tabs=v "
   "--wrap=v --terminal-width=v --color=v --italic-text=v --decorations=v --paging=v --pager=x "
   "-m|--map-syntax=v --file-name=v --diff-context=v"},
  {"column", "pm", "*r", "",
   "-s|--separator=v -c|--output-width=v -o|--output-separator=v -N|--table-columns=v "
   "-R|--table-right=v -E|--table-noextreme=v -d|--table-noheadings -W|--table-wrap=v "
   "-H|--table-hide=v -O|--table-order=v -n|--table-name=v -l|--table-columns-limit=v"},
  {"shuf", "pm", "*r", "",
   "-n|--head-count=v -o|--output=w --random-source=r -i|--input-range=v"},
  {"sort", "pm~", "*r", "",
   "-o|--output=w -T|--temporary-directory=g --compress-program=x --files0-from=l -k|--key=v "
   "-t|--field-separator=v -S|--buffer-size=v --parallel=v --batch-size=v --sort=v --random-source=r"},
  {"uniq", "pm~", "rw", "", "-f|--skip-fields=v -s|--skip-chars=v -w|--check-chars=v"},
  // xxd reads one option per word by its first letter (style 1: `-ps`, `-bits`, `-cols 4`).
  {"xxd", "s1~", "rw", "",
   "-c|-cols=v -g|-group=v -l|-len=v -o|-offset=v -s|-seek=v -n|-name=v -C|-capitalize -b -e -i -p "
   "-r -u -E -a -d -h -v"},
  {"iconv", "pm", "*r", "", "-f|--from-code=v -t|--to-code=v -o|--output=w"},
  {"tr", "pm", "", "", ""},
  {"cd pushd", "s", "r", "", "-L -P -e -@"},
  {"source .", "s", "x*-", "", ""},
  // bash's `help [-dms] PATTERN…`: the operands are topics matched against the builtins' names.
  {"help", "s", "*-", "", "-d -m -s"},

  // ---- search --------------------------------------------------------------------------------
  {"grep egrep fgrep rgrep zgrep zegrep zfgrep xzgrep xzegrep xzfgrep bzgrep bzegrep bzfgrep "
   "lzgrep lzegrep lzfgrep zstdgrep", "pm~", "p*r", "",
   "-e|--regexp=p -f|--file=P -A|--after-context=v -B|--before-context=v -C|--context=v "
   "-m|--max-count=v -d|--directories=q -D|--devices=v --include=v --exclude=v --exclude-dir=v "
   "--exclude-from=r --label=v --color?v --colour?v --binary-files=v --group-separator=v "
   "-r|--recursive!Q -R|--dereference-recursive!Q"},
  {"rg", "m", "p*h", "",
   "-e|--regexp=p -f|--file=P --pre=x --pre-glob=v -g|--glob=v --iglob=v -t|--type=v "
   "-T|--type-not=v --type-add=v --type-clear=v -j|--threads=v -m|--max-count=v "
   "-A|--after-context=v -B|--before-context=v -C|--context=v -M|--max-columns=v "
   "--ignore-file=r -r|--replace=v -E|--encoding=v --engine=v --sort=v --sortr=v "
   "-d|--max-depth=v --max-filesize=v --color=v --colors=v --context-separator=v "
   "--path-separator=v --dfa-size-limit=v --regex-size-limit=v --field-context-separator=v "
   "--field-match-separator=v --hostname-bin=x --hyperlink-format=v --files!p "
   // rg skips hidden and ignored files unless told: then it reads what a folder holds.
   "-.|--hidden!Q -u|--unrestricted!Q --no-ignore!Q --no-ignore-vcs!Q --no-ignore-dot!Q "
   "--no-ignore-parent!Q --no-ignore-global!Q --no-ignore-exclude!Q --no-ignore-files!Q"},
  // ack searches folders recursively by default (the current one without an operand); it skips
  // version-control folders and backups, not hidden files (`.env` is searched).
  {"ack ack-grep", "m", "p*H", "",
   "--match=p -f!N -g=p --files-from=r -x --ignore-dir|--ignore-directory=v --noignore-dir=v "
   "--ignore-file=v -t|--type=v -T=v --type-add=v --type-set=v --type-del=v -A|--after-context=v "
   "-B|--before-context=v -C|--context?v -m|--max-count=v --output=v --pager=x --color-match=v "
   "--color-filename=v --color-lineno=v --color-colno=v --ackrc=r --range-start=v --range-end=v "
   "-r|-R|--recurse -n|--no-recurse"},
  {"ag", "m", "p*h", "", "-G|--file-search-regex=v --ignore=v -A=v -B=v -C=v -m=v -p|--path-to-ignore=r "
   "--hidden!Q -u|--unrestricted!Q -U|--skip-vcs-ignores!Q"},
  {"fd fdfind", "m", "p*h", "fd",
   "-H|--hidden!Q -u|--unrestricted!Q -e|--extension=v -t|--type=v -E|--exclude=v -d|--max-depth=v --min-depth=v -j|--threads=v "
   "-S|--size=v --changed-within=v --changed-before=v -o|--owner=v --base-directory=c "
   "--path-separator=v -c|--color=v --ignore-file=r --search-path=r --max-results=v"},
  {"find", "~", "", "find", ""},
  {"jq gojq jaq", "pm", "p*r", "jq",
   "-f|--from-file=P --arg=v --argjson=v --slurpfile --rawfile --args --jsonargs "
   "--indent=v -L|--library-path=r"},

  // ---- scripts of their own ------------------------------------------------------------------
  {"sed gsed", "pm~", "p*r", "sed",
   "-e|--expression=p -f|--file=P -i|--in-place?v!W -l|--line-length=v -s|--separate "
   "-n|--quiet|--silent -E|-r|--regexp-extended -u|--unbuffered -z|--null-data --posix "
   "--sandbox --follow-symlinks --debug"},
  {"awk gawk mawk nawk busybox-awk", "ps~", "p*r", "awk",
   "-f|--file=P -v|--assign=v -F|--field-separator=v -E|--exec=P -i|--include=r -l|--load=r!! "
   "-o|--pretty-print?w -p|--profile?w -d|--dump-variables?w -D|--debug?v -e|--source=p "
   "-b|--characters-as-bytes -c|--traditional -C|--copyright -g|--gen-pot -h|--help -L|--lint?v "
   "-M|--bignum -N|--use-lc-numeric -n|--non-decimal-data -O|--optimize -P|--posix "
   "-r|--re-interval -s|--no-optimize -S|--sandbox -t|--lint-old -V|--version -W=v"},
  {"dd", "~", "", "dd", ""},

  // ---- files: writers, movers, deleters ----------------------------------------------------
  {"rm unlink rmdir shred srm", "pm~", "*d", "",
   "-u|--remove?v --interactive?v -n|--iterations=v -s|--size=v --random-source=r "
   "-r|-R|--recursive!Q"},
  {"touch", "pm~", "*w", "", "-r|--reference=r -d|--date=v -t=v --time=v"},
  {"mkdir mkfifo mknod", "pm~", "*w", "", "-m|--mode=v -Z --context?v"},
  // Rewritten in place: mogrify (every image operand; option values are taken as operands,
  // which only over-reads), recode's files, sd's files (unless `-p`), setfattr's.
  {"mogrify", "m", "*w", "", "-path=g -write=w"},
  {"convert magick", "m", "*r$w", "", "-write=w"},
  {"recode", "pm", "-*w", "", "-l|--list?v!R"},
  {"sd", "m", "--*w", "", "-p|--preview!R -F|--fixed-strings -n|--max-replacements=v -f|--flags=v"},
  {"setfattr", "pm", "*w", "",
   "-n|--name=v -v|--value=v -x|--remove=v --restore=r!! -h|--no-dereference"},
  {"exiftool", "m", "*r", "",
   "-o=w -overwrite_original!W -overwrite_original_in_place!W -tagsFromFile=r -@=r -w=v"},
  // mktemp creates a file (or folder) named after its template, in `-p DIR` when given.
  {"mktemp", "pm", "w", "", "-p=g --tmpdir?g -t -d|--directory -u|--dry-run!R -q|--quiet --suffix=v"},
  {"tee sponge", "pm~", "*w", "", "--output-error?v"},
  {"cp", "pm~", "*r$w", "",
   "-t|--target-directory=t -S|--suffix=B --backup?v --sparse=v --reflink?v --preserve?v "
   "--no-preserve=v --update?v -T|--no-target-directory!I --context?v -r|-R|--recursive!Q "
   "-a|--archive!Q --parents!A -l|--link!J -s|--symbolic-link!j"},
  {"mv", "pm~", "*D$w", "",
   "-t|--target-directory=t -S|--suffix=B --backup?v --update?v -T|--no-target-directory!I"},
  // A hard link is a second name of its source: what is written through it changes the
  // source (its operands are written, unless `-s` makes them the targets of symbolic links).
  {"ln link", "pm~", "*r$L", "",
   "-t|--target-directory=t -S|--suffix=B --backup?v -T|--no-target-directory!I "
   "-s|--symbolic!Y -P|--physical -L|--logical"},
  {"install", "pm~", "*r$w", "",
   "-t|--target-directory=t -m|--mode=v -o|--owner=v -g|--group=v -S|--suffix=B --backup?v "
   "--strip-program=x -s|--strip -d|--directory!W -D -T|--no-target-directory!I"},
  // rsync parses with popt: long options by their exact names only (no prefixes).
  {"rsync", "m", "*r$C", "",
   "-e|--rsh=x --rsync-path=x --files-from=l --exclude-from=r --include-from=r -f|--filter=F "
   "--exclude=v --include=v --log-file=w --password-file=r --backup-dir=w -T|--temp-dir=w "
   "--partial-dir=w --compare-dest=r --copy-dest=r --link-dest=r --write-batch=w "
   "--only-write-batch=w --read-batch=r --chmod=v --chown=v --usermap=v --groupmap=v "
   "--timeout=v --contimeout=v --bwlimit=v --port=v --address=v --sockopts=v --out-format=v "
   "--log-file-format=v --max-size=v --min-size=v --max-delete=v --block-size=v --checksum-choice=v "
   "--compress-choice=v --compress-level=v --skip-compress=v --iconv=v --suffix=B --modify-window=v "
   "--info=v --debug=v --outbuf=v --stop-after=v --stop-at=v --protocol=v -M|--remote-option=v "
   "--mkpath --remove-source-files!D -r|--recursive!Q -a|--archive!Q --early-input=r "
   "--daemon!! --config=r --dparam=v!!"},
  {"sqlite3", "m", "w*-", "sql",
   "-cmd|--cmd=v -init|--init=r -separator|--separator=v -nullvalue|--nullvalue=v "
   "-newline|--newline=v -bail -batch -csv -json -line -list -html -readonly|--readonly -echo "
   "-header -noheader -interactive -safe|--safe -version!N -help!N -vfs|--vfs=v -mmap|--mmap=v "
   "-maxsize|--maxsize=v -nonce|--nonce=v -lookaside|--lookaside=v!! -pagecache|--pagecache=v!!"},
  {"patch", "pm", "^wr", "",
   "-i|--input=r -o|--output=w -r|--reject-file=w -d|--directory=e -B|--prefix=g -p|--strip=v "
   "--dry-run!R -e|--ed!! -g|--get=v!! "
   "-D|--ifdef=v -F|--fuzz=v -V|--version-control=v -Y|--basename-prefix=g -z|--suffix=B "
   "--merge?v --quoting-style=v"},
  // Compressors write a name derived from the operand (handler `compress`,
  // engine/program_convert.cpp): `gzip F` writes F.gz, `gunzip F.gz` writes F, lz4 `IN OUT`.
  {"gzip gunzip bzip2 bunzip2 xz unxz lzma unlzma compress uncompress "
   "pigz unpigz lzip pbzip2 lbzip2", "pm~", "*w", "compress",
   "-c|--stdout!R --to-stdout!R -t|--test!R -l|--list!R -d|--decompress|--uncompress "
   "-k|--keep -N|--name -n|--no-name -S|--suffix=v -o|--output=w -T|--threads=v "
   "-M|--memlimit=v --format=v --check=v -b|--block-size=v -p|--processes=v "
   "-D=r --patch-from=r --filelist=l --files?r --files0?r --output-dir-flat=w "
   "--output-dir-mirror=w -m|--multiple -r|--recursive"},
  // zip: engine/programs_table_data.cpp.
  // unzip's members, extracted where their names put them (below `-d DIR`, whose every file is
  // written), are patterns unzip matches itself (`*`, `?`, `[…]`; `-C`: any case): globs
  // (handler `archive`); listing, testing and piping write nothing.
  {"unzip", "m", "^r*w", "archive", "-d=g -x=v -P=v -O=v -I=v -C -W -l!R -t!R -p!R -v!R -z!R -Z!R -:!!"},
  {"tar gtar bsdtar", "pm~", "", "tar",
   "-f|--file=w -C|--directory=c -T|--files-from=l -X|--exclude-from=r -I|--use-compress-program=x "
   "-F|--info-script|--new-volume-script=x --to-command=x --checkpoint-action=x --rsh-command=x "
   "--rmt-command=x -g|--listed-incremental=w -K|--starting-file=v -L|--tape-length=v "
   "-N|--newer|--after-date=v -V|--label=v -H|--format=v -b|--blocking-factor=v --exclude=v "
   "--transform|--xform=v --owner=v --group=v --mode=v --mtime=v --checkpoint?v "
   "--index-file=w --volno-file=w --backup?v --suffix=v --record-size=v --strip-components=v "
   "--occurrence?v --quoting-style=v --owner-map=r --group-map=r --sort=v --warning=v "
   "--newer-mtime=v --exclude-tag=v --exclude-tag-under=v --exclude-tag-all=v --hole-detection=v "
   "--level=v --pax-option=v --atime-preserve?v --one-top-level?g --add-file=r -P|--absolute-names!!"},

  // ---- build tools and package managers ------------------------------------------------------
  {"cmake", "m", "*r", "cmake",
   "-P=r -S=r -B=w -C=r!! -D=v -U=v -G=v -T=v -A=v --build=w --install=w --preset=v --toolchain=r "
   "--graphviz=w --profiling-output=w --trace-redirect=w --system-information!W "
   "--target=v -j|--parallel?v --config=v --prefix=w "
   // `--version [FILE]`, `--help-* [ARG] [FILE]`: the text is written to FILE.
   "-version|--version!W --help-full!W --help-manual!W --help-manual-list!W --help-command!W "
   "--help-command-list!W --help-commands!W --help-module!W --help-module-list!W "
   "--help-modules!W --help-policy!W --help-policy-list!W --help-policies!W --help-property!W "
   "--help-property-list!W --help-properties!W --help-variable!W --help-variable-list!W "
   "--help-variables!W"},
  {"apt apt-get aptitude apt-cache", "pm", "", "",
   "-o|--option=v!! -c|--config-file=r!! -t|--target-release=v -y|--yes|--assume-yes -q|--quiet "
   "-s|--simulate --no-install-recommends"},
  {"make gmake", "pm", "", "make",
   "-f|--file|--makefile=r -C|--directory=c -E|--eval=x -I|--include-dir=r -o|--old-file|--assume-old=v "
   "-W|--what-if|--new-file|--assume-new=v -j|--jobs?v -l|--load-average?v -O|--output-sync?v "
   "--jobserver-auth=v --jobserver-style=v --debug?v --shuffle?v -t|--touch!W"},
  // pip's first operand is its subcommand; the others are read when they name files (`pip hash
  // FILE`, `pip install ./x.whl`); `--cert`, `--client-cert` read theirs; `-f`, `-i`: role u.
  // `--keyring-provider` may run the `keyring` program of the PATH (`subprocess`): asked.
  {"pip pip3", "pm", "-*r", "",
   "-t|--target=w --prefix=w --root=w --user!! -r|--requirement=r -c|--constraint=r "
   "-e|--editable=r --src|--source|--source-dir|--source-directory=w --cache-dir=w "
   "--log|--log-file|--local-log=w -i|--index-url=u --extra-index-url=u "
   "-f|--find-links=u --keyring-provider=v!! --trusted-host=v --proxy=v --timeout=v --retries=v --platform=v "
   "--python-version=v --implementation=v --abi=v --progress-bar=v --config-settings=v "
   "--report=w -d|--dest=w -w|--wheel-dir=b --editor=x --cert=r --client-cert=r --python=x"},
  {"cargo", "m", "", "fmt-command",
   "--root=w --target-dir=w --manifest-path=r -Z=v --config=x --features=v -p|--package=v "
   "--bin=v --example=v --test=v --bench=v --target=v -j|--jobs=v --profile=v --color=v "
   "--message-format=v --git=v --branch=v --tag=v --rev=v --path=r --registry=v --index=v "
   "--version=v --vers=v --name=v --vcs=v --edition=v --artifact-dir=b --out-dir=b"},

  // ---- programs that run other programs (engine/program_tmux.cpp, program_containers.cpp,
  // program_build.cpp): what they run is judged as a command or a nested script, or asked ------
  // byobu hands its arguments to tmux (its default backend).
  {"tmux byobu byobu-tmux", "", "", "tmux", ""},
  // docker, podman, nerdctl: global options, then `run|create|exec|cp|build`, `container …`,
  // `compose …`; each subcommand's options are the entry `docker:SUB` (pflag: no prefixes).
  // Global options: docker's, then podman's (its helpers `--conmon`, `--runtime`,
  // `--network-cmd-path` and `--hooks-dir` are programs it runs).
  {"docker podman nerdctl", "s", "", "container",
   "--config=r -c|--context=v -D|--debug -H|--host=v -l|--log-level=v --tls --tlscacert=r "
   "--tlscert=r --tlskey=r --tlsverify -v|--version!N --help!N "
   "--root=w --runroot=w --storage-driver=v --storage-opt=v --url=v --connection=v -r|--remote "
   "--hooks-dir=r!! --conmon=v!! --runtime=v!! --network-cmd-path=v!! --cgroup-manager=v "
   "--events-backend=v --identity=r --module=r --ssh=v --syslog --tmpdir=w --transient-store "
   "--noout --out=w --volumepath=w --imagestore=w --db-backend=v --namespace=v"},
  {"docker:run docker:create", "s", "", "",
   "--add-host=v --annotation=v -a|--attach=v --blkio-weight=v --blkio-weight-device=v "
   "--cap-add=v --cap-drop=v --cgroup-parent=v --cgroupns=v --cidfile=w --cpu-count=v "
   "--cpu-percent=v --cpu-period=v --cpu-quota=v --cpu-rt-period=v --cpu-rt-runtime=v "
   "-c|--cpu-shares=v --cpus=v --cpuset-cpus=v --cpuset-mems=v -d|--detach --detach-keys=v "
   "--device=v --device-cgroup-rule=v --device-read-bps=v --device-read-iops=v "
   "--device-write-bps=v --device-write-iops=v --disable-content-trust --dns=v --dns-option=v "
   "--dns-search=v --domainname=v --entrypoint=v -e|--env=v --env-file=r --expose=v --gpus=v "
   "--group-add=v --health-cmd=v --health-interval=v --health-retries=v "
   "--health-start-interval=v --health-start-period=v --health-timeout=v --help!N "
   "-h|--hostname=v --init -i|--interactive --io-maxbandwidth=v --io-maxiops=v --ip=v --ip6=v "
   "--ipc=v --isolation=v --kernel-memory=v -l|--label=v --label-file=r --link=v "
   "--link-local-ip=v --log-driver=v --log-opt=v --mac-address=v -m|--memory=v "
   "--memory-reservation=v --memory-swap=v --memory-swappiness=v --mount=v --name=v "
   "--network|--net=v --network-alias=v --no-healthcheck --oom-kill-disable --oom-score-adj=v "
   "--pid=v --pids-limit=v --platform=v --privileged -p|--publish=v -P|--publish-all --pull=v "
   "-q|--quiet --read-only --restart=v --rm --runtime=v --security-opt=v --shm-size=v "
   "--sig-proxy --stop-signal=v --stop-timeout=v --storage-opt=v --sysctl=v --tmpfs=v -t|--tty "
   "--ulimit=v --use-api-socket -u|--user=v --userns=v --uts=v -v|--volume=v --volume-driver=v "
   "--volumes-from=v -w|--workdir=v "
   // podman's own run/create options
   "--pod=v --rmi --pidfile=w --replace --secret=v --systemd=v --tz=v --umask=v --passwd "
   "--arch=v --os=v --variant=v --authfile=r --cert-dir=r --creds=v --conmon-pidfile=w "
   "--env-host --http-proxy?v --image-volume=v --init-path=r --preserve-fds=v --rootfs "
   "--seccomp-policy=v --sdnotify=v --timeout=v --tls-verify?v --unsetenv=v --unsetenv-all "
   "--decryption-key=r --personality=v --requires=v --gidmap=v --uidmap=v --subgidname=v "
   "--subuidname=v --cgroups=v --cgroup-conf=v --hostuser=v --chrootdirs=v --pod-id-file=r "
   "--no-hosts"},
  // `docker build DIR`: the build context, every file below DIR, is sent to the daemon (role R);
  // `docker cp SRC DEST` copies a folder SRC with everything below it.
  {"docker:build", "m", "R", "", "--add-host=v --build-arg=v --cache-from=v --cache-to=v --cgroup-parent=v --compress --cpu-period=v --cpu-quota=v "
   "-c|--cpu-shares=v --cpuset-cpus=v --cpuset-mems=v --disable-content-trust -f|--file=r --force-rm --iidfile=w --isolation=v --label=v -m|--memory=v "
   "--memory-swap=v --network=v --no-cache --platform=v --pull?v -q|--quiet --rm?v --security-opt=v --shm-size=v --squash -t|--tag=v --target=v "
   "--ulimit=v --allow=v --annotation=v --attest=v --build-context=v --builder=v --call=v --check --load --metadata-file=w --no-cache-filter=v "
   "-o|--output=v --progress=v --provenance=v --push --sbom=v --secret=v --ssh=v -v|--volume=v --cap-add=v --help!N"},
  {"docker:exec", "s", "", "",
   "-d|--detach --detach-keys=v -e|--env=v --env-file=r -i|--interactive --privileged "
   "-t|--tty -u|--user=v -w|--workdir=v --help!N"},
  {"docker:cp", "s", "*R$w", "", "-a|--archive -L|--follow-link -q|--quiet --all --index=v"},
  {"docker:compose", "s", "", "",
   "--all-resources --ansi=v --compatibility --dry-run --env-file=r -f|--file=r --parallel=v "
   "--profile=v --progress=v --project-directory=c -p|--project-name=v -v|--version!N"},
  {"docker:compose:run", "s", "", "",
   "--build --cap-add=v --cap-drop=v -d|--detach --entrypoint=v -e|--env=v --env-from-file=r "
   "-i|--interactive -l|--label=v --name=v -T|--no-TTY --no-deps -p|--publish=v --pull=v "
   "-q|--quiet --quiet-build --quiet-pull --remove-orphans --rm -P|--service-ports "
   "--use-aliases -u|--user=v -v|--volume=v -w|--workdir=v -t|--tty"},
  {"docker:compose:exec", "s", "", "",
   "-d|--detach -e|--env=v --index=v -T|--no-TTY --privileged -u|--user=v -w|--workdir=v "
   "-i|--interactive -t|--tty"},
  {"docker-compose podman-compose", "s", "", "compose", ""},
  {"kubectl", "", "", "kubectl", ""},
  // c89 and c99 are POSIX's names of the C compiler; gfortran, f77 and f95 GCC's Fortran driver.
  {"gcc g++ cc c++ clang clang++ cpp clang-cl emcc em++ c89 c99 gfortran f77 f95", "v", "", "cc",
   ""},
  {"ld ld.bfd ld.gold ld.lld lld mold", "v", "", "ld", ""},
  {"gdb", "", "", "gdb", ""},
  // lldb's commands (`-o 'platform shell CMD'`, `-o 'script …'`) and command files run what
  // the table does not read: asked. Its operand is the program it runs.
  {"lldb", "m", "x*-", "",
   "-o|--one-line=v!! -O|--one-line-before-file=v!! -k|--one-line-on-crash=v!! "
   "-s|--source=r!! -S|--source-before-file=r!! -K|--source-on-crash=r!! -f|--file=x "
   "-c|--core=r -p|--attach-pid=v!! -n|--attach-name=v!! -a|--arch=v -l|--script-language=v "
   "-R|--repl-language=v -r|--repl?v!! -b|--batch -x|--no-lldbinit -Q|--source-quietly -w "
   "-e|--editor -X|--no-use-colors"},
  {"crontab", "s", "", "schedule", "-u=v -l -e -r -i -x=v -c -T -s -n=v -V!N"},
  {"at batch atrm", "s", "", "schedule",
   "-V!N -q=v -f=r -m -M -u=v -v -l -d -r -b -c -t=v -o=v"},
  {"sg", "", "", "sg", ""},
  // Environment managers whose subcommand runs a command (engine/program_launchers.cpp).
  {"uv poetry pipenv bundle conda mamba micromamba direnv mise op aws-vault doppler nix "
   "nix-shell uvx pipx hatch pdm rye asdf pyenv rbenv nodenv goenv jenv plenv phpenv rtx "
   "infisical nvm fnm volta lerna nx chamber berglas summon envchain", "", "",
   "launcher", ""},
  // Wrappers of their own shape, in the same table (engine/program_launchers.cpp).
  {"setarch linux32 linux64 x86_64 i386 uname26 prlimit runcon xvfb-run eatmydata rlwrap ip pkexec busybox runuser "
   "su chroot systemd-run toybox dbus-launch chronic", "", "", "launcher", ""},
  // Converters with an option that runs a program (cpio: engine/programs_table_cloud.cpp).
  {"pandoc", "pm", "*r", "pandoc",
   "-F|--filter=r!! -L|--lua-filter=r!! -d|--defaults=r!! --pdf-engine=v!! -o|--output=w "
   "--template=r -H|--include-in-header=r -B|--include-before-body=r "
   "-A|--include-after-body=r --reference-doc=r --data-dir=r --extract-media=w --log=w "
   "--bibliography=r --csl=r --citation-abbreviations=r --syntax-definition=r "
   "--abbreviations=r --epub-cover-image=r --epub-metadata=r --epub-embed-font=r "
   "-f|-r|--from|--read=v -t|-w|--to|--write=v -M|--metadata=v -V|--variable=v "
   "--resource-path=v --pdf-engine-opt=v --highlight-style=v -s|--standalone"},
  // git: engine/programs_table_git.cpp; shells and interpreters: engine/programs_table_tools.cpp.
};
// clang-format on

const std::size_t kProgramCount = sizeof(kPrograms) / sizeof(kPrograms[0]);

}  // namespace vigie::engine
