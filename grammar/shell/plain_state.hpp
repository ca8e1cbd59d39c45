// The parse state of the plain-line fast path (plain.cpp) and the functions that turn what its
// actions read into the commands view (plain_view.cpp): a word's view, the commands' contexts and
// their order.
#ifndef VIGIE_GRAMMAR_SHELL_PLAIN_STATE_HPP
#define VIGIE_GRAMMAR_SHELL_PLAIN_STATE_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "grammar/shell/commands.hpp"

namespace vigie::shell::plain_grammar {

// The contexts the fast path gives its commands besides the wrappers' (commands.hpp
// `CommandView::context`).
inline constexpr const char* kContextTop = "top";
inline constexpr const char* kContextPipeline = "pipeline";
inline constexpr const char* kContextCondition = "condition";

// One list being read: the top of the line, or the inside of a `$(…)`.
struct Level {
  CommandView cur;          // the command being read (in `$(…)`)
  std::string_view op;      // the operator before the next command
  std::uint32_t begin = 0;  // where the command being read starts
  std::uint32_t list = 0;   // the list's number: 0 for the top
};

struct State {
  std::vector<CommandView> cmds;  // as each command ends: a command after those in its words
  const char* source = nullptr;
  unsigned max_depth = 0;
  std::size_t max_commands = 0;  // past it the line is declined (the full path reports it)
  Level top;
  std::vector<Level> inner;  // the levels of `$(…)` being read, innermost last
  // With `$(…)`: the list of every command (when not all 0), and the start of the command
  // holding each list N > 0 at N - 1 (the top, list 0, has none).
  std::vector<std::uint32_t> list_of, holder_of;
  std::vector<const char*> label_of;  // the context of list N > 0 at N - 1: `$()`, `backtick`, …
  std::string_view redir_op;  // the last redirection's operator and target, read by its action
  std::string_view redir_target;
  bool quoted = false;            // the word just read has a quoted part
  bool expansion = false;         // the word just read has a `$name` or `$(…)`
  bool glob = false;              // the word just read has an unquoted `*` or `?`
  bool tilde = false;             // the word just read has a `~` (not at its start)
  const char* wrapper = nullptr;  // "subshell", "loop" or "if": the line is one of them
  // The conditions of an `if`, [begin, end) offsets: a top-level command starting inside one
  // has the `condition` context.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> conditions;
  int heredocs = 0;         // here-documents opened (at most one, on the top level)
  bool strip_tabs = false;  // `<<-`
  bool heredoc_read = false;
  bool refused = false;                    // a command word the full grammar reads otherwise
  std::uint32_t stmt_begin = 0;            // where a whole-line loop starts
  std::uint32_t wrapper_end = UINT32_MAX;  // where the wrapper ends (`fi; …`)
  // The top-level command holding a loop's redirections (`done < f`), when one was opened.
  std::size_t loop_cmd = SIZE_MAX;
  // The loop's glob items (`for f in *.py`), for its body's first command (commands.hpp
  // `glob_words`), and whether an item holds `$` or a backquote (then the full path lists them).
  std::vector<WordView> loop_globs;
  bool loop_code = false;
  bool after_test = false;  // a `[[ … ]]` test was the last element read
  // The operator before that test when not empty: the full path gives it to the next command
  // (commands.cpp `pending_op_`) when that command has none (the first of a `then` list).
  std::string_view test_op;
  bool open = false;  // the top level's command at `top_at` is being read
  std::size_t top_at = 0;

  Level& level() { return inner.empty() ? top : inner.back(); }
  // The command being read: on the top level it is read in place, at `top_at` in the view.
  CommandView& cur() { return inner.empty() ? cmds[top_at] : inner.back().cur; }
  unsigned depth() const { return static_cast<unsigned>(inner.size()) + (wrapper != nullptr); }
};

inline std::uint32_t offset(const State& s, const char* at) {
  return static_cast<std::uint32_t>(at - s.source);
}

// The holder of the lists of a `for` loop's words: none (their context is the loop's).
constexpr std::uint32_t kNoHolder = UINT32_MAX;

// The view of a word with a quoted part, an expansion or a glob (fill_word's other cases).
void fill_word_parts(State& s, WordView& v, std::string_view text);

// Fills the fresh `v` with the word `text` at `begin`, from the flags its parts' actions set in
// `s` (which it resets). Inline for the commonest word, whose value is its text.
inline void fill_word(State& s, WordView& v, std::string_view text, std::uint32_t begin) {
  // Assigned into the fresh, empty string (cheaper than constructing one and moving it in).
  v.text.assign(text.data(), text.size());
  v.span = {begin, begin + static_cast<std::uint32_t>(text.size())};
  s.tilde = false;
  if (!s.expansion && !s.quoted && !s.glob) {
    v.literal.same_as_text();
    v.pattern.same_as_text();
    return;
  }
  fill_word_parts(s, v, text);
}

// The contexts of the commands of a line without `$(…)`, in order.
void set_contexts(State& s);

// With `$(…)`: the commands in the full path's order with their contexts; nullopt when a
// command's holder is missing (cannot happen; the full path then decides).
std::optional<std::vector<CommandView>> in_source_order(State& s);

}  // namespace vigie::shell::plain_grammar

#endif  // VIGIE_GRAMMAR_SHELL_PLAIN_STATE_HPP
