// The plain-line fast path (plain.hpp) gives exactly what the full path gives: on every input
// of the shell golden files, on the shared corpus when present, and on generated lines (plain
// words, quoted words, assignments, redirections and their near misses); and
// `parse_commands` (fast path first) equals the full path on all of them.
#include <random>
#include <sstream>

#include <catch2/catch.hpp>

#include "grammar/shell/plain.hpp"
#include "tests/shell/commands_show.hpp"
#include "tests/shell/golden.hpp"

namespace {

namespace t = vigie::shell::testing;

using t::show;

// The lines of the golden files' inputs (`=== title`, input, `---`, expected), each input whole
// and each of its lines alone.
void golden_inputs(std::vector<std::string>& out) {
  for (const char* name : {"tests/shell/ast-commands.txt", "tests/shell/ast-compound.txt",
                           "tests/shell/ast-errors.txt", "tests/shell/commands-bypass.txt"}) {
    std::string text;
    REQUIRE(t::read_file(t::source_path(name), text));
    std::istringstream in(text);
    std::string line, input;
    bool in_input = false;
    while (std::getline(in, line)) {
      if (line.rfind("=== ", 0) == 0) {
        in_input = true;
        input.clear();
      } else if (in_input && line == "---") {
        in_input = false;
        out.push_back(input);
      } else if (in_input) {
        out.push_back(line);
        input += input.empty() ? line : "\n" + line;
      }
    }
  }
}

void corpus_inputs(std::vector<std::string>& out) {
  for (auto [file, key] : {std::pair{"shell-inputs.jsonl", "src"},
                           {"codex-cases.jsonl", "script"},
                           {"shell-errors.jsonl", "src"}}) {
    std::vector<nlohmann::json> rows;
    if (!t::read_jsonl(t::corpus_path(file), rows)) continue;
    for (const auto& r : rows)
      if (r.contains(key) && r[key].is_string()) out.push_back(r[key].get<std::string>());
  }
}

void generated_inputs(std::vector<std::string>& out) {
  // Mostly safe bytes, and a few of each kind the fast path must refuse.
  const std::string alphabet = "ab-_./:@%+,=9Z  \t";
  const std::string other = "'\"$`\\#~*?[]{}()<>|;&!\n\r";
  std::mt19937 rng(7);
  for (int k = 0; k < 20000; ++k) {
    std::string line;
    int len = static_cast<int>(rng() % 24);
    for (int i = 0; i < len; ++i)
      line += rng() % 16 == 0 ? other[rng() % other.size()] : alphabet[rng() % alphabet.size()];
    if (k % 5 == 0) line = "git status " + line;
    if (k % 7 == 0) line = "time " + line;
    if (k % 11 == 0) line = "for " + line;
    out.push_back(line);
  }
  // Plain commands joined by operators, with blanks or not, and broken joins.
  const std::vector<std::string> words = {"git", "status", "-la", "a=b", "x", "let", "if", "npm"};
  const std::vector<std::string> ops = {"&&", "||", ";", "|", "&", "|&", ";;", "&&&", "\n"};
  for (int k = 0; k < 20000; ++k) {
    std::string line;
    int parts = 1 + static_cast<int>(rng() % 5);
    for (int i = 0; i < parts; ++i) {
      if (rng() % 3 == 0) line += rng() % 2 ? " " : "\t";
      if (i > 0 || rng() % 8 == 0) line += ops[rng() % (rng() % 4 == 0 ? ops.size() : 4)];
      if (rng() % 2) line += ' ';
      int n = static_cast<int>(rng() % 4);
      for (int w = 0; w < n; ++w) line += (w ? " " : "") + words[rng() % words.size()];
      if (rng() % 3 == 0) line += ' ';
    }
    if (rng() % 4 == 0) line += rng() % 2 ? ";" : "; ";
    out.push_back(line);
  }
  // Quoted words, assignment prefixes and redirections (the shapes the fast path reads), their
  // near misses, joined at random with or without blanks; then each line with one byte changed.
  const std::vector<std::string> elems = {"git",
                                          "status",
                                          "-m",
                                          "x",
                                          "a=b",
                                          "if",
                                          "let",
                                          "time",
                                          "12",
                                          "2",
                                          "-",
                                          "1",
                                          "'hello world'",
                                          "'it'\\''s'",
                                          "a'b'c",
                                          "''",
                                          "\"\"",
                                          "\"x y\"",
                                          "\"a'b\"",
                                          "'a\"b'",
                                          "\"!x\"",
                                          "\"a\nb\"",
                                          "'a\nb'",
                                          "'*'",
                                          "\"~/x\"",
                                          "'{a,b}'",
                                          "\"[x]\"",
                                          "'$X'",
                                          "\"$X\"",
                                          "\"a\\b\"",
                                          "\"`x`\"",
                                          "'unclosed",
                                          "\"unclosed",
                                          "\"\t\\\"\"",
                                          "CI=1",
                                          "A+=x",
                                          "A=",
                                          "A=''",
                                          "A='x y'",
                                          "A=\"x\"y",
                                          "1A=x",
                                          "a-b=c",
                                          "A[1]=x",
                                          "A=(x)",
                                          "A=~",
                                          "A=$x",
                                          "A=\"$x\"",
                                          "_x9=/a:b",
                                          "A+B=1",
                                          ">f",
                                          "> out.log",
                                          "2>&1",
                                          "2>/dev/null",
                                          "< in.txt",
                                          "&> f",
                                          "&>>f",
                                          ">>f",
                                          ">|f",
                                          "<>f",
                                          "<&0",
                                          ">&2",
                                          ">&-",
                                          "<<<word",
                                          "<<< 'a b'",
                                          "<<EOF",
                                          "<<-EOF",
                                          "$HOME",
                                          "$HOME/x",
                                          "\"$HOME\"",
                                          "$(git status)",
                                          "$( ls | wc -l )",
                                          "\"$(date +%s)\"",
                                          "a$(b)c",
                                          "$(a; b)",
                                          "$(a && $(b c))",
                                          "$((1+2))",
                                          "$( (a) )",
                                          "$()",
                                          "$(a",
                                          "$(cat <<EOF)",
                                          "$1",
                                          "$?",
                                          "${X}",
                                          "$",
                                          "\"$\"",
                                          "x$(a|b)y",
                                          "$(A=1 b >f)",
                                          "$(a | $(b | c) | d)",
                                          "<<$X",
                                          "\"a$(b 'c')d\"",
                                          "<<'EOF'",
                                          "<< \"EOF\"",
                                          "<<''",
                                          "0<<EOF",
                                          "<<-'EOF'",
                                          "<<E'O'F",
                                          "<(x)",
                                          ">(x)",
                                          "1234567>f",
                                          "0012>f",
                                          "{fd}>f",
                                          ">",
                                          "> ",
                                          ">'a b'",
                                          "2>\"x\"",
                                          "<",
                                          "&>",
                                          "9<f",
                                          "`git rev-parse HEAD`",
                                          "`ls | wc -l`",
                                          "a`b`c",
                                          "\"`x`y\"",
                                          "` a ; b `",
                                          "`a && b`;",
                                          "`A=1 b >f`",
                                          "`$x`",
                                          "`a \\` b`",
                                          "`a $(b)`",
                                          "`echo 'x`",
                                          "`a`b`c`",
                                          "``",
                                          "` `",
                                          "`unclosed",
                                          "`if x`",
                                          "`a\nb`",
                                          "`a <<EOF`",
                                          "$(a `b`)",
                                          "`(a)`",
                                          "`a & b`",
                                          "`#x`",
                                          "A=`b`",
                                          ">`f`",
                                          "\\'",
                                          "'a'\\''b'",
                                          "\\\"x\\\"",
                                          "\\*",
                                          "\\~x",
                                          "\\{a,b}",
                                          "\\$x",
                                          "\\\\",
                                          "\\\n",
                                          "\\",
                                          "<<\\EOF",
                                          "\\if",
                                          "A=\\'x",
                                          "\\é",
                                          "[",
                                          "]",
                                          "[ -f x ]",
                                          "[ a = b ]",
                                          "[a",
                                          "a]",
                                          "[[",
                                          "]]",
                                          "[]",
                                          "'['",
                                          "]>f"};
  const std::vector<std::string> joins = {" ",  " ",   " ", "",    "\t",  " && ", "&&", " || ",
                                          "; ", " | ", "|", " ; ", " & ", " |& ", "\n", " ;; "};
  for (int k = 0; k < 30000; ++k) {
    std::string line;
    int n = 1 + static_cast<int>(rng() % 7);
    for (int i = 0; i < n; ++i) {
      if (i > 0) line += joins[rng() % (rng() % 3 == 0 ? joins.size() : 5)];
      line += elems[rng() % elems.size()];
    }
    if (rng() % 6 == 0) line += rng() % 2 ? ";" : " ; ";
    if (rng() % 8 == 0) line = " " + line + " ";
    if (line.find("<<") != std::string::npos && k % 8 != 0) {  // a here-document's body
      static const std::vector<std::string> bodies = {
          "\nx\nEOF",       "\nEOF",        "\n\tEOF",          "\na $b\nEOF",   "\na\\\nEOF\nEOF",
          "\nx y\n\nEOF\n", "\nx\nEOF\nls", "\n'q' \"d\"\nEOF", "\n\n",          "\nx",
          "\nx\n\tEOF\n",   "\n`x`\nEOF",   "\nx\nEOF\n\n",     "\nx\nEOFX\nEOF"};
      line += bodies[rng() % bodies.size()];
    }
    if (k % 4 == 0) {  // a subshell, whole or not
      static const std::vector<std::pair<std::string, std::string>> wraps = {
          {"(", ")"},      {"( ", " )"}, {" (", ") "}, {"(", ";)"}, {"(", ") >f"}, {"(", ") && b"},
          {"a && (", ")"}, {"((", "))"}, {"(", ""},    {"", ")"},   {"(", ")\n"},  {"(\n", ")"}};
      const auto& w = wraps[rng() % (rng() % 2 ? 4 : wraps.size())];
      line = w.first + line + w.second;
    } else if (k % 8 == 1) {  // a `for` loop around it, whole or not, its words with globs
      static const std::vector<std::string> heads = {"for f in *.py; do ",
                                                     "for f in src/*.ts a'b' \"c\"; do ",
                                                     "for f in $(ls tests); do ",
                                                     "for x in `ls`;do ",
                                                     "for f in a b;  do\t",
                                                     "for f in; do ",
                                                     "for 1 in a; do ",
                                                     "for f; do ",
                                                     "for f in a\ndo ",
                                                     "for ((i=0;;)); do ",
                                                     "for f in ~ {a,b} [x]; do ",
                                                     "for f in a $(b | c) \"$(d)\"; do ",
                                                     " for  f  in  a ; do ",
                                                     "for do in a; do ",
                                                     "format ",
                                                     "fort x; ",
                                                     "for",
                                                     "for\t",
                                                     "for f in a",
                                                     "a && for f in a; do ",
                                                     "for f in a; do for g in b; do "};
      static const std::vector<std::string> tails = {
          "; done",     ";done",      "; done ",  " done", "; done;", "; done && b",
          "; done | x", "; done > f", "; done\n", "; fi",  ";; done", "; done; done"};
      line = heads[rng() % heads.size()] + line + tails[rng() % (rng() % 2 ? 3 : tails.size())];
    }
    if (k % 8 == 3 &&
        line.find("<<") ==
            std::string::npos) {  // an `if` around it (and a second list), whole or not
      static const std::vector<std::string> heads = {"if [ -f x ]; then ",
                                                     "if a && b | c; then ",
                                                     "if [ -f \"$f\" ];then\t",
                                                     "if test -d $(ls); then ",
                                                     "if  x ;  then  ",
                                                     "if ! x; then ",
                                                     "if [[ x ]]; then ",
                                                     "if [x ]; then ",
                                                     "if [ x]; then ",
                                                     "if (x); then ",
                                                     "if x then ",
                                                     "if x; then\n",
                                                     "if x\nthen ",
                                                     "if x; then; ",
                                                     "if; then ",
                                                     "iff x; then ",
                                                     "a; if x; then ",
                                                     "if x; then if y; then "};
      static const std::vector<std::string> tails = {"; fi",
                                                     ";fi",
                                                     "; fi ",
                                                     " fi",
                                                     "; else b; fi",
                                                     ";else b ;fi",
                                                     "; elif [ a ]; then b; fi",
                                                     "; elif c | d; then e; else f; fi",
                                                     "; fi;",
                                                     "; fi && b",
                                                     "; fi | x",
                                                     "; fi > f",
                                                     "; fi\n",
                                                     "; done",
                                                     "; else; fi",
                                                     "; else b; fi; fi",
                                                     "; elif a; fi",
                                                     "; fix",
                                                     "; elsea; fi"};
      line = heads[rng() % (rng() % 2 ? 5 : heads.size())] + line +
             tails[rng() % (rng() % 2 ? 7 : tails.size())];
    }
    out.push_back(line);
    if (!line.empty() && k % 2 == 0) {
      line[rng() % line.size()] = other[rng() % other.size()];
      out.push_back(line);
    }
  }
}

}  // namespace

