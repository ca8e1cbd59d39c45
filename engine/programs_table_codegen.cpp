// The programs table, the compilers and code generators of the JVM and of schema languages:
// javac (its class, source and header folders: role b, every file below the folder, named after
// the inputs), protoc and Python's `-m grpc_tools.protoc` (handler `protoc`,
// engine/program_codegen.cpp: each `--LANG_out` folder), flatc and thrift (`-o`). The legend of
// the columns is in engine/programs_table.cpp. javac's long options have one dash, by their
// exact names; `-d`, `-s`, `-h` take the next word.
#include "engine/programs_decl.hpp"

namespace vigie::engine {

// clang-format off
const ProgramSource kProgramsCodegen[] = {
  {"javac", "m", "*r", "",
   "-d=b -s=b -h=b -cp|-classpath|--class-path=v -sourcepath|--source-path=v "
   "-bootclasspath|--boot-class-path=v -processorpath|--processor-path=v -p|--module-path=v "
   "--module-source-path=v --processor-module-path=v -source|--source=v -target|--target=v "
   "--release=v -encoding|--encoding=v -processor=v --add-modules=v --add-exports=v "
   "--add-reads=v --limit-modules=v --patch-module=v --system=v --upgrade-module-path=v "
   "-m|--module=v -extdirs=v -endorseddirs=v -g -nowarn -verbose -deprecation -parameters "
   "-Werror --enable-preview -implicit:none -implicit:class -proc:none -proc:only -proc:full "
   "-version|--version!N -help|--help!N"},
  {"protoc grpc_tools.protoc", "", "", "protoc", ""},
  {"flatc", "m", "*r", "",
   "-o=b -I=v --conform=r --conform-includes=v --include-prefix=v --bfbs-filenames=v "
   "--root-type=v --filename-suffix=v --filename-ext=v"},
  {"thrift", "s", "r", "",
   "-o=b -out=b -I=v -gen|--gen=v -r|-recurse -v|-verbose -strict -debug -allow-neg-keys "
   "-allow-64bit-consts -version|--version!N -help|--help!N"},
};
// clang-format on

const std::size_t kProgramsCodegenCount = sizeof(kProgramsCodegen) / sizeof(kProgramsCodegen[0]);

}  // namespace vigie::engine
