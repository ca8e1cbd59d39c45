// The pipelines of a line's commands: the stages a `|` joins, in each nesting context. One
// grouping serves every reader: pipe_input (each stage's input), the checks that span the
// stages (Judge::judge_commands), xargs' input, safety.cpp's pipelines_of.
#ifndef VIGIE_ENGINE_LINE_PIPELINES_HPP
#define VIGIE_ENGINE_LINE_PIPELINES_HPP

#include <cstddef>
#include <span>
#include <vector>

#include "grammar/shell/commands.hpp"

namespace vigie::engine {

// A line's pipelines in one vector: the commands' indices group after group (each group in the
// line's order, the groups in the order of their first command), then where each group begins
// and where the last one ends.
class LinePipelines {
 public:
  std::size_t size() const { return groups_; }
  bool empty() const { return groups_ == 0; }
  std::span<const std::size_t> operator[](std::size_t g) const {
    const std::size_t* starts = data_.data() + stages_;
    return {data_.data() + starts[g], starts[g + 1] - starts[g]};
  }

  struct Iterator {
    const LinePipelines* p;
    std::size_t g;
    std::span<const std::size_t> operator*() const { return (*p)[g]; }
    Iterator& operator++() {
      ++g;
      return *this;
    }
    bool operator==(const Iterator& o) const { return g == o.g; }
  };
  Iterator begin() const { return {this, 0}; }
  Iterator end() const { return {this, groups_}; }

 private:
  friend void line_pipelines(const std::vector<shell::CommandView>&, LinePipelines&, std::size_t,
                             std::size_t);
  std::vector<std::size_t> data_;
  std::size_t stages_ = 0;  // the indices in data_; the starts follow them
  std::size_t groups_ = 0;
};

// Lines of up to this many commands are grouped by looking back for the latest command of the
// same context; longer ones through a hashed table of contexts.
inline constexpr std::size_t kPipelinesScanned = 32;

// The pipelines of `cmds` with `min_stages` stages or more. A `|` (`|&`) continues the pipeline
// of its own context (compared by value): the group of the latest command of that context; any
// other operator starts a group. `scanned`: the longest line grouped without the table (tests
// lower it to compare both ways).
LinePipelines line_pipelines(const std::vector<shell::CommandView>& cmds,
                             std::size_t min_stages = 1, std::size_t scanned = kPipelinesScanned);
// The same into `out`, whose memory it reuses.
void line_pipelines(const std::vector<shell::CommandView>& cmds, LinePipelines& out,
                    std::size_t min_stages = 1, std::size_t scanned = kPipelinesScanned);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_LINE_PIPELINES_HPP
