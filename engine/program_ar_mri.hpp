// `ar -M`'s MRI script (engine/program_ar_mri.cpp), read by ar's handler
// (engine/program_archives.cpp).
#ifndef VIGIE_ENGINE_PROGRAM_AR_MRI_HPP
#define VIGIE_ENGINE_PROGRAM_AR_MRI_HPP

#include <string>

#include "engine/programs.hpp"

namespace vigie::engine {

// The files an MRI script reads and writes (CREATE, OPEN and SAVE the archive, ADDMOD, ADDLIB,
// REPLACE, EXTRACT, DIRECTORY … OUTFILE), each a word made from `from`.
void ar_mri_effects(const std::string& script, const shell::WordView& from, ProgramEffects& out);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_PROGRAM_AR_MRI_HPP
