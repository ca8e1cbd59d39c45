// The commands view of the plain-line fast path (plain_state.hpp): a word's literal, pattern and
// flags, the contexts of the commands and their order, as the full path (commands.cpp) gives
// them.
#include <algorithm>
#include <cstdint>

#include "grammar/shell/plain_state.hpp"

namespace vigie::shell::plain_grammar {

namespace {

bool in_condition(const State& s, std::uint32_t at) {
  for (const auto& [b, e] : s.conditions)
    if (at >= b && at < e) return true;
  return false;
}

// The contexts of a top-level command: `top`, the line's wrapper (`subshell`, `loop`, `if`,
// `case`) when it starts before the wrapper's end, and
// `condition` in the condition of an `if`.
void top_contexts(const State& s, std::vector<std::string>& ctx, std::uint32_t begin, bool piped) {
  const bool cond = !s.conditions.empty() && in_condition(s, begin);
  const char* wrapper = begin < s.wrapper_end ? s.wrapper : nullptr;
  ctx.reserve(1 + (wrapper != nullptr) + cond + piped);
  ctx.emplace_back(kContextTop);
  if (wrapper) ctx.emplace_back(wrapper);
  if (cond) ctx.emplace_back(kContextCondition);
}

}  // namespace

// The view of a word of the grammar (plain_grammar.hpp): with an expansion it has neither literal
// nor pattern; with an unquoted `*` or `?` a pattern (quoted glob bytes escaped with `\`) and no
// literal; else its value is its text without the quotes, literal and pattern alike (commands.cpp
// `fill_view`).
// (fill_word, plain_state.hpp, has set the text and the span.)
void fill_word_parts(State& s, WordView& v, std::string_view text) {
  const bool glob = s.glob;
  s.glob = false;
  v.has_glob = glob;
  if (s.expansion) {  // no literal, no pattern (commands.cpp)
    v.has_expansion = true;
    s.expansion = s.quoted = false;
    return;
  }
  if (!s.quoted) {  // a glob: its pattern is its text
    v.pattern.same_as_text();
    return;
  }
  s.quoted = false;
  // Quote removal by runs: "…" holds no `\` here (DqClass), and a word with an expansion has
  // returned above. A glob's pattern escapes the quoted `*`, `?`, `[`, `]` and `\`.
  std::string value;
  value.reserve(text.size());
  const auto quoted = [&](std::string_view q) {
    if (!glob) {
      value.append(q);
      return;
    }
    for (char c : q) {
      if (c == '*' || c == '?' || c == '[' || c == ']' || c == '\\') value += '\\';
      value += c;
    }
  };
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '\'' || c == '"') {
      const std::size_t close = text.find(c, i + 1);  // the grammar matched it
      quoted(text.substr(i + 1, close - i - 1));
      i = close + 1;
    } else if (c == '\\') {  // an escape: the byte after it
      quoted(text.substr(i + 1, 1));
      i += 2;
    } else {
      const std::size_t next = std::min(text.find_first_of("'\"\\", i), text.size());
      value.append(text.substr(i, next - i));
      i = next;
    }
  }
  if (glob) {
    v.pattern.emplace(std::move(value));
    return;
  }
  v.pattern.emplace(value);
  v.literal.emplace(std::move(value));
}

// The contexts of the commands of one list, in order: those of the top level, then `pipeline`
// for a command joined to a neighbour by `|`.
void set_contexts(State& s) {
  auto& cmds = s.cmds;
  for (std::size_t i = 0; i < cmds.size(); ++i) {
    bool piped = cmds[i].op == "|" || (i + 1 < cmds.size() && cmds[i + 1].op == "|");
    auto& ctx = cmds[i].context;
    top_contexts(s, ctx, cmds[i].span.begin, piped);
    if (piped) ctx.emplace_back(kContextPipeline);
  }
}

// With `$(…)`: the commands in the order of the full path's walk (commands.cpp), each before the
// commands of its words, which is the order of their first bytes; a command of a `$(…)` has the
// context of the command holding it, then `$()`, then `pipeline` when piped in its own list.
std::optional<std::vector<CommandView>> in_source_order(State& s) {
  const std::size_t n = s.cmds.size();
  std::vector<std::uint32_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = static_cast<std::uint32_t>(i);
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    return s.cmds[a].span.begin < s.cmds[b].span.begin;
  });
  std::vector<CommandView> out;
  out.reserve(n);
  std::vector<std::uint32_t> list(n), last(s.holder_of.size() + 1, UINT32_MAX);
  std::vector<char> piped(n, 0);
  for (std::size_t k = 0; k < n; ++k) {
    out.push_back(std::move(s.cmds[order[k]]));
    list[k] = s.list_of[order[k]];
    if (out[k].op == "|") {
      piped[k] = 1;
      if (last[list[k]] != UINT32_MAX) piped[last[list[k]]] = 1;
    }
    last[list[k]] = static_cast<std::uint32_t>(k);
  }
  for (std::size_t k = 0; k < n; ++k) {
    auto& ctx = out[k].context;
    if (list[k] == 0) {
      top_contexts(s, ctx, out[k].span.begin, piped[k]);
    } else if (s.holder_of[list[k] - 1] == kNoHolder) {  // in a word of a `for` loop
      ctx.emplace_back(kContextTop);
      ctx.emplace_back(s.wrapper);
      ctx.emplace_back(s.label_of[list[k] - 1]);
    } else {  // the holder starts before: its context is set
      const std::uint32_t at = s.holder_of[list[k] - 1];
      auto holder =
          std::lower_bound(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(k), at,
                           [](const CommandView& c, std::uint32_t b) { return c.span.begin < b; });
      if (holder == out.begin() + static_cast<std::ptrdiff_t>(k) || holder->span.begin != at) {
        return std::nullopt;  // no holder: cannot happen; the full path decides
      }
      ctx = holder->context;
      ctx.emplace_back(s.label_of[list[k] - 1]);
    }
    if (piped[k]) ctx.emplace_back(kContextPipeline);
  }
  return out;
}

}  // namespace vigie::shell::plain_grammar
