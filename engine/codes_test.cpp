// The engine names its diagnostic codes by `vigie::engine::Code`, generated from the one table in
// engine/codes.hpp, and that header checks at compile time that no code is listed twice. The
// bindings still spell their API codes (V0xx) as strings: those must be listed too.
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include <catch2/catch.hpp>

#include "engine/codes.hpp"

namespace {

namespace E = vigie::engine;

static_assert(E::code_id(E::Code::internal_error_api) == "V000");
static_assert(E::code_id(E::Code::cannot_read) == "V301");
static_assert(E::code_id(E::Code::internal_error_compile) == "V399");

}  // namespace

TEST_CASE("engine codes: the enum and the table agree", "[codes]") {
  std::set<std::string> listed;
  for (std::size_t i = 0; i < std::size(E::kEngineCodes); ++i) {
    auto c = static_cast<E::Code>(i);
    CHECK(E::code_id(c) == E::kEngineCodes[i].code);
    CHECK(listed.insert(std::string(E::code_id(c))).second);
    CHECK(!E::kEngineCodes[i].summary.empty());
  }
}

TEST_CASE("codes the bindings spell as strings are all listed", "[codes]") {
  std::set<std::string> listed;
  for (const auto& c : E::kEngineCodes) listed.insert(std::string(c.code));
  namespace fs = std::filesystem;
  std::regex code_re("\"(V[03][0-9][0-9])\"");
  for (const char* f : {"engine/compile.cpp", "engine/compile_load.cpp",
                        "engine/compile_commands.cpp", "engine/compile_names.cpp",
                        "engine/compile_tests.cpp", "engine/decide.cpp", "wasm/bindings.cpp"}) {
    fs::path p = fs::path(VIGIE_SOURCE_DIR) / f;
    if (!fs::exists(p)) continue;
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    for (std::sregex_iterator it(text.begin(), text.end(), code_re), end; it != end; ++it) {
      INFO(f << " emits " << (*it)[1]);
      CHECK(listed.count((*it)[1]) == 1);
    }
  }
}
