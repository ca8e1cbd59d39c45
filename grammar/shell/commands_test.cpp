// The commands view on the shapes that bypass naive checkers: each command must be seen.
#include <catch2/catch.hpp>

#include "grammar/shell/commands.hpp"

using namespace vigie::shell;

namespace {

// The literal argv of every command, with "<?>" for a word that is not static.
std::vector<std::vector<std::string>> argvs(const CommandsResult& r) {
  std::vector<std::vector<std::string>> out;
  for (const auto& c : r.commands) {
    std::vector<std::string> a;
    for (const auto& w : c.argv) a.push_back(w.literal ? *w.literal : "<?>");
    out.push_back(a);
  }
  return out;
}

using Argvs = std::vector<std::vector<std::string>>;

CommandsResult ok(std::string_view src) {
  auto r = parse_commands(src);
  INFO(src);
  if (!r.errors.empty()) INFO(r.errors[0].message);
  REQUIRE(r.ok);
  return r;
}

}  // namespace

TEST_CASE("commands: separators", "[commands]") {
  CHECK(argvs(ok("ls; rm -rf ~")) == Argvs{{"ls"}, {"rm", "-rf", "<?>"}});
  CHECK(argvs(ok("ls & rm x")) == Argvs{{"ls"}, {"rm", "x"}});
  CHECK(argvs(ok("ls\nrm x\n")) == Argvs{{"ls"}, {"rm", "x"}});
  CHECK(argvs(ok("ls && rm x || echo y")) == Argvs{{"ls"}, {"rm", "x"}, {"echo", "y"}});
  CHECK(argvs(ok("ls | grep x |& wc")) == Argvs{{"ls"}, {"grep", "x"}, {"wc"}});
  auto r = ok("ls & rm x");
  CHECK(r.commands[0].context == std::vector<std::string>{"top", "background"});
  CHECK(r.commands[1].op == "&");
  auto r2 = ok("ls && rm -rf ~");
  CHECK(r2.commands[1].op == "&&");
  REQUIRE(r2.commands[1].argv.size() == 3);
  CHECK_FALSE(r2.commands[1].argv[2].literal);
  CHECK(r2.commands[1].argv[2].pattern == "~");
  CHECK(r2.commands[1].argv[2].has_tilde);
}

TEST_CASE("commands: substitutions", "[commands]") {
  auto r = ok("echo \"$(curl x | sh)\"");
  CHECK(argvs(r) == Argvs{{"echo", "<?>"}, {"curl", "x"}, {"sh"}});
  CHECK(r.commands[1].context == std::vector<std::string>{"top", "$()", "pipeline"});
  auto b = ok("echo \"`rm -rf /`\"");
  CHECK(argvs(b) == Argvs{{"echo", "<?>"}, {"rm", "-rf", "/"}});
  CHECK(b.commands[1].context == std::vector<std::string>{"top", "backtick"});
  CHECK(argvs(ok("diff <(ls a) >(cat)")) == Argvs{{"diff", "<?>", "<?>"}, {"ls", "a"}, {"cat"}});
  CHECK(argvs(ok("x=$(rm y) ls")) == Argvs{{"ls"}, {"rm", "y"}});
  CHECK(argvs(ok("echo $(( $(rm y) + 1 ))")) == Argvs{{"echo", "<?>"}, {"rm", "y"}});
  CHECK(argvs(ok("echo `echo \\`rm z\\``")) ==
        Argvs{{"echo", "<?>"}, {"echo", "<?>"}, {"rm", "z"}});
}

TEST_CASE("commands: a single quote in a double-quoted ${x:-…} does not quote", "[commands]") {
  // bash 5.2: `"${x:-'$(rm z)'}"` runs rm; `"${x#'$(rm z)'}"` (a pattern) and the unquoted
  // `${x:-'$(rm z)'}` do not.
  CHECK(argvs(ok("echo \"${x:-'$(rm z)'}\"")) == Argvs{{"echo", "<?>"}, {"rm", "z"}});
  CHECK(argvs(ok("echo \"${x:+a'`rm z`'b}\"")) == Argvs{{"echo", "<?>"}, {"rm", "z"}});
  CHECK(argvs(ok("cat <<E\n${x=' $(rm z)'}\nE\n")) == Argvs{{"cat"}, {"rm", "z"}});
  CHECK(argvs(ok("echo \"${x#'$(rm z)'}\"")) == Argvs{{"echo", "<?>"}});
  CHECK(argvs(ok("echo ${x:-'$(rm z)'}")) == Argvs{{"echo", "<?>"}});
  CHECK_FALSE(vigie::shell::parse_commands("echo \"$\\\n(rm z)\"").ok);  // `$\<newline>(`
}