TEST_CASE("plain lines: the fast path agrees with the full path", "[plain]") {
  std::vector<std::string> lines;
  golden_inputs(lines);
  corpus_inputs(lines);
  generated_inputs(lines);
  int fast = 0, quoted = 0, assigns = 0, redirects = 0, subshells = 0, heredocs = 0,
      substitutions = 0, backticks = 0, loops = 0, ifs = 0, conditions = 0, brackets = 0;
  for (const auto& line : lines) {
    INFO("line: [" << line << "]");
    auto full = vigie::shell::parse_commands_full(line);
    CHECK(show(vigie::shell::parse_commands(line)) == show(full));
    auto p = vigie::shell::plain_commands(line);
    if (!p) continue;
    ++fast;
    REQUIRE(full.ok);
    CHECK(show(*p) == show(full));
    quoted += line.find_first_of("'\"") != std::string::npos;
    for (const auto& c : p->commands) {
      assigns += !c.assigns.empty();
      redirects += !c.redirects.empty();
      for (const auto& r : c.redirects) heredocs += r.heredoc_body.has_value();
      substitutions += c.context.size() > 1 && c.context.back() == "$()";
      backticks += c.context.size() > 1 && c.context.back() == "backtick";
      loops += c.context.size() > 1 && c.context[1] == "loop";
      ifs += c.context.size() > 1 && c.context[1] == "if";
      conditions += c.context.size() > 2 && c.context[2] == "condition";
      brackets += !c.argv.empty() && c.argv[0].text == "[";
    }
    subshells += p->commands[0].context.size() > 1 && p->commands[0].context[1] == "subshell";
  }
  // Each shape is exercised, not only refused.
  CHECK(fast > 5000);
  CHECK(quoted > 1000);
  CHECK(assigns > 1000);
  CHECK(redirects > 1000);
  CHECK(subshells > 1000);
  CHECK(heredocs > 300);  // 347 when ../shared's corpus is absent
  CHECK(substitutions > 1000);
  CHECK(backticks > 500);
  CHECK(loops > 300);
  CHECK(ifs > 300);
  CHECK(conditions > 300);
  CHECK(brackets > 200);
}

