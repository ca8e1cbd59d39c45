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

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_PROGRAMS_DECL_HPP