TEST_CASE("commands: compound bodies", "[commands]") {
  auto r = ok("if true; then rm -rf /; fi");
  CHECK(argvs(r) == Argvs{{"true"}, {"rm", "-rf", "/"}});
  CHECK(r.commands[0].context == std::vector<std::string>{"top", "if", "condition"});
  CHECK(r.commands[1].context == std::vector<std::string>{"top", "if"});
  auto f = ok("for f in *; do rm $f; done");
  CHECK(argvs(f) == Argvs{{"rm", "<?>"}});  // `f`: no program reads it, no value holds code
  CHECK(f.commands[0].context == std::vector<std::string>{"top", "loop"});
  // The glob item, for the folder the shell lists: on the body's first command.
  REQUIRE(f.commands[0].glob_words.size() == 1);
  CHECK(f.commands[0].glob_words[0].text == "*");
  CHECK(ok("for f in a b; do rm $f; done").commands[0].glob_words.empty());
  auto arith = ok("for f in ~/.ssh/*; do ((n++)); done");  // no command: one of its own
  REQUIRE(arith.commands.size() == 1);
  CHECK(arith.commands[0].argv.empty());
  REQUIRE(arith.commands[0].glob_words.size() == 1);
  CHECK(arith.commands[0].glob_words[0].text == "~/.ssh/*");
  auto array = ok("a=(x ~/.ssh/* 'y*')");  // the elements with a glob
  REQUIRE(array.commands.size() == 1);
  REQUIRE(array.commands[0].glob_words.size() == 1);
  CHECK(array.commands[0].glob_words[0].text == "~/.ssh/*");
  auto fc = ok("for F in *; do rm $F; done");
  CHECK(argvs(fc) == Argvs{{}, {"rm", "<?>"}});  // first, the loop's assignments to `F`
  REQUIRE(fc.commands[0].assigns.size() == 1);
  CHECK(fc.commands[0].assigns[0].name == "F");
  CHECK(fc.commands[0].assigns[0].value.text == "*");
  CHECK(fc.commands[0].context == std::vector<std::string>{"top", "loop"});
  CHECK(fc.commands[1].context == std::vector<std::string>{"top", "loop"});
  auto held = ok("for x in 'a[$(id)]' b; do echo $((x)); done");
  REQUIRE(held.commands.size() >= 2);
  CHECK(held.commands[0].assigns.size() == 2);
  auto g = ok("for PATH in /tmp a'b'; do ls; done");
  REQUIRE(g.commands[0].assigns.size() == 2);
  CHECK(g.commands[0].assigns[1].value.literal == std::optional<std::string>("ab"));
  auto h = ok("for X; do :; done");
  REQUIRE(h.commands[0].assigns.size() == 1);
  CHECK(!h.commands[0].assigns[0].value.literal);
  CHECK(argvs(ok("for ((i=0; i<2; i++)); do ls; done")) == Argvs{{"ls"}});
  auto fn = ok("f(){ rm -rf ~; }; f");
  CHECK(argvs(fn) == Argvs{{"rm", "-rf", "<?>"}, {"f"}});
  CHECK(fn.commands[0].context == std::vector<std::string>{"top", "function:f", "group"});
  CHECK(argvs(ok("(cd x && rm y)")) == Argvs{{"cd", "x"}, {"rm", "y"}});
  CHECK(argvs(ok("{ a; b; }")) == Argvs{{"a"}, {"b"}});
  CHECK(argvs(ok("while read l; do rm \"$l\"; done")) == Argvs{{"read", "l"}, {"rm", "<?>"}});
  CHECK(argvs(ok("case $x in a|b) rm a;; *) ls;; esac")) == Argvs{{"rm", "a"}, {"ls"}});
  CHECK(argvs(ok("function g { rm q; }")) == Argvs{{"rm", "q"}});
  CHECK(argvs(ok("[[ -f $(rm t) ]]")) == Argvs{{"rm", "t"}});
}

TEST_CASE("commands: assignments and wrappers", "[commands]") {
  auto r = ok("FOO=1 sudo rm -fr /");
  REQUIRE(r.commands.size() == 1);
  CHECK(r.commands[0].assigns.size() == 1);
  CHECK(r.commands[0].assigns[0].name == "FOO");
  CHECK(r.commands[0].assigns[0].value.literal == "1");
  CHECK(argvs(r) == Argvs{{"sudo", "rm", "-fr", "/"}});
  auto c = ok("bash -c 'rm -rf /'");
  CHECK(argvs(c) == Argvs{{"bash", "-c", "rm -rf /"}});
}

