// The policy language's AST: plain structs, a span on every node (byte offsets into the file),
// line:col computed on demand. The grammar is generic (settings, rules, blocks, tests); what a
// word means depends on the block it is in, and that is the checker's and the compiler's job.
// See docs/language.md for the language itself.
#ifndef VIGIE_GRAMMAR_POLICY_AST_HPP
#define VIGIE_GRAMMAR_POLICY_AST_HPP

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "grammar/policy/keys.hpp"
#include "vigie/vigie.hpp"

namespace vigie::policy {

struct Span {
  std::uint32_t begin = 0, end = 0;
};

// A word as written. `text` is the value (quotes removed, escapes decoded).
struct Word {
  enum class Kind : std::uint8_t {
    bare,           // git, -rf, ~/.ssh, *.lock, 4, 30m
    single_quoted,  // 'hello world': a token or path that needs quoting
    double_quoted,  // "…": a message, a name, an example, a glob
    regex,          // /^mkfs(\..*)?$/ (text is the regex without slashes)
  };
  Kind kind = Kind::bare;
  std::string text;
  Span span;
  bool operator==(const Word& o) const { return kind == o.kind && text == o.text; }
};

// One position of a command pattern.
struct PatternItem {
  enum class Kind : std::uint8_t {
    word,   // a literal token; an unquoted word starting with `-` is an option
    any,    // `*`: any one token
    rest,   // `...`: any remaining tokens (implicit at the end: patterns are prefixes)
    end,    // `$`: no more tokens
    regex,  // /re/ on one token (RE2, full match)
    alt,    // (a | b | /re/): one of several words or regexes in this position
  };
  Kind kind = Kind::word;
  Word word;                      // for word and regex
  std::vector<PatternItem> alts;  // for alt: each a word or a regex
  Span span;
  bool operator==(const PatternItem& o) const {
    return kind == o.kind && word == o.word && alts == o.alts;
  }
};

// A sequence of items. In `commands`, a command pattern; elsewhere, the rule's operands
// (paths, domains and methods, MCP globs, tool names), read by the checker per block.
struct Pattern {
  std::vector<PatternItem> items;
  Span span;
  bool operator==(const Pattern& o) const { return items == o.items; }
};

// An operand condition of a command rule (docs/language.md, "Operand conditions"), written
// after the patterns and before the message:
//   inside PATH…    every path the command touches is inside one of them (and there is one)
//   outside PATH…   some path the command touches is outside all of them
//   without OPT…    none of the options (any spelling) is given
struct Condition {
  enum class Kind : std::uint8_t { inside, outside, without };
  Kind kind = Kind::inside;
  Word keyword;                // `inside`, `outside` or `without` as written
  std::vector<Word> operands;  // paths (inside, outside) or options (without)
  Span span;
  bool operator==(const Condition& o) const { return kind == o.kind && operands == o.operands; }
};

// `allow|deny|ask PATTERN (| PATTERN)* [CONDITION…] ["message"]` and its attributes, which may
// follow on the same line or on the next lines:
//   id NAME, example "…", counterexample "…"
struct Rule {
  Effect effect = Effect::ask;
  Span effect_span;
  std::vector<Pattern> alternatives;  // top-level `|`: one rule, several patterns
  std::vector<Condition> conditions;  // apply to every alternative, all must hold
  std::optional<Word> message;        // a double-quoted string: said to the model
  std::optional<Word> id;             // a stable id; otherwise derived by the compiler
  std::vector<Word> examples;         // must match this rule
  std::vector<Word> counterexamples;  // must not match this rule
  Span span;
  bool operator==(const Rule& o) const {
    return effect == o.effect && alternatives == o.alternatives && conditions == o.conditions &&
           message == o.message && id == o.id && examples == o.examples &&
           counterexamples == o.counterexamples;
  }
};

// `KEY ARG*` on one line: `policy "team"`, `mode ask`, `include "base.vigie"`,
// `workspace .`, `protect "tests/**" "*.lock"`, `loop-threshold 4`, `wrapper sudo doas`.
struct Setting {
  Word key;
  std::vector<Word> args;
  Span span;
  Key id = Key::unknown;  // filled by the checker (grammar/policy/key_table.cpp)
  bool operator==(const Setting& o) const { return key == o.key && args == o.args; }
};

// In a `test` block:
//   KIND SUBJECT [with KEY VALUE…] => EFFECT [rule ID] ["expected message substring"]
// KIND is command, edit, write, read, fetch, mcp, tool or request (SUBJECT is then a JSON
// request in single quotes).
struct TestCase {
  Word kind;
  Word subject;
  std::vector<Setting> with;  // mode auto, cwd "/x", non-interactive, agent "reviewer"...
  Effect expect = Effect::ask;
  Span expect_span;
  std::optional<Word> rule;
  std::optional<Word> message;
  Span span;
  bool operator==(const TestCase& o) const {
    return kind == o.kind && subject == o.subject && with == o.with && expect == o.expect &&
           rule == o.rule && message == o.message;
  }
};

struct Block;
using Item = std::variant<Setting, Rule, TestCase, Block>;

// `KIND [LABEL] { ITEM* }`: commands, paths, fetch, mcp, tools, safety, session,
// test "name", agent "name".
struct Block {
  Word kind;
  std::optional<Word> label;
  std::vector<Item> items;
  Span span;
  BlockKind id = BlockKind::unknown;  // filled by the checker (grammar/policy/key_table.cpp)
  bool operator==(const Block& o) const;
};

// A comment, kept for `vigie fmt`.
struct Comment {
  std::string text;  // including the leading `#`
  Span span;
};

struct File {
  std::string name;
  std::string source;
  std::vector<Item> items;
  std::vector<Comment> comments;
};

inline bool Block::operator==(const Block& o) const {
  return kind == o.kind && label == o.label && items == o.items;
}

// A variant must be visited with every alternative handled: check this next to each visitor.
static_assert(std::variant_size_v<Item> == 4);

}  // namespace vigie::policy

#endif  // VIGIE_GRAMMAR_POLICY_AST_HPP
