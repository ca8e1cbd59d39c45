// The shapes the plain-line fast path gained for the agent mix (docs/shell.md): unquoted globs
// and mid-word tildes, `$((…))`, `[[ … ]]`, here-document bodies with `$name`, `<(…)` / `>(…)`,
// whole-line `case`, `while` / `until` loops and a loop's redirections, `${name:-word}`, and a
// list after a whole-line `if` (`fi; …`).
// Generated lines of each shape and of its near misses, joined at random, each also with one byte
// changed: when the fast path accepts a line it gives exactly what the full path gives,
// `parse_commands` equals the full path on every line, and each shape is accepted often (not only
// refused).
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "grammar/shell/plain.hpp"
#include "tests/shell/commands_show.hpp"

namespace {

using vigie::shell::testing::show;

// Each shape's words (and near misses the fast path must refuse or read as the full path does).
const std::vector<std::string> kGlobs = {
    "*",      "*.py",    "src/*.ts", "a?b",     "?",      "**",     "'*'*",      "\"a*\"?",
    "\\*x*",  "a\\?*",   "HEAD~1",   "~",       "~/x",    "a~",     "x~~y",      "'a'~b",
    "A=*.py", "A=a:~/b", "A=x~",     "A=~",     ">*.log", "2>a~/f", "<<E*F",     "<<E~F",
    "$x*",    "\"$x\"?", "*$(ls)",   "a*'[x]'", "\"]\"*", "for*",   "if*",       "*(x)",
    "?(a)",   "a*#b",    "~x*",      "a\\~",    "*\\\\",  "x*'\\'", "$(ls *.c)", "`ls ?`"};
const std::vector<std::string> kArith = {
    "$((1 + 2))", "$((a*b))",    "$(( x ))",   "$((1+))",      "$((1 2))",   "$((08))",
    "$((-1))",    "$((a++))",    "$((1**2))",  "\"$((1+2))\"", "$((a = 1))", "$(( (1) ))",
    "$((1+$x))",  "$((1))x",     "x$((2%3))y", "$((1/ 0))",    "$(( ))",     "$((a\t-b))",
    "$((1 +2)",   "$((1 + 2)",   "$(( 1 ) )",  "$((x_1*Y))",   "$((9-\n1))", "$((a,b))",
    "${X}",       "${X:-unset}", "${X-a}",     "${X:+a/b}",    "${X:=1}",    "${X=}",
    "${X:?}",     "${X%a}",      "${#X}",      "${X:0:2}",     "${1}",       "${X:-a b}",
    "${X:-$y}",   "\"${X:-u}\"", "${X:-'a'}",  "${X",          "${X:-~}",    "${X:-*}",
    "${ X}",      "a${X}b",      "${X:-}",     "${X:--}",      "${X@Q}",     "${X:-a}}"};
const std::vector<std::string> kTests = {
    "[[ -n \"$CI\" ]]", "[[ -f x ]]",      "[[ a == b ]]",      "[[ $x != 'y' ]]",
    "[[ x ]]",          "[[ ]]",           "[[ -n ]]",          "[[ a b ]]",
    "[[ ! x ]]",        "[[ a =~ b ]]",    "[[ a < b ]]",       "[[ $(ls) ]]",
    "[[ -n x]]",        "[[x ]]",          "[[ -f x ]]x",       "[[ -z $1 ]]",
    "[[ a -eq 1 ]]",    "[[ -d \"$d\" ]]", "[[ -n == x ]]",     "[[ a = b c ]]",
    "[[  -e  f  ]]",    "[[ *.py == x ]]", "[[ -n `x` ]]",      "[[ a && b ]]",
    "[[ -f x ]] >f",    "[[ \"$a\" ]]",    "[[ $a == \"b\" ]]", "[[ ( a ) ]]",
    "[[ -x ~/bin ]]",   "[[ a\n]]"};
const std::vector<std::string> kProcsubs = {
    "<(sort a.txt)", ">(tee log)",  "<( ls | wc -l )", "<(a; b)", "x<(a)",        "<(a",
    "<()",           "<(a $(b))",   "2>(x)",           ">(a) b",  "<(cat <<EOF)", "<(`x`)",
    "<((1))",        "< (a)",       "<(a)>(b)",        "<(a &)",  "<(a\nb)",      "\"<(a)\"",
    ">(a | b) | c",  "<(A=1 b >f)", "<([[ x ]] && y)", "<(a *.c)"};
// Here-documents inside `$(…)` (the body then `)`), and near misses: a body line bash ends the
// body at there (`EOF)`), a body read in a substitution inside the one that opened it.
const std::vector<std::string> kInnerHeredocs = {"\"$(cat <<'EOF'\nfeat: x\n\nbody\nEOF\n)\"",
                                                 "$(cat <<EOF\nx\nEOF\n)",
                                                 "$(cat <<-EOF\n\tx\n\tEOF\n)",
                                                 "$(cat <<EOF\n$x\nEOF\n)",
                                                 "$(cat <<EOF\nx\nEOF)",
                                                 "$(cat <<EOF\nx\nEOF\n )",
                                                 "$(cat <<EOF\nx\n)",
                                                 "$(a $(cat <<EOF\nx\nEOF\n))",
                                                 "`cat <<EOF\nx\nEOF\n`",
                                                 "<(cat <<EOF\nx\nEOF\n)",
                                                 "$(cat <<EOF | wc\nx\nEOF\n)",
                                                 "$(cat <<EOF; ls\nx\nEOF\n)",
                                                 "$(cat <<A <<B\nA\nB\n)",
                                                 "$(cat <<EOF\n$(x)\nEOF\n)",
                                                 "$(cat <<\"E F\"\nx\nE F\n)",
                                                 "$(cat <<EOF\nx\nEOF\n\n)",
                                                 "$(cat <<EOF\nEOF\n)",
                                                 "$(cat <<EOF\nx\nEOF)\nEOF\n)",
                                                 "$(cat <<'EOF'\nEOF )\nEOF\n)",
                                                 "$(cat <<-EOF\n\tEOFx)\n\tEOF\n)",
                                                 "$(cat <<EOF\nEOFx\nEOF\n)",
                                                 "$(cat <<EOF; $(x\nEOF\n))"};
const std::vector<std::string> kPlain = {"echo",   "git status", "x",       "-n",     "a=b",
                                         "ls -la", "<<EOF",      "<<'EOF'", "<<-EOF", "cat <<EOF"};
const std::vector<std::string> kBodies = {"\n$NAME\nEOF",  "\n{\"a\": \"$N\", \"p\": 1}\nEOF",
                                          "\n${X}\nEOF",   "\n$1\nEOF",
                                          "\n$(x)\nEOF",   "\n$\nEOF",
                                          "\na$b c\nEOF",  "\n$a$b\nEOF",
                                          "\n$_x-y\nEOF",  "\n\\$x\nEOF",
                                          "\n$x`y`\nEOF",  "\nplain\nEOF",
                                          "\n\t$x\n\tEOF", "\n$x"};
const std::vector<std::string> kJoins = {" ",    " ",  " ",   "",   " && ",
                                         " || ", "; ", " | ", "\n", " & "};

std::vector<std::string> generated() {
  std::mt19937 rng(12);
  const std::string other = "'\"$`\\#~*?[]{}()<>|;&!=-\n ";
  const std::vector<const std::vector<std::string>*> shapes = {&kGlobs, &kArith, &kTests,
                                                               &kProcsubs, &kInnerHeredocs};
  std::vector<std::string> out;
  for (int k = 0; k < 30000; ++k) {
    std::string line;
    const auto& shape = *shapes[static_cast<std::size_t>(k) % shapes.size()];
    const int n = 1 + static_cast<int>(rng() % 5);
    for (int i = 0; i < n; ++i) {
      if (i > 0) line += kJoins[rng() % (rng() % 3 == 0 ? kJoins.size() : 4)];
      if (rng() % 3 == 0) {
        line += kPlain[rng() % kPlain.size()];
      } else {
        if (&shape != &kTests && rng() % 2) line += kPlain[rng() % 6] + " ";
        line += shape[rng() % shape.size()];
      }
    }
    if (&shape == &kInnerHeredocs && k % 4 != 0) {  // mostly one on its line, after a command
      static const std::vector<std::string> before = {"git commit -m ", "echo ", "a && b ",
                                                      "x=", "echo a; b "};
      out.push_back(before[rng() % before.size()] + shape[rng() % shape.size()] +
                    (rng() % 3 == 0 ? kJoins[rng() % kJoins.size()] + "x" : ""));
      continue;
    }
    if (line.find("<<") != std::string::npos && k % 5 != 0) line += kBodies[rng() % kBodies.size()];
    if (k % 7 == 0) {
      static const std::vector<std::string> tails = {"; then x; fi",
                                                     "; then x; fi; y",
                                                     "; then x; fi;y z",
                                                     "; then x; fi && y",
                                                     "; then x; fi; ",
                                                     "; then x; fi;; y",
                                                     "; then x; fi; if a; then b; fi",
                                                     "; then x; fi ; y | z",
                                                     "; then x; fi; y $(z)",
                                                     "; then x; fi;"};
      line = "if " + line + tails[rng() % tails.size()];
    }
    if (k % 11 == 0) line = "echo $(" + line + ")";
    if (k % 3 == 1 || k % 7 == 6) {  // a `case` of such lists, whole or not
      static const std::vector<std::string> heads = {
          "case \"$OSTYPE\" in ", "case x in ", "case $1 in\t", "case x in (",   "case $(a) in ",
          "case x in\n",          "case x ",    "casex in ",    "a; case x in ", "case `a` in "};
      static const std::vector<std::string> pats = {
          "darwin*) ", "a|b)",    "*) ", "'x y') ", "\"$v\")", "esac) ", "a | b ) ",
          "[a]) ",     "a$(b)) ", "~) ", ") ",      "(a) ",    "a)\n",   "x"};
      static const std::vector<std::string> ends = {";; ", ";;", ";; ", ";&", ";;& ", "; ", "\n"};
      static const std::vector<std::string> tails = {"esac",    "esac ", "esac;", "esac && b",
                                                     "esac >f", "esa",   ""};
      std::string c = heads[rng() % (rng() % 2 ? 3 : heads.size())];
      const int items = 1 + static_cast<int>(rng() % 3);
      for (int i = 0; i < items; ++i)
        c += pats[rng() % pats.size()] + line + ends[rng() % (rng() % 2 ? 3 : ends.size())];
      line = c + tails[rng() % (rng() % 2 ? 2 : tails.size())];
    }
    if (k % 3 == 2) {  // a `while` / `until` / `for` loop around it, whole or not
      static const std::vector<std::string> heads = {"while read -r line; do ",
                                                     "until a && b; do ",
                                                     "while [[ -n $x ]]; do ",
                                                     "for f in *.c; do ",
                                                     "while x do ",
                                                     "while x; do\n",
                                                     "whilex; do ",
                                                     "while; do ",
                                                     "a && while x; do ",
                                                     "while x; do while y; do ",
                                                     "while [[ x ]] do ",
                                                     "while (x); do "};
      static const std::vector<std::string> tails = {"; done",
                                                     ";done",
                                                     "; done < input.txt",
                                                     "; done >f 2>&1",
                                                     "; done | x",
                                                     "; done; y",
                                                     " done",
                                                     "; done <<EOF\nx\nEOF",
                                                     "; done < $(x)",
                                                     "; done >",
                                                     "; done<f ",
                                                     "; done 2>/dev/null <in",
                                                     "; done &",
                                                     "; done >`x`"};
      line = heads[rng() % (rng() % 2 ? 4 : heads.size())] + line +
             tails[rng() % (rng() % 2 ? 4 : tails.size())];
    }
    out.push_back(line);
    if (k % 2 == 0 && !line.empty()) {
      line[rng() % line.size()] = other[rng() % other.size()];
      out.push_back(line);
    }
  }
  return out;
}

}  // namespace