TEST_CASE("plain lines: what the fast path leaves to the full path", "[plain]") {
  for (const char* line : {"",
                           "   ",
                           "if true",
                           "time git",
                           "ls ~",
                           "ls # c",
                           "for f in a; do if x; done",
                           "for PATH in /tmp; do ls; done",              // a name programs read
                           "for f in 'a[$(id)]'; do echo $((f)); done",  // a value holding code
                           "for f in a; do ls; done; ls",
                           "for f in '*'.py; do ls; done",  // a quoted glob byte
                           "a\nb",
                           "ls {a,b}",
                           "ls a\r",
                           "echo `x $y`",
                           "echo `a \\` b`",
                           "echo \"`x`\"",
                           "echo `a\nb`",
                           "echo `x",
                           "echo `if x`",
                           "! ls",
                           "ls &",
                           "a|&b",
                           "a &&",
                           "a ||",
                           "a |",
                           "; a",
                           "a ;; b",
                           "a ; ; b",
                           "a && if x",
                           "ls [a]",
                           "x=(1)",
                           "FOO=1 if x",
                           "a[1]=x ls",
                           "X=~ ls",
                           "echo \"a\\\\b\"",
                           "echo 'a",
                           "cat <<EOF",
                           "cat <<EOF\na\\\nEOF",
                           "cat <<EOF\nx\nEOF\nls",
                           "cat <<A <<B\nA\nB",
                           "(cat <<EOF)\nx\nEOF",
                           "ls {fd}>f",
                           "ls >",
                           "if x; then y; fi >f",
                           "if x then y; fi",
                           "if x; then y; else; fi",
                           "if x\nthen y; fi",
                           "if x; then if y; then z; fi; fi",
                           "a && if x; then y; fi",
                           "ls [a",
                           "[ x ]&& y"})
    CHECK_FALSE(vigie::shell::plain_commands(line).has_value());
  for (const char* line : {"git status",
                           " git  status\t",
                           "npm run lint -- --fix",
                           "a|b",
                           "git status && npm test | tee out.txt",
                           "a ; b || c ;",
                           "a;b&&c",
                           "echo a=b",
                           "ls -la src/",
                           "for f in *.py; do python -m pytest -q $f; done",
                           "for f in $(ls tests); do wc -l $f | sort; done",
                           "curl https://x.org:8080/a%20b,c+d@e",
                           "FOO=1 git status",
                           "echo `x`",
                           "a\\ b",
                           "bash -c 'git diff '\\''HEAD~1'\\'' && ls'",
                           "git log `git rev-parse HEAD` | head",
                           "a 'b'",
                           "cat <x",
                           "a; b=1 c",
                           "git commit -m 'fix: x' && git push",
                           "echo \"hello world\" a'b'c",
                           "CI=1 NODE_ENV=test npm test",
                           "A= B+=x",
                           "npm test > out.log 2>&1",
                           "ls 2>/dev/null | wc -l",
                           "make &> build.log",
                           "tr a b <in.txt >>out",
                           "echo \"it's!\"",
                           "python3 -c 'import sys; print(1)'",
                           "ls café/",
                           "(cd web && npm test)",
                           "( a | b ; )",
                           "cat <<'EOF' > f\n$x `y`\nEOF",
                           "python - <<EOF\nprint(1)\nEOF\n",
                           "cat <<-EOF\n\tx\n\tEOF",
                           "echo $X",
                           "echo \"$X\"",
                           "kill $(lsof -t -i:3000)",
                           "cd $(git rev-parse --show-toplevel) && make",
                           "if [ -f go.mod ]; then go test ./...; else npm test; fi",
                           "if a && b | c; then d; elif e; then f; fi",
                           "if test -d $(ls x); then cat y | wc -l; fi",
                           "[ -f x ] && cat x",
                           "ls *",
                           "ls ?",
                           "git diff HEAD~1",
                           "cat <<EOF\n$x\nEOF",
                           "if [[ -f x ]]; then y; fi",
                           "diff <(ls) x",
                           "a >(b)",
                           "if x; then y; fi; z"})
    CHECK(vigie::shell::plain_commands(line).has_value());
}

