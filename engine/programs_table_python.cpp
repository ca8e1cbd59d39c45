// The programs table, Python's standard modules run as programs (`python3 -m MODULE ARGS`):
// each entry is named `python-m:MODULE` and read by add_module_effects
// (engine/code_commands.cpp) for the words after `-m MODULE`, so that a program of the same name
// (`trace`, `ast`) is not taken for the module. The archive modules' options take several values
// (handler `pyarchive`), timeit's statements are code (handler `pycode`), both in
// engine/program_python_modules.cpp. argparse takes any unambiguous prefix of a long option and
// options after operands; optparse (cProfile, profile, uu) prefixes too. The legend of the
// columns is in engine/programs_table.cpp. (`python3 -m lib2to3` is with 2to3, in
// engine/programs_table_codegen.cpp.)
#include "engine/programs_decl.hpp"

namespace vigie::engine {

// clang-format off
const ProgramSource kProgramsPython[] = {
  // `json.tool [INFILE [OUTFILE]]` (`python3 -m json` from 3.14).
  {"python-m:json.tool python-m:json", "pm", "rw", "",
   "--sort-keys --no-ensure-ascii --json-lines --indent=v --tab --no-indent --compact --no-color "
   "--color -h|--help!N"},
  {"python-m:zipfile python-m:tarfile", "", "", "pyarchive", ""},
  {"python-m:timeit", "", "", "pycode", ""},
  // py_compile writes each source's `__pycache__/NAME.pyc` beside it: judged as a write of the
  // source (a rule on its folder meets it). compileall rewrites the caches of every file below
  // its folders; `-i FILE` lists the files (read).
  {"python-m:py_compile", "pm", "*m", "", "-q|--quiet -h|--help!N"},
  {"python-m:compileall", "pm", "*M", "",
   "-l -r=v -f -q -b -d=v -s=v -p=v -x=v -i=r -j=v --invalidation-mode=v -o=v -e=v "
   "--hardlink-dupes -h|--help!N"},
  // The profilers and the tracer run a script (or a module with `-m`) with its arguments: their
  // options stop at it. pdb's `-c` commands are Python statements the debugger runs: asked.
  {"python-m:cProfile python-m:profile", "ps", "x*-", "",
   "-o|--outfile=w -s|--sort=v -m -h|--help!N"},
  {"python-m:trace", "ps", "x*-", "",
   "-c|--count -t|--trace -l|--listfuncs -T|--trackcalls -r|--report -R|--no-report "
   "-f|--file=w -C|--coverdir=g -m|--missing -s|--summary -g|--timing --ignore-module=v "
   "--ignore-dir=v --module --version!N -h|--help!N"},
  {"python-m:pdb", "s", "x*-", "", "-c|--command=v!! -m -h|--help!N"},
  // Readers: the files they tokenize, parse, disassemble or compare; pickletools' `-o` output.
  {"python-m:tokenize", "pm", "r", "", "-e|--exact -h|--help!N"},
  {"python-m:ast", "pm", "r", "",
   "-m|--mode=v --no-type-comments -a|--include-attributes -i|--indent=v "
   "--feature-version=v -O|--optimize=v --show-empty -h|--help!N"},
  {"python-m:dis", "pm", "r", "", "-C|--show-caches -O|--show-offsets -P|--show-positions "
   "-S|--specialized -h|--help!N"},
  {"python-m:pickletools", "pm", "*r", "",
   "-o|--output=w -m|--memo -l|--indentlevel=v -a|--annotate -p|--preamble=v -t|--test -v "
   "-h|--help!N"},
  {"python-m:tabnanny python-m:pyclbr python-m:pstats python-m:quopri", "", "*r", "",
   "-q -v -t -d"},
  {"python-m:filecmp", "", "rr", "", "-r!Q"},
  {"python-m:uu", "pm", "rw", "", "-d|--decode -t|--text -h|--help!N"},
  // doctest runs the examples of each file (a module imported, or a text file's examples).
  {"python-m:doctest", "pm", "*x", "", "-v|--verbose -o|--option=v -f|--fail-fast -h|--help!N"},
  // zipapp packs a folder (read with every file below it) into `-o FILE` (SOURCE.pyz beside it
  // when none: judged as the source's folder written).
  {"python-m:zipapp", "pm", "R", "",
   "-o|--output=w -p|--python=v -m|--main=v -c|--compress --info -h|--help!N"},
};
// clang-format on

const std::size_t kProgramsPythonCount = sizeof(kProgramsPython) / sizeof(kProgramsPython[0]);

}  // namespace vigie::engine
