// Paths rooted in `$HOME` or `$PWD` (engine/variable_paths.hpp): which words' source texts are
// read as one, and which lines leave the variable alone.
#include <catch2/catch.hpp>
#include <optional>
#include <string>

#include "engine/variable_paths.hpp"

using namespace vigie;

namespace {

struct Rooted {
  const char* text;
  const char* name;  // nullptr: not a rooted path
  const char* rest;
};

constexpr Rooted kRooted[] = {
    {"$HOME/.ssh/id_rsa", "HOME", "/.ssh/id_rsa"},
    {"${HOME}/.ssh/id_rsa", "HOME", "/.ssh/id_rsa"},
    {"\"$HOME/.ssh/id_rsa\"", "HOME", "/.ssh/id_rsa"},
    {"\"${HOME}/.ssh\"/id_rsa", "HOME", "/.ssh/id_rsa"},
    {"\"$HOME\"/.ssh", "HOME", "/.ssh"},
    {"$HOME", "HOME", ""},
    {"\"$HOME\"", "HOME", ""},
    {"$PWD/.env", "PWD", "/.env"},
    {"${PWD}", "PWD", ""},
    // Not static after the variable, or another variable, or not at the start.
    {"$HOMEDIR/x", nullptr, nullptr},
    {"$HOME_X", nullptr, nullptr},
    {"${HOME:-/tmp}/x", nullptr, nullptr},
    {"${HOME}x", nullptr, nullptr},
    {"$HOMEx", nullptr, nullptr},
    {"$HOME.bak", nullptr, nullptr},
    {"$HOME/*.pem", nullptr, nullptr},
    {"$HOME/{a,b}", nullptr, nullptr},
    {"$HOME/$X", nullptr, nullptr},
    {"$HOME/a\\ b", nullptr, nullptr},
    {"\"$HOME/a b\"", nullptr, nullptr},
    {"\"$HOME/.ssh", nullptr, nullptr},
    {"\"$HOME/x\"'y'", nullptr, nullptr},
    {"$HOME/~x", nullptr, nullptr},
    {"'$HOME/x'", nullptr, nullptr},
    {"x$HOME/y", nullptr, nullptr},
    {"$OLDPWD/x", nullptr, nullptr},
    {"$JAVA_HOME/x", nullptr, nullptr},
    {"${!HOME}/x", nullptr, nullptr},
    {"$", nullptr, nullptr},
    {"", nullptr, nullptr},
};

}  // namespace

TEST_CASE("variable_rooted: $HOME or $PWD then static text", "[variable_paths]") {
  for (const auto& c : kRooted) {
    INFO(c.text);
    auto v = engine::variable_rooted(c.text);
    if (c.name == nullptr) {
      CHECK_FALSE(v.has_value());
      continue;
    }
    REQUIRE(v.has_value());
    CHECK(v->name == c.name);
    CHECK(v->rest == c.rest);
  }
}

TEST_CASE("variable_only_read: a line that only reads the variable", "[variable_paths]") {
  using engine::variable_only_read;
  CHECK(variable_only_read("cat $HOME/.ssh/x", "HOME"));
  CHECK(variable_only_read("cat ${HOME}/x \"$HOME\"", "HOME"));
  CHECK(variable_only_read("JAVA_HOME=/x GNUPGHOME=/y cat $HOMEDIR", "HOME"));
  CHECK(variable_only_read("echo no variable here", "HOME"));
  CHECK(variable_only_read("cd /tmp && cat $OLDPWD/x $PWD/y", "PWD"));
  CHECK_FALSE(variable_only_read("HOME=/tmp; cat $HOME/x", "HOME"));
  CHECK_FALSE(variable_only_read("export HOME", "HOME"));
  CHECK_FALSE(variable_only_read("read HOME", "HOME"));
  CHECK_FALSE(variable_only_read("for HOME in /a; do :; done", "HOME"));
  CHECK_FALSE(variable_only_read("declare -n r=HOME; r=/x", "HOME"));
  CHECK_FALSE(variable_only_read("echo ${!HOME}", "HOME"));
  CHECK_FALSE(variable_only_read("unset PWD", "PWD"));
  CHECK_FALSE(variable_only_read("cat $HOME; HOME+=/x", "HOME"));
}