TEST_CASE("plain lines: the size limit is checked before the fast path", "[plain]") {
  vigie::shell::Limits small;
  small.max_bytes = 8;
  CHECK_FALSE(vigie::shell::plain_commands("git status --short", small).has_value());
  CHECK(vigie::shell::plain_commands("git st", small).has_value());
  // A subshell counts as one level of nesting.
  vigie::shell::Limits flat;
  flat.max_depth = 0;
  CHECK_FALSE(vigie::shell::plain_commands("(ls)", flat).has_value());
  CHECK_FALSE(vigie::shell::parse_commands("(ls)", flat).ok);
  CHECK(vigie::shell::plain_commands("ls", flat).has_value());
  CHECK_FALSE(vigie::shell::plain_commands("echo $(ls)", flat).has_value());
  CHECK_FALSE(vigie::shell::parse_commands("echo $(ls)", flat).ok);
  vigie::shell::Limits two;
  two.max_depth = 2;
  CHECK(vigie::shell::plain_commands("echo $(a $(b))", two).has_value());
  CHECK_FALSE(vigie::shell::plain_commands("echo $(a $(b $(c)))", two).has_value());
  CHECK_FALSE(vigie::shell::plain_commands("(echo $(a $(b)))", two).has_value());
  CHECK_FALSE(vigie::shell::parse_commands("(echo $(a $(b)))", two).ok);
  // At the default limit too: a plain line one byte over is left to the full path, which errs.
  std::string over = "echo " + std::string(vigie::shell::Limits{}.max_bytes, 'a');
  CHECK_FALSE(vigie::shell::plain_commands(over).has_value());
  CHECK_FALSE(vigie::shell::parse_commands(over).ok);
  auto r = vigie::shell::parse_commands("git status --short", small);
  CHECK_FALSE(r.ok);
  CHECK(r.commands.empty());
}

