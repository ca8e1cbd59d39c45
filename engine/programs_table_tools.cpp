// The programs table, continued (engine/programs_table.cpp has the legend of styles, operand
// shapes and roles): binutils, checkers and converters that read or rewrite their operands,
// and programs that run other programs (run-parts, heaptrack, memusage, sotruss, perf,
// xdg-open). Read after `kPrograms` by engine/programs_index.cpp (a name's first entry wins).
#include "engine/programs_decl.hpp"

namespace vigie::engine {

// clang-format off
const ProgramSource kProgramsTools[] = {
  // ---- binutils: readers of object files ---------------------------------------------------
  // Style v: the cross and LLVM spellings too (`aarch64-linux-gnu-objdump`, `llvm-nm-17`).
  // `--plugin FILE` loads a shared object into the program: read, and at least asked.
  {"nm", "pmv", "*r", "",
   "-t|--radix=v -f|--format=v --target=v -C|--demangle?v --ifunc-chars=v --unicode=v "
   "--plugin=r!! --help!N -V|--version!N"},
  {"objdump", "pmv", "*r", "",
   "-P|--private=v -b|--target=v -m|--architecture=v -j|--section=v -M|--disassembler-options=v "
   "-I|--include=r -C|--demangle?v --disassemble?v --source-comment?v --dwarf?v -W?v --ctf?v "
   "--sframe?v --endian=v --unicode=v --start-address=v --stop-address=v --insn-width=v "
   "--adjust-vma=v --prefix=v --prefix-strip=v --dwarf-depth=v --dwarf-start=v --ctf-parent=v "
   "--visualize-jumps?v --disassembler-color=v --help!N -v|--version!N"},
  {"readelf", "pmv", "*r", "",
   "-x|--hex-dump=v -p|--string-dump=v -R|--relocated-dump=v -w|--debug-dump?v -C|--demangle?v "
   "--dwarf-depth=v --dwarf-start=v --ctf=v --ctf-parent=v --ctf-symbols=v --ctf-strings=v "
   "--sframe?v --sym-base=v --unicode=v -U=v -H|--help!N -v|--version!N"},
  {"size", "pmv", "*r", "", "--format=v --radix=v --target=v --help!N -V|--version!N"},
  // Operands are addresses (addr2line) and symbols (c++filt), not paths.
  {"addr2line", "pmv", "*-", "",
   "-b|--target=v -e|--exe=r -j|--section=v -C|--demangle?v -h|--help!N -v|--version!N"},
  {"c++filt", "pmv", "*-", "", "-s|--format=v -h|--help!N -v|--version!N"},
  // strip rewrites its operands in place; `-o FILE` writes FILE and only reads the operand.
  {"strip", "pmv", "*m", "",
   "-o=w!R -I|--input-target=v -O|--output-target=v -F|--target=v -R|--remove-section=v "
   "--remove-relocations=v -N|--strip-symbol=v --keep-section=v -K|--keep-symbol=v "
   "--plugin=r!! -h|--help!N -V|--version!N"},
  {"ranlib", "pmv", "*m", "", "--plugin=r!! -h|-H|--help!N -V|-v|--version!N"},
  // objcopy IN [OUT]: IN is rewritten in place when OUT is absent; read and written either way.
  {"objcopy", "pmv", "mw", "",
   "-I|--input-target=v -O|--output-target=v -B|--binary-architecture=v -F|--target=v "
   "-j|--only-section=v -R|--remove-section=v --remove-relocations=v -N|--strip-symbol=v "
   "--strip-unneeded-symbol=v --keep-section=v -K|--keep-symbol=v -L|--localize-symbol=v "
   "--globalize-symbol=v -G|--keep-global-symbol=v -W|--weaken-symbol=v -i|--interleave?v "
   "-b|--byte=v --interleave-width=v --gap-fill=v --pad-to=v --set-start=v "
   "--change-start|--adjust-start=v --change-addresses|--adjust-vma=v "
   "--change-section-address|--adjust-section-vma=v --change-section-lma=v "
   "--change-section-vma=v --set-section-flags=v --set-section-alignment=v "
   "--rename-section=v --reverse-bytes=v --redefine-sym=v --add-symbol=v --subsystem=v "
   "--heap=v --stack=v --image-base=v --section-alignment=v --file-alignment=v "
   "--prefix-symbols=v --prefix-sections=v --prefix-alloc-sections=v --long-section-names=v "
   "--elf-stt-common=v --compress-debug-sections?v "
   "--add-section=i --update-section=i --dump-section=o --add-gnu-debuglink=r "
   "--only-keep-debug --extract-dwo --redefine-syms=r --strip-symbols=r "
   "--strip-unneeded-symbols=r --keep-symbols=r --localize-symbols=r --globalize-symbols=r "
   "--keep-global-symbols=r --weaken-symbols=r --plugin=r!! -h|--help!N -V|--version!N"},

  // ---- checkers, converters, lookups ---------------------------------------------------------
  {"shasum", "pm", "*r", "",
   "-a|--algorithm=v -c|--check -b|--binary -t|--text -U|--UNIVERSAL -0|--01 -s|--status "
   "--tag -q|--quiet --ignore-missing -w|--warn --strict -h|--help!N -v|--version!N"},
  // look STRING [FILE] (default /usr/share/dict/words).
  {"look", "pm", "-r", "", "-t|--terminate=v -a|--alternative -d|--alphanum -f|--ignore-case "
   "-h|--help!N -V|--version!N"},
  {"pr", "pm", "*r", "",
   "-h|--header=v -w|--width=v -W|--page-width=v -l|--length=v -o|--indent=v "
   "-N|--first-line-number=v -e|--expand-tabs?v -i|--output-tabs?v -n|--number-lines?v "
   "-s|--separator?v -S|--sep-string?v -C|--columns=v --pages=v --help!N --version!N"},
  {"shellcheck", "pm", "*r", "",
   "-C|--color?v -i|--include=v -e|--exclude=v --extended-analysis=v -f|--format=v "
   "-o|--enable=v -P|--source-path=r -s|--shell=v -S|--severity=v -W|--wiki-link-count=v "
   "--rcfile=r -a|--check-sourced -x|--external-sources --norc --list-optional -V|--version!N"},
  // xmllint takes its long options with one dash or two (`-output F`, `--output F`).
  {"xmllint", "m", "*r", "",
   "-o|--output|-output=w --dtdvalid|-dtdvalid=r --relaxng|-relaxng=r --schema|-schema=r "
   "--schematron|-schematron=r --dtdvalidfpi|-dtdvalidfpi=v --maxmem|-maxmem=v "
   "--encode|-encode=v --pretty|-pretty=v --pattern|-pattern=v --xpath|-xpath=v "
   "--path|-path=v --version!N"},
  // yq, tomlq, xq (jq over YAML, TOML, XML): jq's filter then files; `-i` rewrites the files.
  // `--slurpfile NAME FILE` and `--rawfile NAME FILE` (jq's too) take two words, which the
  // syntax cannot declare: without a value, both are operands, so FILE is read (NAME over-read).
  {"yq tomlq xq", "pm", "p*r", "",
   "-i|--in-place!W -w|--width=v --yaml-output-grammar-version|--yml-out-ver=v "
   "--xml-root=v --xml-item-depth=v --xml-force-list=v -f|--from-file=P --arg=v --argjson=v "
   "--slurpfile --rawfile --args --jsonargs --indent=v -L=r -h|--help!N --version!N"},
  // zipinfo ZIP [MEMBER...]; zipgrep PATTERN ZIP [MEMBER...]: members are names in the archive.
  {"zipinfo", "s", "r*-", "", "-x=v -1 -2 -s -m -l -v -h -M -t -T -z -C"},
  {"zipgrep", "s", "pr*-", "", "-e=p -f=P"},
  {"ldd", "pm", "*r", "", "-d|--data-relocs -r|--function-relocs -u|--unused -v|--verbose "
   "--help!N --version!N"},
  {"lsattr", "m", "*r", "", "-R -V!N -a -d -l -p -v"},
  {"namei", "pm", "*r", "", "-x|--mountpoints -m|--modes -o|--owners -l|--long "
   "-n|--nosymlinks -v|--vertical -Z|--context -h|--help!N -V|--version!N"},

  // ---- programs that run programs ----------------------------------------------------------
  // run-parts DIR runs every executable in DIR: the folder is run like an interpreter's script
  // (exec, judged as a read of it), and `allow run-parts` covers it; `--test` and `--list`
  // run nothing, and path rules meet the folder the same way.
  {"run-parts", "pm", "x", "",
   "--test --list -u|--umask=v -a|--arg=v --regex=v -v|--verbose -d|--debug --report "
   "--reverse --exit-on-error --stdin --lsbsysinit --new-session -h|--help!N -V|--version!N"},
  {"heaptrack", "s", "", "wrapper",
   "-o|--output=w -p|--pid=v!N -a|--analyze=r!N -r|--raw -d|--debug!! --use-inject "
   "--record-only -h|--help!N -v|--version!N"},
  {"memusage", "ps", "", "wrapper",
   "-n|--progname=v -p|--png=w -d|--data=w -u|--unbuffered -b|--buffer=v --no-timer -m|--mmap "
   "-t|--time-based -T|--total --title=v -x|--x-size=v -y|--y-size=v --help!N --usage!N "
   "-V|--version!N"},
  {"sotruss", "ps", "", "wrapper",
   "-F|--from=v -T|--to=v -e|--exit -f|--follow -o|--output=w --help!N --usage!N --version!N"},
  // perf: the subcommands that run a command are asked (handler `perf`, engine/program_perf.cpp).
  {"perf", "", "", "perf", ""},
  // They open a file or URL with a program the line does not show (chosen by the desktop's
  // MIME settings; it may run the file): the operand is run (exec), and the command is asked
  // unless an allow names the program (like an interpreter's script).
  {"xdg-open sensible-browser", "s", "*x", "", "--help!N --manual!N --version!N"},
};
// clang-format on

const std::size_t kProgramsToolsCount = sizeof(kProgramsTools) / sizeof(kProgramsTools[0]);

const ProgramSource& program_source(std::size_t i) {
  return i < kProgramCount ? kPrograms[i] : kProgramsTools[i - kProgramCount];
}

std::size_t program_source_count() {
  return kProgramCount + kProgramsToolsCount;
}

}  // namespace vigie::engine
