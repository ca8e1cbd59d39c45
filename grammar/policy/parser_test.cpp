// The policy parser: structure, spans, error collection and recovery, rendering.
#include "grammar/policy/parser.hpp"

#include <catch2/catch.hpp>

#include "grammar/policy/format.hpp"

namespace vigie::policy {
namespace {

std::string dump(const std::string& src) {
  return dump_ast(parse("t.vigie", src).file);
}

std::vector<std::string> codes(const std::string& src) {
  std::vector<std::string> out;
  for (const auto& d : parse("t.vigie", src).diagnostics) out.push_back(d.code);
  return out;
}

TEST_CASE("the line grammar has no rule that loops without consuming input") {
  REQUIRE(grammar_issues() == 0);
}

TEST_CASE("settings, rules, blocks and tests build the AST") {
  CHECK(dump("policy \"team\"\nmode ask\n") ==
        "(file\n  (setting policy \"team\")\n  (setting mode ask))\n");
  CHECK(dump("commands {\n  deny git push (--force | -f) \"no\"\n}\n") ==
        "(file\n  (block commands\n    (rule deny (pattern git push (alt --force -f)) "
        "(message \"no\"))))\n");
  CHECK(dump("commands {\n  allow npm test | git status\n}\n") ==
        "(file\n  (block commands\n    (rule allow (pattern npm test) (pattern git status))))\n");
  CHECK(dump("commands {\n  deny /^mkfs(\\..+)?$/ * ... $\n}") ==
        "(file\n  (block commands\n    (rule deny (pattern /^mkfs(\\..+)?$/ (any) (rest) "
        "(end)))))\n");
  CHECK(dump("test \"t\" {\n  edit 'a b' with mode auto non-interactive => deny rule x \"m\"\n}") ==
        "(file\n  (block test \"t\"\n    (test edit 'a b' (with (mode auto) (non-interactive)) "
        "(expect deny) (rule x) (message \"m\"))))\n");
}

TEST_CASE("quoted words keep their kind; escapes are decoded") {
  auto r = parse("t", "commands {\n  allow 'git' \"msg \\\"q\\\" \\\\ \\n\"\n}\n");
  REQUIRE(r.ok());
  const auto& rule = std::get<Rule>(std::get<Block>(r.file.items[0]).items[0]);
  CHECK(rule.alternatives[0].items[0].word.kind == Word::Kind::single_quoted);
  CHECK(rule.message->text == "msg \"q\" \\ \n");
  // A quoted `*` is a literal word, not the wildcard.
  auto q = parse("t", "commands {\n  deny rm '*'\n}\n");
  const auto& r2 = std::get<Rule>(std::get<Block>(q.file.items[0]).items[0]);
  CHECK(r2.alternatives[0].items[1].kind == PatternItem::Kind::word);
}

TEST_CASE("a path with slashes is a word, /x/ is a regex") {
  CHECK(dump("paths {\n  deny /usr/bin/x /etc\n}") ==
        "(file\n  (block paths\n    (rule deny (pattern /usr/bin/x /etc))))\n");
  CHECK(dump("tools {\n  deny /^x$/\n}") ==
        "(file\n  (block tools\n    (rule deny (pattern /^x$/))))\n");
}

TEST_CASE("attributes attach to the rule above, on the same line only after the message") {
  auto r = parse("t",
                 "commands {\n  allow python -m pytest\n    example \"python -m pytest -q\"\n"
                 "    # a comment between\n    counterexample 'python -c x'\n    id pytest\n"
                 "  deny rm -rf \"no\" id no-rm example \"rm -rf /\"\n  allow id\n}\n");
  REQUIRE(r.ok());
  const auto& b = std::get<Block>(r.file.items[0]);
  REQUIRE(b.items.size() == 3);
  const auto& a = std::get<Rule>(b.items[0]);
  CHECK(a.examples.size() == 1);
  CHECK(a.counterexamples.size() == 1);
  CHECK(a.id->text == "pytest");
  const auto& d = std::get<Rule>(b.items[1]);
  CHECK(d.id->text == "no-rm");
  CHECK(d.examples.size() == 1);
  // `allow id`: the id command.
  CHECK(std::get<Rule>(b.items[2]).alternatives[0].items[0].word.text == "id");
  CHECK(r.file.comments.size() == 1);
}

TEST_CASE("spans point into the source") {
  std::string src = "commands {\n  deny  rm -rf  \"no\"\n}\n";
  auto r = parse("t", src);
  const auto& b = std::get<Block>(r.file.items[0]);
  const auto& rule = std::get<Rule>(b.items[0]);
  auto text = [&](Span s) { return src.substr(s.begin, s.end - s.begin); };
  CHECK(text(b.kind.span) == "commands");
  CHECK(text(rule.effect_span) == "deny");
  CHECK(text(rule.alternatives[0].span) == "rm -rf");
  CHECK(text(rule.alternatives[0].items[1].span) == "-rf");
  CHECK(text(rule.message->span) == "\"no\"");
  CHECK(text(rule.span) == "deny  rm -rf  \"no\"");
  CHECK(text(b.span) == src.substr(0, src.size() - 1));
}

TEST_CASE("the unterminated string of the style guide renders exactly") {
  std::string src;
  for (int i = 1; i < 12; ++i) src += "\n";
  src += "allow \"git push\n";
  auto r = parse("rules/team.vigie", src);
  REQUIRE(r.diagnostics.size() == 1);
  const auto& d = r.diagnostics[0];
  CHECK(d.code == "V101");
  CHECK(d.incomplete);
  CHECK(render(d, {{"rules/team.vigie", src}}) ==
        "rules/team.vigie:12:7: error[V101]: unterminated string\n"
        "   12 | allow \"git push\n"
        "      |       ^~~~~~~~~\n"
        "   help: close the string with `\"`\n");
}

TEST_CASE("a diagnostic renders the same from its offset as from its line") {
  // The offset finds the line without scanning the file (many errors render in linear time);
  // a diagnostic without one (UINT32_MAX) or with one that does not fit is found by its line.
  std::string src = "policy \"p\"\n}\ncommands {\n  allow\n}\n\tfrob on\n";
  auto r = parse("p.vigie", src);
  REQUIRE(r.diagnostics.size() >= 2);
  for (const auto& d : r.diagnostics) {
    CAPTURE(d.line, d.column, d.message);
    CHECK(d.offset != UINT32_MAX);
    auto without = d;
    without.offset = UINT32_MAX;
    CHECK(render(d, {{"p.vigie", src}}) == render(without, {{"p.vigie", src}}));
    auto wrong = d;
    wrong.offset = 1;  // not on that line: ignored
    CHECK(render(wrong, {{"p.vigie", src}}) == render(without, {{"p.vigie", src}}));
  }
}

TEST_CASE("a byte-order mark is said as it is, and the rest is still read") {
  auto r = parse("p.vigie", "\xEF\xBB\xBFpolicy \"p\"\nmode auto\n}\n");
  REQUIRE(r.diagnostics.size() == 2);
  CHECK(r.diagnostics[0].line == 1);
  CHECK(r.diagnostics[0].message == "the file starts with a byte-order mark (U+FEFF)");
  CHECK(r.diagnostics[1].line == 3);  // the stray `}`: the lines after the mark are read
}

TEST_CASE("every error of a file is collected, one per bad line") {
  auto c = codes(
      "commands {\n"
      "  allow\n"                // V104
      "  deny git (a | b\n"      // V107
      "  allow x \"m\" extra\n"  // V108
      "  allow ok\n"
      "}\n"
      "}\n"        // V118
      "\"x\"\n");  // V120
  CHECK(c == std::vector<std::string>{"V104", "V107", "V108", "V118", "V120"});
}

TEST_CASE("a bad block head still opens its block, so braces stay balanced") {
  auto r = parse("t", "commands \"a\" \"b\" {\n  allow x\n}\npolicy \"p\"\n");
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].code == "V108");
}

