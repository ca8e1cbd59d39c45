// Phase-1 toolchain proof (replaced by the real bindings once the core lands).
#include <emscripten/bind.h>
#include <re2/re2.h>

#include <nlohmann/json.hpp>
#include <string>
#include <tao/pegtl.hpp>

namespace pegtl = tao::pegtl;
namespace {
struct digits : pegtl::plus<pegtl::digit> {};
struct grammar : pegtl::must<digits, pegtl::eof> {};

std::string self_test(const std::string& src) {
  nlohmann::json j;
  j["re2"] = RE2::FullMatch(src, R"(\d+)");
  try {
    pegtl::string_input in(src, "src");
    j["pegtl"] = pegtl::parse<grammar>(in);
  } catch (const pegtl::parse_error& e) {
    j["pegtl_error"] = std::string(e.what());
  } catch (...) {
    j["pegtl_error"] = "unknown";
  }
  return j.dump();
}
}  // namespace

EMSCRIPTEN_BINDINGS(vigie) {
  emscripten::function("selfTest", &self_test);
}
