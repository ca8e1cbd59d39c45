// The programs table, the system's file tools beyond copying and moving: permissions and ACLs
// (chmod, chown, chgrp, chattr, setfacl), and coreutils', util-linux's, gzip's and binutils' less
// used programs: security contexts, files replaced by links, compressed executables, log
// rotation, temporary files. The legend of the columns is in
// engine/programs_table.cpp.
#include "engine/programs_decl.hpp"

namespace vigie::engine {

// clang-format off
const ProgramSource kProgramsSystem[] = {
  // Administration commands that write the system's files without naming them: accounts,
  // sudoers, unit links, host settings, alternatives, firewall, boot menu
  // (engine/program_system_files.cpp).
  {"visudo vipw vigr useradd usermod userdel adduser deluser groupadd groupmod groupdel "
   "addgroup delgroup newusers chpasswd chgpasswd gpasswd grpconv grpunconv pwconv pwunconv "
   "passwd chsh chfn chage systemctl hostnamectl timedatectl localectl loginctl "
   "update-alternatives ufw update-grub update-grub2 grub-mkconfig grub2-mkconfig", "", "",
   "system-files", ""},
  // journalctl (systemd 252, getopt_long): `--cursor-file=FILE` reads a cursor from FILE and
  // writes the last one back; `--file`, `-D`, `--root`, `--image` read journals. Vacuuming,
  // rotating, flushing, relinquishing, the catalog's database and the sealing keys write or
  // remove the system's journal files: asked. Its operands are field matches, not paths.
  {"journalctl", "pm", "", "",
   "--cursor-file=w --file=r -D|--directory=R --root=c --image=r -M|--machine=v "
   "--namespace=v -S|--since=v -U|--until=v -c|--cursor=v --after-cursor=v -b|--boot?v "
   "-u|--unit=v --user-unit=v -t|--identifier=v -p|--priority=v --facility=v -g|--grep=v "
   "--case-sensitive?v -o|--output=v --output-fields=v -n|--lines?v --interval=v "
   "--verify-key=v -F|--field=v --system --user -m|--merge -k|--dmesg -r|--reverse "
   "--show-cursor --utc -x|--catalog --no-hostname --no-full -a|--all -f|--follow --no-tail "
   "-q|--quiet --no-pager -e|--pager-end --force -N|--fields --list-boots --disk-usage "
   "--verify --sync --header --list-catalog --dump-catalog --vacuum-size=v!! "
   "--vacuum-files=v!! --vacuum-time=v!! --relinquish-var!! --smart-relinquish-var!! "
   "--flush!! --rotate!! --update-catalog!! --setup-keys!! -h|--help!N --version!N"},
  // Programs that act on a running process the line does not start, as `strace -p` and `gdb -p`
  // do: renice (its priority), gcore, pstack, eu-stack (a debugger attached), the JDK's jstack,
  // jmap, jinfo, jhsdb, jcmd, py-spy, reptyr: asked (engine/process_targets.cpp, through the
  // handler `signals`). Their operands are process ids, users and commands, not paths; `-o`
  // names the file written (gcore's core files, py-spy's record).
  {"renice gcore pstack eu-stack jstack jmap jinfo jhsdb jcmd py-spy reptyr", "m", "*-", "signals",
   "-o|--output=w"},
  // landrun (urfave/cli: its options before the command): a Landlock sandbox around CMD.
  {"landrun", "s", "", "wrapper",
   "--ro=v --rox=v --rw=v --rwx=v --bind-tcp=v --connect-tcp=v --env=v --log-level=v "
   "--best-effort --unrestricted-network --unrestricted-filesystem --add-exec --ldd"},
  // ls's successors (eza and exa 0.10, lsd 1.0 `--help`): `-R`, `--tree` list every folder
  // below theirs (flag L, as `ls -R`).
  {"eza exa", "m", "*r", "",
   "-R|--recurse!L -T|--tree!L -L|--level=v -I|--ignore-glob=v -s|--sort=v -t|--time=v "
   "--time-style=v --color|--colour?v --color-scale?v --icons?v -w|--width=v --git-ignore"},
  {"lsd", "m", "*r", "",
   "-R|--recursive!L --tree!L --depth=v -I|--ignore-glob=v --color=v --icon=v --icon-theme=v "
   "--date=v --sizesort --size=v --blocks=v --config-file=r --group-dirs=v --hyperlink=v"},
  // xattr (macOS, and Python's xattr on Linux): `-w NAME VALUE FILE`, `-d NAME FILE`, `-c FILE`
  // write the files' attributes; `-l`, `-p` read them.
  {"xattr", "m", "*r", "", "-w!W -d!W -c!W -r -s -l -p -x -v -h"},
  // systemctl's options before or after its command (systemctl 252 `--help`): those that take
  // a value (`systemctl -H host stop x` is a `systemctl stop`).
  {"systemctl:options", "m", "", "",
   "-H|--host=v -M|--machine=v -t|--type=v --state=v -p|--property=v -a|--all -l|--full "
   "-r|--recursive --reverse --with-dependencies --job-mode=v -T|--show-transaction --show-types "
   "--value --check-inhibitors=v --kill-whom=v -s|--signal=v --what=v --now --dry-run -q|--quiet "
   "--wait --no-block --no-wall --no-reload --legend=v --no-pager --no-ask-password --global "
   "--runtime -f|--force --preset-mode=v --root=r --image=r -n|--lines=v -o|--output=v "
   "--firmware-setup --boot-loader-menu=v --boot-loader-entry=v --plain --timestamp=v "
   "--read-only --mkdir --marked --system --user --failed"},
  // chmod takes a mode that looks like options (`chmod -x FILE`, `-rwx`), chattr its attributes
  // (`chattr -i FILE`): the mode is then not an operand, and every operand is a file.
  // chmod's mode in its other spellings for deny and ask rules (engine/program_chmod.cpp).
  {"chmod", "pm~", "-*w", "chmod",
   "--reference=r!T --from=v -R|--recursive!Q -r!T -w!T -x!T -X!T -s!T -t!T -u!T -g!T -o!T "
   "-a!T -i!T -A!T -d!T -D!T -e!T -j!T -S!T -T!T"},
  {"chown chgrp chattr", "pm~", "-*w", "",
   "--reference=r!T --from=v -R|--recursive!Q -r!T -w!T -x!T -X!T -s!T -t!T -u!T -g!T -o!T "
   "-a!T -i!T -A!T -d!T -D!T -e!T -j!T -S!T -T!T"},
  // setfacl: the ACL is an option's value, so every operand is a file changed; `--restore`
  // changes the files its input names (not shown: asked).
  {"setfacl", "pm", "*w", "",
   "-m|--modify=v -x|--remove=v -M|--modify-file=r -X|--remove-file=r --set=v --set-file=r "
   "--restore=r!! -R|--recursive!Q"},
  // chcon CONTEXT FILE…: the context is the first operand unless an option gives it (`-t TYPE`,
  // `--reference=R`), as chmod's mode.
  {"chcon", "pm", "-*w", "",
   "--reference=r!T -u|--user=v!T -r|--role=v!T -t|--type=v!T -l|--range=v!T "
   "-R|--recursive!Q -h|--no-dereference --dereference -H -L -P -v|--verbose "
   "--help!N --version!N"},
  // The checksum tools (coreutils 9): with `-c`, each input (an operand, or the standard input)
  // is a list of FILE names whose checksums are verified: the files are read, which the line does
  // not show (flag l: asked, as `--files0-from`).
  {"md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum cksum", "pm~", "*r", "",
   "-c|--check!l --files0-from=l -a|--algorithm=v -l|--length=v -b|--binary -t|--text "
   "-z|--zero -w|--warn --strict --status --quiet --ignore-missing --tag --untagged --base64 "
   "--raw --debug --help!N --version!N"},
  // hardlink replaces the duplicate files below its operands with links: rewritten.
  {"hardlink", "pm", "*M", "",
   "-n|--dry-run!R -x|--exclude=v -i|--include=v -s|--minimum-size=v -S|--maximum-size=v "
   "-b|--io-size=v -r|--cache-size=v -y|--method=v -X|--respect-xattrs --exclude-subtree=v "
   "-q|--quiet -v|--verbose -h|--help!N -V|--version!N"},
  // gzexe compresses executables in place; znew recompresses `.Z` files as `.gz`; zforce renames
  // gzip files to end in `.gz`.
  {"gzexe", "", "*m", "", "-d"},
  {"znew", "", "*m", "", "-f -t -v -9 -P -K"},
  {"zforce", "", "*m", "", ""},
  // elfedit rewrites the ELF headers of its operands in place.
  {"elfedit", "pm@", "*m", "",
   "--input-mach=v --output-mach=v --input-type=v --output-type=v --input-osabi=v "
   "--output-osabi=v --input-abiversion=v --output-abiversion=v --enable-x86-feature=v "
   "--disable-x86-feature=v -h|--help!N -v|--version!N"},
  // ptx [INPUT [OUTPUT]] (the traditional form writes its second operand; GNU's reads several
  // inputs: the second is taken as written either way).
  {"ptx", "pm", "rw*r", "",
   "-A|--auto-reference -G|--traditional -F|--flag-truncation=v -M|--macro-name=v -O -T "
   "--format=v -R|--right-side-refs -S|--sentence-regexp=v -W|--word-regexp=v "
   "-b|--break-file=r -f|--ignore-case -g|--gap-size=v -i|--ignore-file=r -o|--only-file=r "
   "-r|--references -t|--typeset-mode -w|--width=v --help!N --version!N"},
  // savelog rotates each file (FILE → FILE.0 → FILE.1.gz…), in `-r DIR` when given.
  {"savelog", "", "*w", "",
   "-m=v -u=v -g=v -c=v -r=g -D=v -t -p -l -j -J -1 -2 -3 -4 -5 -6 -7 -8 -9 -C -d -n -q"},
  {"tempfile", "pm", "", "",
   "-d|--directory=g -p|--prefix=v -s|--suffix=v -m|--mode=v -n|--name=w"},
  // lesskey compiles a key file for less (`-o FILE`, else the user's `~/.less`).
  {"lesskey", "pm", "r", "fmt-command", "-o|--output=w -V|--version!N"},
  // capsh (libcap): `--` runs the shell (`--shell=PATH`, else bash) with the words after it,
  // `==` runs capsh again with them (engine/program_capsh.cpp).
  {"capsh", "", "", "capsh", ""},
  // macOS's arch runs a command under an architecture (`arch -x86_64 CMD`, `arch -arch arm64
  // CMD`); GNU's prints the machine's and runs nothing.
  {"arch", "s", "", "wrapper",
   "-x86_64 -x86_64h -arm64 -arm64e -i386 -ppc -ppc64 -arch=v -e=v -d=v -c -32 -64 -h!N "
   "--help!N --version!N"},
  // macOS: taskpolicy runs a command under a scheduling policy (`-p PID` changes a running
  // process instead); xcrun runs a developer tool found by name (`-f` only prints its path).
  {"taskpolicy", "s", "", "wrapper", "-c=v -b -B -t=v -l=v -d=v -g=v -a -s -x -X -p=v!N"},
  {"xcrun", "s", "", "wrapper",
   "-sdk=v --sdk=v -toolchain=v --toolchain=v -l -v -r -n -k --log --verbose --run --no-cache "
   "--kill-cache -f=v!N --find=v!N --show-sdk-path!N --show-sdk-version!N "
   "--show-sdk-build-version!N --show-sdk-platform-path!N --show-sdk-platform-version!N -h!N "
   "--help!N --version!N"},
  // bash's history builtin: `-w`/`-a` write FILE (else $HISTFILE), `-r`/`-n` read it.
  {"history", "", "", "", "-c -d=v -s -p -a!W -w!W -r!R -n!R"},
  {"dwp", "pm", "*r", "", "-o|--output=w -e|--exec=r -h|--help!N -V|--version!N"},
  // gpg-agent `--daemon [CMD [ARG…]]` runs CMD as its child; its helpers are programs it runs,
  // and an options file (`--options`) may name them: asked.
  {"gpg-agent", "ps", "", "wrapper",
   "--daemon --server --supervised -v|--verbose -q|--quiet -s|--sh -c|--csh --options=r!! "
   "--homedir=v --log-file=w --pinentry-program=x --scdaemon-program=x --debug-level=v "
   "--debug=v --no-detach --batch --default-cache-ttl=v --max-cache-ttl=v "
   "--enable-ssh-support --allow-preset-passphrase --allow-loopback-pinentry --no-grab "
   "--disable-scdaemon --display=v --ttyname=v --xauthority=r --write-env-file?w "
   "--gpgconf-list!N --gpgconf-test!N -h|--help!N --version!N"},
  // xinit and startx: the client program (a path) and its arguments, the X server after `--`.
  {"xinit startx", "s", "", "wrapper", ""},
  // GNU gettext's tools: catalogs read, `-o FILE` written, msgmerge `-U` rewrites its operands;
  // msgfilter and msgexec run a program on each message (the operand is the command).
  {"msgfmt", "pm", "*r", "",
   "-o|--output-file=w -D|--directory=r -d=g -j|--java -r|--resource=v -l|--locale=v "
   "--template=r -c|--check --check-format --check-header --check-domain "
   "-C|--check-compatibility --check-accelerators?v -f|--use-fuzzy -a|--alignment=v "
   "--endianness=v --no-hash -v|--verbose --statistics --strict -P|--properties-input "
   "--stringtable-input --java2 --csharp --csharp-resources --tcl --qt --desktop --xml "
   "--keyword?v --source --no-convert --no-redundancy --use-untranslated -h|--help!N "
   "-V|--version!N"},
  {"msgmerge", "pm", "rr", "",
   "-o|--output-file=w -U|--update!W -D|--directory=r -C|--compendium=r --backup?v --suffix=v "
   "-N|--no-fuzzy-matching --previous -s|--sort-output -F|--sort-by-file -q|--quiet --silent "
   "-v|--verbose --lang=v -w|--width=v --no-wrap --color?v --style=r -e|--no-escape "
   "-E|--escape --force-po -i|--indent --no-location -n|--add-location?v -m|--multi-domain "
   "--for-msgfmt -P|--properties-input -p|--properties-output --stringtable-input "
   "--stringtable-output -h|--help!N -V|--version!N"},
  // msgunfmt (gettext 0.21): `-d DIR` (C# and Tcl modes) is the folder its catalogs are read
  // from, below it; `-r`, `-l` name them.
  {"msgunfmt", "pm", "*r", "",
   "-j|--java --csharp --csharp-resources --tcl -r|--resource=v -l|--locale=v -d=R "
   "-o|--output-file=w --color?v --style=r -e|--no-escape -E|--escape --force-po -i|--indent "
   "--strict -p|--properties-output --stringtable-output -w|--width=v --no-wrap "
   "-s|--sort-output -h|--help!N -V|--version!N"},
  {"msgcat msguniq msgattrib msgconv msggrep msgcomm msgen msginit msgcmp", "pm", "*r",
   "",
   "-o|--output-file=w -f|--files-from=l -D|--directory=r -i|--input=r -l|--locale=v "
   "-t|--to-code=v -u|--unique -d|--repeated --use-first --lang=v --color?v --style=r "
   "-e|--no-escape -E|--escape --force-po -w|--width=v --no-wrap -s|--sort-output "
   "--only-file=r --ignore-file=r "
   "-F|--sort-by-file -P|--properties-input -p|--properties-output --stringtable-input "
   "--stringtable-output --no-location -n|--add-location?v -h|--help!N -V|--version!N"},
  {"xgettext", "pm", "*r", "",
   "-o|--output=w -p|--output-dir=g -D|--directory=r -f|--files-from=l -d|--default-domain=v "
   "-x|--exclude-file=r --style=r -j|--join-existing -L|--language=v -C|--c++ --from-code=v "
   "-c|--add-comments?v -a|--extract-all -k|--keyword?v --flag=v -T|--trigraphs --its=r "
   "--itstool -s|--sort-output -F|--sort-by-file --omit-header --copyright-holder=v "
   "--package-name=v --package-version=v --msgid-bugs-address=v -m|--msgstr-prefix?v "
   "-M|--msgstr-suffix?v -w|--width=v --no-wrap --no-location -n|--add-location?v "
   "-h|--help!N -V|--version!N"},
  {"msgfilter msgexec", "ps", "", "wrapper",
   "-i|--input=r -o|--output-file=w -D|--directory=r -P|--properties-input "
   "--stringtable-input -0 --newline -w|--width=v --no-wrap -s|--sort-output "
   "-F|--sort-by-file --keep-header -E|--escape --no-escape --force-po --indent "
   "--no-location -n|--add-location --color?v --style=r -h|--help!N -V|--version!N"},
  // javadoc's single-dash options: `-d DIR` written with all below it; a doclet or taglet, or
  // the JVM's `-J` options, load code: asked, as an `@FILE` of more options. Its class, module
  // and boot class paths are read; a module source path is a pattern: asked.
  {"javadoc", "@", "*r", "",
   "-d=b -sourcepath|--source-path=r -classpath|-cp|--class-path=r -p|--module-path=r "
   "--upgrade-module-path=r --module-source-path=v!! -bootclasspath=r -extdirs=r -helpfile=r "
   "-doclet=v!! "
   "-docletpath=r!! -taglet=v!! -tagletpath=r!! -overview=r -stylesheetfile=r "
   "--main-stylesheet=r --add-stylesheet=r -header=v -footer=v -bottom=v -top=v -link=v "
   "-linkoffline=v -encoding=v -charset=v -docencoding=v -subpackages=v -exclude=v "
   "-windowtitle=v -doctitle=v -Xdoclint?v -quiet -private -public -protected -package "
   "-author -version -nodeprecated -notimestamp -nohelp -noindex -nonavbar -notree -use "
   "-splitindex -html5 --release=v -source=v -J?v!! -help!N --help!N"},
  // CMake's test driver and packager: a script (`ctest -S`, `cpack --config`) is CMake code,
  // `--build-and-test` configures, builds and runs a test command: asked; ctest's log and
  // cpack's package folder are written; `-A` notes are read, `--extra-submit` uploads: asked.
  {"ctest", "m", "", "",
   "-S|--script=r!! -SP|--script-new-process=r!! --build-and-test!! --test-command!! "
   "--build-options!! -O|--output-log=w --output-junit=w --test-dir=c "
   "--resource-spec-file=r -A|--add-notes=r --extra-submit=r!! -C|--build-config=v "
   "-j|--parallel?v -R|--tests-regex=v "
   "-E|--exclude-regex=v -L|--label-regex=v -LE|--label-exclude=v -I|--tests-information=v "
   "-T|--test-action=v -D|--dashboard=v -M|--test-model=v --preset=v --timeout=v --repeat=v "
   "--test-load=v --build-generator=v --build-target=v --build-project=v -N|--show-only?v "
   "--output-on-failure -V|--verbose -VV|--extra-verbose -Q|--quiet --rerun-failed "
   "--stop-on-failure --progress --schedule-random --no-label-summary -U|--union "
   "--build-noclean -h|--help!N --version!N"},
  {"cpack", "m", "", "",
   "--config=r!! -B=b -G=v -C=v -D=v -P=v -R=v --vendor=v --preset=v -V|--verbose --debug "
   "--trace --trace-expand --list-presets -h|--help!N --version!N"},
  {"ninja", "", "", "",
   "-C=c -f=r -j=v -k=v -l=v -n -v --verbose --quiet -d=v -t=v -w=v --version!N -h!N"},
  // The dynamic loader run as a program (`ld.so PROG ARGS`, `/lib64/ld-linux-x86-64.so.2 PROG`):
  // it loads and runs PROG, a wrapper. Its names without the `.N` version, which a name's
  // lookup drops (`ld-linux-x86-64.so.2`, `ld64.so.1`): glibc's loaders of each architecture,
  // musl's, FreeBSD's. Its options (glibc's rtld.c, whole words) stop at PROG; libraries it
  // preloads, searches or audits load code: asked; `--list`, `--verify` run nothing.
  {"ld.so ld64.so ld-linux.so ld-linux-x86-64.so ld-linux-x32.so ld-linux-aarch64.so "
   "ld-linux-aarch64_be.so ld-linux-armhf.so ld-linux-ia64.so ld-linux-mipsn8.so "
   "ld-linux-riscv64-lp64d.so ld-linux-riscv64-lp64.so ld-linux-riscv32-ilp32d.so "
   "ld-linux-riscv32-ilp32.so ld-linux-loongarch-lp64d.so ld-linux-loongarch-lp64s.so "
   "ld-linux-nios2.so ld-linux-cskyv2.so ld-linux-cskyv2-hf.so ld-linux-arc.so "
   "ld-linux-arceb.so ld-linux-or1k.so ld-musl-x86_64.so ld-musl-i386.so ld-musl-aarch64.so "
   "ld-musl-arm.so ld-musl-armhf.so ld-musl-riscv64.so ld-musl-powerpc64le.so "
   "ld-musl-powerpc64.so ld-musl-s390x.so ld-musl-loongarch64.so ld-elf.so", "s", "",
   "wrapper",
   "--library-path=v!! --preload=r!! --audit=r!! --argv0=v --inhibit-rpath=v --inhibit-cache "
   "--glibc-hwcaps-prepend=v --glibc-hwcaps-mask=v --list!N --verify!N --list-tunables!N "
   "--list-diagnostics!N --help!N --version!N"},
};
// clang-format on

const std::size_t kProgramsSystemCount = sizeof(kProgramsSystem) / sizeof(kProgramsSystem[0]);

}  // namespace vigie::engine
