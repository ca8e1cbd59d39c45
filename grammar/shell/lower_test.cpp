// The lowering of parse-tree nodes: a node kind it does not handle fails the parse (issue 14).
#include <catch2/catch.hpp>

#include <string_view>

#include "grammar/shell/grammar.hpp"
#include "grammar/shell/lower.hpp"
#include "grammar/shell/parser.hpp"

using namespace vigie::shell;

namespace {

// A rule the lowering never sees: stands for a grammar rule added to the selector and not
// handled by lower.cpp.
struct unhandled_rule {};

// A tree over `text` of one word whose only part is a node of `Tag`, covering the whole text.
Tree one_part_word(std::string_view text, const char* part_tag) {
  Tree t;
  t.reset();
  Node& w = t.nodes.push();
  w.tag = &kRuleTag<grammar::word>;
  w.m_begin.data = text.data();
  w.m_end.data = text.data() + text.size();
  w.end = 3;
  Node& p = t.nodes.push();
  p.tag = part_tag;
  p.m_begin.data = text.data();
  p.m_end.data = text.data() + text.size();
  p.end = 3;
  t.link();
  return t;
}

}  // namespace

TEST_CASE("lowering: a known part node becomes its AST part", "[shell][lower]") {
  const std::string_view text = "rm";
  Tree t = one_part_word(text, &kRuleTag<grammar::lit>);
  std::vector<ParseError> errors;
  auto w = lower_word(t.nodes[1], text, {}, errors);
  REQUIRE(w);
  CHECK(errors.empty());
  CHECK(w->text == "rm");
  REQUIRE(w->parts.size() == 1);
  REQUIRE(std::holds_alternative<Lit>(w->parts[0].v));
  CHECK(word_view(*w).literal == std::optional<std::string>("rm"));
}

TEST_CASE("lowering: an unknown part node fails, it never becomes literal text", "[shell][lower]") {
  const std::string_view text = "rm";
  for (const char* tag : {&kRuleTag<unhandled_rule>, &kRuleTag<grammar::gap>,
                          &kRuleTag<grammar::simple_command>, static_cast<const char*>(nullptr)}) {
    Tree t = one_part_word(text, tag);
    std::vector<ParseError> errors;
    auto w = lower_word(t.nodes[1], text, {}, errors);
    CHECK_FALSE(w);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].message == "internal error: unhandled shell grammar node");
  }
}

TEST_CASE("parse tree: a failed alternative leaves no node behind", "[shell][lower]") {
  // `a=(x) b` tries an assignment prefix, `{x}>f` a redirection fd, `f ()` a function: each
  // alternative that fails is truncated away; the dumps are the golden files' business, here
  // the shapes only.
  for (std::string_view src : {"a=(x y) b c", "{fd}>out cmd", "f () { :; }", "a=1 b=2",
                               "echo ${x:-$(date)} `id` $((1+2))"}) {
    auto r = parse(src);
    INFO(src);
    REQUIRE(r.ok);
    REQUIRE(r.file.stmts.size() == 1);
  }
}