TEST_CASE("input that stops early is marked incomplete") {
  auto r = parse("t", "commands {\n  deny git push (--force |");
  REQUIRE(r.diagnostics.size() == 2);
  CHECK(r.diagnostics[0].code == "V119");  // unclosed block, reported at its head
  CHECK(r.diagnostics[0].incomplete);
  CHECK(r.diagnostics[1].code == "V106");
  CHECK(r.diagnostics[1].incomplete);
  auto e = parse("t", "commands {\n  allow x \"m\" junk\n}\n");
  REQUIRE(e.diagnostics.size() == 1);
  CHECK_FALSE(e.diagnostics[0].incomplete);
}

TEST_CASE("a near-miss effect after => gets a did you mean") {
  auto r = parse("t", "test \"t\" {\n  command \"ls\" => alow\n}\n");
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].code == "V114");
  CHECK(r.diagnostics[0].help == "did you mean `allow`?");
}

TEST_CASE("nesting is bounded") {
  std::string src;
  for (int i = 0; i < 100; ++i) src += "a {\n";
  for (int i = 0; i < 100; ++i) src += "}\n";
  auto r = parse("t", src);
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].code == "V121");
}

TEST_CASE("CRLF line endings and a missing final newline parse") {
  auto r = parse("t", "policy \"p\"\r\ncommands {\r\n  allow ls  # c\r\n}");
  REQUIRE(r.ok());
  CHECK(r.file.comments.at(0).text == "# c");
}

}  // namespace
}  // namespace vigie::policy
