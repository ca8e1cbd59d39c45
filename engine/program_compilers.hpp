// The compiler drivers' words judged from elsewhere (engine/program_compilers.cpp): rustc's
// `-C link-arg=…` values are the words of the linker driver it runs (cc).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "engine/program_handlers.hpp"

namespace vigie::engine {

// Judges words `w[first…]` as `mode` reads them (c a compiler driver, l a linker, a the
// assembler), with the words a driver passes on (`-Wl,`, `-Xlinker`, `-Xclang`…) and the
// libraries `-l:NAME` reads; `n` names the reader in the entries, `inputs` (when given)
// receives the driver's operands: their indexes into out.files.
void cc_driver_words(const std::string& n, const std::vector<shell::WordView>& w, std::size_t first,
                     char mode, ProgramEffects& out, std::vector<std::size_t>* inputs);

}  // namespace vigie::engine
