// The plain-line fast path (plain.hpp): a PEGTL grammar of words of safe bytes separated by
// blanks, whose action pushes each word straight into the commands view.
#include "grammar/shell/plain.hpp"

#include <array>
#include <exception>

#include <tao/pegtl.hpp>

namespace vigie::shell {

namespace {

namespace pg = tao::pegtl;

// The bytes that are literal wherever they stand in an unquoted word of the full grammar.
struct plain_byte : pg::sor<pg::ranges<'a', 'z', 'A', 'Z', '0', '9'>,
                            pg::one<'_', '.', '/', ':', '@', '%', '+', ',', '-', '='>> {};
struct blank : pg::one<' ', '\t'> {};
struct plain_word : pg::plus<plain_byte> {};
// Blanks, words separated by blanks, blanks, then the end: nothing else may follow a word.
struct plain_line : pg::seq<pg::star<blank>, pg::list_tail<plain_word, pg::plus<blank>>, pg::eof> {
};

// First words the full path reads otherwise: the reserved words of grammar.hpp (`kw_*`, which
// open a compound command or a `time` pipeline), `coproc`, and `let`, whose arguments are
// arithmetic that validate_ast.cpp checks.
constexpr std::array<std::string_view, 18> kSpecialFirst = {
    "if",    "then",  "else", "elif",     "fi",     "do",   "done", "case",   "esac",
    "while", "until", "for",  "function", "select", "time", "in",   "coproc", "let"};

bool special_first(std::string_view w) {
  for (auto r : kSpecialFirst)
    if (w == r) return true;
  return false;
}

struct State {
  CommandView cmd;
  const char* source = nullptr;
  bool refused = false;  // a first word the full grammar reads otherwise
};

template <typename Rule>
struct action : pg::nothing<Rule> {};

template <>
struct action<plain_word> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    std::string_view w(in.begin(), in.size());
    if (s.cmd.argv.empty() && (special_first(w) || w.find('=') != std::string_view::npos)) {
      s.refused = true;
      return;
    }
    auto begin = static_cast<std::uint32_t>(in.begin() - s.source);
    WordView& v = s.cmd.argv.emplace_back();
    v.text.assign(w);
    v.literal.emplace(w);
    v.pattern.emplace(w);
    v.span = {begin, begin + static_cast<std::uint32_t>(w.size())};
  }
};

}  // namespace

std::optional<CommandsResult> plain_commands(std::string_view line) {
  // A first pass without actions: a line that is not plain costs no allocation.
  pg::memory_input<pg::tracking_mode::lazy> check(line.data(), line.size(), "plain");
  if (!pg::parse<plain_line>(check)) return std::nullopt;
  State s;
  s.source = line.data();
  s.cmd.argv.reserve(4);
  pg::memory_input<pg::tracking_mode::lazy> in(line.data(), line.size(), "plain");
  if (!pg::parse<plain_line, action>(in, s) || s.refused || s.cmd.argv.empty()) return std::nullopt;
  s.cmd.context.emplace_back("top");
  s.cmd.span = {s.cmd.argv.front().span.begin, static_cast<std::uint32_t>(line.size())};
  std::optional<CommandsResult> r(std::in_place);
  r->ok = true;
  r->commands.push_back(std::move(s.cmd));
  return r;
}

CommandsResult parse_commands(std::string_view src, const Limits& limits) {
  if (src.size() <= limits.max_bytes) {  // the limit before the work; past it, the full path errs
    try {
      if (auto fast = plain_commands(src)) return std::move(*fast);
    } catch (const std::exception&) {  // out of memory: an error, as the full path reports it
      CommandsResult r;
      r.errors.push_back(ParseError{1, 1, 0, "out of memory", false});
      return r;
    }
  }
  return parse_commands_full(src, limits);
}

}  // namespace vigie::shell
