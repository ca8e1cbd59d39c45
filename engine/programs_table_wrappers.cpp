// The programs table, continued (engine/programs_table.cpp has the legend of styles, operand
// shapes and roles): the build interceptors and small launchers that run the command after
// their options (bear, scan-build, emmake, choom, uclampset, systemd-cat, luit: safe wrappers,
// the command runs as the same user; st, a terminal), and the system's tools that write or
// delete their operands under names of their own (py3clean, llc, rst2html, c_rehash, initdb…).
// Also the other names a system installs for a program (`kProgramAliases`: slogin is ssh).
// Read after the other parts by engine/programs_index.cpp.
#include "engine/programs_decl.hpp"

namespace vigie::engine {

// clang-format off
const ProgramSource kProgramsWrappers[] = {
  // ---- build interceptors: the build command follows their options (and `--`) ---------------
  // Bear 3 (`bear [OPTIONS] -- CMD`) and Bear 2 (`bear [OPTIONS] CMD`: `-o`, `-a`, `-l`): the
  // compilation database is written; a preloaded library or a wrapper program runs with every
  // compiler call: asked.
  {"bear", "sS", "", "wrapper",
   "-o|--output|--cdb=w -a|--append -v|--verbose --config=r --force-preload --force-wrapper "
   "-l|--library|--libear=r!! --wrapper=v!! --wrapper-dir=r!! --use-cc=v!! --use-c++=v!! "
   "--include=v --exclude=v -h|--help!N --version!N"},
  // scan-build (clang's Perl one: single-dash long options; and scan-build-py's argparse
  // spellings): the reports' folder `-o` (judged as written); the compiler, the analyzer, a
  // plugin and the report viewer it is told to run are asked. intercept-build (argparse, `-N`
  // versions folded): the database `--cdb`. analyze-build runs the analyzer over the
  // database's files, no command.
  {"scan-build", "sS", "", "wrapper",
   "-o|--output=w -k|--keep-going --keep-cc -v|--verbose -V|--view!! -h|--help!N "
   "-analyze-headers|--analyze-headers -plist|--plist -plist-html|--plist-html "
   "--plist-multi-file -sarif|--sarif --sarif-html --status-bugs --show-description "
   "--keep-empty -no-failure-reports|--no-failure-reports -stats|--stats "
   "-internal-stats|--internal-stats -maxloop|--maxloop=v --html-title=v "
   "-enable-checker|--enable-checker=v -disable-checker|--disable-checker=v --exclude=v "
   "-analyzer-config|--analyzer-config=v --analyzer-target=v -constraints=v -store=v "
   "--force-analyze-debug-code|--force-debug --override-compiler --intercept-first "
   "--cdb=w --use-cc=v!! --use-c++=v!! --use-analyzer=v!! -load-plugin|--load-plugin=r!!"},
  {"intercept-build", "psS", "", "wrapper",
   "-v|--verbose --cdb=w --append --override-compiler --use-cc=v!! --use-c++=v!! -h|--help!N"},
  {"analyze-build", "pm", "", "",
   "-v|--verbose --cdb=r -o|--output=g --keep-empty --html-title=v --plist --plist-html "
   "--plist-multi-file --sarif --sarif-html --status-bugs --exclude=v --analyze-headers "
   "--stats --internal-stats --maxloop=v --enable-checker=v --disable-checker=v "
   "--analyzer-config=v --analyzer-target=v --force-analyze-debug-code --no-failure-reports "
   "--use-analyzer=v!! --load-plugin=r!! -h|--help!N"},
  // Emscripten's configure and make wrappers: the command runs with emcc as its compiler.
  {"emmake emconfigure emcmake", "sS", "", "wrapper", ""},

  // ---- launchers that set one property of the command, then run it --------------------------
  // choom (util-linux): `choom -n N [--] CMD`, or `-p PID`: the score of a running process the
  // line does not start, shown or changed: asked, as `strace -p` (it takes no command then).
  {"choom", "psS", "", "wrapper", "-n|--adjust=v -p|--pid=v!! -h|--help!N -V|--version!N"},
  // uclampset (util-linux): `uclampset [OPTIONS] [CMD [ARGS]]`; `-p PID` acts on a running
  // process: asked, as choom's.
  {"uclampset", "psS", "", "wrapper",
   "-m=v -M=v -a|--all-tasks -p|--pid=v!! -s|--system -R|--reset-on-fork -v|--verbose "
   "-h|--help!N -V|--version!N"},
  // systemd-cat: CMD's output goes to the journal (no CMD: its input does).
  {"systemd-cat", "psS", "", "wrapper",
   "-t|--identifier=v -p|--priority=v --stderr-priority=v --level-prefix=v --namespace=v "
   "-h|--help!N --version!N"},
  // luit: `luit [OPTIONS] [--] [PROGRAM [ARGS]]`, whole-word options; `-ilog`/`-olog` write
  // logs; `-c` converts its input and runs nothing. A `+oss`-style word is read as the command.
  {"luit", "sS", "", "wrapper",
   "-h!N -list!N -V!N -v -c!N -x -p -k7 -kls -argv0=v -encoding=v -gl=v -gr=v -g0=v -g1=v "
   "-g2=v -g3=v -alt=v -ilog=w -olog=w"},
  // pg_virtualenv (postgresql-common): CMD runs against temporary clusters; `-s` opens a shell
  // when CMD fails (alone: the shell).
  {"pg_virtualenv", "sS", "", "wrapper", "-a -c=v -i=v -o=v -s!H -t -v=v -h!N"},
  // debconf-apt-progress: `[OPTIONS] [--] CMD`; `--config`, `--start`, `--stop` run nothing.
  {"debconf-apt-progress", "psS", "", "wrapper",
   "--config!N --start!N --stop!N --from=v --to=v --logfile=w --logstderr --no-progress "
   "--dlwaypoint=v"},
  // st (suckless terminal): `st [OPTIONS] [[-e] CMD [ARGS]]`: its operand is the command,
  // `-e` or not (it runs it with execvp, not a shell); `-o` writes the terminal's output.
  {"st", "s", "", "wrapper",
   "-a -i -v!N -c=v -f=v -g=v -n=v -o=w -T=v -t=v -l=r -w=v -e"},

  // ---- compilers whose outputs are their sources' neighbours ---------------------------------
  // gnatmake (GNAT): `-o` names the executable; the objects go to `-D DIR`, else the current
  // folder; `--GCC=`, `--GNATBIND=`, `--GNATLINK=` name programs it runs: asked. The project's
  // `--source-info=FILE` is read and rewritten (written), `--create-map-file[=FILE]` written.
  {"gnatmake", "m", "*r", "",
   "-o=w -D=g -P=r -aI=v -aO=v -aL=v -A=v -I=v -L=v -X=v -j=v --GCC=v!! --GNATBIND=v!! "
   "--source-info=w --create-map-file?w --subdirs=v --RTS=v "
   "--GNATLINK=v!! -c -b -l -f -g -q -v -u -x -z -s -k -n -M -cargs -bargs -largs -margs "
   "--version!N --help!N"},
  // LLVM's compilers and assemblers of IR: without `-o`, llc writes IN.s (or IN.o), llvm-as
  // IN.bc and llvm-dis IN.ll beside the input (judged as the input written, so a rule on its
  // folder meets it); opt writes to `-o` or its output. `-load` (LLVM's options take one dash
  // or two: `--load`) loads a plugin: asked.
  {"llc llvm-as llvm-dis", "m", "*m", "",
   "-o=w!R -load|--load=r!! -load-pass-plugin|--load-pass-plugin=r!! -mtriple=v -march=v "
   "-mcpu=v -mattr=v -filetype=v -pass-remarks-output|--pass-remarks-output=w "
   "-lto-pass-remarks-output|--lto-pass-remarks-output=w "
   "-split-dwarf-output|--split-dwarf-output=w -time-trace-file|--time-trace-file=w "
   "-internalize-public-api-file|--internalize-public-api-file=r -dot-cfg-mssa|--dot-cfg-mssa=w "
   "-O0 -O1 -O2 -O3 -help!N --help!N -version!N --version!N"},
  {"opt", "m", "*r", "",
   "-o=w -load|--load=r!! -load-pass-plugin|--load-pass-plugin=r!! -passes=v -mtriple=v -S "
   "-pass-remarks-output|--pass-remarks-output=w "
   "-lto-pass-remarks-output|--lto-pass-remarks-output=w "
   "-time-trace-file|--time-trace-file=w -thin-link-bitcode-file|--thin-link-bitcode-file=w "
   "-internalize-public-api-file|--internalize-public-api-file=r -dot-cfg-mssa|--dot-cfg-mssa=w "
   "-debugify-export|--debugify-export=w -verify-di-preserve-export|--verify-di-preserve-export=w "
   "-O0 -O1 -O2 -O3 -Os -Oz -help!N --help!N -version!N --version!N"},
  {"yaml2obj obj2yaml wasm-opt wasm-as wasm-dis", "m", "*r", "",
   "-o|--output=w --docnum=v -D=v --max-size=v -help!N --help!N -version!N --version!N"},
  // split-file (LLVM): `split-file INPUT DIR`: the parts are written below DIR.
  {"split-file", "m", "rg", "", "--leading-lines --no-leading-lines -help!N --help!N"},
  // Free Pascal: the objects and the program are written beside the source (judged as the
  // source written) unless `-o`/`-FE` put them elsewhere.
  {"fpc ppcx64 ppc386", "m", "*m", "", "-o?w"},

  // ---- Python's and Debian's byte-compilers, cleaners and helpers ----------------------------
  // py3compile writes the `__pycache__` of each file or folder; py3clean deletes them: each
  // operand is rewritten, a folder with every file below it.
  {"py3compile py3clean pycompile pyclean", "pm", "*M", "",
   "-p|--package=v -V=v -X|--exclude=v -O -f|--force -q|--quiet -v|--verbose -h|--help!N "
   "--version!N"},
  // bzexe compresses executables in place (a backup `FILE~` beside each); gdb-add-index adds
  // an index to the file it is given.
  {"bzexe", "", "*m", "", "-d"},
  {"gdb-add-index", "", "*m", "", "-dwarf-5"},
  // docutils' front ends: `rst2html [OPTIONS] [SOURCE [DEST]]`: the last of two operands is
  // written (an option value taken for an operand only moves the write later). `--config=FILE`
  // (every front end) and rst2odt's `--odf-config-file=FILE` are read. `--reader=NAME`,
  // `--parser=NAME`, `--writer=NAME` (the `docutils` front end) import a Python module by that
  // name when it is not one of docutils' own: code run, asked.
  {"rst2html rst2html4 rst2html5 rst2latex rst2man rst2odt rst2pseudoxml rst2s5 rst2xetex "
   "rst2xml rst2html.py rst2html4.py rst2html5.py rst2latex.py rst2man.py rst2odt.py "
   "rst2pseudoxml.py rst2s5.py rst2xetex.py rst2xml.py docutils", "pm", "*r$w", "",
   "--output=w --stylesheet=r --stylesheet-path=r --stylesheet-dirs=r --template=r --config=r "
   "--odf-config-file=r --reader=v!! --parser=v!! --writer=v!! "
   "--warnings=w --record-dependencies=w --language|-l=v --input-encoding=v "
   "--output-encoding=v --report|-r=v --halt=v --title=v --math-output=v --table-style=v "
   "--syntax-highlight=v --initial-header-level=v --footnote-references=v --traceback "
   "--no-traceback --link-stylesheet --embed-stylesheet --strip-comments -h|--help!N "
   "-V|--version!N"},
  // Perl's POD formatters: `pod2man [IN [OUT]]…`, `pod2text [IN [OUT]]`: IN read, OUT written.
  {"pod2man", "pm", "r*w", "",
   "-c|--center=v -d|--date=v -e|--encoding=v --errors=v -n|--name=v -r|--release=v "
   "-s|--section=v -q|--quotes=v --lquote=v --rquote=v --fixed=v --fixedbold=v --fixeditalic=v "
   "--fixedbolditalic=v --guesswork=v --stderr -u|--utf8 -l|--lax --nourls -v|--verbose "
   "-h|--help!N"},
  {"pod2text", "pm", "rw", "",
   "-a|--alt -c|--color -e|--encoding=v --errors=v -i|--indent=v -l|--loose -m|--margin=v "
   "-n|--nroff -o|--overstrike -q|--quotes=v -s|--sentence --stderr -t|--termcap -u|--utf8 "
   "-w|--width=v -h|--help!N"},
  // gencat: the catalog (`-o`, else the first operand) is written from the message files.
  {"gencat", "pm", "w*r", "",
   "-H|--header=w -o|--output=w -n|--new --help!N --usage!N -V|--version!N"},
  // Perl's ptar: `-c` writes the archive `-f`, `-x` extracts under the names it holds: asked.
  {"ptar", "s", "*r", "", "-c -x!! -t -v -z -C -d -f=w -h!N"},
  // tic compiles terminfo sources into `-o DIR` (else the user's or the system's database).
  {"tic", "m", "*r", "",
   "-o=g -e=v -R=v -v?v -w?v -Q?v -1 -a -C -c -D!N -f -G -g -I -K -L -N -q -r -s -T -t -U "
   "-W -x -V!N"},
  // c_rehash adds the hash links of each certificate folder.
  {"c_rehash", "m", "*g", "", "-old -compat -n -v -h!N"},
  // Info-ZIP's zipcloak encrypts the archive in place (`-O FILE`: written there); zipnote `-w`
  // writes the comments into it.
  {"zipcloak", "m", "m", "", "-d|--decrypt -b|--temp-path=g -O|--output-file=w!R -q|--quiet "
   "-h|--help!N -v|--version!N"},
  {"zipnote", "m", "r", "", "-w!W -b=g -h!N -v!N"},
  // jarsigner signs the jar in place unless `-signedjar FILE` (or `-verify`); its second
  // operand is a key alias. A security provider (`-providerClass`, `-addprovider`, a class
  // path `-providerPath`) is code it loads: asked.
  {"jarsigner", "m", "m-", "",
   "-signedjar=w!R -verify!R -keystore=r -storepass=v -keypass=v -storetype=v -sigfile=v "
   "-sigalg=v -digestalg=v -tsa=v -tsacert=v -tsapolicyid=v -tsadigestalg=v -certchain=r "
   "-providerName=v -providerClass=v!! -providerArg=v -addprovider=v!! -providerPath=r!! "
   "-J?v!! -verbose -certs -strict -internalsf -sectionsonly -protected -help!N -version!N"},
  // setcap writes the capabilities of each file (its capability words are over-read as files).
  {"setcap", "", "*w", "", "-q -v -n=v -r -h!N"},
  // e4defrag rewrites the files (a folder: every file below it) unless `-c` only reports.
  {"e4defrag", "", "*M", "", "-c!R -v"},
  // PostgreSQL: initdb creates the cluster's folder; pg_basebackup copies one into `-D`.
  {"initdb", "pm", "g", "",
   "-D|--pgdata=g -X|--waldir=g --pwfile=r -U|--username=v -E|--encoding=v -A|--auth=v "
   "--auth-host=v --auth-local=v --locale=v --lc-collate=v --lc-ctype=v --lc-messages=v "
   "--lc-monetary=v --lc-numeric=v --lc-time=v --locale-provider=v --icu-locale=v "
   "--icu-rules=v -T|--text-search-config=v -L=r -c|--set=v -k|--data-checksums -W|--pwprompt "
   "-N|--no-sync -n|--no-clean -S|--sync-only -s|--show!N --wal-segsize=v -g|--allow-group-access "
   "-V|--version!N -?|--help!N"},
  {"pg_basebackup", "pm", "", "",
   "-D|--pgdata=g --waldir=g -T|--tablespace-mapping=v!! -h|--host=v -p|--port=v -U|--username=v "
   "-d|--dbname=v -F|--format=v -X|--wal-method=v -c|--checkpoint=v -l|--label=v "
   "-r|--max-rate=v -t|--target=v -Z|--compress=v -S|--slot=v -s|--status-interval=v "
   "--manifest-checksums=v --incremental=r -R|--write-recovery-conf -C|--create-slot -P|--progress "
   "-v|--verbose -w|--no-password -W|--password -n|--no-clean -N|--no-sync -V|--version!N "
   "-?|--help!N"},
  // The desktop's caches: each is written into the folder given (glib-compile-schemas:
  // `--targetdir` instead, the folder then read).
  {"glib-compile-schemas", "pm", "g", "",
   "--targetdir=g!R --strict --dry-run!R --allow-any-name --version!N -h|--help!N"},
  {"gtk-update-icon-cache gtk4-update-icon-cache", "pm", "g", "",
   "-f|--force -t|--ignore-theme-index -i|--index-only -c|--source=v -e|--include-image-data "
   "-q|--quiet -v|--validate!R -h|--help!N"},
  {"update-mime-database", "", "g", "", "-n -v -V!N -h!N"},
  // localedef writes the locale OUTPUTPATH from `-i` and `-f`; zic writes the zones of its
  // sources below `-d DIR` (`-y CMD`, obsolete, runs CMD: asked).
  {"localedef", "pm", "w", "",
   "-i|--inputfile=r -f|--charmap=r -u|--repertoire-map=r --prefix=c -A|--alias-file=r "
   "-c|--force -v|--verbose --quiet --no-archive --add-to-archive!R --replace "
   "--list-archive!N --delete-from-archive!N --no-warnings=v --warnings=v --no-hard-links "
   "--big-endian --little-endian -?|--help!N -V|--version!N"},
  {"zic", "", "*r", "", "-d=g -l=v -L=r -p=v -t=w -b=v -r=v -R=v -y=v!! -v -s --version!N"},
  // ucf NEW DEST: DEST is written from NEW (a configuration file update).
  {"ucf", "pm", "rw", "",
   "-p|--purge -v|--verbose -d|--debug?v -n|--no-action!R -s|--src-dir=r --sum-file=r "
   "--three-way -Z -h|--help!N --state-dir=c"},
  // python-rsa's tools: `-i` read, `-o` written; the key operand read.
  {"pyrsa-encrypt pyrsa-decrypt pyrsa-sign pyrsa-verify pyrsa-priv2pub pyrsa-keygen", "pm", "*r",
   "", "-i|--input=r -o|--output=w --pubout=w --inform=v --outform=v --form=v --keyform=v "
   "-h|--help!N"},
};
// clang-format on

const std::size_t kProgramsWrappersCount = sizeof(kProgramsWrappers) / sizeof(kProgramsWrappers[0]);

// Other names a system installs for a program of the table (Debian's alternatives, the
// debugger front ends that add pretty printers): the command is read as that program's, under
// its name (`allow ssh` allows `slogin`, `deny ssh` denies it).
const ProgramAlias kProgramAliases[] = {
    {"slogin", "ssh"},
    {"fakeroot-sysv", "fakeroot"},
    {"fakeroot-tcp", "fakeroot"},
    {"valgrind.bin", "valgrind"},
    {"rust-gdb", "gdb"},
    {"gdbtui", "gdb"},
    {"rust-lldb", "lldb"},
    {"mvnDebug", "mvn"},
    {"mvnwDebug", "mvnw"},
    {"zstdmt", "zstd"},
    {"pzstd", "zstd"},
};

const std::size_t kProgramAliasCount = sizeof(kProgramAliases) / sizeof(kProgramAliases[0]);

}  // namespace vigie::engine
