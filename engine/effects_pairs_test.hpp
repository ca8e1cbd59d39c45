// For the programs tests (engine/programs_test.cpp, engine/program_runners_test.cpp): the
// (access, path) pairs of every command of a line, from `vigie parse --effects --json`'s view
// (engine/effects_view.hpp).
#ifndef VIGIE_ENGINE_EFFECTS_PAIRS_TEST_HPP
#define VIGIE_ENGINE_EFFECTS_PAIRS_TEST_HPP

#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>

#include "engine/effects_view.hpp"

namespace vigie::engine::testing {

inline std::set<std::pair<std::string, std::string>> effects(const std::string& line) {
  auto j = nlohmann::json::parse(effects_to_json(line));
  std::set<std::pair<std::string, std::string>> out;
  for (const auto& c : j["commands"])
    for (const auto& e : c["effects"])
      out.insert({e["access"].get<std::string>(), e["path"].get<std::string>()});
  return out;
}

}  // namespace vigie::engine::testing

#endif
