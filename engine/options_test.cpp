// Option sets: one requirement per option a rule names, any spelling, any order.
#include "engine/options.hpp"

#include "engine/options_table.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace vigie;
using namespace vigie::engine;

namespace {

// Splits on spaces; a word starting with `$` is not static (no literal).
std::vector<shell::WordView> words(const std::string& line) {
  std::vector<shell::WordView> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    std::size_t j = line.find(' ', i);
    if (j == std::string::npos) j = line.size();
    if (j > i) {
      shell::WordView w;
      w.text = line.substr(i, j - i);
      if (w.text[0] == '$')
        w.has_expansion = true;
      else
        w.literal = w.pattern = w.text;
      out.push_back(std::move(w));
    }
    i = j;
  }
  return out;
}

bool matches(const std::string& command, const std::string& rule_options, const std::string& line) {
  std::vector<OptionSpec> specs;
  for (const auto& w : words(rule_options))
    for (auto& s : specs_for(command, *w.literal)) specs.push_back(std::move(s));
  return has_all_options(words(line), 1, specs);
}

}  // namespace

TEST_CASE("option sets match every spelling, in any order") {
  struct Row {
    const char* command;
    const char* rule;  // the options written in the rule
    const char* line;
    bool expected;
  };
  const Row rows[] = {
      {"rm", "-rf", "rm -rf /", true},
      {"rm", "-rf", "rm -fr /", true},
      {"rm", "-rf", "rm -Rf /", true},
      {"rm", "-rf", "rm -fR /", true},
      {"rm", "-rf", "rm -r -f /", true},
      {"rm", "-rf", "rm -f -r /", true},
      {"rm", "-rf", "rm --recursive --force /", true},
      {"rm", "-rf", "rm --force x --recursive", true},  // GNU permutes options and operands
      {"rm", "-rf", "rm -Rfv /tmp/x", true},
      {"rm", "-rf", "rm -vrf /tmp/x", true},
      {"rm", "-rf", "rm --recur --forc x", true},  // unambiguous abbreviations
      {"rm", "-rf", "rm -r x", false},
      {"rm", "-rf", "rm -f x", false},
      {"rm", "-rf", "rm x", false},
      {"rm", "-rf", "rm -- -rf", false},  // after `--`, `-rf` is a file name
      {"rm", "-rf", "rm -r -- -f", false},
      {"rm", "-rf", "rm $FLAGS x", false},  // a dynamic word is never an option
      {"rm", "-r", "rm --recursive x", true},
      {"rm", "--recursive", "rm -R x", true},
      {"rm", "--force", "rm -rf x", true},
      {"git", "--force", "git push -f origin main", true},
      {"git", "-f", "git push --force origin main", true},
      {"git", "--force", "git push --force-with-lease origin main", false},
      {"git", "-f", "git push --force-with-lease", false},
      {"git", "--force", "git push --force=yes", true},
      {"git", "-f", "git commit -m -f", false},  // `-f` is the message of `-m`
      {"git", "-f", "git commit -mfix -q", false},
      {"git", "-fd", "git clean -df", true},
      {"git", "-fd", "git clean -f", false},
      {"git", "-fdx", "git clean -xfd", true},
      {"git", "--hard", "git reset --hard HEAD~1", true},
      {"git", "--hard", "git reset --soft HEAD~1", false},
      {"chmod", "-R", "chmod -R 755 /", true},
      {"chmod", "-R", "chmod --recursive 755 /", true},
      {"chmod", "-R", "chmod -r file", false},  // -r is a mode: remove read permission
      {"cp", "-r", "cp -a src dst", true},      // -a implies recursion
      {"find", "-delete", "find . -name x -delete", true},
      {"find", "-delete", "find . -name del", false},
      {"find", "-delete", "find . -d", false},  // single-dash long: not a cluster
      {"sort", "-o", "sort -o out.txt in.txt", true},
      {"sort", "-o", "sort --output=out.txt in.txt", true},
      {"tar", "-x", "tar -xzf a.tgz", true},
      {"tar", "-x", "tar -czf x.tgz dir", false},
      {"tar", "-z", "tar -cf z.tar dir", false},  // `z.tar` is the argument of -f
  };
  for (const auto& r : rows) {
    CAPTURE(r.command, r.rule, r.line);
    CHECK(matches(r.command, r.rule, r.line) == r.expected);
  }
}

TEST_CASE("specs_for splits clusters into one requirement per letter") {
  auto s = specs_for("rm", "-rf");
  REQUIRE(s.size() == 2);
  CHECK(s[0].shorts.find('R') != std::string::npos);
  CHECK(s[0].longs == std::vector<std::string>{"recursive"});
  CHECK(s[1].longs == std::vector<std::string>{"force"});
  CHECK(specs_for("rm", "--recursive").size() == 1);
  CHECK(specs_for("find", "-delete").size() == 1);
  CHECK(specs_for("find", "-delete")[0].exact == std::vector<std::string>{"-delete"});
  CHECK(specs_for("rm", "-rrf").size() == 2);
  CHECK(spec_for("rm", "-r").display() == "-r|-R|--recursive");
  // An unknown command: just the spelling.
  CHECK(spec_for("frobnicate", "-x").display() == "-x");
  CHECK(spec_for("frobnicate", "--all").display() == "--all");
}