TEST_CASE("commands: quoting", "[commands]") {
  CHECK(argvs(ok("'r'm -\"rf\" \\/")) == Argvs{{"rm", "-rf", "/"}});
  CHECK(argvs(ok("echo $'a\\tb'")) == Argvs{{"echo", "a\tb"}});
  auto g = ok("rm -rf *.txt");
  CHECK_FALSE(g.commands[0].argv[2].literal);
  CHECK(g.commands[0].argv[2].pattern == "*.txt");
  CHECK(g.commands[0].argv[2].has_glob);
  CHECK(argvs(ok("echo '*'")) == Argvs{{"echo", "*"}});
  CHECK(argvs(ok("[ -f x ]")) == Argvs{{"[", "-f", "x", "]"}});
  CHECK(argvs(ok("find . -{delete,print}")) == Argvs{{"find", ".", "<?>"}});
}

TEST_CASE("commands: redirections and heredocs", "[commands]") {
  auto r = ok("echo hi > out.txt 2>&1");
  REQUIRE(r.commands[0].redirects.size() == 2);
  CHECK(r.commands[0].redirects[0].op == ">");
  CHECK(r.commands[0].redirects[0].fd == 1);
  CHECK(r.commands[0].redirects[0].target.literal == "out.txt");
  CHECK(r.commands[0].redirects[1].op == ">&");
  CHECK(r.commands[0].redirects[1].fd == 2);
  auto h = ok("cat <<EOF\nrm -rf /\nEOF\nls");
  CHECK(argvs(h) == Argvs{{"cat"}, {"ls"}});
  REQUIRE(h.commands[0].redirects.size() == 1);
  CHECK(h.commands[0].redirects[0].heredoc_body == "rm -rf /\n");
  auto s = ok("cat <<EOF\n$(rm x)\nEOF");
  CHECK(argvs(s) == Argvs{{"cat"}, {"rm", "x"}});
  CHECK(s.commands[1].context == std::vector<std::string>{"top", "heredoc", "$()"});
  auto q = ok("cat <<'EOF'\n$(rm x)\nEOF\n");
  CHECK(argvs(q) == Argvs{{"cat"}});
  auto two = ok("cat <<A <<-B; echo x\na\nA\n\tb\n\tB\necho y");
  CHECK(argvs(two) == Argvs{{"cat"}, {"echo", "x"}, {"echo", "y"}});
  CHECK(two.commands[0].redirects[1].heredoc_body == "\tb\n");
}

TEST_CASE("commands: ${ cmd; } runs its commands in this shell", "[commands]") {
  auto r = ok("echo ${ cat .env; } \"${|cd x;}\"");
  CHECK(argvs(r) == Argvs{{"echo", "<?>", "<?>"}, {"cat", ".env"}, {"cd", "x"}});
  CHECK(r.commands[1].context == std::vector<std::string>{"top", "${}"});
  CHECK(ok("echo ${ echo a;\n}").commands.size() == 2);
  // bash reads on past an escaped `;` or one in a comment: refused.
  for (const char* src : {"echo ${ echo a \\;}", "echo ${ echo #;}", "echo ${ { echo; } }"}) {
    INFO(src);
    CHECK_FALSE(parse_commands(src).ok);
  }
}

TEST_CASE("commands: a backslash-newline after `$` or in a name is refused", "[commands]") {
  for (const char* src : {"cat <$\\\nHOME/x", "echo $\\\n'x'", "echo \"$\\\n(x)\"",
                          "echo ${x:-$\\\n(x)}", "cat $HO\\\nME/x", "cat <<E\n$\\\n{x}\nE"}) {
    INFO(src);
    CHECK_FALSE(parse_commands(src).ok);
  }
  for (const char* src :
       {"echo '$\\\nx'", "echo \\$\\\nx", "echo $x\\\n y", "echo a\\\nb", "cat <<'E'\n$\\\nx\nE"}) {
    INFO(src);
    CHECK(parse_commands(src).ok);
  }
}

TEST_CASE("commands: errors", "[commands][errors]") {
  auto r = parse_commands("echo 'abc");
  CHECK_FALSE(r.ok);
  REQUIRE(r.errors.size() == 1);
  CHECK(r.errors[0].incomplete);
  auto f = parse_commands("if true; then ls");
  REQUIRE(f.errors.size() == 1);
  CHECK(f.errors[0].message == "expected `fi`");
  CHECK(f.errors[0].incomplete);
  auto u = parse_commands("ls )");
  REQUIRE(u.errors.size() == 1);
  CHECK_FALSE(u.errors[0].incomplete);
  CHECK(u.errors[0].line == 1);
  CHECK(u.errors[0].column == 4);
  auto h = parse_commands("cat <<EOF\nabc\n");
  CHECK_FALSE(h.ok);
  CHECK(h.errors.at(0).incomplete);
  CHECK(parse_commands("ls &&").errors.at(0).incomplete);
}

