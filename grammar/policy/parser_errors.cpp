// The policy parser's error reporting and recovery: the diagnostic of a line that does not
// parse (what was found, "did you mean", hints for conditions) and the brace balancing that
// lets the next lines parse normally.
#include <algorithm>
#include <string>
#include <string_view>

#include "grammar/policy/check.hpp"
#include "grammar/policy/parser_state.hpp"

namespace vigie::policy::parsing {

LineError make_error(const ErrorInfo& info, std::uint32_t pos, const State& s) {
  std::string_view line(s.base + s.line_begin, s.line_end - s.line_begin);
  std::uint32_t rel = pos - s.line_begin;
  std::string_view rest = rel <= line.size() ? line.substr(rel) : std::string_view{};
  std::size_t content = rest.find_first_not_of(" \t\r");
  bool at_end = content == std::string_view::npos || rest[content] == '#';

  std::uint32_t len = 0;
  if (!at_end) {
    if (info.one_char) {
      len = 1;
    } else {
      // A quoted string is shown whole, anything else up to the next blank.
      std::size_t e = std::string_view::npos;
      if ((rest[0] == '"' || rest[0] == '\'') && rest.size() > 1) {
        e = rest.find(rest[0], 1);
        if (e != std::string_view::npos) ++e;
      }
      if (e == std::string_view::npos) e = rest.find_first_of(" \t\r");
      len = static_cast<std::uint32_t>(e == std::string_view::npos ? rest.size() : e);
    }
  }
  std::string found = at_end ? "end of line" : quote(rest.substr(0, len));
  std::string msg = info.message;
  if (auto p = msg.find("{}"); p != std::string::npos) {
    if (info.one_char) {
      msg.replace(p, 2, at_end ? std::string() : std::string(rest.substr(0, 1)));
    } else {
      msg.replace(p, 2, found);
    }
  }
  std::string help = info.help;
  if (info.suggest_effect && !at_end) {
    if (auto m = did_you_mean(std::string(rest.substr(0, len)), {"allow", "deny", "ask"})) {
      help = "did you mean `" + *m + "`?";
    }
  }
  if (!at_end && (info.code == Code::expected_pattern || info.code == Code::expected_alternative)) {
    std::string_view w = rest.substr(0, len);
    if (w == "inside" || w == "outside" || w == "without") {
      help = "`" + std::string(w) +
             "` starts a condition, which comes after the patterns; to match the word, quote "
             "it: '" +
             std::string(w) + "'";
    }
  }
  if (!at_end && info.code == Code::unexpected_text && rest[0] == '|' &&
      !s.rule.conditions.empty()) {
    help =
        "conditions come after every pattern and apply to all of them: `deny a | b outside "
        "/tmp`";
  }
  LineError e{info.code, {pos, pos + len}, std::move(msg), std::move(help), at_end};
  if (info.from_string_open) {
    std::uint32_t end = s.line_end;
    while (end > s.string_open &&
           (s.base[end - 1] == '\r' || s.base[end - 1] == ' ' || s.base[end - 1] == '\t')) {
      --end;
    }
    e.span = {s.string_open, std::max(end, s.string_open + 1)};
    e.incomplete = true;  // an open string: the author is probably still typing
  }
  return e;
}

void recover(State& s) {
  std::string_view line(s.base + s.line_begin, s.line_end - s.line_begin);
  std::size_t first = line.find_first_not_of(" \t");
  if (first == std::string_view::npos) return;
  if (line[first] == '}') {
    s.close_block(s.line_begin + static_cast<std::uint32_t>(first) + 1);
    return;
  }
  // The code before a comment (quotes considered).
  std::size_t end = line.size();
  char q = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (q != 0) {
      if (c == '\\' && q == '"') {
        ++i;
      } else if (c == q) {
        q = 0;
      }
    } else if (c == '"' || c == '\'') {
      q = c;
    } else if (c == '#') {
      end = i;
      break;
    }
  }
  std::size_t last = line.substr(0, end).find_last_not_of(" \t\r");
  if (last == std::string_view::npos || line[last] != '{' || q != 0) return;
  std::size_t kend = line.find_first_of(" \t{", first);
  Block b;
  b.kind = make_word(Word::Kind::bare, std::string(line.substr(first, kend - first)),
                     s.line_begin + static_cast<std::uint32_t>(first),
                     s.line_begin + static_cast<std::uint32_t>(kend));
  b.span = {b.kind.span.begin, s.line_end};
  s.open_block(std::move(b));
}

}  // namespace vigie::policy::parsing
