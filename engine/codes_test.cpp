// Every diagnostic code the engine and the bindings emit is in engine/codes.hpp, once.
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include <catch2/catch.hpp>

#include "engine/codes.hpp"

TEST_CASE("engine diagnostic codes are all listed, once", "[codes]") {
  std::set<std::string> listed;
  for (const auto& c : vigie::engine::kEngineCodes)
    CHECK(listed.insert(std::string(c.code)).second);
  namespace fs = std::filesystem;
  std::regex code_re("\"(V[03][0-9][0-9])\"");
  std::size_t seen = 0;
  for (const char* f : {"engine/compile.cpp", "engine/decide.cpp", "wasm/bindings.cpp"}) {
    fs::path p = fs::path(VIGIE_SOURCE_DIR) / f;
    if (!fs::exists(p)) continue;
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    for (std::sregex_iterator it(text.begin(), text.end(), code_re), end; it != end; ++it) {
      INFO(f << " emits " << (*it)[1]);
      CHECK(listed.count((*it)[1]) == 1);
      ++seen;
    }
  }
  CHECK(seen >= 15);
}