TEST_CASE("a policy's option table extends the built-in one") {
  AliasTable extra;
  extra.add("frob", {"-a", "--all", "--everything"});
  extra.add("rm", {"-r", "--recurse"});  // joins rm's built-in recursive class
  auto s = spec_for("frob", "--everything", extra);
  CHECK(s.shorts == "a");
  CHECK(has_option(words("frob -a x"), 1, s));
  CHECK(has_option(words("frob --all"), 1, s));
  auto r = spec_for("rm", "-R", extra);
  CHECK(has_option(words("rm --recurse x"), 1, r));
  CHECK(has_option(words("rm --recursive x"), 1, r));

  OptionSpec any;
  merge_into(any, spec_for("git", "--force"));
  merge_into(any, spec_for("git", "--mirror"));
  CHECK(has_option(words("git push --mirror"), 1, any));
  CHECK(has_option(words("git push -f"), 1, any));
  CHECK_FALSE(has_option(words("git push origin"), 1, any));

  extra.add_argument_option("frob", "-o");
  auto a = spec_for("frob", "-a", extra);
  CHECK_FALSE(has_option(words("frob -o -a"), 1, a));  // `-a` is -o's argument
  CHECK(has_option(words("frob -o x -a"), 1, a));
}

// The built-in table's rows are well formed: each spelling of a class, implication or
// combination is an option (`-x`, `--name`, `--name=value`), each piece has its separator, and
// no combination names itself among its parts.
TEST_CASE("options table rows are well formed", "[options]") {
  auto pieces = [](std::string_view list, char sep) {
    std::vector<std::string> out;
    std::size_t at = 0;
    while (at <= list.size()) {
      const std::size_t next = std::min(list.find(sep, at), list.size());
      if (next > at) out.emplace_back(list.substr(at, next - at));
      at = next + 1;
    }
    return out;
  };
  auto option = [](std::string_view s) { return s.size() >= 2 && s[0] == '-'; };
  for (const BuiltinOptions& r : builtin_option_rows()) {
    CAPTURE(r.commands, r.spellings);
    REQUIRE(!r.commands.empty());
    for (const std::string& piece : pieces(r.spellings, ' ')) {
      CAPTURE(piece);
      switch (r.row) {
        case OptionRow::classes: {
          std::string_view p = piece;
          const bool argument = p.ends_with('=');
          if (argument) p.remove_suffix(1);
          const auto spellings = pieces(p, '|');
          CHECK((argument || spellings.size() >= 2));  // else the piece says nothing
          for (const std::string& s : spellings) CHECK(option(s));
          break;
        }
        case OptionRow::implies: {
          const auto parts = pieces(piece, '>');
          REQUIRE(parts.size() == 2);
          CHECK(option(parts[0]));
          CHECK(option(parts[1]));
          CHECK(parts[0] != parts[1]);
          break;
        }
        case OptionRow::combines: {
          const auto eq = piece.find('=');
          REQUIRE(eq != std::string::npos);
          const auto parts = pieces(std::string_view(piece).substr(eq + 1), '+');
          CHECK(parts.size() >= 2);
          for (const std::string& s : parts) {
            CHECK(option(s));
            CHECK(s != piece.substr(0, eq));
          }
          break;
        }
        case OptionRow::signals:
          CHECK(piece.find('=') != std::string::npos);
          break;
        case OptionRow::option_class:
        case OptionRow::takes_argument:
          CHECK(option(piece));
          break;
        case OptionRow::single_dash:
        case OptionRow::go_flags:
          break;
      }
    }
  }
}

TEST_CASE("combined and implied options", "[options]") {
  CHECK(matches("git branch", "-D", "git branch -d -f x"));
  CHECK(matches("git branch", "-D", "git branch --delete --force x"));
  CHECK(matches("git branch", "-d", "git branch -D x"));
  CHECK_FALSE(matches("git branch", "-D", "git branch -d x"));
  CHECK(matches("rsync", "-a", "rsync -rlptgo --devices --specials a b"));
  CHECK(matches("rsync", "--devices", "rsync -a a b"));
  CHECK_FALSE(matches("rsync", "-a", "rsync -r a b"));
  CHECK(matches("kill", "-9", "kill -s KILL 1"));
  CHECK_FALSE(matches("kill", "-9", "kill -19 1"));
  CHECK(matches("npm", "-g", "npm i --location global x"));
}

TEST_CASE("the built-in classes are cached per command a row names", "[options]") {
  using vigie::engine::builtin_for;
  // A command shares the table of its longest prefix a row names: one table per named command,
  // whatever the commands of the policies a process compiles.
  CHECK(&builtin_for("git push origin main") == &builtin_for("git push"));
  CHECK(&builtin_for("git push --force x y z") == &builtin_for("git push"));
  CHECK(&builtin_for("git frobnicate") == &builtin_for("git"));
  CHECK(&builtin_for("no-such-program-x a b") == &builtin_for("no-such-program-y"));
  CHECK(&builtin_for("git push") != &builtin_for("git"));
  // And the classes still come through the shared table.
  CHECK(vigie::engine::spec_for("git push origin main", "-f").longs ==
        vigie::engine::spec_for("git push", "-f").longs);
  CHECK(vigie::engine::spec_for("git commit now", "-n").longs ==
        std::vector<std::string>{"no-verify"});
}
