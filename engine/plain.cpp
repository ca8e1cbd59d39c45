#include "engine/plain.hpp"

#include <array>

namespace vigie::engine {

namespace {

bool plain_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.' || c == '/' || c == ':' || c == '@' || c == '%' || c == '+' || c == ',' ||
         c == '-' || c == '=';
}

bool reserved(std::string_view w) {
  static constexpr std::array<std::string_view, 17> kReserved = {
      "if",    "then",  "else", "elif",     "fi",     "do",   "done", "case",  "esac",
      "while", "until", "for",  "function", "select", "time", "in",   "coproc"};
  for (auto r : kReserved)
    if (w == r) return true;
  return false;
}

}  // namespace

std::optional<shell::CommandsResult> plain_line(std::string_view line) {
  shell::CommandView cmd;
  std::size_t i = 0, n = line.size();
  while (i < n) {
    char c = line[i];
    if (c == ' ' || c == '\t') {
      ++i;
      continue;
    }
    if (!plain_char(c)) return std::nullopt;
    std::size_t b = i;
    while (i < n && plain_char(line[i])) ++i;
    if (i < n && line[i] != ' ' && line[i] != '\t') return std::nullopt;
    std::string_view w = line.substr(b, i - b);
    if (cmd.argv.empty() && (reserved(w) || w.find('=') != std::string_view::npos))
      return std::nullopt;
    shell::WordView v;
    v.text = std::string(w);
    v.literal = v.text;
    v.pattern = v.text;
    v.span = {static_cast<std::uint32_t>(b), static_cast<std::uint32_t>(i)};
    cmd.argv.push_back(std::move(v));
  }
  if (cmd.argv.empty()) return std::nullopt;
  cmd.context = {"top"};
  cmd.span = {cmd.argv.front().span.begin, static_cast<std::uint32_t>(n)};
  shell::CommandsResult r;
  r.ok = true;
  r.commands.push_back(std::move(cmd));
  return r;
}

}  // namespace vigie::engine