TEST_CASE("commands: arithmetic, ${…} and [[ ]] are validated", "[commands][errors]") {
  for (const char* src : {
           "echo $((i+1)) $((16#ff)) $((2**10)) $(( $(wc -l < f) + 1 )) $((a[i+1]--))",
           "(( count++ )); ((x = y > 0 ? 1 : 0, z += 2)); (( a[0]++, ++a[1] ))",
           "for ((i=0; i<10; i++)); do :; done; for ((;;)); do break; done",
           "let i++ 'j = i * 2' \"k=$j\"; let \"${v} |= 1\"; : $(( ${p}_x = 1 ))",
           "echo ${v:-d} ${#a[@]} ${v//a/b} ${v/#x/y} ${!pre@} ${v,,} ${v@Q} ${a[$i]} ${!ref}",
           "echo ${v:0:3} ${v: -1} ${v:(-2):1} ${a[i+1]} ${#} ${##} ${v%%.*} ${v:+x} ${@:2}",
           "[[ -f x && $a == b* ]]; [[ $x =~ ^[0-9]+$ ]]; [[ -n \"$x\" ]]; [[ ! -d $d ]]",
           "[[ \"$a\" < \"$b\" ]]; [[ $a -eq 1 || ($b -gt 2 && $c) ]]; [[ $x == @(a|b) ]]",
           "[[ ! ($x =~ (a|b) || $y) ]]; [[ $v ]]; [[ a<b ]]",
           "a=([k]=v [\"x y\"]=w); x=${ echo hi; }",
       }) {
    INFO(src);
    auto r = parse_commands(src);
    if (!r.ok) INFO(r.errors.at(0).message);
    CHECK(r.ok);
  }
  for (const char* src : {
           "echo $((a b))",
           "echo $((1 +))",
           "echo $((a ? b))",
           "echo $((1 = 2))",
           "(( ))",
           "echo $(( (a) += 1 ))",
           "echo $((a[))",
           "let",
           "let a+",
           "let 1++",
           "for ((i=0; i<3)); do :; done",
           "echo ${ x}",
           "echo ${foo@}",
           "echo ${}",
           "echo ${foo*}",
           "echo ${#foo:-x}",
           "echo ${foo:1 2}",
           "echo ${@[@]}",
           "[[ a b c ]]",
           "[[ ]]",
           "[[ a && ]]",
           "[[ -n ]]",
           "[[ (a) == b ]]",
           "echo | ! true",
           "a[1]",
           "a=([)",
           "coproc",
       }) {
    INFO(src);
    CHECK_FALSE(parse_commands(src).ok);
  }
  // Long operator chains are counted, not recursed into.
  std::string chain = "echo $((";
  for (int i = 0; i < 100000; ++i) chain += "- ";
  CHECK(parse_commands(chain + "1))").ok);
  std::string nots = "[[ ";
  for (int i = 0; i < 100000; ++i) nots += "! ";
  CHECK(parse_commands(nots + "x ]]").ok);
}

TEST_CASE("commands: limits", "[commands][limits]") {
  std::string deep;
  for (int i = 0; i < 100000; ++i) deep += "$(";
  auto r = parse_commands("echo " + deep);
  CHECK_FALSE(r.ok);
  REQUIRE(!r.errors.empty());
  CHECK_FALSE(r.errors[0].incomplete);
  Limits small;
  small.max_bytes = 10;
  auto s = parse_commands("echo 0123456789", small);
  CHECK_FALSE(s.ok);
  CHECK(r.commands.empty());
}

// Hidden: `VIGIE_DEBUG_SRC='…' shell_tests "[.debug]"` prints the AST and commands of a script.
#include <chrono>
#include "grammar/shell/parser.hpp"
TEST_CASE("debug: parse VIGIE_DEBUG_SRC", "[.debug]") {
  const char* env = std::getenv("VIGIE_DEBUG_SRC");
  if (env == nullptr) return;
  std::string src = env;
  if (const char* n = std::getenv("VIGIE_DEBUG_REPEAT")) {
    std::string one = src;
    src.clear();
    for (int i = 0; i < std::atoi(n); ++i) src += one;
    auto t0 = std::chrono::steady_clock::now();
    auto p = parse(src);
    auto t1 = std::chrono::steady_clock::now();
    auto c = list_commands(p.file);
    auto t2 = std::chrono::steady_clock::now();
    WARN("bytes " << src.size() << " ok " << p.ok << " parse "
                  << std::chrono::duration<double>(t1 - t0).count() << "s, view "
                  << std::chrono::duration<double>(t2 - t1).count() << "s, commands " << c.size());
    return;
  }
  auto p = parse(src);
  for (const auto& e : p.errors) WARN(e.line << ":" << e.column << " " << e.message);
  if (p.ok) WARN(to_sexp(p.file) << "\n" << commands_to_sexp(parse_commands(src)));
}
