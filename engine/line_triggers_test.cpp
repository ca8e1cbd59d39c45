// The line's trigger bytes (engine/line_triggers.hpp): Judge::judge_line skips a check when its
// byte is absent, so each check must find nothing on a line without it. Generated lines over an
// alphabet that spells every trigger's word (and the fork bombs' bytes) check that, and that the
// triggers are set where the checks do find something.
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "engine/line_triggers.hpp"
#include "engine/safety.hpp"
#include "engine/variable_paths.hpp"

namespace engine = vigie::engine;

namespace {

// Whether each check finds something on `line`, without the triggers' help.
struct Found {
  bool nul, cdpath, home, pwd, line_check, arithmetic_bytes;
};

Found found(std::string_view line) {
  engine::SafetyContext ctx;
  ctx.cwd = "/srv/app";
  ctx.home = "/home/dev";
  ctx.project_root = "/srv/app";
  return {line.find('\0') != std::string_view::npos,
          line.find("CDPATH") != std::string_view::npos ||
              line.find("cdable_vars") != std::string_view::npos,
          !engine::variable_only_read(line, "HOME"),
          !engine::variable_only_read(line, "PWD"),
          engine::check_line(line, ctx).has_value(),
          line.find_first_of("([{") != std::string_view::npos ||
              line.find("let") != std::string_view::npos};
}

void check_gates(std::string_view line) {
  INFO("line: " << line);
  const unsigned seen = engine::line_triggers(line);
  const Found f = found(line);
  if (f.nul) CHECK((seen & engine::kTriggerNul) != 0);
  if (f.cdpath) CHECK((seen & engine::kTriggerC) != 0);
  if (f.home) CHECK((seen & engine::kTriggerH) != 0);
  if (f.pwd) CHECK((seen & engine::kTriggerP) != 0);
  if (f.line_check) CHECK((seen & engine::kTriggerLineCheck) != 0);
  if (f.arithmetic_bytes) CHECK((seen & (engine::kTriggerOpen | engine::kTriggerL)) != 0);
}

}  // namespace

TEST_CASE("a line's checks find nothing where their trigger byte is absent", "[line_triggers]") {
  const std::vector<std::string> fixed = {
      "git status",
      ":(){ :|:& };:",
      "bomb(){ bomb|bomb& };bomb",
      "function f { f|f& }; f",
      "HOME=/tmp; cat ~/x",
      "export PWD=/",
      "CDPATH=/etc cd x",
      "shopt -s cdable_vars",
      "let x=1",
      "echo $((1+2))",
      "a[1]=x",
      std::string("echo a\0b", 8),
      "cat $HOME/x $PWD/y",
  };
  for (const auto& line : fixed) check_gates(line);
  // Each trigger is set on the lines above where its check finds something.
  CHECK(engine::check_line(":(){ :|:& };:", {}).has_value());
  CHECK((engine::line_triggers(":(){ :|:& };:") & engine::kTriggerLineCheck) != 0);
  CHECK(engine::line_triggers("git status") == 0);

  // Generated lines: pieces of the checks' words, the bytes around them, and noise.
  const std::vector<std::string> pieces = {"HOME",   "PWD",
                                           "CDPATH", "cdable_vars",
                                           "let",    "$",
                                           "{",      "}",
                                           "(",      ")",
                                           "[",      "]",
                                           "|",      "&",
                                           ";",      ":",
                                           "=",      " ",
                                           "f",      "x",
                                           "H",      "P",
                                           "C",      "l",
                                           "\\",     "\"",
                                           "'",      "function",
                                           "bomb",   "$0",
                                           "${",     "!",
                                           "+=",     std::string(1, '\0')};
  std::mt19937 rng(20261206);
  std::uniform_int_distribution<std::size_t> pick(0, pieces.size() - 1), len(1, 16);
  for (int n = 0; n < 20000; ++n) {
    std::string line;
    for (std::size_t k = len(rng); k > 0; --k) line += pieces[pick(rng)];
    check_gates(line);
  }
}
