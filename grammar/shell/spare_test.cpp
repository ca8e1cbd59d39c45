// The buffers kept for the next line (spare.hpp): handed out empty, kept only when small, and a
// line parsed into the buffers of another reads exactly as it reads into new ones.
#include <algorithm>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "grammar/shell/commands.hpp"
#include "grammar/shell/spare.hpp"

namespace spare = vigie::shell::spare;

TEST_CASE("a kept vector is handed out empty, and only when small", "[spare]") {
  spare::Kept<std::string, 8> kept;
  CHECK(kept.take().capacity() == 0);  // nothing kept yet

  std::vector<std::string> v = {"a long string that does not fit in place", "b"};
  const std::size_t cap = v.capacity();
  kept.give(std::move(v));
  std::vector<std::string> again = kept.take();
  CHECK(again.empty());  // the elements were destroyed
  CHECK(again.capacity() == cap);
  CHECK(kept.take().capacity() == 0);  // handed out once

  std::vector<std::string> big(9);  // over the bound: left to its owner
  kept.give(std::move(big));
  CHECK(kept.take().capacity() == 0);

  std::vector<std::string> small(2), smaller(1);
  kept.give(std::move(small));
  kept.give(std::move(smaller));  // not more than what is kept: left to its owner
  CHECK(kept.take().capacity() >= 2);

  std::vector<std::string> released(3);
  kept.give(std::move(released));
  kept.release();
  CHECK(kept.take().capacity() == 0);
}

TEST_CASE("a line parsed into another line's kept buffers reads as in new ones", "[spare]") {
  using vigie::shell::commands_to_json;
  using vigie::shell::parse_commands;
  const std::vector<std::string> lines = {
      "git status",
      "A=1 B=2 make -j4 all",
      "npm test | tee out.txt",
      "ls -la; cat README.md && echo done || echo failed",
      "x",
      "a b c d e f g h i j k l m n o p q r s t u v w x y z",
      "echo \"$HOME\" > out",
      "for f in a b; do rm $f; done",
  };
  for (const auto& first : lines) {
    for (const auto& second : lines) {
      spare::release();
      const std::string fresh = commands_to_json(parse_commands(second));
      // The first line's buffers given back as the judge gives them (one command's).
      vigie::shell::CommandsResult r = parse_commands(first);
      if (!r.commands.empty()) {
        spare::give(std::move(r.commands.front().argv));
        spare::give(std::move(r.commands.front().context));
      }
      spare::give(std::move(r.commands));
      INFO(first << " then " << second);
      CHECK(commands_to_json(parse_commands(second)) == fresh);
    }
  }
  spare::release();
}

TEST_CASE("up to N vectors are kept, the largest when full", "[spare]") {
  spare::Kept<std::string, 8, 3> kept;
  std::vector<std::string> a(2), b(3), c(4), d(5), e(1);
  kept.give(std::move(a));
  kept.give(std::move(b));
  kept.give(std::move(c));
  kept.give(std::move(d));  // full: replaces the one of least capacity (2)
  kept.give(std::move(e));  // full, and not more than any: left to its owner
  std::vector<std::size_t> caps;
  for (int k = 0; k < 4; ++k) caps.push_back(kept.take().capacity());
  std::sort(caps.begin(), caps.end());
  CHECK(caps == std::vector<std::size_t>{0, 3, 4, 5});
  std::vector<std::string> f(2);
  kept.give(std::move(f));
  kept.release();
  CHECK(kept.take().capacity() == 0);
}
