// A line's pipelines (engine/line_pipelines.hpp).
#include "engine/line_pipelines.hpp"

#include <array>
#include <cstdint>

#include "engine/safety.hpp"

namespace vigie::engine {

std::vector<std::vector<std::size_t>> pipelines_of_line(
    const std::vector<shell::CommandView>& cmds) {
  std::vector<std::vector<std::size_t>> out;
  if (cmds.size() > 32) {  // a long line: the table's grouping
    for (auto& group : pipelines_of(cmds))
      if (group.size() >= 2) out.push_back(std::move(group));
    return out;
  }
  // A `|` continues the pipeline of its own context (compared by value, as pipelines_of does):
  // the group of the latest command of that context. Any other operator starts a group.
  std::array<std::uint8_t, 32> group_of{};
  std::size_t groups = 0;
  for (std::size_t i = 0; i < cmds.size(); ++i) {
    const bool piped = cmds[i].op == "|" || cmds[i].op == "|&";
    std::size_t last = i;
    for (std::size_t k = i; piped && k-- > 0;)
      if (cmds[k].context == cmds[i].context) {
        last = k;
        break;
      }
    group_of[i] = last < i ? group_of[last] : static_cast<std::uint8_t>(groups++);
  }
  for (std::size_t g = 0; g < groups; ++g) {
    std::size_t stages = 0;
    for (std::size_t i = 0; i < cmds.size(); ++i) stages += group_of[i] == g;
    if (stages < 2) continue;
    auto& group = out.emplace_back();
    group.reserve(stages);
    for (std::size_t i = 0; i < cmds.size(); ++i)
      if (group_of[i] == g) group.push_back(i);
  }
  return out;
}

}  // namespace vigie::engine
