// The programs table as written (engine/programs_table.cpp), before parsing. Internal to
// engine/programs*.cpp.
#ifndef VIGIE_ENGINE_PROGRAMS_DECL_HPP
#define VIGIE_ENGINE_PROGRAMS_DECL_HPP

#include <cstddef>

namespace vigie::engine {

struct ProgramSource {
  const char* names;     // space-separated
  const char* style;     // letters: p (long prefixes), m (permute), s (stop at first operand)
  const char* operands;  // operand shape
  const char* handler;   // "" or the name of a handler in programs.cpp
  const char* options;   // option declarations
};

extern const ProgramSource kPrograms[];
extern const std::size_t kProgramCount;
// The table continued (engine/programs_table_tools.cpp), read after `kPrograms`.
extern const ProgramSource kProgramsGit[];
extern const std::size_t kProgramsGitCount;

extern const ProgramSource kProgramsTools[];
extern const std::size_t kProgramsToolsCount;
// Database clients and data tools (engine/programs_table_data.cpp).
extern const ProgramSource kProgramsData[];
extern const std::size_t kProgramsDataCount;
// The table continued: cloud clients, ssh keys, archivers (engine/programs_table_cloud.cpp).
extern const ProgramSource kProgramsCloud[];
extern const std::size_t kProgramsCloudCount;
// The JavaScript tooling's command-line tools (engine/programs_table_js.cpp).
extern const ProgramSource kProgramsJs[];
extern const std::size_t kProgramsJsCount;
// The desktop's file tools and the other version control systems
// (engine/programs_table_desktop.cpp).
extern const ProgramSource kProgramsDesktop[];
extern const std::size_t kProgramsDesktopCount;
// Formatters and fixers of more ecosystems (engine/programs_table_fixers.cpp).
extern const ProgramSource kProgramsFixers[];
extern const std::size_t kProgramsFixersCount;
// Compilers and code generators of the JVM and schema languages
// (engine/programs_table_codegen.cpp).
extern const ProgramSource kProgramsCodegen[];
extern const std::size_t kProgramsCodegenCount;
// The system's less used file tools (engine/programs_table_system.cpp).
extern const ProgramSource kProgramsNetwork[];
extern const std::size_t kProgramsNetworkCount;
extern const ProgramSource kProgramsSystem[];
extern const std::size_t kProgramsSystemCount;
// Python's standard modules run as programs, `python-m:MODULE` (engine/programs_table_python.cpp).
extern const ProgramSource kProgramsPython[];
extern const std::size_t kProgramsPythonCount;
extern const ProgramSource kProgramsCheckers[];
extern const std::size_t kProgramsCheckersCount;
// Build interceptors, small launchers, the system's writers (engine/programs_table_wrappers.cpp).
extern const ProgramSource kProgramsWrappers[];
extern const std::size_t kProgramsWrappersCount;
// Another name a system installs for a program of the table (`slogin` for ssh): read by
// `fold_program_name` (engine/programs_index.cpp), the command judged under `program`'s name.
struct ProgramAlias {
  const char* alias;
  const char* program;
};
extern const ProgramAlias kProgramAliases[];
extern const std::size_t kProgramAliasCount;
// Entry i of the tables in order (i < program_source_count()): engine/programs_index.cpp.
const ProgramSource& program_source(std::size_t i);
std::size_t program_source_count();

// Programs that run code given to them (a script, `-c CODE`, their standard input): the
// interpreters column of the programs table (engine/programs_table_interpreters.cpp), read by
// engine/normalize.cpp (`is_shell`, `is_interpreter`).
struct InterpreterSource {
  const char* names;  // space-separated
  char kind;          // 's' a shell of the sh family (`sh -c`, `bash -lc`), 'i' an interpreter,
                      // 'e' an editor (its operands are the files it edits)
  bool prefix;        // each name also covers its versioned forms (python3.12); shells: exact
};

extern const InterpreterSource kInterpreters[];
extern const std::size_t kInterpreterCount;

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_PROGRAMS_DECL_HPP
