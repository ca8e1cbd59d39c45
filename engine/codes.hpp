// The stable diagnostic codes of the compile stage and of the API surface: ONE table (the
// front end's V1xx/V2xx are in grammar/policy/codes.hpp). A code never changes meaning once
// published; add new ones at the end of their range. engine/codes_test.cpp checks that every
// code the bindings emit is listed here; the engine names its codes by the `Code` enum, so a
// code it emits is listed by construction.
//
//   V0xx  API        wasm/bindings.cpp, the embedding surface
//   V3xx  compile    engine/compile*.cpp
#ifndef VIGIE_ENGINE_CODES_HPP
#define VIGIE_ENGINE_CODES_HPP

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>

namespace vigie::engine {

// X(enumerator, "code", "one-line summary")
#define VIGIE_ENGINE_CODES(X)                                                                 \
  X(internal_error_api, "V000", "internal error at the API surface")                          \
  X(invalid_options, "V001", "invalid compile options")                                       \
  X(no_policy, "V300", "no policy given")                                                     \
  X(cannot_read, "V301", "a policy file or an included file cannot be read")                  \
  X(load_cycle, "V302", "an include, extends or plugins cycle")                               \
  X(load_refused, "V303",                                                                     \
    "an include, extends or plugins that names no .vigie file or is past the include limits") \
  X(globs_do_not_compile, "V310", "a family of globs does not compile")                       \
  X(invalid_regex, "V311", "an invalid regex in a command pattern")                           \
  X(pattern_without_command, "V312", "a command pattern without a command name")              \
  X(invalid_glob, "V313", "an invalid glob or name pattern")                                  \
  X(bad_tool_map, "V314", "an unknown harness, kind or field role in a `tools` block")        \
  X(regexes_over_budget, "V315", "the policy's regexes past their budget of instructions")    \
  X(example_does_not_match, "V320", "an example that does not match its rule")                \
  X(counterexample_matches, "V321", "a counterexample that matches its rule")                 \
  X(invalid_test_request, "V330", "a test's request is not valid")                            \
  X(allow_overridden, "V340", "an allow that a deny or ask always overrides")                 \
  X(shadowed_rule, "V341", "a rule shadowed by an earlier, broader rule of the same effect")  \
  X(condition_never_holds, "V342", "a `without` refusing an option its rule requires")        \
  X(condition_without_paths, "V343", "a path condition on a command touching no known path")  \
  X(internal_error_compile, "V399", "internal error while compiling")

enum class Code : std::uint16_t {
#define VIGIE_X(name, code, summary) name,
  VIGIE_ENGINE_CODES(VIGIE_X)
#undef VIGIE_X
};

struct CodeInfo {
  std::string_view code;
  std::string_view summary;
};

inline constexpr CodeInfo kEngineCodes[] = {
#define VIGIE_X(name, code, summary) {code, summary},
    VIGIE_ENGINE_CODES(VIGIE_X)
#undef VIGIE_X
};

// "V301" for Code::cannot_read.
constexpr std::string_view code_id(Code c) {
  return kEngineCodes[static_cast<std::size_t>(c)].code;
}

// Every code is listed once: checked when this header compiles.
constexpr bool codes_unique() {
  constexpr std::size_t n = std::size(kEngineCodes);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      if (kEngineCodes[i].code == kEngineCodes[j].code) return false;
  return true;
}
static_assert(codes_unique(), "an engine diagnostic code is listed twice");

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_CODES_HPP
