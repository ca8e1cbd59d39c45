// A line's pipelines (engine/line_pipelines.hpp).
#include "engine/line_pipelines.hpp"

#include <string>
#include <string_view>
#include <unordered_map>

namespace vigie::engine {

void line_pipelines(const std::vector<shell::CommandView>& cmds, LinePipelines& out,
                    std::size_t min_stages, std::size_t scanned) {
  const std::size_t n = cmds.size();
  // One vector (its memory kept from out's last use): the indices [0, n), the starts
  // [n, n + groups + 1), and meanwhile each command's group at [2n + 1, 3n + 1).
  auto& d = out.data_;
  d.assign(3 * n + 1, 0);
  std::size_t* const starts = d.data() + n;
  std::size_t* const group_of = d.data() + 2 * n + 1;
  std::size_t groups = 0;
  const auto piped = [](const shell::CommandView& c) { return c.op == "|" || c.op == "|&"; };
  if (n <= scanned) {
    for (std::size_t i = 0; i < n; ++i) {
      std::size_t last = i;
      for (std::size_t k = i; piped(cmds[i]) && k-- > 0;)
        if (cmds[k].context == cmds[i].context) {
          last = k;
          break;
        }
      group_of[i] = last < i ? group_of[last] : groups++;
    }
  } else {
    // The open pipeline of each context. Hashed: 100,000 commands 60 contexts deep made an
    // ordered map's comparisons a hot spot. Keyed by the commands' own context vectors
    // (compared by value, not copied).
    using Context = const std::vector<std::string>*;
    struct ContextHash {
      std::size_t operator()(Context v) const noexcept {
        std::size_t h = v->size();
        for (const auto& s : *v) h = h * 1000003u ^ std::hash<std::string_view>()(s);
        return h;
      }
    };
    struct ContextEq {
      bool operator()(Context a, Context b) const noexcept { return *a == *b; }
    };
    std::unordered_map<Context, std::size_t, ContextHash, ContextEq> open;
    for (std::size_t i = 0; i < n; ++i) {
      auto it = open.find(&cmds[i].context);
      if (piped(cmds[i]) && it != open.end()) {
        group_of[i] = it->second;
      } else {
        open.insert_or_assign(&cmds[i].context, groups);
        group_of[i] = groups++;
      }
    }
  }
  // Each group's size, then where it begins (a counting sort keeps the line's order within it).
  for (std::size_t i = 0; i < n; ++i) ++starts[group_of[i] + 1];
  for (std::size_t g = 0; g < groups; ++g) starts[g + 1] += starts[g];
  for (std::size_t i = 0; i < n; ++i) d[starts[group_of[i]]++] = i;
  // (starts[g] now holds where group g ends: shifted back one.)
  for (std::size_t g = groups; g > 0; --g) starts[g] = starts[g - 1];
  starts[0] = 0;
  // The groups with fewer stages than asked are dropped, the others moved forward.
  std::size_t kept = 0, w = 0;
  if (min_stages <= 1) kept = groups, w = n;
  for (std::size_t g = 0; g < groups && min_stages > 1; ++g) {
    const std::size_t b = starts[g], e = starts[g + 1];
    if (e - b < min_stages) continue;
    starts[kept++] = w;
    for (std::size_t j = b; j < e; ++j) d[w++] = d[j];
  }
  if (min_stages > 1) starts[kept] = w;
  // The starts follow the indices kept.
  if (w < n)
    for (std::size_t g = 0; g <= kept; ++g) d[w + g] = starts[g];
  d.resize(w + kept + 1);
  out.stages_ = w;
  out.groups_ = kept;
}

LinePipelines line_pipelines(const std::vector<shell::CommandView>& cmds, std::size_t min_stages,
                             std::size_t scanned) {
  LinePipelines out;
  line_pipelines(cmds, out, min_stages, scanned);
  return out;
}

}  // namespace vigie::engine
