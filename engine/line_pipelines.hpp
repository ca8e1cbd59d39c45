// The pipelines of a line's commands with two stages or more, for the checks that span them
// (Judge::judge_commands): safety.cpp's pipelines_of, without its hashed table on the common line
// of a few commands.
#ifndef VIGIE_ENGINE_LINE_PIPELINES_HPP
#define VIGIE_ENGINE_LINE_PIPELINES_HPP

#include <cstddef>
#include <vector>

#include "grammar/shell/commands.hpp"

namespace vigie::engine {

// The groups of pipelines_of(cmds) that have two stages or more, in the same order.
std::vector<std::vector<std::size_t>> pipelines_of_line(
    const std::vector<shell::CommandView>& cmds);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_LINE_PIPELINES_HPP