TEST_CASE("plain shapes: the fast path agrees with the full path", "[plain]") {
  int after_if = 0, braced = 0, inner_bodies = 0;
  int fast = 0, globs = 0, tildes = 0, arith = 0, tests = 0, bodies = 0, procsubs = 0, cases = 0,
      loops = 0, loop_redirects = 0;
  for (const auto& line : generated()) {
    INFO("line: [" << line << "]");
    auto full = vigie::shell::parse_commands_full(line);
    CHECK(show(vigie::shell::parse_commands(line)) == show(full));
    auto p = vigie::shell::plain_commands(line);
    if (!p) continue;
    ++fast;
    REQUIRE(full.ok);
    CHECK(show(*p) == show(full));
    for (const auto& c : p->commands) {
      cases += c.context.size() > 1 && c.context[1] == "case";
      after_if += line.rfind("if ", 0) == 0 && c.context.size() == 1 && c.span.begin > 3;
      for (const auto& w : c.argv) braced += w.text.find("${") != std::string::npos;
      loops += c.context.size() > 2 && c.context[1] == "loop" && c.context[2] == "condition";
      loop_redirects += c.argv.empty() && !c.redirects.empty() && c.context.size() == 1;
      procsubs += !c.context.empty() && (c.context.back() == "<()" || c.context.back() == ">()");
      for (const auto& w : c.argv) {
        globs += w.has_glob;
        tildes += w.text.find('~') != std::string::npos && !w.has_expansion;
        arith += w.text.find("$((") != std::string::npos;
      }
      for (const auto& r : c.redirects) inner_bodies += r.heredoc_body && c.context.size() > 1;
      for (const auto& r : c.redirects)
        bodies +=
            r.heredoc_body && !r.heredoc_quoted && r.heredoc_body->find('$') != std::string::npos;
    }
    tests += line.find("[[ ") != std::string::npos;
  }
  CHECK(fast > 3000);
  CHECK(globs > 1000);
  CHECK(tildes > 300);
  CHECK(arith > 200);
  CHECK(tests > 300);
  CHECK(bodies > 100);
  CHECK(procsubs > 300);
  CHECK(cases > 300);
  CHECK(after_if > 50);
  CHECK(braced > 200);
  CHECK(inner_bodies > 300);
  CHECK(loops > 300);
  CHECK(loop_redirects > 300);
}

TEST_CASE("plain shapes: the agent lines each shape is for take the fast path", "[plain]") {
  for (const char* line :
       {"git diff --stat HEAD~1", "sed -i 's/a/b/g' src/*.ts", "ls ?.txt 'a*'*", "A=x.py ls",
        "echo $((1 + 2)) $(date +%s) `whoami`", "[[ -n \"$CI\" ]] && echo ci || echo local",
        "cat > c.json <<EOF\n{\"name\": \"$NAME\"}\nEOF"})
    CHECK(vigie::shell::plain_commands(line).has_value());
  for (const char* line :
       {"ls ~", "A=a:~/b ls", "A=*.py ls", "ls *(x)", "cat <<E*F\nx\nE*F", "$((1+))",
        "echo $((a = 1))", "[[ a b ]]", "[[ -n ]]", "x | [[ a ]]", "[[ a ]] | x", "[[ $(ls) ]]",
        "cat <<EOF\n$(x)\nEOF", "x=$(cat <<EOF\nx\nEOF)\nEOF\n)", "cat <<EOF; x $(y\nEOF\n)"})
    CHECK_FALSE(vigie::shell::plain_commands(line).has_value());
}
