// The fork bomb check, on the whole line before it is split into commands: `:(){ :|:& };:`,
// renamed variants, `function f { f|f& }; f`.
#include "engine/safety_internal.hpp"

#include <cstdint>
#include <cstring>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace vigie::engine {

using namespace safety;

namespace {

// Fork bombs: `NAME(){ ... NAME | NAME & ... }; NAME`, with any name and spacing, and
// `function NAME { ... }`. The body must call the function at least twice, with a pipe or a
// background `&`, and the function must be called after its definition.
bool is_name_char(char c) {
  return !std::isspace(static_cast<unsigned char>(c)) && !std::strchr("(){};|&<>'\"`$", c);
}

// `function NAME {` and `function NAME() {` rewritten as `NAME(){`.
std::string without_function_keyword(std::string_view line) {
  std::string out;
  std::size_t i = 0;
  while (i < line.size()) {
    std::size_t f = line.find("function", i);
    bool word_start = f != std::string_view::npos &&
                      (f == 0 || std::isspace(static_cast<unsigned char>(line[f - 1])) ||
                       std::strchr(";&|({", line[f - 1]));
    if (f == std::string_view::npos) break;
    std::size_t j = f + 8;
    if (!word_start || j >= line.size() || !std::isspace(static_cast<unsigned char>(line[j]))) {
      out.append(line.substr(i, j - i));
      i = j;
      continue;
    }
    while (j < line.size() && std::isspace(static_cast<unsigned char>(line[j]))) ++j;
    std::size_t n = j;
    while (n < line.size() && is_name_char(line[n])) ++n;
    std::size_t k = n;
    while (k < line.size() && std::isspace(static_cast<unsigned char>(line[k]))) ++k;
    if (k + 1 < line.size() && line[k] == '(' && line[k + 1] == ')') k += 2;
    while (k < line.size() && std::isspace(static_cast<unsigned char>(line[k]))) ++k;
    if (n == j || k >= line.size() || line[k] != '{') {
      out.append(line.substr(i, j - i));
      i = j;
      continue;
    }
    out.append(line.substr(i, f - i));
    out.append(line.substr(j, n - j));
    out.append("(){");
    i = k + 1;
  }
  out.append(line.substr(std::min(i, line.size())));
  return out;
}

// One pass over the line without blanks, then a constant or logarithmic amount of work per
// definition: a line of 1 MiB of `f(){ ` (every brace unclosed) or of nested definitions is
// linear, where scanning each body and each suffix was quadratic.
std::optional<std::string> fork_bomb_name(std::string_view line) {
  // Every definition (`f(){`, `function f {`) has a brace: most lines have none.
  if (line.find(kLineCheckByte) == std::string_view::npos) return std::nullopt;
  std::string s;  // the line without blanks
  {
    std::string rewritten = without_function_keyword(line);
    s.reserve(rewritten.size());
    for (char c : rewritten)
      if (!std::isspace(static_cast<unsigned char>(c))) s += c;
  }
  const std::size_t n = s.size();
  constexpr std::uint32_t kNone = UINT32_MAX;
  if (n >= kNone) return std::nullopt;
  auto is_delim = [](char c) { return c == '|' || c == '&' || c == ';'; };

  // The definitions `NAME(){`, in order, and the set of their names.
  struct Def {
    std::uint32_t name_begin, open;  // s[name_begin, open - 2) is NAME, s[open] is `{`
  };
  std::vector<Def> defs;
  std::unordered_set<std::string_view> names;
  for (std::size_t p = s.find("(){"); p != std::string::npos; p = s.find("(){", p + 1)) {
    std::size_t b = p;
    while (b > 0 && is_name_char(s[b - 1])) --b;
    if (b == p) continue;
    defs.push_back({static_cast<std::uint32_t>(b), static_cast<std::uint32_t>(p + 2)});
    names.insert(std::string_view(s).substr(b, p - b));
  }
  if (defs.empty()) return std::nullopt;

  // One pass: matching braces (a stack), the delimiters `|&;`, the pipes and backgrounds, the
  // segments between two consecutive delimiters that are a defined name or `$0` (by text: the
  // left delimiter's positions), and the last maximal run of name characters of each name.
  std::vector<std::uint32_t> close_of(n, kNone);
  std::vector<std::uint32_t> stack, delims, pipes;
  std::unordered_map<std::string_view, std::vector<std::uint32_t>> segments;
  std::unordered_map<std::string_view, std::uint32_t> last_run;
  const std::string_view sv(s);
  std::size_t prev_delim = std::string::npos;
  for (std::size_t k = 0; k < n; ++k) {
    char c = s[k];
    if (c == '{') stack.push_back(static_cast<std::uint32_t>(k));
    if (c == '}' && !stack.empty()) {
      close_of[stack.back()] = static_cast<std::uint32_t>(k);
      stack.pop_back();
    }
    if (is_name_char(c) && (k == 0 || !is_name_char(s[k - 1]))) {
      std::size_t r = k;
      while (r < n && is_name_char(s[r])) ++r;
      auto run = sv.substr(k, r - k);
      if (names.count(run)) last_run[run] = static_cast<std::uint32_t>(k);
    }
    if (!is_delim(c)) continue;
    delims.push_back(static_cast<std::uint32_t>(k));
    if (c != ';') pipes.push_back(static_cast<std::uint32_t>(k));
    if (prev_delim != std::string::npos) {
      auto seg = sv.substr(prev_delim + 1, k - prev_delim - 1);
      if (seg == "$0" || names.count(seg))
        segments[seg].push_back(static_cast<std::uint32_t>(prev_delim));
    }
    prev_delim = k;
  }

  // Segments of text `text` lying between two delimiters d1 < d2 with lo <= d1 and d2 <= hi.
  auto count_between = [&](std::string_view text, std::size_t lo, std::size_t hi) -> long {
    auto it = segments.find(text);
    if (it == segments.end() || hi < lo + text.size() + 1) return 0;
    const auto& v = it->second;  // left delimiters, ascending
    auto from = std::lower_bound(v.begin(), v.end(), lo);
    auto to = std::upper_bound(v.begin(), v.end(), hi - text.size() - 1);
    return to > from ? to - from : 0;
  };

  for (const Def& def : defs) {
    std::size_t e = close_of[def.open];  // the body is s[i, e)
    if (e == kNone) continue;
    std::size_t i = def.open + 1;
    auto name = sv.substr(def.name_begin, def.open - 2 - def.name_begin);
    // Must fork: a `|` or `&` in the body.
    auto pipe = std::lower_bound(pipes.begin(), pipes.end(), i);
    if (pipe == pipes.end() || *pipe >= e) continue;
    // Calls itself at least twice: body segments (split on `|&;`) equal to NAME or `$0`.
    auto is_call = [&](std::size_t b, std::size_t end) {
      auto seg = sv.substr(b, end - b);
      return seg == name || seg == "$0";
    };
    std::size_t first = *std::lower_bound(delims.begin(), delims.end(), i);  // exists: a pipe
    std::size_t last = *(std::lower_bound(delims.begin(), delims.end(), e) - 1);
    long calls = is_call(i, first) + is_call(last + 1, e);
    if (last > first) calls += count_between(name, first, last) + count_between("$0", first, last);
    if (calls < 2) continue;
    // Called afterwards: a run of name characters equal to NAME after the body.
    auto run = last_run.find(name);
    if (run != last_run.end() && run->second > e) return std::string(name);
  }
  return std::nullopt;
}

}  // namespace

std::optional<SafetyHit> check_line(std::string_view line, const SafetyContext& ctx) {
  // Seed 003: the root daemon leaves fork bombs to the operator (not catastrophic for data).
  if (ctx.root_context ||
      (!ctx.disabled.empty() &&
       ctx.disabled.count(std::string(safety_check_info(SafetyCheck::fork_bomb).id))))
    return std::nullopt;
  if (line.size() > (1u << 20)) return std::nullopt;  // the shell parser refuses it anyway
  auto name = fork_bomb_name(line);
  if (!name) return std::nullopt;
  return hit(SafetyCheck::fork_bomb,
             "Refused: this is a fork bomb (the function `" + *name +
                 "` calls itself in the background until the machine runs out of processes and "
                 "stops responding).");
}

}  // namespace vigie::engine
