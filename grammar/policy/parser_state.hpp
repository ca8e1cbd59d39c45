// The policy parser's state (the AST being built, the open blocks, the current line) and its
// error values, shared by the parser's actions (parser.cpp) and its error reporting and
// recovery (parser_errors.cpp). Internal to the parser.
#ifndef VIGIE_GRAMMAR_POLICY_PARSER_STATE_HPP
#define VIGIE_GRAMMAR_POLICY_PARSER_STATE_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grammar/policy/codes.hpp"
#include "grammar/policy/diagnostic.hpp"
#include "grammar/policy/parser.hpp"

namespace vigie::policy::parsing {

struct LineError {
  Code code;
  Span span;
  std::string message, help;
  bool incomplete = false;
};

struct State {
  State(File& f, std::vector<Diagnostic>& d)
      : file(f), diags(d), base(f.source.data()), lines(f.source) {}

  File& file;
  std::vector<Diagnostic>& diags;
  const char* base;
  LineIndex lines;

  // The current line.
  std::uint32_t line_begin = 0, line_end = 0;
  std::uint32_t string_open = 0;  // where the last string opened (V101 points there)
  std::uint32_t last_end = 0;     // end of the last token
  Word word;                      // the last word matched
  Effect effect = Effect::ask;
  Span effect_span;
  Rule rule;
  Condition condition;
  Pattern pattern;
  PatternItem group;
  std::vector<std::pair<std::string, Word>> attrs;  // id / example / counterexample
  TestCase test;
  std::vector<Word> with_words;
  Setting setting;
  Word block_kind;
  std::optional<Word> block_label;
  bool block_closed_inline = false;

  // The structure: the blocks open at this point, innermost last.
  std::vector<Block> open;
  std::size_t skipped_depth = 0;  // blocks opened past kMaxBlockDepth: their lines are dropped

  // The errors of the lines are found in line order: past `build_max` diagnostics (set while a
  // compile's UnbuiltDiagnostics lives) they are only counted, in `unbuilt`.
  std::size_t build_max = SIZE_MAX;
  std::size_t unbuilt = 0;
  bool building() const { return diags.size() < build_max; }

  void reset_line(std::uint32_t b, std::uint32_t e) {
    line_begin = b;
    line_end = e;
    last_end = b;
    rule = Rule{};
    condition = Condition{};
    pattern = Pattern{};
    group = PatternItem{};
    attrs.clear();
    test = TestCase{};
    with_words.clear();
    setting = Setting{};
    block_label.reset();
    block_closed_inline = false;
  }

  std::uint32_t offset(const char* p) const { return static_cast<std::uint32_t>(p - base); }

  std::vector<Item>& items() { return open.empty() ? file.items : open.back().items; }

  void push(Item item) {
    if (skipped_depth == 0) items().push_back(std::move(item));
  }

  void open_block(Block b) {
    if (skipped_depth > 0 || open.size() >= kMaxBlockDepth) {
      if (skipped_depth == 0 && building()) {
        diags.push_back(
            make_diagnostic(file.name, lines, b.kind.span, Code::nesting_too_deep, Severity::error,
                            "blocks nested too deep",
                            "blocks nest at most " + std::to_string(kMaxBlockDepth) + " levels"));
      } else if (skipped_depth == 0) {
        ++unbuilt;
      }
      ++skipped_depth;
      return;
    }
    open.push_back(std::move(b));
  }

  // Closes the innermost block at `end`; false when no block is open.
  bool close_block(std::uint32_t end) {
    if (skipped_depth > 0) {
      --skipped_depth;
      return true;
    }
    if (open.empty()) return false;
    Block b = std::move(open.back());
    open.pop_back();
    b.span.end = end;
    items().push_back(std::move(b));
    return true;
  }
};

inline Word make_word(Word::Kind kind, std::string text, std::uint32_t b, std::uint32_t e) {
  Word w;
  w.kind = kind;
  w.text = std::move(text);
  w.span = {b, e};
  return w;
}

inline PatternItem item_of(const Word& w, bool in_group) {
  PatternItem it;
  it.word = w;
  it.span = w.span;
  if (w.kind == Word::Kind::regex) {
    it.kind = PatternItem::Kind::regex;
  } else if (w.kind == Word::Kind::bare && !in_group && w.text == "*") {
    it.kind = PatternItem::Kind::any;
  } else if (w.kind == Word::Kind::bare && !in_group && w.text == "...") {
    it.kind = PatternItem::Kind::rest;
  } else if (w.kind == Word::Kind::bare && !in_group && w.text == "$") {
    it.kind = PatternItem::Kind::end;
  } else {
    it.kind = PatternItem::Kind::word;
  }
  return it;
}

// One entry of the parser's error table (parser.cpp, `error_message<Rule>`). `{}` in a message
// is replaced by what was found: `token` or "end of line".
struct ErrorInfo {
  Code code = Code::syntax_error;
  const char* message = nullptr;
  const char* help = "";
  bool from_string_open = false;  // span from the opening quote to the end of the line
  bool one_char = false;          // what was found is one character (an escape)
  bool suggest_effect = false;    // "did you mean `allow`?" for a near-miss effect
};

// The found text at `pos` (to the next blank), and whether the line ends there.
LineError make_error(const ErrorInfo& info, std::uint32_t pos, const State& s);

// After a line that does not parse: keep the braces balanced, so that one bad line does not
// turn every later `}` into an error. A line whose code ends with `{` opens a block (named by
// its first word); a line starting with `}` closes one.
void recover(State& s);

}  // namespace vigie::policy::parsing

#endif  // VIGIE_GRAMMAR_POLICY_PARSER_STATE_HPP
