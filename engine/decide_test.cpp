// decide.cpp's helpers: normal_path takes lexical_normalize's answer on every path.
#include <catch2/catch.hpp>

#include "engine/judge.hpp"
#include "engine/paths.hpp"

TEST_CASE("normal_path equals lexical_normalize", "[decide]") {
  const char* parts[] = {"", "/", "a", ".", "..", "bc", "//", "/."};
  for (const char* a : parts)
    for (const char* b : parts)
      for (const char* c : parts)
        for (const char* d : parts) {
          std::string p = std::string(a) + b + c + d;
          INFO("path: [" << p << "]");
          CHECK(vigie::engine::normal_path(p) == vigie::engine::lexical_normalize(p));
        }
}
