// The plain-line fast path (plain.hpp): a PEGTL grammar of commands of words of safe bytes,
// joined by `&&`, `||`, `;` and `|`, whose actions push each word and command straight into the
// commands view.
#include "grammar/shell/plain.hpp"

#include <array>
#include <cstdint>
#include <exception>
#include <vector>

#include <tao/pegtl.hpp>

namespace vigie::shell {

namespace {

namespace pg = tao::pegtl;

// The bytes that are literal wherever they stand in an unquoted word of the full grammar.
struct plain_byte : pg::sor<pg::ranges<'a', 'z', 'A', 'Z', '0', '9'>,
                            pg::one<'_', '.', '/', ':', '@', '%', '+', ',', '-', '='>> {};
struct blank : pg::one<' ', '\t'> {};
struct plain_word : pg::plus<plain_byte> {};
// One simple command: words separated by blanks, and the blanks after it (its span ends at the
// operator that follows, as in the full path).
struct plain_command : pg::seq<plain_word, pg::star<pg::plus<blank>, plain_word>, pg::star<blank>> {
};
// The list and pipeline operators between commands (`&`, `|&` and newlines are left to the full
// path: they add a context or here-documents).
struct list_op : pg::sor<pg::string<'&', '&'>, pg::string<'|', '|'>, pg::one<';'>, pg::one<'|'>> {};
struct final_semi : pg::one<';'> {};
// Commands joined by operators, each operator followed by a command, then an optional `;`.
struct plain_line : pg::seq<pg::star<blank>, plain_command,
                            pg::star<pg::seq<list_op, pg::star<blank>, plain_command>>,
                            pg::opt<final_semi, pg::star<blank>>, pg::eof> {};

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
  std::vector<CommandView> cmds;
  const char* source = nullptr;
  // The last operator read: it ends the command before it (at `end_at`) and, when a word
  // follows, starts the next one with `op`. A trailing `;` only ends the last command.
  std::string_view op;
  std::uint32_t end_at = 0;
  bool ended = false;    // an operator followed the current command
  bool refused = false;  // a first word the full grammar reads otherwise
};

std::uint32_t offset(const State& s, const char* at) {
  return static_cast<std::uint32_t>(at - s.source);
}

template <typename Rule>
struct action : pg::nothing<Rule> {};

template <>
struct action<plain_word> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    std::string_view w(in.begin(), in.size());
    const std::uint32_t begin = offset(s, in.begin());
    if (s.cmds.empty() || s.ended) {
      if (special_first(w) || w.find('=') != std::string_view::npos) {
        s.refused = true;
        return;
      }
      if (!s.cmds.empty()) s.cmds.back().span.end = s.end_at;
      CommandView& c = s.cmds.emplace_back();
      c.op.assign(s.op);
      c.span.begin = begin;
      c.argv.reserve(4);
      s.ended = false;
    }
    WordView& v = s.cmds.back().argv.emplace_back();
    v.text.assign(w);
    v.literal.emplace(w);
    v.pattern.emplace(w);
    v.span = {begin, begin + static_cast<std::uint32_t>(w.size())};
  }
};

template <>
struct action<list_op> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.op = std::string_view(in.begin(), in.size());
    s.end_at = offset(s, in.begin());
    s.ended = true;
  }
};

template <>
struct action<final_semi> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.end_at = offset(s, in.begin());
    s.ended = true;
  }
};

}  // namespace

std::optional<CommandsResult> plain_commands(std::string_view line, const Limits& limits) {
  if (line.size() > limits.max_bytes) return std::nullopt;  // the full path reports the limit
  // A first pass without actions: a line that is not plain costs no allocation.
  pg::memory_input<pg::tracking_mode::lazy> check(line.data(), line.size(), "plain");
  if (!pg::parse<plain_line>(check)) return std::nullopt;
  State s;
  s.source = line.data();
  pg::memory_input<pg::tracking_mode::lazy> in(line.data(), line.size(), "plain");
  if (!pg::parse<plain_line, action>(in, s) || s.refused || s.cmds.empty()) return std::nullopt;
  // The last command ends at a trailing `;`, or with the line.
  s.cmds.back().span.end = s.ended ? s.end_at : static_cast<std::uint32_t>(line.size());
  // A command joined to a neighbour by `|` is in a pipeline.
  for (std::size_t i = 0; i < s.cmds.size(); ++i) {
    bool piped = s.cmds[i].op == "|" || (i + 1 < s.cmds.size() && s.cmds[i + 1].op == "|");
    s.cmds[i].context.emplace_back("top");
    if (piped) s.cmds[i].context.emplace_back("pipeline");
  }
  std::optional<CommandsResult> r(std::in_place);
  r->ok = true;
  r->commands = std::move(s.cmds);
  return r;
}

CommandsResult parse_commands(std::string_view src, const Limits& limits) {
  try {  // past the size limit the fast path declines and the full path reports it
    if (auto fast = plain_commands(src, limits)) return std::move(*fast);
  } catch (const std::exception&) {  // out of memory: an error, as the full path reports it
    CommandsResult r;
    r.errors.push_back(ParseError{1, 1, 0, "out of memory", false});
    return r;
  }
  return parse_commands_full(src, limits);
}

}  // namespace vigie::shell