TEST_CASE("the limit of commands in one line holds on every path", "[plain][limits]") {
  using vigie::shell::Limits;
  using vigie::shell::parse_commands;
  using vigie::shell::plain_commands;
  Limits three;
  three.max_commands = 3;
  // At the limit: every path lists the commands.
  for (const char* line : {"a; b; c", "a | b && c", "echo $(a) $(b)", "a \"x\"; b 'y'; c $z"}) {
    INFO(line);
    auto r = parse_commands(line, three);
    CHECK(r.ok);
    CHECK(r.commands.size() == 3);
  }
  // Past it: the fast paths decline, the full path errs.
  for (const char* line :
       {"a; b; c; d", "a | b | c | d", "echo $(a) $(b) $(c)", "a \"x\"; b 'y'; c $z; d",
        "f() { a; b; c; d; }", "for x in 1; do a; b; c; d; done"}) {
    INFO(line);
    CHECK_FALSE(plain_commands(line, three).has_value());
    auto r = parse_commands(line, three);
    CHECK_FALSE(r.ok);
    REQUIRE_FALSE(r.errors.empty());
    CHECK(r.errors.back().message == "more than 3 commands in one line");
    CHECK(r.commands.empty());
  }
  // Far past it, the full grammar stops its parse (twice the limit: it counts attempts).
  std::string many;
  for (int i = 0; i < 100; ++i) many += "a \"x\"; ";
  auto r = parse_commands(many, three);
  CHECK_FALSE(r.ok);
  REQUIRE_FALSE(r.errors.empty());
  CHECK(r.errors.back().message == "more than 3 commands in one line");
  CHECK(r.commands.empty());
  // The default: 10,000 plain commands are listed, one more is an error.
  std::string at, over;
  for (std::size_t i = 0; i < vigie::limits::shell_commands; ++i) at += "ls;";
  over = at + "ls";
  CHECK(parse_commands(at).ok);
  CHECK(parse_commands(at).commands.size() == vigie::limits::shell_commands);
  CHECK_FALSE(parse_commands(over).ok);
}
