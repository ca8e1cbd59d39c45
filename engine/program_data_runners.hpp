// Handlers of data tools that run commands (engine/program_data_runners.cpp): csvtool, unshar.
#ifndef VIGIE_ENGINE_PROGRAM_DATA_RUNNERS_HPP
#define VIGIE_ENGINE_PROGRAM_DATA_RUNNERS_HPP

#include <string_view>
#include <vector>

#include "engine/programs.hpp"

namespace vigie::engine {

void csvtool_handler(const ProgramDecl& p, std::string_view name,
                     const std::vector<shell::WordView>& w, ProgramEffects& out);
void unshar_handler(const ProgramDecl& p, std::string_view name,
                    const std::vector<shell::WordView>& w, ProgramEffects& out);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_PROGRAM_DATA_RUNNERS_HPP
