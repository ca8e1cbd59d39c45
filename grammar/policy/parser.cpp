// The policy language's parser: a PEGTL grammar for ONE line, its actions (which build the AST)
// and its error control (one `error_message` table), kept in three separate parts (the grammar in
// line_grammar.hpp, the state and the error reporting in parser_state.hpp and parser_errors.cpp).
//
// Why line by line: the language is line-oriented (a statement ends at its newline), so parsing
// each line on its own gives error recovery for free (a bad line is reported and skipped, the
// next line parses normally) and every error of a file is collected, not just the first. Block
// structure (`{` … `}`) is tracked by an explicit stack in the parser state, never by grammar
// recursion, so no input can exhaust the stack; nesting is bounded by kMaxBlockDepth.
#include "grammar/policy/parser.hpp"

#include <algorithm>
#include <tao/pegtl.hpp>
#include <type_traits>

#include "grammar/policy/check.hpp"
#include "grammar/policy/codes.hpp"
#include "grammar/policy/diagnostic.hpp"
#include "grammar/policy/line_grammar.hpp"
#include "grammar/policy/parser_state.hpp"

namespace vigie::policy {
namespace {

namespace pegtl = tao::pegtl;
using namespace parsing;

// =============================================================================================
// 1. The grammar of one line: grammar/policy/line_grammar.hpp.
// 2. The actions that build the AST (the state: grammar/policy/parser_state.hpp).
// =============================================================================================

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
    if (s.close_block(b + 1)) return;
    if (!s.building()) {
      // Only counted, without an exception: the line ends here and recovery would close
      // nothing, so a megabyte of `}` lines costs what its lines cost.
      ++s.unbuilt;
      return;
    }
    throw LineError{Code::unexpected_close_brace,
                    {b, b + 1},
                    "unexpected `}`",
                    "no block is open here: remove it",
                    false};
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
    if (!s.building()) throw LineError{Code::syntax_error, {}, {}, {}};  // only counted
    throw make_error(error_message<Rule>, s.offset(in.current()), s);
  }
};

}  // namespace

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
  // A UTF-8 byte-order mark is invisible in an editor, and would be read as part of the first
  // word (`\ufeffpolicy`): said as it is, then read as blanks so that the rest is checked.
  if (r.file.source.starts_with("\xEF\xBB\xBF")) {
    r.diagnostics.push_back(make_diagnostic(r.file.name, r.file.source, {0, 3}, Code::syntax_error,
                                            Severity::error,
                                            "the file starts with a byte-order mark (U+FEFF)",
                                            "save the file as UTF-8 without a byte-order mark"));
    r.file.source.replace(0, 3, "   ");
  }
  State s(r.file, r.diagnostics);
  UnbuiltDiagnostics* unbuilt = UnbuiltDiagnostics::current();
  if (unbuilt) s.build_max = unbuilt->max() + 1;
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
      if (s.building()) {
        Diagnostic d = make_diagnostic(r.file.name, s.lines, e.span, e.code, Severity::error,
                                       e.message, e.help);
        d.incomplete = e.incomplete;
        r.diagnostics.push_back(std::move(d));
      } else {
        ++s.unbuilt;
      }
      recover(s);
    } catch (const std::exception&) {
      // Not expected (every must<> raises a LineError); never let anything escape `parse`.
      if (s.building())
        r.diagnostics.push_back(make_diagnostic(r.file.name, s.lines, {s.line_begin, s.line_end},
                                                Code::syntax_error, Severity::error, "syntax error",
                                                ""));
      else
        ++s.unbuilt;
      recover(s);
    }
    if (nl == std::string::npos) break;
    pos = nl + 1;
  }
  if (s.unbuilt > 0) unbuilt->count_errors(r.file.name, s.unbuilt);
  // Blocks still open at the end of the file: the input merely stops early (at most
  // kMaxBlockDepth, built whatever the count: they point at earlier lines).
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
