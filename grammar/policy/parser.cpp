// The policy language's parser: a PEGTL grammar for ONE line, its actions (which build the AST)
// and its error control (one `error_message` table), kept in three separate parts below.
//
// Why line by line: the language is line-oriented (a statement ends at its newline), so parsing
// each line on its own gives error recovery for free (a bad line is reported and skipped, the
// next line parses normally) and every error of a file is collected, not just the first. Block
// structure (`{` … `}`) is tracked by an explicit stack in the parser state, never by grammar
// recursion, so no input can exhaust the stack; nesting is bounded by kMaxBlockDepth.
#include "grammar/policy/parser.hpp"

#include <algorithm>
#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze.hpp>
#include <type_traits>

#include "grammar/policy/check.hpp"
#include "grammar/policy/codes.hpp"
#include "grammar/policy/diagnostic.hpp"

namespace vigie::policy {
namespace {

namespace pegtl = tao::pegtl;

// =============================================================================================
// 1. The grammar of one line (the input ends just before the line's `\n`).
// =============================================================================================
namespace grammar {
using namespace tao::pegtl;

struct blank_ : one<' ', '\t'> {};
struct sp : star<blank_> {};
struct eol_ : seq<opt<one<'\r'>>, eof> {};
struct comment : seq<one<'#'>, star<any>> {};
// What may end a statement: blanks, an optional comment, the end of the line.
struct line_rest : seq<sp, opt<comment>, eol_> {};

// A word never runs into the next token: `git"x"` is an error, not two words.
struct delimiter : sor<blank_, one<'#', '(', ')', '|'>, eol_> {};

// Bare words: any run of printable bytes (UTF-8 included) but blanks and the punctuation of the
// language. `*`, `...`, `$` and `=>` are bare words that some positions give a meaning to.
struct bare_char
    : seq<not_at<range<'\0', ' '>>, not_one<'\x7f', '"', '\'', '#', '{', '}', '(', ')', '|'>> {};
struct bare_word : plus<bare_char> {};

// "double quoted": escapes \" \\ \n \t. A string ends on its line.
struct dq_open : one<'"'> {};
struct dq_close : one<'"'> {};
struct escape_char : one<'"', '\\', 'n', 't'> {};
struct dq_escape : seq<one<'\\'>, must<escape_char>> {};
struct dq_plain : plus<not_one<'"', '\\'>> {};
struct dq_body : star<sor<dq_escape, dq_plain>> {};
struct dq_string : seq<dq_open, dq_body, must<dq_close>> {};

// 'single quoted': no escapes at all.
struct sq_open : one<'\''> {};
struct sq_close : one<'\''> {};
struct sq_body : star<not_one<'\''>> {};
struct sq_string : seq<sq_open, sq_body, must<sq_close>> {};

// /regex/: no blank and no unescaped `/` inside (write `\s`, `\/`), and a delimiter after the
// closing slash, so that a path such as `/usr/bin/x` stays a bare word.
struct regex_char
    : sor<seq<one<'\\'>, not_one<' ', '\t', '\r'>>, not_one<'/', ' ', '\t', '\r', '\\'>> {};
struct regex : seq<one<'/'>, plus<regex_char>, one<'/'>, at<delimiter>> {};

struct any_word : seq<sor<dq_string, sq_string, regex, bare_word>, at<delimiter>> {};

// The lexical pass: runs first on every line (inside `at<>`, so without actions) so that an
// unterminated string is reported as such, wherever it is, before any structural error.
struct lex_check : star<sor<blank_, comment, dq_string, sq_string, regex, bare_word, any>> {};

template <typename Keyword>
struct kw : seq<Keyword, at<delimiter>> {};
struct effect : sor<kw<TAO_PEGTL_STRING("allow")>, kw<TAO_PEGTL_STRING("deny")>,
                    kw<TAO_PEGTL_STRING("ask")>> {};

// --- rules: EFFECT PATTERN (| PATTERN)* [CONDITION…] ["message" [id X] [example "…"]…] -----
// The words that start an operand condition: never a pattern word unless quoted ('inside').
struct cond_keyword : sor<kw<TAO_PEGTL_STRING("inside")>, kw<TAO_PEGTL_STRING("outside")>,
                          kw<TAO_PEGTL_STRING("without")>> {};
struct pattern_word : seq<not_at<cond_keyword>, sor<sq_string, regex, bare_word>, at<delimiter>> {};
struct alt_first : seq<sor<sq_string, regex, bare_word>, at<delimiter>> {};
struct alt_next : seq<sor<sq_string, regex, bare_word>, at<delimiter>> {};
struct group_open : one<'('> {};
struct group_close : one<')'> {};
struct group : seq<group_open, sp, must<alt_first>, sp, star<one<'|'>, sp, must<alt_next>, sp>,
                   must<group_close>> {};
struct pattern_item : sor<group, pattern_word> {};
struct pattern : seq<pattern_item, star<sp, pattern_item>> {};
struct pattern_first : pattern {};
struct pattern_next : pattern {};
struct rule_patterns : seq<must<pattern_first>, star<sp, one<'|'>, sp, must<pattern_next>>> {};
struct message : seq<dq_string> {};

// CONDITION: `inside PATH…`, `outside PATH…`, `without OPT…` (the checker reads the operands).
struct cond_kind : seq<cond_keyword> {};
struct cond_word : seq<not_at<cond_keyword>, sor<sq_string, regex, bare_word>, at<delimiter>> {};
struct cond_first : cond_word {};
struct condition : seq<cond_kind, sp, must<cond_first>, sp, star<cond_word, sp>> {};

struct kw_id : kw<TAO_PEGTL_STRING("id")> {};
struct kw_example : kw<TAO_PEGTL_STRING("example")> {};
struct kw_counterexample : kw<TAO_PEGTL_STRING("counterexample")> {};
struct id_value : seq<sor<bare_word, sq_string>, at<delimiter>> {};
struct example_value : seq<sor<dq_string, sq_string>, at<delimiter>> {};
struct counterexample_value : seq<sor<dq_string, sq_string>, at<delimiter>> {};
struct attribute : sor<seq<kw_id, sp, must<id_value>>, seq<kw_example, sp, must<example_value>>,
                       seq<kw_counterexample, sp, must<counterexample_value>>> {};

struct rule_end : line_rest {};
struct rule_line : seq<effect, sp, rule_patterns, sp, star<condition, sp>,
                       opt<message, sp, star<attribute, sp>>, must<rule_end>> {};

// An attribute on its own line attaches to the rule above it.
struct attr_end : line_rest {};
struct attr_line : seq<at<sor<kw_id, kw_example, kw_counterexample>>, attribute, sp,
                       star<attribute, sp>, must<attr_end>> {};

// --- test cases: KIND SUBJECT [with K V…] => EFFECT [rule ID] ["message"] -------------------
struct arrow : seq<TAO_PEGTL_STRING("=>"), at<delimiter>> {};
struct has_arrow
    : seq<star<not_at<arrow>,
               sor<blank_, dq_string, sq_string, regex, bare_word, one<'(', ')', '|', '{', '}'>>>,
          arrow> {};
struct test_kind : seq<bare_word, at<delimiter>> {};
struct test_subject : seq<not_at<arrow>, sor<dq_string, sq_string, bare_word>, at<delimiter>> {};
struct kw_with : kw<TAO_PEGTL_STRING("with")> {};
struct with_first : seq<not_at<arrow>, sor<dq_string, sq_string, bare_word>, at<delimiter>> {};
struct with_word : seq<not_at<arrow>, sor<dq_string, sq_string, bare_word>, at<delimiter>> {};
struct with_clause : seq<kw_with, sp, must<with_first>, sp, star<with_word, sp>> {};
struct test_effect : seq<effect> {};
struct kw_rule : kw<TAO_PEGTL_STRING("rule")> {};
struct rule_ref_value : seq<sor<bare_word, sq_string>, at<delimiter>> {};
struct test_message : seq<dq_string> {};
struct test_end : line_rest {};
struct test_line
    : seq<at<has_arrow>, must<test_kind>, sp, must<test_subject>, sp, opt<with_clause>, sp,
          must<arrow>, sp, must<test_effect>, sp, opt<kw_rule, sp, must<rule_ref_value>, sp>,
          opt<test_message, sp>, must<test_end>> {};

// --- blocks: KIND [LABEL] {   and   } -------------------------------------------------------
struct block_head : seq<bare_word, sp, opt<sor<dq_string, sq_string, bare_word>, sp>, one<'{'>> {};
struct block_kind : seq<bare_word> {};
struct block_label : seq<sor<dq_string, sq_string, bare_word>> {};
struct block_open : one<'{'> {};
struct block_close_inline : one<'}'> {};
struct after_open : line_rest {};
struct block_line : seq<at<block_head>, block_kind, sp, opt<block_label, sp>, block_open, sp,
                        opt<block_close_inline>, must<after_open>> {};
struct after_close : line_rest {};
struct close_line : seq<one<'}'>, must<after_close>> {};

// --- settings: KEY ARG* ----------------------------------------------------------------------
struct setting_key : seq<bare_word, at<delimiter>> {};
struct setting_arg : any_word {};
struct setting_end : line_rest {};
struct setting_line : seq<setting_key, sp, star<setting_arg, sp>, must<setting_end>> {};

// Reached only when no statement starts here (a line starting with `"`, `(`, `|`...).
struct statement_start : setting_key {};

struct statement : sor<close_line, rule_line, test_line, block_line, attr_line, setting_line> {};
struct line : seq<at<lex_check>, sp, sor<line_rest, statement, must<statement_start>>> {};

}  // namespace grammar

// =============================================================================================
// 2. The parser state and the actions that build the AST.
// =============================================================================================

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
      if (skipped_depth == 0) {
        diags.push_back(
            make_diagnostic(file.name, lines, b.kind.span, Code::nesting_too_deep, Severity::error,
                            "blocks nested too deep",
                            "blocks nest at most " + std::to_string(kMaxBlockDepth) + " levels"));
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

Word make_word(Word::Kind kind, std::string text, std::uint32_t b, std::uint32_t e) {
  Word w;
  w.kind = kind;
  w.text = std::move(text);
  w.span = {b, e};
  return w;
}

PatternItem item_of(const Word& w, bool in_group) {
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

template <typename Rule>
struct action : pegtl::nothing<Rule> {};

// --- words -----------------------------------------------------------------------------------
template <>
struct action<grammar::bare_word> {
  template <typename In>
  static void apply(const In& in, State& s) {
    s.word = make_word(Word::Kind::bare, in.string(), s.offset(in.begin()), s.offset(in.end()));
    s.last_end = s.word.span.end;
  }
};
template <>
struct action<grammar::sq_string> {
  template <typename In>
  static void apply(const In& in, State& s) {
    std::string t = in.string();
    s.word = make_word(Word::Kind::single_quoted, t.substr(1, t.size() - 2), s.offset(in.begin()),
                       s.offset(in.end()));
    s.last_end = s.word.span.end;
  }
};
template <>
struct action<grammar::dq_string> {
  template <typename In>
  static void apply(const In& in, State& s) {
    std::string_view raw(in.begin() + 1, in.size() - 2);
    std::string text;
    text.reserve(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i) {
      char c = raw[i];
      if (c == '\\' && i + 1 < raw.size()) {
        char n = raw[++i];
        text += n == 'n' ? '\n' : n == 't' ? '\t' : n;  // the grammar allows only \" \\ \n \t
      } else {
        text += c;
      }
    }
    s.word = make_word(Word::Kind::double_quoted, std::move(text), s.offset(in.begin()),
                       s.offset(in.end()));
    s.last_end = s.word.span.end;
  }
};
template <>
struct action<grammar::regex> {
  template <typename In>
  static void apply(const In& in, State& s) {
    std::string t = in.string();
    s.word = make_word(Word::Kind::regex, t.substr(1, t.size() - 2), s.offset(in.begin()),
                       s.offset(in.end()));
    s.last_end = s.word.span.end;
  }
};
template <>
struct action<grammar::comment> {
  template <typename In>
  static void apply(const In& in, State& s) {
    std::string t = in.string();
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t' || t.back() == '\r')) t.pop_back();
    auto b = s.offset(in.begin());
    s.file.comments.push_back({t, {b, b + static_cast<std::uint32_t>(t.size())}});
  }
};

// --- rules -----------------------------------------------------------------------------------
template <>
struct action<grammar::effect> {
  template <typename In>
  static void apply(const In& in, State& s) {
    s.effect = vigie::effect_from_string(in.string()).value_or(Effect::ask);
    s.effect_span = {s.offset(in.begin()), s.offset(in.end())};
  }
};
template <>
struct action<grammar::pattern_word> {
  static void apply0(State& s) { s.pattern.items.push_back(item_of(s.word, false)); }
};
template <>
struct action<grammar::group_open> {
  template <typename In>
  static void apply(const In& in, State& s) {
    s.group = PatternItem{};
    s.group.kind = PatternItem::Kind::alt;
    s.group.span.begin = s.offset(in.begin());
  }
};
template <>
struct action<grammar::alt_first> {
  static void apply0(State& s) { s.group.alts.push_back(item_of(s.word, true)); }
};
template <>
struct action<grammar::alt_next> : action<grammar::alt_first> {};
template <>
struct action<grammar::group> {
  template <typename In>
  static void apply(const In& in, State& s) {
    s.group.span.end = s.offset(in.end());
    s.last_end = s.group.span.end;
    s.pattern.items.push_back(std::move(s.group));
    s.group = PatternItem{};
  }
};
template <>
struct action<grammar::pattern_first> {
  template <typename In>
  static void apply(const In& in, State& s) {
    s.pattern.span = {s.offset(in.begin()), s.offset(in.end())};
    s.rule.alternatives.push_back(std::move(s.pattern));
    s.pattern = Pattern{};
  }
};
template <>
struct action<grammar::pattern_next> : action<grammar::pattern_first> {};
template <>
struct action<grammar::message> {
  static void apply0(State& s) { s.rule.message = s.word; }
};
template <>
struct action<grammar::cond_kind> {
  template <typename In>
  static void apply(const In& in, State& s) {
    s.condition = Condition{};
    s.condition.keyword =
        make_word(Word::Kind::bare, in.string(), s.offset(in.begin()), s.offset(in.end()));
    s.last_end = s.condition.keyword.span.end;
    const std::string& k = s.condition.keyword.text;
    s.condition.kind = k == "inside"    ? Condition::Kind::inside
                       : k == "outside" ? Condition::Kind::outside
                                        : Condition::Kind::without;
  }
};
template <>
struct action<grammar::cond_word> {
  static void apply0(State& s) { s.condition.operands.push_back(s.word); }
};
template <>
struct action<grammar::cond_first> : action<grammar::cond_word> {};
template <>
struct action<grammar::condition> {
  static void apply0(State& s) {
    s.condition.span = {s.condition.keyword.span.begin, s.last_end};
    s.rule.conditions.push_back(std::move(s.condition));
    s.condition = Condition{};
  }
};
template <>
struct action<grammar::id_value> {
  static void apply0(State& s) { s.attrs.emplace_back("id", s.word); }
};
template <>
struct action<grammar::example_value> {
  static void apply0(State& s) { s.attrs.emplace_back("example", s.word); }
};
template <>
struct action<grammar::counterexample_value> {
  static void apply0(State& s) { s.attrs.emplace_back("counterexample", s.word); }
};

// Attaches the attributes of the current line to `r` (the rule of this line or the one above).
void apply_attributes(State& s, Rule& r) {
  for (auto& [key, w] : s.attrs) {
    if (key == "id") {
      if (r.id) {
        throw LineError{Code::duplicate_setting, w.span, "a rule has one `id`",
                        "remove one of the ids", false};
      }
      r.id = w;
    } else if (key == "example") {
      r.examples.push_back(w);
    } else {
      r.counterexamples.push_back(w);
    }
    r.span.end = std::max(r.span.end, w.span.end);
  }
}

template <>
struct action<grammar::rule_line> {
  static void apply0(State& s) {
    s.rule.effect = s.effect;
    s.rule.effect_span = s.effect_span;
    s.rule.span = {s.effect_span.begin, s.last_end};
    apply_attributes(s, s.rule);
    s.push(std::move(s.rule));
  }
};
template <>
struct action<grammar::attr_line> {
  static void apply0(State& s) {
    auto& items = s.items();
    Rule* r = (s.skipped_depth == 0 && !items.empty()) ? std::get_if<Rule>(&items.back()) : nullptr;
    if (r != nullptr) {
      apply_attributes(s, *r);
      return;
    }
    // Not after a rule: kept as settings, which the checker reports (V216).
    std::uint32_t b = s.line_begin;
    while (b < s.line_end && (s.base[b] == ' ' || s.base[b] == '\t')) ++b;
    for (auto& [key, w] : s.attrs) {
      Setting st;
      st.key = make_word(Word::Kind::bare, key, b, b + static_cast<std::uint32_t>(key.size()));
      st.args.push_back(w);
      st.span = {b, w.span.end};
      s.push(std::move(st));
      b = w.span.end;
    }
  }
};

// --- test cases ------------------------------------------------------------------------------
template <>
struct action<grammar::test_kind> {
  static void apply0(State& s) { s.test.kind = s.word; }
};
template <>
struct action<grammar::test_subject> {
  static void apply0(State& s) { s.test.subject = s.word; }
};
template <>
struct action<grammar::with_first> {
  static void apply0(State& s) { s.with_words.push_back(s.word); }
};
template <>
struct action<grammar::with_word> : action<grammar::with_first> {};
template <>
struct action<grammar::test_effect> {
  static void apply0(State& s) {
    s.test.expect = s.effect;
    s.test.expect_span = s.effect_span;
  }
};
template <>
struct action<grammar::rule_ref_value> {
  static void apply0(State& s) { s.test.rule = s.word; }
};
template <>
struct action<grammar::test_message> {
  static void apply0(State& s) { s.test.message = s.word; }
};

// `with` keys that take no value; every other key takes exactly one.
bool is_with_flag(const std::string& key) {
  auto k = key_from_name(key);
  return k == Key::non_interactive || k == Key::interactive;
}

template <>
struct action<grammar::test_line> {
  static void apply0(State& s) {
    for (std::size_t i = 0; i < s.with_words.size(); ++i) {
      Setting st;
      st.key = s.with_words[i];
      st.span = st.key.span;
      if (!is_with_flag(st.key.text)) {
        if (i + 1 >= s.with_words.size()) {
          throw LineError{Code::expected_with_value, st.key.span,
                          quote(st.key.text) + " needs a value",
                          "write `with " + st.key.text + " VALUE`, e.g. `with mode auto`", false};
        }
        st.args.push_back(s.with_words[++i]);
        st.span.end = st.args.back().span.end;
      }
      s.test.with.push_back(std::move(st));
    }
    s.test.span = {s.test.kind.span.begin, s.last_end};
    s.push(std::move(s.test));
  }
};

// --- blocks ----------------------------------------------------------------------------------
template <>
struct action<grammar::block_kind> {
  static void apply0(State& s) { s.block_kind = s.word; }
};
template <>
struct action<grammar::block_label> {
  static void apply0(State& s) { s.block_label = s.word; }
};
template <>
struct action<grammar::block_close_inline> {
  static void apply0(State& s) { s.block_closed_inline = true; }
};
template <>
struct action<grammar::block_line> {
  template <typename In>
  static void apply(const In&, State& s) {
    Block b;
    b.kind = s.block_kind;
    b.label = s.block_label;
    b.span = {b.kind.span.begin, s.line_end};
    s.open_block(std::move(b));
    if (s.block_closed_inline) s.close_block(s.last_end);
  }
};
template <>
struct action<grammar::close_line> {
  template <typename In>
  static void apply(const In& in, State& s) {
    auto b = s.offset(in.begin());
    if (!s.close_block(b + 1)) {
      throw LineError{Code::unexpected_close_brace,
                      {b, b + 1},
                      "unexpected `}`",
                      "no block is open here: remove it",
                      false};
    }
  }
};

// --- settings --------------------------------------------------------------------------------
template <>
struct action<grammar::setting_key> {
  static void apply0(State& s) { s.setting.key = s.word; }
};
template <>
struct action<grammar::setting_arg> {
  static void apply0(State& s) { s.setting.args.push_back(s.word); }
};
template <>
struct action<grammar::setting_line> {
  static void apply0(State& s) {
    s.setting.span = {s.setting.key.span.begin, s.last_end};
    s.push(std::move(s.setting));
  }
};

// =============================================================================================
// 3. Error control: ONE table, `error_message<Rule>`, for every rule under a `must<>`.
//    `{}` in a message is replaced by what was found: `token` or "end of line".
// =============================================================================================

struct ErrorInfo {
  Code code = Code::syntax_error;
  const char* message = nullptr;
  const char* help = "";
  bool from_string_open = false;  // span from the opening quote to the end of the line
  bool one_char = false;          // what was found is one character (an escape)
  bool suggest_effect = false;    // "did you mean `allow`?" for a near-miss effect
};

template <typename Rule>
inline constexpr ErrorInfo error_message{};

namespace g = grammar;
// clang-format off
template <> inline constexpr ErrorInfo error_message<g::dq_close>{Code::unterminated_string, "unterminated string", "close the string with `\"`", true};
template <> inline constexpr ErrorInfo error_message<g::sq_close>{Code::unterminated_single_quoted, "unterminated string", "close the string with `'`", true};
template <> inline constexpr ErrorInfo error_message<g::escape_char>{Code::invalid_escape, "unknown escape `\\{}` in a string", "the escapes are `\\\"`, `\\\\`, `\\n` and `\\t`; for a literal backslash use single quotes", false, true};
template <> inline constexpr ErrorInfo error_message<g::pattern_first>{Code::expected_pattern, "expected a pattern after the effect, found {}", "write what the rule matches, e.g. `allow git status`; a double-quoted string is the message"};
template <> inline constexpr ErrorInfo error_message<g::pattern_next>{Code::expected_alternative, "expected a pattern after `|`, found {}", "add an alternative or remove the trailing `|`"};
template <> inline constexpr ErrorInfo error_message<g::cond_first>{Code::expected_condition_operand, "expected a path or an option after the condition, found {}", "write `inside PATH…`, `outside PATH…` or `without -OPT…` (a path with blanks in single quotes: a double-quoted string is the message); to match the word itself in the pattern, quote it: 'outside'"};
template <> inline constexpr ErrorInfo error_message<g::alt_first>{Code::bad_group_item, "expected a word or a /regex/ in the group, found {}", "write alternatives as `(a | b | /re/)`"};
template <> inline constexpr ErrorInfo error_message<g::alt_next>{Code::bad_group_item, "expected a word or a /regex/ after `|`, found {}", "write alternatives as `(a | b | /re/)`"};
template <> inline constexpr ErrorInfo error_message<g::group_close>{Code::unclosed_group, "expected `)` to close the group, found {}", "close the group with `)`"};
template <> inline constexpr ErrorInfo error_message<g::rule_end>{Code::unexpected_text, "unexpected {} in a rule", "a rule is `EFFECT PATTERN [CONDITION…] [\"message\"]`; after the message come only `id`, `example` and `counterexample`"};
template <> inline constexpr ErrorInfo error_message<g::attr_end>{Code::unexpected_text, "unexpected {} after an attribute", "write one `id`, `example` or `counterexample` per line, with one value"};
template <> inline constexpr ErrorInfo error_message<g::test_end>{Code::unexpected_text, "unexpected {} in a test case", "a test case is `KIND SUBJECT [with KEY VALUE…] => EFFECT [rule ID] [\"message\"]`"};
template <> inline constexpr ErrorInfo error_message<g::setting_end>{Code::unexpected_text, "unexpected {} in a setting", "quote a value that contains `(`, `)`, `|`, `{` or `}`"};
template <> inline constexpr ErrorInfo error_message<g::after_open>{Code::text_after_open_brace, "expected the end of the line after `{`, found {}", "put the block's contents on the next lines"};
template <> inline constexpr ErrorInfo error_message<g::after_close>{Code::text_after_close_brace, "expected the end of the line after `}`, found {}", "put `}` on a line of its own"};
template <> inline constexpr ErrorInfo error_message<g::test_kind>{Code::expected_test_kind, "expected a request kind, found {}", "a test case starts with `command`, `edit`, `write`, `read`, `fetch`, `mcp`, `tool` or `request`"};
template <> inline constexpr ErrorInfo error_message<g::test_subject>{Code::expected_test_subject, "expected the request's subject, found {}", "quote the command, path or URL: `command \"git status\" => allow`"};
template <> inline constexpr ErrorInfo error_message<g::arrow>{Code::expected_arrow, "expected `=>` after the subject, found {}", "quote a subject that has spaces: `command \"git status\" => allow`"};
template <> inline constexpr ErrorInfo error_message<g::test_effect>{Code::expected_effect, "expected `allow`, `deny` or `ask` after `=>`, found {}", "write the expected decision: `=> allow`, `=> deny` or `=> ask`", false, false, true};
template <> inline constexpr ErrorInfo error_message<g::rule_ref_value>{Code::expected_id, "expected a rule id after `rule`, found {}", "write the id of the rule expected to decide, e.g. `rule commands.deny.1`"};
template <> inline constexpr ErrorInfo error_message<g::id_value>{Code::expected_id, "expected an id after `id`, found {}", "write a word, e.g. `id no-force-push`"};
template <> inline constexpr ErrorInfo error_message<g::example_value>{Code::expected_example, "expected a quoted command after `example`, found {}", "write `example \"git status --short\"`"};
template <> inline constexpr ErrorInfo error_message<g::counterexample_value>{Code::expected_example, "expected a quoted command after `counterexample`, found {}", "write `counterexample \"git status --short\"`"};
template <> inline constexpr ErrorInfo error_message<g::with_first>{Code::expected_with_value, "expected `KEY VALUE` after `with`, found {}", "write e.g. `with mode auto` or `with non-interactive`"};
template <> inline constexpr ErrorInfo error_message<g::statement_start>{Code::expected_statement, "expected a setting, a rule or a block, found {}", "a line starts with a word: `KEY VALUE…`, `allow|deny|ask PATTERN`, `BLOCK {` or `}`"};
// clang-format on

// The found text at `pos` (to the next blank), and whether the line ends there.
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

template <typename Rule>
struct control : pegtl::normal<Rule> {
  template <typename In>
  static void start(const In& in, State& s) {
    if constexpr (std::is_same_v<Rule, grammar::dq_open> ||
                  std::is_same_v<Rule, grammar::sq_open>) {
      s.string_open = s.offset(in.current());
    }
  }

  template <typename In>
  [[noreturn]] static void raise(const In& in, State& s) {
    static_assert(error_message<Rule>.message != nullptr,
                  "every rule under must<> needs an entry in the error_message table");
    throw make_error(error_message<Rule>, s.offset(in.current()), s);
  }
};

// After a line that does not parse: keep the braces balanced, so that one bad line does not
// turn every later `}` into an error. A line whose code ends with `{` opens a block (named by
// its first word); a line starting with `}` closes one.
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

}  // namespace

std::size_t grammar_issues() {
  return pegtl::analyze<grammar::line>();
}

ParseResult parse(std::string name, std::string source) {
  ParseResult r;
  r.file.name = std::move(name);
  r.file.source = std::move(source);
  // Spans are 32-bit offsets: a policy file is small, and anything past 4 GiB is refused.
  if (r.file.source.size() >= 0xffffffffu) {
    r.diagnostics.push_back(make_diagnostic(r.file.name, {}, {0, 0}, Code::syntax_error,
                                            Severity::error, "file too large",
                                            "policy files are limited to 4 GiB"));
    return r;
  }
  State s(r.file, r.diagnostics);
  const std::string& src = r.file.source;
  std::size_t pos = 0;
  while (pos < src.size()) {
    std::size_t nl = src.find('\n', pos);
    std::size_t end = nl == std::string::npos ? src.size() : nl;
    s.reset_line(static_cast<std::uint32_t>(pos), static_cast<std::uint32_t>(end));
    try {
      pegtl::memory_input<pegtl::tracking_mode::lazy> in(src.data() + pos, src.data() + end,
                                                         r.file.name);
      pegtl::parse<grammar::line, action, control>(in, s);
    } catch (const LineError& e) {
      Diagnostic d =
          make_diagnostic(r.file.name, s.lines, e.span, e.code, Severity::error, e.message, e.help);
      d.incomplete = e.incomplete;
      r.diagnostics.push_back(std::move(d));
      recover(s);
    } catch (const std::exception&) {
      // Not expected (every must<> raises a LineError); never let anything escape `parse`.
      r.diagnostics.push_back(make_diagnostic(r.file.name, s.lines, {s.line_begin, s.line_end},
                                              Code::syntax_error, Severity::error, "syntax error",
                                              ""));
      recover(s);
    }
    if (nl == std::string::npos) break;
    pos = nl + 1;
  }
  // Blocks still open at the end of the file: the input merely stops early.
  while (!s.open.empty()) {
    const Block& b = s.open.back();
    Diagnostic d = make_diagnostic(r.file.name, s.lines, b.kind.span, Code::unclosed_block,
                                   Severity::error, "unclosed block " + quote(b.kind.text),
                                   "close it with `}` on a line of its own");
    d.incomplete = true;
    r.diagnostics.push_back(std::move(d));
    s.close_block(static_cast<std::uint32_t>(src.size()));
  }
  std::stable_sort(r.diagnostics.begin(), r.diagnostics.end(),
                   [](const Diagnostic& a, const Diagnostic& b) {
                     return a.line != b.line ? a.line < b.line : a.column < b.column;
                   });
  return r;
}

}  // namespace vigie::policy
