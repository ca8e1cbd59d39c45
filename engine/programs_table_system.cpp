// The programs table, the system's file tools beyond copying and moving: permissions and ACLs
// (chmod, chown, chgrp, chattr, setfacl), and coreutils', util-linux's, gzip's and binutils' less
// used programs: security contexts, files replaced by links, compressed executables, log
// rotation, temporary files. The legend of the columns is in
// engine/programs_table.cpp.
#include "engine/programs_decl.hpp"

namespace vigie::engine {

// clang-format off
const ProgramSource kProgramsSystem[] = {
  // chmod takes a mode that looks like options (`chmod -x FILE`, `-rwx`), chattr its attributes
  // (`chattr -i FILE`): the mode is then not an operand, and every operand is a file.
  {"chmod chown chgrp chattr", "pm", "-*w", "",
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
  {"elfedit", "pm", "*m", "",
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
  {"lesskey", "pm", "r", "", "-o|--output=w -V|--version!N"},
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
};
// clang-format on

const std::size_t kProgramsSystemCount = sizeof(kProgramsSystem) / sizeof(kProgramsSystem[0]);

}  // namespace vigie::engine
