// The commands view: every simple command that a shell line may run, in source order, as the
// engine judges it. Built from the shell AST (grammar/shell/ast.hpp) by `list_commands`.
//
// This header is the contract between the shell grammar and the engine: the engine never walks
// the AST itself.
#ifndef VIGIE_GRAMMAR_SHELL_COMMANDS_HPP
#define VIGIE_GRAMMAR_SHELL_COMMANDS_HPP

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "grammar/limits.hpp"
#include "grammar/shell/word_value.hpp"

namespace vigie::shell {

// Byte offsets into the parsed source, [begin, end).
struct Span {
  std::uint32_t begin = 0, end = 0;
};

// One word as the engine sees it.
//
// The single place that decides "is this word static?" is `literal`: a word with any
// expansion, substitution, unquoted glob or tilde prefix has no literal, and a word without a
// literal never satisfies an allow token.
//
// `literal` and `pattern` read like `std::optional<std::string>` (word_value.hpp); for a word
// whose quote removal is the identity they share the bytes of `text` (`same_as_text()`), so a
// new `text` is given only to a fresh word or together with new values.
struct WordView {
  std::string text;                // the source text, quotes included
  WordValue<WordView, 0> literal;  // value after quote removal, when fully literal
  // Quote-removed value when the word has no parameter, command, arithmetic or process
  // expansion: unquoted glob characters and a leading unquoted `~` stay as written. Lets the
  // engine judge `rm -rf *`, `rm -rf ~/x` and paths with globs. nullopt when not static.
  WordValue<WordView, 1> pattern;
  bool has_glob = false;       // an unquoted `*`, `?` or `[`
  bool has_tilde = false;      // a leading unquoted `~` or `~user`
  bool has_expansion = false;  // `$x`, `${…}`, `$(…)`, backticks, `$((…))`, `<(…)`, `>(…)`
  bool has_brace = false;      // an unquoted brace expansion `{a,b}` / `{1..3}`: no literal, no
                               // pattern (it stands for several words)
  Span span;

  // The word holding `v` (a value that shares the text reads it here).
  template <int Which>
  static const WordView& owner_of(const WordValue<WordView, Which>* v) {
    constexpr std::size_t at =
        Which == 0 ? offsetof(WordView, literal) : offsetof(WordView, pattern);
    return *reinterpret_cast<const WordView*>(reinterpret_cast<const char*>(v) - at);
  }
};
static_assert(std::is_standard_layout_v<WordView>, "WordValue finds its word by offset");

struct AssignView {
  std::string name;
  WordView value;       // for `a=(x y)` arrays: text is the whole `(x y)`, never literal
  bool append = false;  // `+=`
  Span span;
};

struct RedirectView {
  std::string op;      // "<", ">", ">>", ">|", "<>", "<&", ">&", "&>", "&>>", "<<", "<<-", "<<<"
  int fd = -1;         // the explicit fd number, or the default (0 for input ops, 1 for output)
  std::string fd_var;  // `{v}>file`: the variable bash stores the descriptor it opens in
  WordView target;     // the file, fd word, here-string word or here-document delimiter
  std::optional<std::string> heredoc_body;  // for `<<` and `<<-`: the body, as data
  bool heredoc_quoted = false;              // a quoted delimiter: the body is not expanded
  Span span;
};

// One simple command.
// A loop's name whose assignments the commands view leaves out when no word of the loop holds
// code (`for f in *.py`): lowercase letters and digits, a name no program reads from the
// environment. Any other (`PATH`, `http_proxy`, `LESSOPEN`) is listed (commands.cpp
// `loop_assignments`), since it may change what the body runs.
inline bool loop_name_quiet(std::string_view name) {
  for (char c : name)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
  return !name.empty();
}

struct CommandView {
  std::vector<WordView> argv;  // may be empty (a line of only assignments or redirections)
  std::vector<AssignView> assigns;
  std::vector<RedirectView> redirects;
  // Where it sits, outermost first. Values: "top", "pipeline", "subshell", "group", "$()",
  // "backtick", "<()", ">()", "function:NAME", "loop", "condition", "background", "case",
  // "if", "negated", "arith", "test" ([[ ]]), "heredoc" (a substitution in an unquoted
  // here-document body: `cat <<EOF` / `$(rm x)` / `EOF`), "${}" (`${ cmd; }`, `${| cmd; }`: a
  // substitution run in this shell, not a subshell).
  std::vector<std::string> context;
  // The list operator that led to it: "" (first), ";", "\n", "&&", "||", "|", "|&", "&".
  std::string op;
  Span span;
  // Words with a glob that the shell expands besides argv and redirection targets, listing
  // the folders they walk: an array's elements (`a=(~/.ssh/*)`; a plain `a=~/.ssh/*` matches
  // nothing) and a `for`/`select` loop's items (`for f in ~/.ssh/*`: on the command holding
  // the loop's assignments, else on the first command of its body). Not in the view's dumps.
  std::vector<WordView> glob_words;
};

struct ParseError {
  std::uint32_t line = 0, column = 0;  // 1-based, column in bytes
  std::uint32_t offset = 0;
  std::string message;      // "expected `fi`", "unterminated single quote", ...
  bool incomplete = false;  // the input stops early: an editor may wait
};

// Limits (every limit is an error with a message, never a truncated result).
struct Limits {
  std::size_t max_bytes = limits::input_bytes;  // 1 MiB of script (grammar/limits.hpp)
  // Nesting of substitutions, subshells, groups, compound commands. 64 keeps the recursive
  // descent well inside a 64 KiB-class stack (WASM).
  unsigned max_depth = limits::shell_nesting;
  // Simple commands listed, those of substitutions included: past it the line is an error.
  std::size_t max_commands = limits::shell_commands;
};

struct CommandsResult {
  bool ok = false;
  std::vector<CommandView> commands;
  std::vector<ParseError> errors;
};

// Parses `src` and lists its commands. Never throws.
CommandsResult parse_commands(std::string_view src, const Limits& limits = {});

// `{"ok": bool, "commands": [{"argv": [{"text", "literal"|null}], "assigns": [...],
//   "redirects": [{"op", "fd", "target": {"text", "literal"}}], "context": [...]}],
//   "errors": [{"line", "column", "message", "incomplete"}]}`  (the `vigie parse --commands
// --json` contract).
std::string commands_to_json(const CommandsResult& r);

}  // namespace vigie::shell

#endif  // VIGIE_GRAMMAR_SHELL_COMMANDS_HPP
